import { describe, expect, it } from 'vitest';
import {
  COLUMN_SETTINGS_KEY,
  defaultColumnSettings,
  moveColumn,
  parseColumnSettings,
  readColumnSettings,
  shownColumns,
  toggleColumn,
  writeColumnSettings,
} from './columns.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
  };
}

describe('the default columns', () => {
  it('are the nineteen columns of spec 9, all shown, in order', () => {
    const settings = defaultColumnSettings();
    expect(shownColumns(settings)).toEqual([
      'flight',
      'aircraft_type',
      'date',
      'board',
      'stand',
      'plan',
      'calculated',
      'fact',
      'departure_airport',
      'arrival_airport',
      'code_share',
      'takeoff',
      'direction',
      'type',
      'status',
      'link',
      'tgo',
      'arrival_model',
      'confirmed',
    ]);
    expect(settings[0]).toEqual({ key: 'flight', name: 'Рейс', order: 0, selected: true });
  });
});

describe('when reading the stored settings', () => {
  it('keeps a valid stored set in its order, shown and hidden', () => {
    const stored = moveColumn(toggleColumn(defaultColumnSettings(), 'stand'), 'date', 0);
    const read = parseColumnSettings(JSON.stringify(stored));
    expect(read).toEqual(stored);
    expect(shownColumns(read).slice(0, 3)).toEqual(['date', 'flight', 'aircraft_type']);
    expect(shownColumns(read)).not.toContain('stand');
  });

  it('sorts by the stored order and takes the names of the catalogue', () => {
    const stored = defaultColumnSettings().map((setting, index) => ({
      ...setting,
      name: 'старое имя',
      order: 100 - index,
    }));
    const read = parseColumnSettings(JSON.stringify(stored));
    expect(read[0]).toEqual({ key: 'confirmed', name: 'Подтверждён', order: 0, selected: true });
  });

  it.each([
    ['nothing stored', null],
    ['text that is not JSON', '{nope'],
    ['an unknown column', JSON.stringify([{ key: 'price', name: 'x', order: 0, selected: true }])],
    ['a missing column', JSON.stringify(defaultColumnSettings().slice(1))],
    ['a column twice', JSON.stringify([...defaultColumnSettings().slice(1), defaultColumnSettings()[1]])],
    ['two columns at one order', JSON.stringify(defaultColumnSettings().map((s) => ({ ...s, order: 1 })))],
    ['no column shown', JSON.stringify(defaultColumnSettings().map((s) => ({ ...s, selected: false })))],
    ['a wrong field type', JSON.stringify(defaultColumnSettings().map((s) => ({ ...s, selected: 'yes' })))],
  ])('resets to the defaults on %s', (_case, raw) => {
    expect(parseColumnSettings(raw)).toEqual(defaultColumnSettings());
  });

  it('writes and reads back through the storage under its key', () => {
    const storage = memoryStorage();
    const settings = toggleColumn(defaultColumnSettings(), 'tgo');
    writeColumnSettings(storage, settings);
    expect(storage.getItem(COLUMN_SETTINGS_KEY)).not.toBeNull();
    expect(readColumnSettings(storage)).toEqual(settings);
  });

  it('falls back to the defaults when the storage refuses to be read', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readColumnSettings(storage)).toEqual(defaultColumnSettings());
  });
});

describe('when changing the column set', () => {
  it('hides and shows a column again', () => {
    const hidden = toggleColumn(defaultColumnSettings(), 'board');
    expect(shownColumns(hidden)).not.toContain('board');
    expect(shownColumns(toggleColumn(hidden, 'board'))).toContain('board');
  });

  it('keeps the last shown column', () => {
    let settings = defaultColumnSettings();
    for (const setting of settings.slice(1)) settings = toggleColumn(settings, setting.key);
    expect(shownColumns(settings)).toEqual(['flight']);
    expect(shownColumns(toggleColumn(settings, 'flight'))).toEqual(['flight']);
  });

  it('moves a column down and renumbers the orders', () => {
    const moved = moveColumn(defaultColumnSettings(), 'flight', 2);
    expect(moved.slice(0, 3).map((setting) => setting.key)).toEqual(['aircraft_type', 'date', 'flight']);
    expect(moved.map((setting) => setting.order)).toEqual(moved.map((_, index) => index));
  });

  it('clamps a move past either end', () => {
    expect(moveColumn(defaultColumnSettings(), 'stand', -5)[0].key).toBe('stand');
    expect(moveColumn(defaultColumnSettings(), 'stand', 99).at(-1)?.key).toBe('stand');
  });
});
