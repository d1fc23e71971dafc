import { lowerBound } from './geometry/order.ts';
import type { ViewportIndex } from './geometry/viewport.ts';

/** The row index part that keyboard navigation walks: bars by row, by start within a row. */
export type RowIndex = Pick<ViewportIndex, 'rowIds' | 'rowOffset' | 'rowStart'>;

export type Move = 'left' | 'right' | 'up' | 'down';

/** Where bar `bar` of row `row` sits in `rowIds`, or −1. */
function slotOf(index: RowIndex, row: number, bar: number, start: number): number {
  const { rowIds, rowOffset, rowStart } = index;
  const last = rowOffset[row + 1];
  for (let m = lowerBound(rowStart, start, rowOffset[row], last); m < last && rowStart[m] === start; m++) {
    if (rowIds[m] === bar) return m;
  }
  for (let m = rowOffset[row]; m < last; m++) if (rowIds[m] === bar) return m;
  return -1;
}

/**
 * The bar of the first non-empty row from `row` on in direction `step` (+1 down, −1 up) whose start is nearest to
 * `minute`, or −1 when there is none. Example: rows [[0–10, 20–30]], nearestInRow(index, 0, 1, 18) → the 20–30 bar.
 */
export function nearestInRow(index: RowIndex, row: number, step: 1 | -1, minute: number): number {
  const { rowIds, rowOffset, rowStart } = index;
  const rowCount = rowOffset.length - 1;
  let r = row;
  while (r >= 0 && r < rowCount && rowOffset[r + 1] === rowOffset[r]) r += step;
  if (r < 0 || r >= rowCount) return -1;
  const a = rowOffset[r];
  const b = rowOffset[r + 1];
  const m = lowerBound(rowStart, minute, a, b);
  if (m === b) return rowIds[b - 1];
  if (m === a) return rowIds[a];
  return minute - rowStart[m - 1] <= rowStart[m] - minute ? rowIds[m - 1] : rowIds[m];
}

/**
 * The bar the focus moves to from `bar` (in row `row`, starting at `start`): left/right to the previous/next bar
 * of the row in start order (staying put at either end), up/down to the bar nearest in time of the previous/next
 * non-empty row (staying put past the first or last row). Example: row 0 with bars a (0–10), b (5–15): right of a → b.
 */
export function moveFocus(index: RowIndex, bar: number, row: number, start: number, move: Move): number {
  if (move === 'up' || move === 'down') {
    const next = nearestInRow(index, row + (move === 'down' ? 1 : -1), move === 'down' ? 1 : -1, start);
    return next < 0 ? bar : next;
  }
  const m = slotOf(index, row, bar, start);
  if (m < 0) return bar;
  const target = m + (move === 'right' ? 1 : -1);
  if (target < index.rowOffset[row] || target >= index.rowOffset[row + 1]) return bar;
  return index.rowIds[target];
}

/** The zoom and pan keys (view.ts `keyView`), as `keysText` names them. */
const VIEW_KEYS = '+ и −: масштаб; Shift+← и Shift+→: сдвиг на четверть экрана; PageUp и PageDown: на экран';

/**
 * The keys of the canvas, as its description tells a screen reader (and the screens' legends tell everyone). Example:
 * keysText(false) → 'Стрелки: переход по задачам; Enter: подробности; Escape: скрыть; + и −: масштаб; …'.
 */
export function keysText(hasMenu: boolean): string {
  const menu = hasMenu ? '; Shift+F10 или клавиша меню: действия' : '';
  return `Стрелки: переход по задачам; Enter: подробности${menu}; Escape: скрыть; ${VIEW_KEYS}`;
}

/**
 * The first of `count` bars whose key is `key`, or −1: where a focused bar went when new bars arrived. Example: keys
 * ['a', 'b'] (a flight moved to another row and reordered), barOfKey(2, (bar) => keys[bar], 'b') → 1.
 */
export function barOfKey(
  count: number,
  keyOf: (bar: number) => string | number,
  key: string | number,
): number {
  for (let bar = 0; bar < count; bar++) if (keyOf(bar) === key) return bar;
  return -1;
}
