import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBufferPool, freshArena, transferables } from './arena.ts';
import { barsArb } from './fixtures.ts';
import { type LayoutInput, layout } from './layout.ts';
import { minutes, PX_PER_SLOT, px } from './units.ts';

const view = { originMinute: minutes(28_000_000), scaleMinutes: minutes(15), pxPerSlot: px(PX_PER_SLOT) };

/** Every typed array of a layout result as plain numbers, for comparing results built in different memory. */
function plain(result: object): Record<string, number[]> {
  return Object.fromEntries(Object.entries(result).map(([key, value]) => [key, Array.from(value)]));
}

describe('a buffer pool', () => {
  it('hands a given buffer back for an array that fits it, zero-filled', () => {
    const pool = createBufferPool();
    const buffer = new ArrayBuffer(64);
    new Uint8Array(buffer).fill(9);
    pool.give([buffer]);
    const array = pool.float64(5);
    expect(array.buffer).toBe(buffer);
    expect([...array]).toEqual([0, 0, 0, 0, 0]);
    expect(pool.bytes()).toBe(0);
  });

  it('allocates instead of using a buffer more than twice the size asked', () => {
    const pool = createBufferPool();
    const big = new ArrayBuffer(1_000);
    pool.give([big]);
    expect(pool.int32(10).buffer).not.toBe(big);
    expect(pool.bytes()).toBe(1_000);
  });

  it('skips detached and duplicate buffers and drops the oldest beyond its limit', () => {
    const pool = createBufferPool(100);
    const first = new ArrayBuffer(60);
    const detached = new ArrayBuffer(8);
    structuredClone(detached, { transfer: [detached] });
    pool.give([first, first, detached]);
    expect(pool.bytes()).toBe(60);
    pool.give([new ArrayBuffer(60)]);
    expect(pool.bytes()).toBe(60);
    expect(pool.uint8(60).buffer).not.toBe(first);
  });

  it('takes back a released array for the next one', () => {
    const pool = createBufferPool();
    const scratch = pool.uint32(100);
    pool.release(scratch);
    expect(pool.uint32(100).buffer).toBe(scratch.buffer);
  });
});

describe('layout in pooled memory', () => {
  it('answers what fresh arrays answer, in buffers dirtied by earlier layouts', () => {
    fc.assert(
      fc.property(barsArb(), barsArb(), fc.constantFrom('all', 'rows'), (before, bars, parts) => {
        const pool = createBufferPool();
        const earlier: LayoutInput = { ...before, view, parts };
        pool.give(transferables(layout(earlier, pool)));
        const input: LayoutInput = { ...bars, view, parts };
        expect(plain(layout(input, pool))).toEqual(plain(layout(input, freshArena)));
      }),
    );
  });

  it('finds the buffers of a result, each once', () => {
    const a = new Float64Array(4);
    expect(transferables({ a, b: a.subarray(1), c: new Int32Array(2), d: 3 })).toHaveLength(2);
  });
});
