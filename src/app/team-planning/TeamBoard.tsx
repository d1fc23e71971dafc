import { useCallback, useMemo, useRef } from 'react';
import { type DropPayload, Timeline } from '../../timeline/Timeline.tsx';
import type { TeamWithFlights } from './api.ts';
import { type BoardModel, buildBoard } from './board.ts';
import { useBoardTimeline } from './useBoardTimeline.ts';

type LinkedFlight = TeamWithFlights['flights'][number];

export interface TeamBoardProps {
  teams: TeamWithFlights[];
  period: { begin: string; end: string };
  scale: number;
  /** The scale after a wheel zoom; answers the preset shown for it. */
  onZoom: (scale: number) => number;
  /** May the user connect or disconnect flights of this team (spec 6 canConnectTeam / canDisconnectTeam)? */
  canChange: (team: TeamWithFlights) => boolean;
  /** What a drag from the free list carries now, or null. */
  dragged: () => DropPayload | null;
  onDropFree: (team: TeamWithFlights) => void;
  onMove: (flight: LinkedFlight, from: TeamWithFlights, to: TeamWithFlights) => void;
  onConnect: (flight: LinkedFlight, team: TeamWithFlights) => void;
  onDisconnect: (flight: LinkedFlight, team: TeamWithFlights) => void;
  onOpenTeam: (team: TeamWithFlights) => void;
}

/** The flight-by-team timeline: rows are teams (shift shaded), bars their turnarounds in the airline's colours. */
export function TeamBoard(props: TeamBoardProps) {
  const { teams, period, scale, onZoom } = props;
  const model: BoardModel = useMemo(() => buildBoard(teams, period), [teams, period]);
  const latest = useRef(props);
  latest.current = props;
  const mounted = useRef(performance.now());
  const onFirstPaint = useCallback(() => {
    performance.measure('team-planning:first-paint', { start: mounted.current, end: performance.now() });
  }, []);

  const timeline = useBoardTimeline(model);
  const barMenu = useCallback(
    (bar: number) => {
      const p = latest.current;
      const flight = model.flights[bar];
      const team = model.teams[model.bars.rows[bar]];
      const items = [{ label: 'Бригада: сотрудники и задачи', onSelect: () => p.onOpenTeam(team) }];
      if (p.canChange(team)) {
        items.push({ label: 'Назначить бригаду', onSelect: () => p.onConnect(flight, team) });
        items.push({ label: 'Снять бригаду', onSelect: () => p.onDisconnect(flight, team) });
      }
      return items;
    },
    [model],
  );
  const dragBars = useMemo(
    () => ({
      canDrag: (bar: number) => latest.current.canChange(model.teams[model.bars.rows[bar]]),
      onDrop: (bar: number, row: number) =>
        latest.current.onMove(model.flights[bar], model.teams[model.bars.rows[bar]], model.teams[row]),
    }),
    [model],
  );
  const externalDrop = useMemo(
    () => ({
      payload: () => latest.current.dragged(),
      onDrop: (row: number) => latest.current.onDropFree(model.teams[row]),
    }),
    [model],
  );
  return (
    <Timeline
      {...timeline}
      scaleMinutes={scale}
      onZoom={onZoom}
      barMenu={barMenu}
      dragBars={dragBars}
      externalDrop={externalDrop}
      onFirstPaint={onFirstPaint}
      ariaLabel="Рейсы по бригадам"
    />
  );
}
