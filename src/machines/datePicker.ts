import { assertEvent, assign, emit, not, setup } from 'xstate';
import {
  acceptTimePart,
  type CalendarCell,
  dayOf,
  defaultRange,
  isBeyondLimit,
  monthCells,
  monthTitle,
  pickRangeDay,
  type Stamp,
  shiftMonth,
  todayKey,
  withTimePart,
  YEAR_GRID_SIZE,
} from '../shared/dates.ts';

type PickerMode = 'single' | 'range';
export type TimeTarget = 'date' | 'from' | 'to';
export type TimeUnit = 'hour' | 'minute';
type TimeText = Record<TimeTarget, { hour: string; minute: string }>;

/** What a picker starts from. A range picker without from/to defaults to today 00:00–23:59 (spec 9). */
export interface DatePickerInput {
  mode: PickerMode;
  withTime?: boolean;
  limitDays?: number | null;
  date?: Stamp;
  from?: Stamp;
  to?: Stamp;
  /** Months drawn side by side: 1 for a single picker, 2 for a range picker. */
  monthsShown?: number;
  /** Months moved by one arrow press in the day view. */
  navStep?: number;
  /** Today as 'YYYY-MM-DD'; injected so tests do not depend on the clock. */
  today?: string;
}

/** Picker state of spec 3.2: datetime is the first month shown, *Temp the pending choice. */
export interface DatePickerContext {
  mode: PickerMode;
  withTime: boolean;
  limitDays: number | null;
  monthsShown: number;
  navStep: number;
  today: string;
  datetime: string;
  date: Stamp;
  from: Stamp;
  to: Stamp;
  dateTemp: Stamp;
  fromTemp: Stamp;
  toTemp: Stamp;
  hover: string | null;
  time: TimeText;
}

export type DatePickerEvent =
  | { type: 'PICKER.OPEN' }
  | { type: 'PICKER.TOGGLE' }
  | { type: 'PICKER.APPLY' }
  | { type: 'PICKER.CANCEL' }
  | { type: 'VALUE.SET'; date?: Stamp; from?: Stamp; to?: Stamp }
  | { type: 'DAY.PICK'; day: string }
  | { type: 'DAY.HOVER'; day: string | null }
  | { type: 'NAV.PREV' }
  | { type: 'NAV.NEXT' }
  | { type: 'VIEW.YEARS' }
  | { type: 'VIEW.DAYS' }
  | { type: 'YEAR.PICK'; year: number }
  | { type: 'TIME.CHANGE'; target: TimeTarget; unit: TimeUnit; value: string };

/** Emitted on Apply with the applied values. */
export type DatePickerEmitted = { type: 'changed'; date: Stamp; from: Stamp; to: Stamp };

function timeOf(stamp: Stamp): { hour: string; minute: string } {
  return stamp === null
    ? { hour: '00', minute: '00' }
    : { hour: stamp.slice(11, 13), minute: stamp.slice(14, 16) };
}

function timeText(date: Stamp, from: Stamp, to: Stamp): TimeText {
  return { date: timeOf(date), from: timeOf(from), to: timeOf(to) };
}

function stampKey(target: TimeTarget): 'dateTemp' | 'fromTemp' | 'toTemp' {
  return target === 'date' ? 'dateTemp' : target === 'from' ? 'fromTemp' : 'toTemp';
}

function shownMonth(stamp: Stamp, today: string): string {
  return shiftMonth(stamp ?? today, 0);
}

export const datePickerMachine = setup({
  types: {
    context: {} as DatePickerContext,
    events: {} as DatePickerEvent,
    input: {} as DatePickerInput,
    emitted: {} as DatePickerEmitted,
  },
  guards: {
    'isDayBlocked?': ({ context, event }) => {
      assertEvent(event, ['DAY.PICK', 'DAY.HOVER']);
      if (event.day === null || context.mode !== 'range') return false;
      return isBeyondLimit(event.day, context.fromTemp, context.toTemp, context.limitDays);
    },
    'isRangeComplete?': ({ context }) =>
      context.mode === 'single' || (context.fromTemp !== null && context.toTemp !== null),
  },
  actions: {
    copyAppliedToTemp: assign(({ context }) => ({
      dateTemp: context.date,
      fromTemp: context.from,
      toTemp: context.to,
      hover: null,
      time: timeText(context.date, context.from, context.to),
      datetime: shownMonth(context.mode === 'single' ? context.date : context.from, context.today),
    })),
    applyTemp: assign(({ context }) =>
      context.mode === 'single' ? { date: context.dateTemp } : { from: context.fromTemp, to: context.toTemp },
    ),
    discardTemp: assign(({ context }) => ({
      dateTemp: context.date,
      fromTemp: context.from,
      toTemp: context.to,
      hover: null,
      time: timeText(context.date, context.from, context.to),
    })),
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'VALUE.SET');
      return {
        date: event.date === undefined ? context.date : event.date,
        from: event.from === undefined ? context.from : event.from,
        to: event.to === undefined ? context.to : event.to,
      };
    }),
    notifyChange: emit(({ context }) => ({
      type: 'changed' as const,
      date: context.date,
      from: context.from,
      to: context.to,
    })),
    pickDay: assign(({ context, event }) => {
      assertEvent(event, 'DAY.PICK');
      if (context.mode === 'single') {
        const stamp = `${dayOf(event.day)} ${context.time.date.hour || '00'}:${context.time.date.minute || '00'}`;
        return { dateTemp: stamp, time: { ...context.time, date: timeOf(stamp) } };
      }
      const next = pickRangeDay({ fromTemp: context.fromTemp, toTemp: context.toTemp }, event.day);
      return {
        ...next,
        hover: null,
        time: { ...context.time, from: timeOf(next.fromTemp), to: timeOf(next.toTemp) },
      };
    }),
    setHover: assign(({ context, event }) => {
      assertEvent(event, 'DAY.HOVER');
      const waitingForEnd = context.mode === 'range' && context.fromTemp !== null && context.toTemp === null;
      return { hover: waitingForEnd ? event.day : null };
    }),
    clearHover: assign({ hover: null }),
    showPrevMonths: assign(({ context }) => ({ datetime: shiftMonth(context.datetime, -context.navStep) })),
    showNextMonths: assign(({ context }) => ({ datetime: shiftMonth(context.datetime, context.navStep) })),
    showPrevYears: assign(({ context }) => ({
      datetime: shiftMonth(context.datetime, -12 * YEAR_GRID_SIZE),
    })),
    showNextYears: assign(({ context }) => ({ datetime: shiftMonth(context.datetime, 12 * YEAR_GRID_SIZE) })),
    showYear: assign(({ context, event }) => {
      assertEvent(event, 'YEAR.PICK');
      return { datetime: `${String(event.year).padStart(4, '0')}${context.datetime.slice(4)}` };
    }),
    changeTime: assign(({ context, event }) => {
      assertEvent(event, 'TIME.CHANGE');
      const accepted = acceptTimePart(event.value, event.unit === 'hour' ? 23 : 59, context.mode);
      if (accepted === null) return {};
      const key = stampKey(event.target);
      const stamp = context[key];
      const time = {
        ...context.time,
        [event.target]: { ...context.time[event.target], [event.unit]: accepted },
      };
      if (stamp === null || accepted === '') return { time };
      return { time, [key]: withTimePart(stamp, event.unit, accepted) };
    }),
  },
}).createMachine({
  id: 'datePicker',
  context: ({ input }) => {
    const today = input.today ?? todayKey();
    const fallback = input.mode === 'range' ? defaultRange(today) : { from: null, to: null };
    const from = input.from === undefined ? fallback.from : input.from;
    const to = input.to === undefined ? fallback.to : input.to;
    const date = input.date ?? null;
    return {
      mode: input.mode,
      withTime: input.withTime ?? false,
      limitDays: input.limitDays ?? null,
      monthsShown: input.monthsShown ?? (input.mode === 'range' ? 2 : 1),
      navStep: input.navStep ?? 1,
      today,
      datetime: shownMonth(input.mode === 'single' ? date : from, today),
      date,
      from,
      to,
      dateTemp: date,
      fromTemp: from,
      toTemp: to,
      hover: null,
      time: timeText(date, from, to),
    };
  },
  initial: 'closed',
  on: {
    'VALUE.SET': { actions: ['setValue', 'discardTemp'] },
  },
  states: {
    closed: {
      on: {
        'PICKER.OPEN': { target: 'open', actions: 'copyAppliedToTemp' },
        'PICKER.TOGGLE': { target: 'open', actions: 'copyAppliedToTemp' },
      },
    },
    open: {
      tags: ['open'],
      initial: 'days',
      on: {
        'PICKER.APPLY': [
          { guard: 'isRangeComplete?', target: 'closed', actions: ['applyTemp', 'notifyChange'] },
          { target: 'closed', actions: 'discardTemp' },
        ],
        'PICKER.CANCEL': { target: 'closed', actions: 'discardTemp' },
        'PICKER.TOGGLE': { target: 'closed', actions: 'discardTemp' },
        'DAY.PICK': { guard: not('isDayBlocked?'), actions: 'pickDay' },
        'DAY.HOVER': [{ guard: 'isDayBlocked?', actions: 'clearHover' }, { actions: 'setHover' }],
        'TIME.CHANGE': { actions: 'changeTime' },
      },
      states: {
        days: {
          tags: ['dayView'],
          on: {
            'NAV.PREV': { actions: 'showPrevMonths' },
            'NAV.NEXT': { actions: 'showNextMonths' },
            'VIEW.YEARS': { target: 'years' },
          },
        },
        years: {
          tags: ['yearView'],
          on: {
            'NAV.PREV': { actions: 'showPrevYears' },
            'NAV.NEXT': { actions: 'showNextYears' },
            'YEAR.PICK': { target: 'days', actions: 'showYear' },
            'VIEW.DAYS': { target: 'days' },
          },
        },
      },
    },
  },
});

/** One month of the day view as drawn: its first day, its Russian title and its cells. */
export interface ShownMonth {
  month: string;
  title: string;
  cells: CalendarCell[];
}

/** The months the day view draws, first month first: a range picker on March 2024 gives March and April. */
export function shownMonths(context: DatePickerContext): ShownMonth[] {
  const selection = {
    mode: context.mode,
    dateTemp: context.dateTemp,
    fromTemp: context.fromTemp,
    toTemp: context.toTemp,
    hover: context.hover,
    limitDays: context.limitDays,
    today: context.today,
  };
  return Array.from({ length: context.monthsShown }, (_, index) => {
    const month = shiftMonth(context.datetime, index);
    return { month, title: monthTitle(month), cells: monthCells(month, selection) };
  });
}

/** The year of the first month shown: 2024 when `datetime` is '2024-03-01'. */
export function shownYear(context: DatePickerContext): number {
  return Number(context.datetime.slice(0, 4));
}
