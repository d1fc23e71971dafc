import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type DatePickerEmitted,
  type DatePickerInput,
  datePickerMachine,
  shownMonths,
  shownYear,
} from './datePicker.ts';

const TODAY = '2024-03-15';

function start(input: Partial<DatePickerInput> = {}) {
  const actor = createActor(datePickerMachine, { input: { mode: 'range', today: TODAY, ...input } }).start();
  actor.send({ type: 'PICKER.OPEN' });
  return actor;
}

describe('when a range picker starts', () => {
  it('defaults to today 00:00 to 23:59', () => {
    const actor = createActor(datePickerMachine, { input: { mode: 'range', today: TODAY } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ from: '2024-03-15 00:00', to: '2024-03-15 23:59' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('opens on the month of the start showing two consecutive months', () => {
    const actor = start({ from: '2024-01-20 00:00', to: '2024-01-25 23:59' });
    const months = shownMonths(actor.getSnapshot().context);
    expect(months.map((month) => month.title)).toEqual(['январь 2024', 'февраль 2024']);
    expect(actor.getSnapshot().hasTag('dayView')).toBe(true);
  });
});

describe('when picking the ends of a range', () => {
  it('sets a temporary start at 00:00 on the first click after a complete range', () => {
    const actor = start();
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    expect(actor.getSnapshot().context).toMatchObject({ fromTemp: '2024-03-05 00:00', toTemp: null });
  });

  it('sets the temporary end at 23:59 when the second day is later', () => {
    const actor = start({ from: null, to: null });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.PICK', day: '2024-04-02' });
    expect(actor.getSnapshot().context).toMatchObject({
      fromTemp: '2024-03-05 00:00',
      toTemp: '2024-04-02 23:59',
    });
  });

  it('swaps start and end when the second day is earlier', () => {
    const actor = start({ from: null, to: null });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.PICK', day: '2024-03-01' });
    expect(actor.getSnapshot().context).toMatchObject({
      fromTemp: '2024-03-01 00:00',
      toTemp: '2024-03-05 23:59',
    });
  });

  it('restarts with a new start on a third click', () => {
    const actor = start({ from: null, to: null });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.PICK', day: '2024-03-08' });
    actor.send({ type: 'DAY.PICK', day: '2024-03-20' });
    expect(actor.getSnapshot().context).toMatchObject({ fromTemp: '2024-03-20 00:00', toTemp: null });
  });

  it('does not touch the applied values before Apply', () => {
    const actor = start();
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.PICK', day: '2024-03-08' });
    expect(actor.getSnapshot().context).toMatchObject({ from: '2024-03-15 00:00', to: '2024-03-15 23:59' });
  });
});

describe('when hovering while only a start is set', () => {
  it('highlights the span from the start to the hovered day', () => {
    const actor = start({ from: null, to: null });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.HOVER', day: '2024-03-08' });
    const cells = shownMonths(actor.getSnapshot().context)[0].cells;
    expect(cells.filter((cell) => cell.isHighlight).map((cell) => cell.day)).toEqual([
      '2024-03-06',
      '2024-03-07',
    ]);
  });

  it('ignores hovering once both ends are set', () => {
    const actor = start();
    actor.send({ type: 'DAY.HOVER', day: '2024-03-20' });
    expect(actor.getSnapshot().context.hover).toBeNull();
  });
});

describe('when a limit in days is given', () => {
  it('blocks clicks on days farther than the limit from the start', () => {
    const actor = start({ from: null, to: null, limitDays: 7 });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.PICK', day: '2024-03-20' });
    expect(actor.getSnapshot().context.toTemp).toBeNull();
    actor.send({ type: 'DAY.PICK', day: '2024-03-12' });
    expect(actor.getSnapshot().context.toTemp).toBe('2024-03-12 23:59');
  });

  it('does not highlight towards a blocked day', () => {
    const actor = start({ from: null, to: null, limitDays: 7 });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    actor.send({ type: 'DAY.HOVER', day: '2024-03-20' });
    expect(actor.getSnapshot().context.hover).toBeNull();
  });

  it('marks the blocked cells', () => {
    const actor = start({ from: null, to: null, limitDays: 2 });
    actor.send({ type: 'DAY.PICK', day: '2024-03-05' });
    const blocked = shownMonths(actor.getSnapshot().context)[0].cells.filter((cell) => cell.isBlocked);
    expect(blocked.map((cell) => cell.day)).not.toContain('2024-03-07');
    expect(blocked.map((cell) => cell.day)).toContain('2024-03-08');
  });
});

describe('when applying or cancelling', () => {
  it('copies the temporary range into from and to on Apply and closes', () => {
    const actor = start();
    const changes: DatePickerEmitted[] = [];
    actor.on('changed', (event) => changes.push(event));
    actor.send({ type: 'DAY.PICK', day: '2024-03-28' });
    actor.send({ type: 'DAY.PICK', day: '2024-04-03' });
    actor.send({ type: 'PICKER.APPLY' });
    expect(actor.getSnapshot().context).toMatchObject({ from: '2024-03-28 00:00', to: '2024-04-03 23:59' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ from: '2024-03-28 00:00', to: '2024-04-03 23:59' });
  });

  it('keeps the old range when Apply is pressed with only a start', () => {
    const actor = start();
    actor.send({ type: 'DAY.PICK', day: '2024-03-28' });
    actor.send({ type: 'PICKER.APPLY' });
    expect(actor.getSnapshot().context).toMatchObject({ from: '2024-03-15 00:00', to: '2024-03-15 23:59' });
  });

  it('discards the pending range on Cancel', () => {
    const actor = start();
    actor.send({ type: 'DAY.PICK', day: '2024-03-28' });
    actor.send({ type: 'DAY.PICK', day: '2024-04-03' });
    actor.send({ type: 'PICKER.CANCEL' });
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ from: '2024-03-15 00:00', to: '2024-03-15 23:59' });
    expect(context).toMatchObject({ fromTemp: '2024-03-15 00:00', toTemp: '2024-03-15 23:59' });
  });

  it('sets the temporary date in single mode and applies it', () => {
    const actor = start({ mode: 'single' });
    actor.send({ type: 'DAY.PICK', day: '2024-03-09' });
    expect(actor.getSnapshot().context).toMatchObject({ dateTemp: '2024-03-09 00:00', date: null });
    actor.send({ type: 'PICKER.APPLY' });
    expect(actor.getSnapshot().context.date).toBe('2024-03-09 00:00');
  });
});

describe('when navigating', () => {
  it('moves back and forth by N months in the day view', () => {
    const actor = start({ navStep: 2 });
    actor.send({ type: 'NAV.NEXT' });
    expect(actor.getSnapshot().context.datetime).toBe('2024-05-01');
    actor.send({ type: 'NAV.PREV' });
    actor.send({ type: 'NAV.PREV' });
    expect(actor.getSnapshot().context.datetime).toBe('2024-01-01');
  });

  it('moves by 9 years in the year view and returns to days on picking a year', () => {
    const actor = start();
    actor.send({ type: 'VIEW.YEARS' });
    expect(actor.getSnapshot().hasTag('yearView')).toBe(true);
    actor.send({ type: 'NAV.NEXT' });
    expect(shownYear(actor.getSnapshot().context)).toBe(2033);
    actor.send({ type: 'NAV.PREV' });
    actor.send({ type: 'NAV.PREV' });
    expect(shownYear(actor.getSnapshot().context)).toBe(2015);
    actor.send({ type: 'YEAR.PICK', year: 2019 });
    expect(actor.getSnapshot().hasTag('dayView')).toBe(true);
    expect(actor.getSnapshot().context.datetime).toBe('2019-03-01');
  });
});

describe('when typing a time', () => {
  it('accepts an hour 0 to 23 and writes it into the range start', () => {
    const actor = start({ withTime: true });
    actor.send({ type: 'TIME.CHANGE', target: 'from', unit: 'hour', value: '7' });
    expect(actor.getSnapshot().context.fromTemp).toBe('2024-03-15 07:00');
    actor.send({ type: 'TIME.CHANGE', target: 'from', unit: 'hour', value: '24' });
    expect(actor.getSnapshot().context.time.from.hour).toBe('7');
    expect(actor.getSnapshot().context.fromTemp).toBe('2024-03-15 07:00');
  });

  it('refuses a minute above 59 in a range picker', () => {
    const actor = start({ withTime: true });
    actor.send({ type: 'TIME.CHANGE', target: 'to', unit: 'minute', value: '60' });
    expect(actor.getSnapshot().context.toTemp).toBe('2024-03-15 23:59');
  });

  it('resets an out-of-range part to 00 in a single picker keeping the last two characters', () => {
    const actor = start({ mode: 'single', withTime: true, date: '2024-03-09 10:00' });
    actor.send({ type: 'TIME.CHANGE', target: 'date', unit: 'hour', value: '107' });
    expect(actor.getSnapshot().context.dateTemp).toBe('2024-03-09 07:00');
    actor.send({ type: 'TIME.CHANGE', target: 'date', unit: 'hour', value: '075' });
    expect(actor.getSnapshot().context.dateTemp).toBe('2024-03-09 00:00');
  });
});

describe('when the value is set from outside', () => {
  it('replaces the applied and temporary values', () => {
    const actor = createActor(datePickerMachine, { input: { mode: 'range', today: TODAY } }).start();
    actor.send({ type: 'VALUE.SET', from: '2024-01-01 00:00', to: '2024-01-02 23:59' });
    expect(actor.getSnapshot().context).toMatchObject({
      from: '2024-01-01 00:00',
      fromTemp: '2024-01-01 00:00',
    });
  });
});
