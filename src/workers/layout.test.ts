import { describe, expect, it } from 'vitest';
import { layout } from '../timeline/geometry/layout.ts';
import { minutes, PX_PER_SLOT, px } from '../timeline/geometry/units.ts';
import { createLayoutClient } from './layout.ts';

const input = () => ({
  starts: Float64Array.from([0, 30, 45, 120]),
  ends: Float64Array.from([60, 90, 50, 150]),
  rows: Int32Array.from([0, 0, 1, 1]),
  rowCount: 2,
  view: { originMinute: minutes(0), scaleMinutes: minutes(15), pxPerSlot: px(PX_PER_SLOT) },
});

describe('when there is no Worker (tests, old browsers)', () => {
  it('lays out on the main thread with the same answer as the geometry', async () => {
    expect(typeof Worker).toBe('undefined');
    const client = createLayoutClient();
    const answer = await client.layout(input());
    const expected = layout(input());
    expect(Array.from(answer.x)).toEqual(Array.from(expected.x));
    expect(Array.from(answer.width)).toEqual([160, 160, 13.333333015441895, 80]);
    expect(Array.from(answer.lane)).toEqual([0, 1, 0, 0]);
    expect(Array.from(answer.conflict)).toEqual([1, 1, 0, 0]);
    client.dispose();
  });

  it('says that the main thread answered, not a worker', async () => {
    const client = createLayoutClient();
    expect(client.path).toBe('main-thread');
    await expect(client.where()).resolves.toBe('main-thread');
    client.dispose();
  });
});
