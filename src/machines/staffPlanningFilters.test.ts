import { describe, expect, it } from 'vitest';
import { nearestScale } from './staffPlanningFilters.ts';

describe('nearestScale', () => {
  it('picks the preset closest by ratio, so the scale select follows a wheel zoom', () => {
    const presets = [5, 15, 30, 60];
    expect(nearestScale(presets, 20)).toBe(15);
    expect(nearestScale(presets, 22)).toBe(30);
    expect(nearestScale(presets, 1)).toBe(5);
    expect(nearestScale(presets, 1440)).toBe(60);
    expect(nearestScale(presets, 15)).toBe(15);
  });

  it('has nothing to offer without presets', () => {
    expect(nearestScale([], 15)).toBeUndefined();
  });
});
