import { useMemo } from 'react';
import { useNowMinute } from '../shell/useNowMinute.ts';
import { type AnyFlight, type BoardModel, flightHint, flightKey, flightText, teamLabel } from './board.ts';

/**
 * The Timeline props every team board draws from its model (the board and the outside-team view): rows, bars, the
 * texts of rows, bars and hints, the shift shade, the current time, the menu's name and the height. The caller adds
 * the scale, its own menu, drags and ARIA name.
 */
export function useBoardTimeline(model: BoardModel<AnyFlight>) {
  const now = useNowMinute();
  // The minute's tick changes only `now`: the texts' functions keep their identity, so the board's lists and
  // labels are not rebuilt every minute.
  const props = useMemo(
    () => ({
      rowCount: model.teams.length,
      rowLabel: (row: number) => teamLabel(model.teams[row]),
      bars: model.bars,
      range: model.range,
      describeBar: (bar: number) => flightHint(model.flights[bar]),
      // The team, then the flight's hint on one line.
      barLabel: (bar: number) =>
        `${model.teams[model.bars.rows[bar]].name}: ${flightHint(model.flights[bar]).replaceAll('\n', ', ')}`,
      barText: (bar: number) => flightText(model.flights[bar]),
      // The keyboard focus follows a flight moved to another team when the board is refreshed.
      barKey: (bar: number) => flightKey(model.flights[bar]),
      rowShade: model.shade,
      menuLabel: 'Действия с рейсом',
      // 30 px a team, at least 240, at most 640.
      height: Math.min(640, Math.max(240, 60 + model.teams.length * 30)),
    }),
    [model],
  );
  return useMemo(() => ({ ...props, now }), [props, now]);
}
