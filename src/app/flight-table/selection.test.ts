import { describe, expect, it } from 'vitest';
import { clickRow, EMPTY_SELECTION, keepShown, pressKey, rangeOf, type Selection } from './selection.ts';

const ORDER = [10, 20, 30, 40, 50];
const NONE = { ctrl: false, shift: false };
const CTRL = { ctrl: true, shift: false };
const SHIFT = { ctrl: false, shift: true };
const chosen = (state: Selection) => [...state.selected].sort((a, b) => a - b);

describe('when clicking rows', () => {
  it('chooses only the clicked row', () => {
    const state = clickRow(clickRow(EMPTY_SELECTION, ORDER, 10, NONE), ORDER, 30, NONE);
    expect(chosen(state)).toEqual([30]);
    expect(state.anchor).toBe(30);
  });

  it('adds and removes rows with ctrl', () => {
    let state = clickRow(EMPTY_SELECTION, ORDER, 10, NONE);
    state = clickRow(state, ORDER, 40, CTRL);
    expect(chosen(state)).toEqual([10, 40]);
    state = clickRow(state, ORDER, 10, CTRL);
    expect(chosen(state)).toEqual([40]);
  });

  it('chooses the range from the anchor with shift, either way', () => {
    const anchored = clickRow(EMPTY_SELECTION, ORDER, 40, NONE);
    expect(chosen(clickRow(anchored, ORDER, 20, SHIFT))).toEqual([20, 30, 40]);
    const again = clickRow(clickRow(anchored, ORDER, 20, SHIFT), ORDER, 50, SHIFT);
    expect(chosen(again)).toEqual([40, 50]);
  });

  it('adds a range to the chosen rows with ctrl and shift', () => {
    let state = clickRow(EMPTY_SELECTION, ORDER, 10, NONE);
    state = clickRow(state, ORDER, 40, CTRL);
    state = clickRow(state, ORDER, 50, { ctrl: true, shift: true });
    expect(chosen(state)).toEqual([10, 40, 50]);
  });

  it('chooses just the row on shift without an anchor', () => {
    expect(chosen(clickRow(EMPTY_SELECTION, ORDER, 30, SHIFT))).toEqual([30]);
  });
});

describe('when using the keyboard', () => {
  it('starts at the first row and moves down and up', () => {
    let state = pressKey(EMPTY_SELECTION, ORDER, 'ArrowDown', NONE);
    expect(chosen(state)).toEqual([10]);
    state = pressKey(pressKey(state, ORDER, 'ArrowDown', NONE), ORDER, 'ArrowDown', NONE);
    expect(chosen(state)).toEqual([30]);
    state = pressKey(state, ORDER, 'ArrowUp', NONE);
    expect(chosen(state)).toEqual([20]);
    expect(state.active).toBe(20);
  });

  it('stops at either end', () => {
    expect(pressKey(clickRow(EMPTY_SELECTION, ORDER, 50, NONE), ORDER, 'ArrowDown', NONE).active).toBe(50);
    expect(pressKey(clickRow(EMPTY_SELECTION, ORDER, 10, NONE), ORDER, 'ArrowUp', NONE).active).toBe(10);
  });

  it('extends the range with shift and jumps with Home and End', () => {
    let state = clickRow(EMPTY_SELECTION, ORDER, 20, NONE);
    state = pressKey(pressKey(state, ORDER, 'ArrowDown', SHIFT), ORDER, 'ArrowDown', SHIFT);
    expect(chosen(state)).toEqual([20, 30, 40]);
    expect(chosen(pressKey(state, ORDER, 'Home', SHIFT))).toEqual([10, 20]);
    expect(chosen(pressKey(state, ORDER, 'End', NONE))).toEqual([50]);
  });

  it('moves without choosing with ctrl, then toggles the row with Space', () => {
    let state = clickRow(EMPTY_SELECTION, ORDER, 10, NONE);
    state = pressKey(pressKey(state, ORDER, 'ArrowDown', CTRL), ORDER, 'ArrowDown', CTRL);
    expect(chosen(state)).toEqual([10]);
    state = pressKey(state, ORDER, ' ', NONE);
    expect(chosen(state)).toEqual([10, 30]);
    expect(chosen(pressKey(state, ORDER, ' ', NONE))).toEqual([10]);
  });

  it('chooses every row with ctrl+A', () => {
    expect(chosen(pressKey(EMPTY_SELECTION, ORDER, 'a', CTRL))).toEqual(ORDER);
    expect(pressKey(EMPTY_SELECTION, ORDER, 'a', NONE)).toBe(EMPTY_SELECTION);
  });
});

describe('after a reload', () => {
  it('keeps the chosen rows still shown and drops the others', () => {
    let state = clickRow(EMPTY_SELECTION, ORDER, 20, NONE);
    state = clickRow(state, ORDER, 40, CTRL);
    const kept = keepShown(state, [40, 10, 30]);
    expect(chosen(kept)).toEqual([40]);
    expect(kept.anchor).toBe(40);
  });

  it('moves the active row to the first chosen row still shown when it went (a divided row, one leg left)', () => {
    const state: Selection = { selected: new Set([20, 99]), anchor: 20, active: 20 };
    const kept = keepShown(state, [10, 99, 30]);
    expect(chosen(kept)).toEqual([99]);
    expect(kept.active).toBe(99);
    expect(keepShown({ selected: new Set([20]), anchor: 20, active: 20 }, [10, 30]).active).toBeNull();
  });

  it('answers the same selection when every row is still there', () => {
    const state = clickRow(EMPTY_SELECTION, ORDER, 20, NONE);
    expect(keepShown(state, [...ORDER].reverse())).toBe(state);
  });

  it('ranges over the present order only', () => {
    expect(rangeOf(ORDER, 99, 30)).toEqual([30]);
  });
});
