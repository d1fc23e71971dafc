import { useCallback, useEffect, useMemo, useState } from 'react';
import { Timeline } from '../../timeline/Timeline.tsx';
import { parseApiError } from '../api/errors.ts';
import { type BoardFilters, loadFlightsOutsideTeam, type TeamWithFlights } from './api.ts';
import { outsideBoard } from './board.ts';
import { useBoardTimeline } from './useBoardTimeline.ts';

type Answer = Awaited<ReturnType<typeof loadFlightsOutsideTeam>>;

export interface OutsideFlightsProps {
  filters: BoardFilters;
  /** The board's teams: the rows (those whose members work other flights), their labels and shifts. */
  teams: TeamWithFlights[];
  period: { begin: string; end: string };
  scale: number;
  /** The scale after a wheel zoom; answers the preset shown for it. */
  onZoom: (scale: number) => number;
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
  const timeline = useBoardTimeline(model);
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
        {...timeline}
        scaleMinutes={scale}
        onZoom={onZoom}
        barMenu={barMenu}
        ariaLabel="Рейсы вне бригады"
      />
    </div>
  );
}
