import { describe, expect, it } from 'vitest';
import {
  acceptTimePart,
  type CellSelection,
  dayLabel,
  defaultRange,
  formatRange,
  formatStamp,
  isBeyondLimit,
  monthCells,
  monthTitle,
  pickRangeDay,
  shiftMonth,
  toFilterDate,
  withTimePart,
  yearGrid,
} from './dates.ts';

const NONE: CellSelection = {
  mode: 'range',
  dateTemp: null,
  fromTemp: null,
  toTemp: null,
  hover: null,
  limitDays: null,
  today: '2024-03-15',
};

describe('when picking days of a range', () => {
  it('starts the range at 00:00 on the first click', () => {
    expect(pickRangeDay({ fromTemp: null, toTemp: null }, '2024-03-05')).toEqual({
      fromTemp: '2024-03-05 00:00',
      toTemp: null,
    });
  });

  it('ends the range at 23:59 when the second day is later', () => {
    expect(pickRangeDay({ fromTemp: '2024-03-05 00:00', toTemp: null }, '2024-03-09')).toEqual({
      fromTemp: '2024-03-05 00:00',
      toTemp: '2024-03-09 23:59',
    });
  });

  it('swaps start and end when the second day is earlier', () => {
    expect(pickRangeDay({ fromTemp: '2024-03-05 00:00', toTemp: null }, '2024-02-27')).toEqual({
      fromTemp: '2024-02-27 00:00',
      toTemp: '2024-03-05 23:59',
    });
  });

  it('restarts with a new start when both ends are set', () => {
    expect(pickRangeDay({ fromTemp: '2024-03-05 00:00', toTemp: '2024-03-09 23:59' }, '2024-03-20')).toEqual({
      fromTemp: '2024-03-20 00:00',
      toTemp: null,
    });
  });
});

describe('when a limit in days is given', () => {
  it('blocks days farther than the limit from the start', () => {
    expect(isBeyondLimit('2024-03-13', '2024-03-05 00:00', null, 7)).toBe(true);
    expect(isBeyondLimit('2024-02-26', '2024-03-05 00:00', null, 7)).toBe(true);
  });

  it('leaves days within the limit open', () => {
    expect(isBeyondLimit('2024-03-12', '2024-03-05 00:00', null, 7)).toBe(false);
  });

  it('blocks nothing once both ends are chosen', () => {
    expect(isBeyondLimit('2024-04-30', '2024-03-05 00:00', '2024-03-06 23:59', 7)).toBe(false);
  });
});

describe('when laying out a month', () => {
  it('starts the week on Monday with empty cells before the first day', () => {
    const cells = monthCells('2024-03-01', NONE);
    expect(cells.slice(0, 4).every((cell) => cell.isEmpty)).toBe(true);
    expect(cells[4]).toMatchObject({ day: '2024-03-01', isEmpty: false, label: 1 });
    expect(cells.length % 7).toBe(0);
  });

  it('marks Saturdays and Sundays as weekends', () => {
    const cells = monthCells('2024-03-01', NONE);
    expect(cells.find((cell) => cell.day === '2024-03-02')?.isWeekend).toBe(true);
    expect(cells.find((cell) => cell.day === '2024-03-03')?.isWeekend).toBe(true);
    expect(cells.find((cell) => cell.day === '2024-03-04')?.isWeekend).toBe(false);
  });

  it('highlights the span from the start to the hovered day', () => {
    const cells = monthCells('2024-03-01', { ...NONE, fromTemp: '2024-03-05 00:00', hover: '2024-03-08' });
    const highlighted = cells.filter((cell) => cell.isHighlight).map((cell) => cell.day);
    expect(highlighted).toEqual(['2024-03-06', '2024-03-07']);
    expect(cells.find((cell) => cell.day === '2024-03-05')).toMatchObject({ isFrom: true, isSelected: true });
  });

  it('blocks days beyond the limit', () => {
    const cells = monthCells('2024-03-01', { ...NONE, fromTemp: '2024-03-05 00:00', limitDays: 3 });
    expect(cells.find((cell) => cell.day === '2024-03-09')?.isBlocked).toBe(true);
    expect(cells.find((cell) => cell.day === '2024-03-08')?.isBlocked).toBe(false);
  });
});

describe('when navigating', () => {
  it('moves by N months to the first of the month', () => {
    expect(shiftMonth('2024-01-15', -2)).toBe('2023-11-01');
    expect(shiftMonth('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('shows nine years starting four before the shown year', () => {
    expect(yearGrid(2024)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028]);
  });

  it('titles the month in Russian', () => {
    expect(monthTitle('2024-03-01')).toBe('март 2024');
  });
});

describe('when typing a time', () => {
  it('accepts hours 0 to 23 and minutes 0 to 59 in a range picker', () => {
    expect(acceptTimePart('23', 23, 'range')).toBe('23');
    expect(acceptTimePart('24', 23, 'range')).toBeNull();
    expect(acceptTimePart('59', 59, 'range')).toBe('59');
    expect(acceptTimePart('60', 59, 'range')).toBeNull();
    expect(acceptTimePart('', 59, 'range')).toBe('');
    expect(acceptTimePart('1a', 59, 'range')).toBeNull();
  });

  it('keeps the last two characters and resets out of range to 00 in a single picker', () => {
    expect(acceptTimePart('005', 23, 'single')).toBe('05');
    expect(acceptTimePart('057', 23, 'single')).toBe('00');
    expect(acceptTimePart('1259', 59, 'single')).toBe('59');
    expect(acceptTimePart('99', 59, 'single')).toBe('00');
  });

  it('writes the part into the stamp', () => {
    expect(withTimePart('2024-03-05 00:00', 'hour', '7')).toBe('2024-03-05 07:00');
    expect(withTimePart('2024-03-05 07:00', 'minute', '30')).toBe('2024-03-05 07:30');
  });
});

describe('when formatting', () => {
  it('shows DD.MM.YYYY with optional time', () => {
    expect(formatStamp('2024-03-05 07:30', false)).toBe('05.03.2024');
    expect(formatStamp('2024-03-05 07:30', true)).toBe('05.03.2024 07:30');
    expect(formatStamp(null, true)).toBe('');
  });

  it('joins a range with a dash', () => {
    expect(formatRange('2024-03-05 00:00', '2024-03-07 23:59', true)).toBe(
      '05.03.2024 00:00 - 07.03.2024 23:59',
    );
  });

  it('defaults a range to today 00:00 to 23:59', () => {
    expect(defaultRange('2024-03-05')).toEqual({ from: '2024-03-05 00:00', to: '2024-03-05 23:59' });
  });

  it('sends filter dates as YYYY-MM-DD', () => {
    expect(toFilterDate('2024-03-05 07:30')).toBe('2024-03-05');
    expect(toFilterDate(new Date(2024, 2, 5, 12))).toBe('2024-03-05');
  });
});

describe('when naming a day for screen readers', () => {
  it('uses the genitive month name', () => {
    expect(dayLabel('2024-03-05')).toBe('5 марта 2024');
  });
});
