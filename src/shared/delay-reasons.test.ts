import { describe, expect, it } from 'vitest';
import { DELAY_MESSAGES, delayUpdateSchema, isConfigKey, matchesSearch } from './delay-reasons.ts';

describe('matchesSearch', () => {
  const iata = {
    id: 1,
    number_code: '32',
    letter_code: 'GL',
    transcript: 'Загрузка и разгрузка',
    delay_iata_type_id: 3,
    is_reason_airport: true,
  };
  it('finds an item by any of its codes or its text, case and ё ignored', () => {
    expect(matchesSearch(iata, 'gl')).toBe(true);
    expect(matchesSearch(iata, ' 32 ')).toBe(true);
    expect(matchesSearch(iata, 'РАЗГРУЗКА')).toBe(true);
    expect(matchesSearch({ id: 1, code: 'ПР', name: 'Учёт', is_reason_airport: false }, 'учет')).toBe(true);
    expect(matchesSearch(iata, 'экипаж')).toBe(false);
  });
  it('lets everything through an empty search', () => {
    expect(matchesSearch(iata, '  ')).toBe(true);
  });
});

describe('delayUpdateSchema', () => {
  it('refuses a save with nothing in it and a repeated id', () => {
    const empty = delayUpdateSchema.safeParse({});
    expect(empty.error?.issues[0]?.message).toBe(DELAY_MESSAGES.empty);
    const twice = delayUpdateSchema.safeParse({
      delayRrp: [
        { id: 4, is_reason_airport: true },
        { id: 4, is_reason_airport: false },
      ],
    });
    expect(twice.error?.issues.map((issue) => issue.path)).toEqual([['delayRrp', 1, 'id']]);
  });
});

describe('isConfigKey', () => {
  it('knows only the settings it has a schema for', () => {
    expect(isConfigKey('time-show-unfinished-tasks')).toBe(true);
    expect(isConfigKey('toString')).toBe(false);
  });
});
