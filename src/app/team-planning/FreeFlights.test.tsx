import { describe, expect, it } from 'vitest';
import { freeKeyTarget } from './FreeFlights.tsx';

describe('when the keyboard moves along the free flights’ «+» buttons', () => {
  it('steps down and up without wrapping, and jumps to either end', () => {
    expect(freeKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(freeKeyTarget('ArrowDown', 2, 3)).toBe(2);
    expect(freeKeyTarget('ArrowUp', 0, 3)).toBe(0);
    expect(freeKeyTarget('ArrowUp', 2, 3)).toBe(1);
    expect(freeKeyTarget('Home', 2, 3)).toBe(0);
    expect(freeKeyTarget('End', 0, 3)).toBe(2);
  });

  it('leaves other keys to the button (Enter and Space press it, Tab leaves the list)', () => {
    expect(freeKeyTarget('Enter', 0, 3)).toBeNull();
    expect(freeKeyTarget('Tab', 0, 3)).toBeNull();
  });
});
