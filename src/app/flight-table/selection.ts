/**
 * Row selection of the flight table, by turnaround id (`aid`) so it survives a silent refresh: a click chooses one
 * row, ctrl-click (cmd on a Mac) adds or removes one, shift-click chooses the range from the anchor; the arrow keys,
 * Home and End move the active row (with shift they extend the range, with ctrl they move without choosing) and
 * Space toggles it. Pure functions; the screen keeps the state.
 */

export interface Selection {
  selected: ReadonlySet<number>;
  /** Where a shift range starts: the last row clicked without shift. */
  anchor: number | null;
  /** The row the keyboard is on. */
  active: number | null;
}

export const EMPTY_SELECTION: Selection = { selected: new Set(), anchor: null, active: null };

export interface Modifiers {
  ctrl: boolean;
  shift: boolean;
}

/** The rows between two aids of the order, both included: `rangeOf([1, 2, 3, 4], 3, 1)` is [1, 2, 3]. */
export function rangeOf(order: readonly number[], from: number, to: number): number[] {
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return b < 0 ? [] : [to];
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/** The selection after a click on a row, with the keys held. */
export function clickRow(
  state: Selection,
  order: readonly number[],
  aid: number,
  keys: Modifiers,
): Selection {
  if (keys.shift && state.anchor !== null) {
    const range = rangeOf(order, state.anchor, aid);
    const selected = keys.ctrl ? new Set([...state.selected, ...range]) : new Set(range);
    return { selected, anchor: state.anchor, active: aid };
  }
  if (keys.ctrl) {
    const selected = new Set(state.selected);
    if (selected.has(aid)) selected.delete(aid);
    else selected.add(aid);
    return { selected, anchor: aid, active: aid };
  }
  return { selected: new Set([aid]), anchor: aid, active: aid };
}

/** Keys the table handles. */
export type SelectionKey = 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | ' ' | 'a';

/** Whether the table handles the key (the screen prevents the browser's scroll then). */
export function isSelectionKey(key: string): key is SelectionKey {
  return ['ArrowUp', 'ArrowDown', 'Home', 'End', ' ', 'a'].includes(key);
}

/** The selection after a key press: see the module comment; ctrl+A chooses every row. */
export function pressKey(
  state: Selection,
  order: readonly number[],
  key: SelectionKey,
  keys: Modifiers,
): Selection {
  if (order.length === 0) return state;
  if (key === 'a') {
    return keys.ctrl ? { ...state, selected: new Set(order) } : state;
  }
  const current = state.active === null ? -1 : order.indexOf(state.active);
  if (key === ' ') {
    if (current < 0) return state;
    return clickRow(state, order, order[current], { ctrl: true, shift: false });
  }
  const index =
    key === 'Home'
      ? 0
      : key === 'End'
        ? order.length - 1
        : current < 0
          ? 0
          : Math.max(0, Math.min(order.length - 1, current + (key === 'ArrowDown' ? 1 : -1)));
  const aid = order[index];
  if (keys.shift) {
    const anchor = state.anchor ?? state.active ?? aid;
    return { selected: new Set(rangeOf(order, anchor, aid)), anchor, active: aid };
  }
  if (keys.ctrl) return { ...state, active: aid };
  return { selected: new Set([aid]), anchor: aid, active: aid };
}

/**
 * The selection kept to the rows still shown (after a reload); the same object when nothing went. When the active
 * row went, the first chosen row still shown becomes active (the grid scrolls to it: after a divide, the leg left in
 * the period).
 */
export function keepShown(state: Selection, order: readonly number[]): Selection {
  const shown = new Set(order);
  const gone = [...state.selected].some((aid) => !shown.has(aid));
  const anchor = state.anchor !== null && shown.has(state.anchor) ? state.anchor : null;
  const selected = new Set([...state.selected].filter((aid) => shown.has(aid)));
  const active =
    state.active === null || shown.has(state.active)
      ? state.active
      : (order.find((aid) => selected.has(aid)) ?? null);
  if (!gone && anchor === state.anchor && active === state.active) return state;
  return { selected, anchor, active };
}
