import { useEffect, useState } from 'react';
import { ASSIGNMENT_CONFIRM_TITLES, type TeamAssignmentAction } from '../../machines/teamAssignment.ts';
import { ErrorPopup, Modal } from '../../widgets/index.ts';
import { parseApiError } from '../api/errors.ts';
import { loadSuitableTeams, type SuitableTeam } from './api.ts';
import { sharedReasons } from './board.ts';

export interface ConfirmDialogProps {
  action: TeamAssignmentAction | null;
  summary: string;
  /** What the server says the write would change (previewLines), shown under the summary. */
  warning: readonly string[];
  posting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirm-assign dialog of spec 2 (assign, deassign, reassign); its buttons are off while posting. */
export function ConfirmDialog({
  action,
  summary,
  warning,
  posting,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={action !== null}
      title={action ? ASSIGNMENT_CONFIRM_TITLES[action] : ''}
      onClose={onCancel}
      onSubmit={onConfirm}
      submitLabel={posting ? 'Сохранение…' : 'Подтвердить'}
      submitDisabled={posting}
      disabled={posting}
      width={460}
      role="alertdialog"
    >
      <p className="team-planning__confirm">{summary}</p>
      {warning.length > 0 ? (
        <ul className="team-planning__warning" aria-label="Что изменится">
          {warning.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}

export interface AssignmentErrorProps {
  error: { title: string; text: string } | null;
  onClose: () => void;
}

/** The error dialog of a refused assignment: the action's title, the distinct field messages. */
export function AssignmentError({ error, onClose }: AssignmentErrorProps) {
  return (
    <ErrorPopup
      open={error !== null}
      title={error?.title ?? ''}
      message={error?.text ?? ''}
      onClose={onClose}
    />
  );
}

export interface SuitableTeamsProps {
  /** The flight to connect; null: closed. */
  flight: { aid: number; number: string; currentTeamId: number | null } | null;
  onChoose: (team: SuitableTeam) => void;
  onClose: () => void;
}

/**
 * 'Назначить бригаду': the teams that could take the flight, suitable first, and why the others cannot (spec 7
 * suitable-teams; its errors read the server's message, spec 8). Choosing one asks the confirmation.
 */
export function SuitableTeams({ flight, onChoose, onClose }: SuitableTeamsProps) {
  const [teams, setTeams] = useState<SuitableTeam[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const aid = flight?.aid ?? null;
  useEffect(() => {
    if (aid === null) return;
    let current = true;
    setTeams(null);
    setMessage(null);
    loadSuitableTeams(aid).then(
      (answer) => current && setTeams(answer),
      (error) => current && setMessage(parseApiError(error).message),
    );
    return () => {
      current = false;
    };
  }, [aid]);
  const others = (teams ?? []).filter((team) => team.id !== flight?.currentTeamId);
  const shared = sharedReasons(others);
  return (
    <Modal
      open={flight !== null}
      title={`Назначить бригаду на ${flight?.number ?? ''}`}
      onClose={onClose}
      width={520}
    >
      {message ? (
        <p role="alert" className="team-planning__error">
          {message}
        </p>
      ) : teams === null ? (
        <p className="team-planning__note">Подбор бригад…</p>
      ) : others.length === 0 ? (
        <p className="team-planning__note">Нет бригад на это время</p>
      ) : (
        <>
          {shared.length > 0 ? (
            <p className="team-planning__note">У всех бригад: {shared.join('; ')}</p>
          ) : null}
          <ul className="team-planning__suitable" aria-label="Бригады">
            {others.map((team) => (
              <li key={team.id}>
                <button
                  type="button"
                  className={team.suitable ? 'w-button' : 'w-button w-button--secondary'}
                  onClick={() => onChoose(team)}
                >
                  {team.name}
                </button>
                {team.suitable ? (
                  <span className="team-planning__suitable-yes">подходит</span>
                ) : (
                  <span
                    className={team.possible ? 'team-planning__suitable-short' : 'team-planning__suitable-no'}
                  >
                    {team.reasons.filter((reason) => !shared.includes(reason)).join('; ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
