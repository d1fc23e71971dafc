import { useCallback, useEffect, useMemo, useState } from 'react';
import { Timeline } from '../../timeline/Timeline.tsx';
import { parseApiError } from '../api/errors.ts';
import { type BoardFilters, loadFlightsOutsideTeam, type TeamWithFlights } from './api.ts';
import { barLabelOf, boardHeight, flightHint, flightText, outsideBoard, teamLabel } from './board.ts';

type Answer = Awaited<ReturnType<typeof loadFlightsOutsideTeam>>;

export interface OutsideFlightsProps {
  filters: BoardFilters;
  /** The board's teams: the rows (those whose members work other flights), their labels and shifts. */
  teams: TeamWithFlights[];
  period: { begin: string; end: string };
  scale: number;
  onZoom: (scale: number) => void;
  /** Asked again when the board changes (a save, a live notice). */
  version: number;
  onOpenTeam: (team: TeamWithFlights) => void;
}

/**
 * The flights-outside-team view: the board's timeline with, per team, the turnarounds its members work that are not
 * linked to it, in the airline's colours over the team's shift; a bar's menu opens the team's panel, where the tasks
 * show who it is.
 */
export function OutsideFlights({
  filters,
  teams,
  period,
  scale,
  onZoom,
  version,
  onOpenTeam,
}: OutsideFlightsProps) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const teamIds = useMemo(() => teams.map((team) => team.id), [teams]);
  const key = JSON.stringify([
    filters.begin,
    filters.end,
    filters.departmentIds,
    filters.positionIds,
    teamIds,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the query (its key) or the board changes
  useEffect(() => {
    let current = true;
    setMessage(null);
    loadFlightsOutsideTeam(filters, teamIds).then(
      (next) => current && setAnswer(next),
      (error) => current && setMessage(parseApiError(error).message),
    );
    return () => {
      current = false;
    };
  }, [key, version]);
  const model = useMemo(() => outsideBoard(teams, answer ?? [], period), [teams, answer, period]);
  const rowLabel = useCallback((row: number) => teamLabel(model.teams[row]), [model]);
  const describeBar = useCallback((bar: number) => flightHint(model.flights[bar]), [model]);
  const barText = useCallback((bar: number) => flightText(model.flights[bar]), [model]);
  const barLabel = useCallback((bar: number) => barLabelOf(model, bar), [model]);
  const barMenu = useCallback(
    (bar: number) => {
      const row = model.teams[model.bars.rows[bar]];
      const team = teams.find((t) => t.id === row.id);
      return team ? [{ label: 'Бригада: сотрудники и задачи', onSelect: () => onOpenTeam(team) }] : [];
    },
    [model, teams, onOpenTeam],
  );

  if (message)
    return (
      <p role="alert" className="team-planning__error">
        {message}
      </p>
    );
  if (!answer) return <p className="team-planning__note">Загрузка…</p>;
  if (model.teams.length === 0)
    return <p className="team-planning__note">Сотрудники бригад не работают на чужих рейсах</p>;
  return (
    <div className="team-planning__board">
      <Timeline
        rowCount={model.teams.length}
        rowLabel={rowLabel}
        bars={model.bars}
        range={model.range}
        scaleMinutes={scale}
        onZoom={onZoom}
        describeBar={describeBar}
        barMenu={barMenu}
        menuLabel="Действия с рейсом"
        barLabel={barLabel}
        barText={barText}
        rowShade={model.shade}
        ariaLabel="Рейсы вне бригады"
        height={boardHeight(model.teams.length)}
      />
    </div>
  );
}
