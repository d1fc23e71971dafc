import { describe, expect, it } from 'vitest';
import { transferables } from './arena.ts';
import { layout } from './layout.ts';
import { minutes, PX_PER_SLOT, px } from './units.ts';

const ORIGIN = minutes(28_000_000);

/** Three employees (rows) on two flights: employee 0 has two overlapping tasks. */
const input = {
  starts: Float64Array.of(ORIGIN, ORIGIN + 20, ORIGIN, ORIGIN + 60),
  ends: Float64Array.of(ORIGIN + 30, ORIGIN + 50, ORIGIN + 30, ORIGIN + 90),
  rows: Int32Array.of(0, 0, 1, 2),
  rowCount: 3,
  view: { originMinute: ORIGIN, scaleMinutes: 15, pxPerSlot: PX_PER_SLOT, laneHeight: px(20), rowGap: px(2) },
};

describe('layout', () => {
  it('answers rectangles, lanes, conflicts and stacked rows for each bar', () => {
    const result = layout(input);
    expect([...result.x]).toEqual([0, Math.fround(160 / 3), 0, 160]);
    expect([...result.width]).toEqual([80, 80, 80, 80]);
    expect([...result.lane]).toEqual([0, 1, 0, 0]);
    expect([...result.laneCount]).toEqual([2, 1, 1]);
    expect([...result.conflict]).toEqual([1, 1, 0, 0]);
    expect([...result.rowTop]).toEqual([0, 42, 64, 86]);
    expect(result.runs.length).toBe(0);
  });

  it('answers only the row parts when asked, equal to the full layout, and the rest empty', () => {
    const full = layout(input);
    const rowsOnly = layout({ ...input, parts: 'rows' });
    for (const key of [
      'lane',
      'laneCount',
      'rowTop',
      'view',
      'order',
      'rowIds',
      'rowOffset',
      'rowStart',
      'rowEnd',
      'rowReach',
    ] as const) {
      expect([...rowsOnly[key]]).toEqual([...full[key]]);
    }
    for (const key of ['x', 'width', 'conflict', 'runs', 'orderStart', 'orderEnd', 'orderReach'] as const) {
      expect(rowsOnly[key].length).toBe(0);
    }
  });

  it('finds conflicts by employee when rows are flights', () => {
    const result = layout({
      ...input,
      rows: Int32Array.of(0, 1, 1, 0),
      rowCount: 2,
      groups: Int32Array.of(7, 7, 3, 3),
    });
    expect([...result.conflict]).toEqual([1, 1, 0, 0]);
    expect([...result.laneCount]).toEqual([1, 2]);
  });

  it('draws a month on one screen as covered runs and a day as bars', () => {
    const month = layout({ ...input, view: { ...input.view, scaleMinutes: 1440 } });
    expect(month.runs.length).toBeGreaterThan(0);
    expect(month.runOffset.length).toBe(4);
    expect(layout({ ...input, lod: 'runs' }).runs.length).toBeGreaterThan(0);
    expect(layout({ ...input, view: { ...input.view, scaleMinutes: 1440 }, lod: 'bars' }).runs.length).toBe(
      0,
    );
  });

  it('answers nothing but typed arrays, all of them transferable without a copy', () => {
    const result = layout(input);
    const values = Object.values(result);
    expect(values.every((value) => ArrayBuffer.isView(value))).toBe(true);
    const buffers = transferables(result);
    expect(new Set(buffers).size).toBe(buffers.length);
    for (const value of values) expect(buffers).toContain((value as Uint8Array).buffer);
    const moved = structuredClone(result, { transfer: buffers });
    expect([...moved.lane]).toEqual([0, 1, 0, 0]);
    expect(result.lane.length).toBe(0);
  });

  it('lays out no bars', () => {
    const result = layout({
      ...input,
      starts: new Float64Array(0),
      ends: new Float64Array(0),
      rows: new Int32Array(0),
    });
    expect(result.order.length).toBe(0);
    expect([...result.laneCount]).toEqual([0, 0, 0]);
  });
});
