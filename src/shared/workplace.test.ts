import { describe, expect, it } from 'vitest';
import {
  DISTANCE_MAX,
  distanceDeleteSchema,
  distancePatchSchema,
  distanceSaveSchema,
  pairKey,
  WORKPLACE_MESSAGES,
} from './workplace.ts';

/** The messages of a refused body by path. */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const entry = (from: number, to: number, distance: number) => ({
  workplace_from_id: from,
  workplace_to_id: to,
  distance,
});

describe('the save body', () => {
  it('accepts new and changed entries with non-negative distances', () => {
    const parsed = distanceSaveSchema.parse({
      create: [entry(1, 2, 0)],
      update: [{ id: 5, ...entry(2, 1, 12.5) }],
    });
    expect(parsed.create[0].distance).toBe(0);
    expect(parsed.update[0].distance).toBe(12.5);
  });

  it('refuses a negative, non-finite or too large distance on its path', () => {
    const result = distanceSaveSchema.safeParse({
      create: [entry(1, 2, -1), entry(1, 3, DISTANCE_MAX + 1)],
      update: [{ id: 5, ...entry(2, 1, Number.NaN) }],
    });
    expect(issues(result)).toMatchObject({
      'create.0.distance': WORKPLACE_MESSAGES.distanceNegative,
      'create.1.distance': WORKPLACE_MESSAGES.distanceTooLarge,
      'update.0.distance': WORKPLACE_MESSAGES.distanceNumber,
    });
  });

  it('refuses a distance sent as text', () => {
    const result = distanceSaveSchema.safeParse({ create: [{ ...entry(1, 2, 0), distance: '5' }] });
    expect(issues(result)['create.0.distance']).toBe(WORKPLACE_MESSAGES.distanceNumber);
  });

  it('refuses a workplace paired with itself', () => {
    expect(issues(distanceSaveSchema.safeParse({ create: [entry(3, 3, 1)] }))).toEqual({
      'create.0.workplace_to_id': WORKPLACE_MESSAGES.samePlace,
    });
  });

  it('refuses a pair twice, within a list or across both', () => {
    const result = distanceSaveSchema.safeParse({
      create: [entry(1, 2, 1), entry(1, 2, 2)],
      update: [{ id: 7, ...entry(1, 2, 3) }],
    });
    expect(Object.keys(issues(result)).sort()).toEqual([
      'create.0.workplace_to_id',
      'create.1.workplace_to_id',
    ]);
  });

  it('refuses an empty save', () => {
    expect(issues(distanceSaveSchema.safeParse({}))).toEqual({ create: WORKPLACE_MESSAGES.empty });
  });
});

describe('the patch and delete bodies', () => {
  it('refuses an entry id twice', () => {
    const result = distancePatchSchema.safeParse({
      update: [
        { id: 1, ...entry(1, 2, 1) },
        { id: 1, ...entry(2, 1, 1) },
      ],
    });
    expect(issues(result)).toEqual({ 'update.1.id': WORKPLACE_MESSAGES.duplicateId });
    expect(issues(distanceDeleteSchema.safeParse({ ids: [4, 4] }))).toEqual({
      ids: WORKPLACE_MESSAGES.duplicateId,
    });
    expect(issues(distanceDeleteSchema.safeParse({ ids: [] }))).toEqual({ ids: WORKPLACE_MESSAGES.empty });
  });
});

describe('pairKey', () => {
  it('keys an entry by its direction', () => {
    expect(pairKey(entry(1, 2, 0))).toBe('1:2');
    expect(pairKey(entry(2, 1, 0))).not.toBe(pairKey(entry(1, 2, 0)));
  });
});
