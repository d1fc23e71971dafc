import { describe, expect, it } from 'vitest';
import { BRS_DEFAULTS, BRS_MESSAGES, brsCreateSchema, brsUpdateSchema } from './brs-config.ts';
import { MESSAGES } from './messages.ts';

/** The field paths and messages of a refused body. */
function refusals(schema: typeof brsCreateSchema | typeof brsUpdateSchema, body: unknown) {
  const result = schema.safeParse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the baggage-register create body', () => {
  it('accepts an airline with every setting', () => {
    expect(brsCreateSchema.parse({ aviacompany_id: 5, ...BRS_DEFAULTS })).toEqual({
      aviacompany_id: 5,
      ...BRS_DEFAULTS,
    });
  });

  it('names every missing field with the form message', () => {
    const fields = refusals(brsCreateSchema, {});
    expect(Object.keys(fields).sort()).toEqual(
      [
        'aviacompany_id',
        'bpm_exchange',
        'bsm_exchange',
        'is_enabled',
        'loading_close_minutes',
        'max_bag_pieces',
        'max_bag_weight_kg',
        'priority_tag_handling',
        'rush_tag_handling',
      ].sort(),
    );
    expect(fields.max_bag_weight_kg).toBe(MESSAGES.required);
  });

  it('refuses numbers outside their bounds and fractions', () => {
    const fields = refusals(brsCreateSchema, {
      ...BRS_DEFAULTS,
      aviacompany_id: 0,
      max_bag_weight_kg: 101,
      max_bag_pieces: 2.5,
      loading_close_minutes: -1,
    });
    expect(fields).toEqual({
      aviacompany_id: MESSAGES.idRange,
      max_bag_weight_kg: BRS_MESSAGES.wholeBetween(1, 100),
      max_bag_pieces: BRS_MESSAGES.wholeBetween(1, 20),
      loading_close_minutes: BRS_MESSAGES.wholeBetween(0, 240),
    });
  });

  it('refuses a handling outside the list and a flag that is not a boolean', () => {
    const fields = refusals(brsCreateSchema, {
      ...BRS_DEFAULTS,
      aviacompany_id: 1,
      priority_tag_handling: 'first',
      is_enabled: 'yes',
    });
    expect(fields).toEqual({ priority_tag_handling: BRS_MESSAGES.choose, is_enabled: BRS_MESSAGES.flag });
  });
});

describe('the baggage-register update body', () => {
  it('accepts any subset and does not read the airline', () => {
    expect(brsUpdateSchema.parse({ max_bag_pieces: 2, aviacompany_id: 9 })).toEqual({ max_bag_pieces: 2 });
  });

  it('refuses a bound broken in a subset', () => {
    expect(refusals(brsUpdateSchema, { loading_close_minutes: 241 })).toEqual({
      loading_close_minutes: BRS_MESSAGES.wholeBetween(0, 240),
    });
  });
});
