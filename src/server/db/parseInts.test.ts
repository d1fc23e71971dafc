import { describe, expect, it } from 'vitest';
import { parseInts } from './parseInts.ts';

describe('parseInts', () => {
  it('reads the integers of a folded text in order, and none of an empty or null one', () => {
    expect([...parseInts('7,3,0;12|1773133200000')]).toEqual([7, 3, 0, 12, 1773133200000]);
    expect(parseInts('')).toHaveLength(0);
    expect(parseInts(null)).toHaveLength(0);
  });

  it('reads every integer of the first text longer than its buffer, not only as many as the buffer held', () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => i + 1);
    const read = parseInts(ids.join(';'));
    expect(read).toHaveLength(ids.length);
    expect(read[ids.length - 1]).toBe(ids.length);
  });
});
