import { describe, expect, it } from 'vitest';
import { createBufferPool } from '../timeline/geometry/arena.ts';
import { minutes, PX_PER_SLOT, px } from '../timeline/geometry/units.ts';
import { copyInput, inputBuffers } from './buffers.ts';

const view = { originMinute: minutes(0), scaleMinutes: minutes(15), pxPerSlot: px(PX_PER_SLOT) };

describe('a layout input sent to the worker', () => {
  it('is copied into pooled arrays with the same values, the caller keeping its own', () => {
    const pool = createBufferPool();
    const warm = new ArrayBuffer(16);
    pool.give([warm]);
    const input = {
      starts: Float64Array.of(0, 30),
      ends: Float64Array.of(60, 90),
      rows: Int32Array.of(0, 1),
      rowCount: 2,
      view,
    };
    const sent = copyInput(input, pool);
    expect(sent.starts).not.toBe(input.starts);
    expect([sent.starts.buffer, sent.ends.buffer, sent.rows.buffer]).toContain(warm);
    expect([...sent.starts, ...sent.ends, ...sent.rows]).toEqual([0, 30, 60, 90, 0, 1]);
    expect('groups' in sent).toBe(false);
    expect(inputBuffers(sent)).toHaveLength(3);
  });

  it('keeps groups that are the rows as one array and one buffer', () => {
    const rows = Int32Array.of(0, 1);
    const input = {
      starts: Float64Array.of(0, 1),
      ends: Float64Array.of(2, 3),
      rows,
      groups: rows,
      rowCount: 2,
      view,
    };
    const sent = copyInput(input, createBufferPool());
    expect(sent.groups).toBe(sent.rows);
    expect(inputBuffers(sent)).toHaveLength(3);
  });
});
