import { describe, expect, it } from 'vitest';
import { ALLOCATION_MESSAGES, allocationBodySchema, distanceText, fitsDecimals } from './allocation.ts';
import { MESSAGES } from './messages.ts';

const valid = {
  contractor_id: 1,
  department_id: 9,
  is_priority_set: true,
  distance_range_set: { from: 0, to: 1500 },
  coefs: [{ coef_type_id: 1, value: 1.5 }],
};

/** The field paths and messages of a refused body. */
function refusals(body: unknown) {
  const result = allocationBodySchema.safeParse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('allocationBodySchema', () => {
  it('accepts a full body and defaults what is left out', () => {
    const parsed = allocationBodySchema.parse({ contractor_id: 1, department_id: 2 });
    expect(parsed).toEqual({
      contractor_id: 1,
      department_id: 2,
      is_priority_set: false,
      is_provide_set: false,
      distance_range_set: null,
      coefs: [],
    });
    expect(allocationBodySchema.safeParse(valid).success).toBe(true);
  });

  it('requires the contractor and the department', () => {
    expect(refusals({ contractor_id: null })).toEqual({
      contractor_id: MESSAGES.required,
      department_id: MESSAGES.required,
    });
  });

  it('refuses a reversed or negative distance range', () => {
    expect(refusals({ ...valid, distance_range_set: { from: 500, to: 100 } })).toEqual({
      'distance_range_set.to': ALLOCATION_MESSAGES.reversed,
    });
    expect(refusals({ ...valid, distance_range_set: { from: -1, to: 100 } })).toEqual({
      'distance_range_set.from': ALLOCATION_MESSAGES.distance,
    });
  });

  it('refuses a coefficient type twice, out of range or with five decimals', () => {
    const coefs = [
      { coef_type_id: 1, value: 1 },
      { coef_type_id: 1, value: 2 },
      { coef_type_id: 2, value: 1001 },
      { coef_type_id: 3, value: 0.00001 },
    ];
    expect(refusals({ ...valid, coefs })).toEqual({
      'coefs.1.coef_type_id': ALLOCATION_MESSAGES.duplicate,
      'coefs.2.value': ALLOCATION_MESSAGES.coefRange,
      'coefs.3.value': ALLOCATION_MESSAGES.coefDecimals,
    });
  });
});

describe('helpers', () => {
  it('counts decimal places', () => {
    expect(fitsDecimals(1.2345)).toBe(true);
    expect(fitsDecimals(0.00001)).toBe(false);
  });

  it('writes a distance range', () => {
    expect(distanceText({ from: 0, to: 1500 })).toBe('0–1500 м');
    expect(distanceText(null)).toBe('любое');
  });
});
