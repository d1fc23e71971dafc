import { describe, expect, it } from 'vitest';
import {
  buildRows,
  choosable,
  filterOptions,
  isAllChosen,
  multiSummary,
  type SelectOption,
} from './options.ts';

const OPTIONS: SelectOption[] = [
  { id: 1, name: 'Аэрофлот', subtitle: 'SU', group: 'ru' },
  { id: 2, name: 'Победа', subtitle: 'DP', group: 'ru' },
  { id: 3, name: 'Lufthansa', subtitle: 'LH', group: 'eu', disable: true },
  { id: 4, name: 'Air France', subtitle: 'AF', group: 'eu' },
];

describe('when searching options', () => {
  it('matches the name or the subtitle ignoring case', () => {
    expect(filterOptions(OPTIONS, 'аэро').map((option) => option.id)).toEqual([1]);
    expect(filterOptions(OPTIONS, 'dp').map((option) => option.id)).toEqual([2]);
    expect(filterOptions(OPTIONS, '  ')).toHaveLength(4);
  });
});

describe('when grouping options', () => {
  it('puts options under their group titles and skips disabled ones for the keyboard', () => {
    const rows = buildRows(OPTIONS, [
      { key: 'ru', name: 'Россия' },
      { key: 'eu', name: 'Европа' },
    ]);
    expect(rows.map((row) => (row.kind === 'group' ? row.group.name : row.activeIndex))).toEqual([
      'Россия',
      0,
      1,
      'Европа',
      -1,
      2,
    ]);
    expect(choosable(rows).map((option) => option.id)).toEqual([1, 2, 4]);
  });
});

describe('when summarising a multiselect', () => {
  it('says Все and the word when every enabled option is chosen', () => {
    expect(isAllChosen(OPTIONS, [1, 2, 4])).toBe(true);
    expect(multiSummary(OPTIONS, [1, 2, 4], 'авиакомпании')).toBe('Все авиакомпании');
  });

  it('lists the chosen names otherwise', () => {
    expect(multiSummary(OPTIONS, [1, 4], 'авиакомпании')).toBe('Аэрофлот, Air France');
    expect(multiSummary(OPTIONS, [], 'авиакомпании')).toBe('');
  });
});
