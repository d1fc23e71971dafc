import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { previewLines, teamAssignmentMachine } from '../../machines/teamAssignment.ts';
import {
  emptyRule,
  emptyTeamForm,
  savedNotice,
  teamDeletedText,
  teamFormFrom,
  teamModalMachine,
} from '../../machines/teamModal.ts';
import { refreshRetryDelay, teamPlanningMachine } from '../../machines/teamPlanning.ts';
import { readTeamFilters, teamScaleOf, writeTeamFilters } from '../../machines/teamPlanningFilters.ts';
import { TEAM_STATUS } from '../../shared/team-planning.ts';
import { wallMinute } from '../../timeline/clock.ts';
import type { DropPayload } from '../../timeline/Timeline.tsx';
import {
  ErrorPopup,
  LoadFailure,
  Modal,
  Page,
  PageCard,
  PageTitle,
  showAlert,
  TabList,
  tabPanelProps,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { subscribeLiveFeed } from '../api/events.ts';
import { saveFile } from '../api/files.ts';
import { readTimeZone } from '../api/storage.ts';
import { useRouteEntry } from '../shell/RouteEntryContext.ts';
import { useSessionUser } from '../shell/session.ts';
import { AssignmentError, ConfirmDialog, SuitableTeams } from './AssignmentDialogs.tsx';
import { canChangeTeam, ownTeamDepartment, teamFormDepartments } from './access.ts';
import { type Board, downloadPlan, planFileName, type TeamWithFlights } from './api.ts';
import { Filters } from './Filters.tsx';
import { FreeFlights } from './FreeFlights.tsx';
import { OutsideFlights } from './OutsideFlights.tsx';
import { TeamBoard } from './TeamBoard.tsx';
import { TeamModal } from './TeamModal.tsx';
import { TeamPanel } from './TeamPanel.tsx';
import './team-planning.css';

type FreeFlight = Board['free'][number];
type LinkedFlight = TeamWithFlights['flights'][number];
/** Live-feed entities that change what the board shows. */
const BOARD_ENTITIES = new Set(['team', 'team_flight', 'task', 'task_employee', 'flight', 'turnaround']);

/** /team-planning and /team-planning-race (spec 2, 4): teams, their flights on the timeline, assignment by drag. */
type TeamView = 'board' | 'outside';
/** The id of the panel the «Вид» tabs show. */
const VIEW_PANEL = 'team-planning-view';
const VIEWS: { id: TeamView; name: string }[] = [
  { id: 'board', name: 'Рейсы по бригадам' },
  { id: 'outside', name: 'Рейсы вне бригады' },
];

/**
 * The line of a board left behind by a failed silent refresh: why, and when the next try is (null: under way).
 * Example: `behindText('Сервер недоступен', 5000)` → «Не удалось обновить доску (Сервер недоступен), повтор через 5 с».
 */
function behindText(reason: string | null, retryIn: number | null): string {
  const why = reason ? ` (${reason})` : '';
  const next = retryIn === null ? 'повторяем…' : `повтор через ${Math.round(retryIn / 1000)} с`;
  return `Не удалось обновить доску${why}, ${next}`;
}

export default function Screen() {
  const title = useRouteEntry()?.title ?? 'Планирование бригад';
  const teamAll = useCan('team-all');
  const editDepartment = useCan('edit-department-team');
  const canEdit = teamAll || editDepartment;
  const departmentId = useSessionUser()?.department_id ?? null;
  const rules = useMemo(
    () => ({ teamAll, editDepartment, departmentId }),
    [teamAll, editDepartment, departmentId],
  );
  const canChange = useCallback((team: TeamWithFlights) => canChangeTeam(rules, team.department.id), [rules]);

  const board = useActorRef(
    teamPlanningMachine.provide({
      actions: { saveFilters: ({ context }) => writeTeamFilters(localStorage, context.filters) },
    }),
    { input: { filters: readTeamFilters(localStorage, new Date(), readTimeZone()) } },
  );
  const refresh = useCallback(() => board.send({ type: 'BOARD.REFRESH' }), [board]);
  // The wheel zoom lands on the nearest preset, which «Масштаб» then shows; the timeline keeps it as the echo.
  const zoom = useCallback(
    (minutes: number) => {
      const scale = teamScaleOf(minutes);
      if (scale !== board.getSnapshot().context.filters.scale)
        board.send({ type: 'FILTER.SET', patch: { scale } });
      return scale;
    },
    [board],
  );
  const assignment = useActorRef(teamAssignmentMachine.provide({ actions: { refresh } }));
  const modal = useActorRef(
    teamModalMachine.provide({
      actions: {
        saved: (_, { modalType, output }) => {
          const notice = savedNotice(modalType, output);
          showAlert(notice.text, notice.type);
          refresh();
        },
        removed: (_, { target }) => {
          if (target?.kind === 'team') {
            showAlert(teamDeletedText(target.name), 'Success');
            board.send({ type: 'TEAM.SELECT', id: null });
          } else showAlert('Сотрудник исключён из бригады', 'Success');
          refresh();
        },
      },
    }),
  );

  const {
    filters,
    reference,
    board: data,
    version,
    message,
    referenceMessage,
    refreshFailures,
    refreshMessage,
    selectedTeamId,
  } = useSelector(board, (s) => s.context);
  const loading = useSelector(board, (s) => s.hasTag('loading'));
  const failed = useSelector(board, (s) => s.hasTag('failed'));
  const referenceFailed = useSelector(board, (s) => s.hasTag('referenceFailed'));
  const behind = useSelector(board, (s) => s.hasTag('behind'));
  const confirming = useSelector(assignment, (s) => s.hasTag('confirming'));
  const posting = useSelector(assignment, (s) => s.hasTag('posting'));
  const request = useSelector(assignment, (s) => s.context.request);
  const summary = useSelector(assignment, (s) => s.context.summary);
  const preview = useSelector(assignment, (s) => s.context.preview);
  const warning = useMemo(() => previewLines(preview), [preview]);
  const assignmentError = useSelector(assignment, (s) => s.context.error);
  const deleteTarget = useSelector(modal, (s) => (s.hasTag('confirming') ? s.context.target : null));
  const deleting = useSelector(modal, (s) => s.hasTag('confirming') && s.hasTag('saving'));
  const modalMessage = useSelector(modal, (s) => (s.matches('closed') ? s.context.message : null));
  const [view, setView] = useState<TeamView>('board');
  const [choosing, setChoosing] = useState<{
    aid: number;
    number: string;
    currentTeamId: number | null;
  } | null>(null);
  const [downloading, setDownloading] = useState(false);

  // Live refresh: another lead's change (or ours) reaches the board silently.
  useEffect(
    () => subscribeLiveFeed((notice) => BOARD_ENTITIES.has(notice.entity) && refresh(), { onReady: refresh }),
    [refresh],
  );

  const dragged = useRef<FreeFlight | null>(null);
  const dragPayload = useCallback((): DropPayload | null => {
    const flight = dragged.current;
    if (!flight) return null;
    return {
      start: wallMinute(flight.begin_datetime),
      end: wallMinute(flight.end_datetime),
      label: flight.flight_number,
    };
  }, []);

  const ask = useCallback((req: Parameters<typeof assignment.send>[0]) => assignment.send(req), [assignment]);
  const askAssign = (
    flight: { aid: number | null; flight_number: string },
    team: { id: number; name: string },
  ) => {
    if (flight.aid === null) return;
    ask({
      type: 'ASSIGNMENT.ASK',
      request: { action: 'assign', body: { flight_aid: flight.aid, team_id: team.id } },
      summary: `Рейс ${flight.flight_number} → бригада «${team.name}»`,
    });
  };
  const askReassign = (
    flight: LinkedFlight,
    from: { id: number; name: string },
    to: { id: number; name: string },
  ) => {
    if (flight.aid === null || from.id === to.id) return;
    ask({
      type: 'ASSIGNMENT.ASK',
      request: {
        action: 'reassign',
        body: { flight_aid: flight.aid, from_team_id: from.id, to_team_id: to.id },
      },
      summary: `Рейс ${flight.flight_number}: бригада «${from.name}» → бригада «${to.name}»`,
    });
  };
  const askDeassign = (flight: LinkedFlight, team: TeamWithFlights) => {
    if (flight.aid === null) return;
    ask({
      type: 'ASSIGNMENT.ASK',
      request: { action: 'deassign', body: { flight_aid: flight.aid, team_id: team.id } },
      summary: `Снять бригаду «${team.name}» с рейса ${flight.flight_number}`,
    });
  };

  const teams = data?.teams ?? [];
  const selected = teams.find((team) => team.id === selectedTeamId) ?? null;
  // A user held to his department builds teams only there: the form offers that department alone, preset.
  const ownDepartment = ownTeamDepartment(rules);
  const formReference = useMemo(
    () => reference && { ...reference, departments: teamFormDepartments(rules, reference.departments) },
    [reference, rules],
  );
  const period = useMemo(() => ({ begin: filters.begin, end: filters.end }), [filters.begin, filters.end]);
  const teamIds = useMemo(() => teams.map((team) => team.id), [teams]);

  const openCreate = () =>
    modal.send({
      type: 'MODAL.OPEN',
      modalType: 'createTeam',
      form: {
        ...emptyTeamForm(),
        begin: filters.begin,
        end: filters.end,
        statusId: TEAM_STATUS.draft,
        departmentId: ownDepartment ?? (filters.departmentIds.length === 1 ? filters.departmentIds[0] : null),
        rules: [emptyRule()],
      },
    });
  const teamForm = (team: TeamWithFlights) => teamFormFrom(team);

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      const blob = await downloadPlan(filters, filters.scale, teamIds);
      saveFile(blob, planFileName(filters.begin, filters.end));
    } catch {
      showAlert('Файл не найден', 'Danger');
    } finally {
      setDownloading(false);
    }
  };

  const flightsCount = teams.reduce((sum, team) => sum + team.flights.length, 0);
  const status = loading
    ? 'Загрузка бригад…'
    : downloading
      ? 'Выгрузка плана…'
      : data
        ? `Бригад: ${teams.length}, рейсов у бригад: ${flightsCount}, без бригады: ${data.free.length}`
        : '';

  return (
    <Page label={title}>
      <PageTitle
        title={title}
        actions={[
          ...(canEdit ? [{ label: 'Создать бригаду', onClick: openCreate }] : []),
          {
            label: 'Скачать план',
            onClick: download,
            variant: 'secondary' as const,
            // Not disabled while downloading: a disabled button drops the keyboard focus to the page's start. A second
            // press does nothing; the status, not the label, says the plan is being prepared.
          },
        ]}
      >
        <span className="team-planning__status" role="status" aria-busy={loading}>
          {status}
        </span>
      </PageTitle>
      <PageCard>
        <Filters
          reference={reference}
          filters={filters}
          onChange={(patch) => board.send({ type: 'FILTER.SET', patch })}
        />
      </PageCard>
      {referenceFailed && referenceMessage ? (
        <LoadFailure
          message={`Списки фильтров и формы бригады не загружены. ${referenceMessage}`}
          onRetry={() => board.send({ type: 'REFERENCE.RETRY' })}
        />
      ) : null}
      {failed && message ? (
        <LoadFailure message={message} onRetry={() => board.send({ type: 'BOARD.RETRY' })} />
      ) : null}
      {/* Always there, so that a screen reader hears the line when it fills; empty (and hidden) while current. */}
      <p className="team-planning__behind" role="status">
        {refreshFailures > 0
          ? behindText(refreshMessage, behind ? refreshRetryDelay(refreshFailures) : null)
          : ''}
      </p>
      <PageCard>
        <TabList
          label="Вид"
          tabs={VIEWS}
          selected={view}
          onSelect={setView}
          className="team-planning__views"
          panelId={VIEW_PANEL}
        />
        {/* A plain block: the views inside keep their own layout. */}
        <div {...tabPanelProps(VIEW_PANEL, view)}>
          {view === 'outside' ? (
            <OutsideFlights
              filters={filters}
              teams={teams}
              period={period}
              scale={filters.scale}
              onZoom={zoom}
              version={version}
              onOpenTeam={(team) => board.send({ type: 'TEAM.SELECT', id: team.id })}
            />
          ) : !data ? (
            <p className="team-planning__note">{loading ? 'Загрузка бригад…' : 'Нет данных'}</p>
          ) : (
            <div className="team-planning__layout">
              <FreeFlights
                flights={data.free}
                canAssign={canEdit}
                onDragStart={(flight) => {
                  dragged.current = flight;
                }}
                onDragEnd={() => {
                  dragged.current = null;
                }}
                onChoose={(flight) =>
                  flight.aid !== null &&
                  setChoosing({ aid: flight.aid, number: flight.flight_number, currentTeamId: null })
                }
              />
              <div className="team-planning__board">
                {teams.length === 0 ? (
                  <p className="team-planning__note">Нет бригад за период с выбранными фильтрами</p>
                ) : (
                  <TeamBoard
                    teams={teams}
                    period={period}
                    scale={filters.scale}
                    onZoom={zoom}
                    canChange={canChange}
                    dragged={dragPayload}
                    onDropFree={(team) => {
                      const flight = dragged.current;
                      dragged.current = null;
                      if (flight) askAssign(flight, team);
                    }}
                    onMove={askReassign}
                    onConnect={(flight, team) =>
                      flight.aid !== null &&
                      setChoosing({ aid: flight.aid, number: flight.flight_number, currentTeamId: team.id })
                    }
                    onDisconnect={askDeassign}
                    onOpenTeam={(team) => board.send({ type: 'TEAM.SELECT', id: team.id })}
                  />
                )}
                <ul className="team-planning__team-links" aria-label="Бригады периода">
                  {teams.map((team) => (
                    <li key={team.id}>
                      <button
                        type="button"
                        className="team-planning__team-link"
                        aria-pressed={team.id === selectedTeamId}
                        onClick={() => board.send({ type: 'TEAM.SELECT', id: team.id })}
                      >
                        {team.name}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        </div>
      </PageCard>
      {selected ? (
        <PageCard>
          <TeamPanel
            team={selected}
            period={period}
            version={version}
            canEdit={canChange(selected)}
            onEdit={() => modal.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form: teamForm(selected) })}
            onAddEmployee={() =>
              modal.send({
                type: 'MODAL.OPEN',
                modalType: 'addEmployee',
                form: { ...teamForm(selected), employeeIds: [] },
              })
            }
            onReplace={(employee) =>
              modal.send({
                type: 'MODAL.OPEN',
                modalType: 'replaceEmployee',
                form: { ...teamForm(selected), oldEmployeeId: employee.id, newEmployeeId: null },
              })
            }
            onRemoveEmployee={(employee) =>
              modal.send({
                type: 'DELETE.ASK',
                target: { kind: 'employee', ids: [selected.id, employee.id], name: employee.name },
              })
            }
            onDelete={() =>
              modal.send({
                type: 'DELETE.ASK',
                target: { kind: 'team', ids: [selected.id], name: selected.name },
              })
            }
            onClose={() => board.send({ type: 'TEAM.SELECT', id: null })}
          />
        </PageCard>
      ) : null}
      <SuitableTeams
        flight={choosing}
        onClose={() => setChoosing(null)}
        onChoose={(team) => {
          const current = choosing;
          setChoosing(null);
          if (!current) return;
          const from = teams.find((t) => t.id === current.currentTeamId);
          const flight = from?.flights.find((f) => f.aid === current.aid);
          if (from && flight) askReassign(flight, from, team);
          else askAssign({ aid: current.aid, flight_number: current.number }, team);
        }}
      />
      <ConfirmDialog
        action={confirming ? (request?.action ?? null) : null}
        summary={summary}
        warning={warning}
        posting={posting}
        onConfirm={() => assignment.send({ type: 'ASSIGNMENT.CONFIRM' })}
        onCancel={() => assignment.send({ type: 'ASSIGNMENT.CANCEL' })}
      />
      <AssignmentError error={assignmentError} onClose={() => assignment.send({ type: 'ERROR.CLOSE' })} />
      <TeamModal actor={modal} reference={formReference} />
      <Modal
        open={deleteTarget !== null}
        title={deleteTarget?.kind === 'team' ? 'Удалить бригаду?' : 'Исключить сотрудника из бригады?'}
        onClose={() => modal.send({ type: 'MODAL.CLOSE' })}
        onSubmit={() => modal.send({ type: 'DELETE.CONFIRM' })}
        submitLabel={deleteTarget?.kind === 'team' ? 'Удалить' : 'Исключить'}
        submitDisabled={deleting}
        disabled={deleting}
        width={420}
        role="alertdialog"
      >
        <p>{deleteTarget?.name}</p>
      </Modal>
      <ErrorPopup
        open={modalMessage !== null}
        title="Действие недоступно"
        message={modalMessage ?? ''}
        onClose={() => modal.send({ type: 'MESSAGE.CLEAR' })}
      />
    </Page>
  );
}
