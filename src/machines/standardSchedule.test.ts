import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { ShiftScheduleResult, StandardScheduleCreate } from '../shared/shift-schedules.ts';
import { alertActor, hideAlert } from '../widgets/Alert/alertStore.ts';
import { hasUnsavedForm } from './rowModalTypes.ts';
import {
  checkForm,
  emptyForm,
  requestOf,
  type StandardScheduleDefaults,
  standardScheduleMachine,
} from './standardSchedule.ts';

const DEFAULTS: StandardScheduleDefaults = {
  range: { from: '2026-03-02 00:00', to: '2026-03-08 23:59' },
  positions: [3],
  flightSchedule: [2, 3],
  flightStatus: [3, 4],
  flightType: [],
  workingShifts: [],
};
const SHIFTS = [
  { id: 1, name: 'Дневная 8 ч', begin_time: '08:00', duration: 480, break: 60 },
  { id: 2, name: 'Ночная 12 ч', begin_time: '20:00', duration: 720, break: 60 },
];

function result(demand: number[]): ShiftScheduleResult {
  return {
    slot_minutes: 15,
    week_start: '2026-03-02',
    solve_ms: 120,
    positions: [
      {
        employee_position_id: 3,
        name: 'Грузчик',
        status: 'optimal',
        gap: 0,
        distinct_gap: null,
        solve_ms: 120,
        demand,
        cover: demand,
        staff_hours: 7,
        shifts: [],
      },
    ],
  };
}

interface Fakes {
  preview?: (input: StandardScheduleCreate) => Promise<ShiftScheduleResult>;
  create?: (input: StandardScheduleCreate) => Promise<number>;
  shifts?: (begin: string) => Promise<typeof SHIFTS>;
}

/** The form's machine on fakes; calls and the opened schedule ids are recorded. */
function start(fakes: Fakes = {}) {
  const calls = {
    shifts: [] as string[],
    previews: [] as StandardScheduleCreate[],
    creates: [] as StandardScheduleCreate[],
  };
  const opened: number[] = [];
  const logic = standardScheduleMachine.provide({
    actors: {
      loadWorkingShifts: fromPromise(async ({ input }: { input: string }) => {
        calls.shifts.push(input);
        return (fakes.shifts ?? (async () => SHIFTS))(input);
      }),
      previewSchedule: fromPromise(async ({ input }: { input: StandardScheduleCreate }) => {
        calls.previews.push(input);
        return (fakes.preview ?? (async () => result([1, 2])))(input);
      }),
      createSchedule: fromPromise(async ({ input }: { input: StandardScheduleCreate }) => {
        calls.creates.push(input);
        return (fakes.create ?? (async () => 41))(input);
      }),
    },
    actions: { openSchedule: (_, id: number) => void opened.push(id) },
  });
  const actor = createActor(logic).start();
  actor.send({ type: 'FORM.OPEN', defaults: DEFAULTS });
  return { actor, calls, opened };
}

/** The form opened and its working shifts loaded (the screen chose none, so all of them are chosen). */
async function started(fakes: Fakes = {}) {
  const run = start(fakes);
  await waitFor(run.actor, (s) => s.matches({ open: { shifts: 'ready' } }));
  return run;
}
type Actor = ReturnType<typeof start>['actor'];
const editing = (actor: Actor) => waitFor(actor, (s) => s.matches({ open: { work: 'editing' } }));
const shiftsReady = (actor: Actor) => waitFor(actor, (s) => s.matches({ open: { shifts: 'ready' } }));

describe('when the form opens', () => {
  it('takes the period and filters of the screen and loads the working shifts of its first day', async () => {
    const { actor, calls } = start();
    await shiftsReady(actor);
    const { form, workingShifts } = actor.getSnapshot().context;
    expect(form.range).toEqual(DEFAULTS.range);
    expect(form.positions).toEqual([3]);
    expect(form.flightSchedule).toEqual([2, 3]);
    expect(calls.shifts).toEqual(['2026-03-02 00:00:00']);
    expect(workingShifts.map((s) => s.id)).toEqual([1, 2]);
  });

  it('loads the working shifts again when the first day changes, and keeps only chosen shifts still in force', async () => {
    const { actor, calls } = start({
      shifts: async (begin) => (begin.startsWith('2026-03-02') ? SHIFTS : [SHIFTS[1]]),
    });
    await shiftsReady(actor);
    actor.send({ type: 'LIST.SET', field: 'workingShifts', ids: [1, 2] });
    actor.send({ type: 'RANGE.SET', range: { from: '2026-03-09 00:00', to: '2026-03-15 23:59' } });
    expect(actor.getSnapshot().hasTag('loadingShifts')).toBe(true);
    await shiftsReady(actor);
    expect(calls.shifts).toEqual(['2026-03-02 00:00:00', '2026-03-09 00:00:00']);
    expect(actor.getSnapshot().context.form.workingShifts).toEqual([2]);
  });

  it('chooses every shift in force when the screen chose none, and follows the list until the user picks', async () => {
    const { actor } = start({
      shifts: async (begin) => (begin.startsWith('2026-03-02') ? SHIFTS : [SHIFTS[1]]),
    });
    await shiftsReady(actor);
    expect(actor.getSnapshot().context.form.workingShifts).toEqual([1, 2]);
    actor.send({ type: 'RANGE.SET', range: { from: '2026-03-09 00:00', to: '2026-03-15 23:59' } });
    await shiftsReady(actor);
    expect(actor.getSnapshot().context.form.workingShifts).toEqual([2]);
  });

  it('does not ask the shifts again when only the time or the end changes', async () => {
    const { actor, calls } = start();
    await shiftsReady(actor);
    actor.send({ type: 'RANGE.SET', range: { from: '2026-03-02 06:00', to: '2026-03-20 23:59' } });
    expect(actor.getSnapshot().hasTag('loadingShifts')).toBe(false);
    expect(calls.shifts).toHaveLength(1);
  });
});

describe('when typing the limited fields (spec 5)', () => {
  it.each([
    ['deviation_in_period', '101', 'Максимальное значение 100%'],
    ['deviation_in_week', '150', 'Максимальное значение 100%'],
    ['interval_repeat_in_week', '8', 'Максимальное значение 7'],
    ['interval_repeat_in_period', '53', 'Максимальное значение 52'],
  ] as const)('shows the exact message under %s for %s', async (field, value, message) => {
    const { actor } = start();
    actor.send({ type: 'LIMIT.SET', field, value });
    expect(actor.getSnapshot().context.errors[field]).toEqual([message]);
    actor.send({ type: 'LIMIT.SET', field, value: '' });
    expect(actor.getSnapshot().context.errors[field]).toBeUndefined();
  });

  it('refuses a fraction or a zero repeat and accepts the limits themselves', () => {
    const chosen = { ...emptyForm(DEFAULTS), workingShifts: [1] };
    const form = { ...chosen, interval_repeat_in_week: '2.5', interval_repeat_in_period: '0' };
    const errors = checkForm(form);
    expect(errors.interval_repeat_in_week?.length).toBe(1);
    expect(errors.interval_repeat_in_period?.length).toBe(1);
    expect(
      checkForm({
        ...chosen,
        interval_repeat_in_week: '7',
        interval_repeat_in_period: '52',
        deviation_in_period: '100',
        deviation_in_week: '0',
      }),
    ).toEqual({});
  });

  it('sends nothing while a field is wrong and shows every message on the attempt', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'LIMIT.SET', field: 'interval_repeat_in_week', value: '9' });
    actor.send({ type: 'FORM.SUBMIT' });
    actor.send({ type: 'FORM.PREVIEW' });
    expect(actor.getSnapshot().matches({ open: { work: 'editing' } })).toBe(true);
    expect(calls.creates).toEqual([]);
    expect(calls.previews).toEqual([]);
    expect(actor.getSnapshot().context.errors.interval_repeat_in_week).toEqual(['Максимальное значение 7']);
  });
});

describe('the lists the server requires', () => {
  it('asks for positions and working shifts before sending anything', async () => {
    const { actor, calls } = await started();
    actor.send({ type: 'LIST.SET', field: 'positions', ids: [] });
    actor.send({ type: 'LIST.SET', field: 'workingShifts', ids: [] });
    actor.send({ type: 'FORM.SUBMIT' });
    const { errors } = actor.getSnapshot().context;
    expect(errors.employee_position_ids).toEqual(['Поле обязательно для заполнения']);
    expect(errors.working_shift).toEqual(['Поле обязательно для заполнения']);
    expect(calls.creates).toEqual([]);
  });
});

describe('when previewing', () => {
  it('sends the inputs with the wire names and keeps the answer', async () => {
    const { actor, calls } = await started();
    actor.send({ type: 'LIMIT.SET', field: 'interval_repeat_in_period', value: '2' });
    actor.send({ type: 'FORM.PREVIEW' });
    expect(actor.getSnapshot().hasTag('previewing')).toBe(true);
    await waitFor(actor, (s) => s.context.preview !== null);
    expect(calls.previews[0]).toMatchObject({
      begin: '2026-03-02 00:00:00',
      end: '2026-03-08 23:59:00',
      interval_repeat_in_period: '2',
      employee_position_ids: [3],
      flight_schedule: [2, 3],
    });
    expect(calls.previews[0]).not.toHaveProperty('deviation_in_week');
  });

  it('raises the alert of spec 8 for an answer without demand and keeps no preview', async () => {
    hideAlert();
    const { actor } = await started({ preview: async () => result([0, 0]) });
    actor.send({ type: 'FORM.PREVIEW' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().context.preview).toBeNull();
    expect(alertActor.getSnapshot().context.message).toBe('Ошибка при расчете графиков сменности');
    expect(alertActor.getSnapshot().hasTag('shown')).toBe(true);
    // The alert goes after a few seconds; the reason stays under the positions until the next try.
    expect(actor.getSnapshot().context.errors.employee_position_ids?.[0]).toMatch(
      /^Нет потребности в персонале/,
    );
    actor.send({ type: 'FORM.PREVIEW' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('drops a running preview when the inputs change under it', async () => {
    let finish: (value: ShiftScheduleResult) => void = () => undefined;
    const { actor } = await started({ preview: () => new Promise((resolve) => (finish = resolve)) });
    actor.send({ type: 'FORM.PREVIEW' });
    actor.send({ type: 'LIST.SET', field: 'positions', ids: [3, 4] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    finish(result([1]));
    await Promise.resolve();
    expect(actor.getSnapshot().context.preview).toBeNull();
  });
});

describe('when creating', () => {
  it('saves the schedule, opens its page and closes the form', async () => {
    const { actor, calls, opened } = await started();
    actor.send({ type: 'NAME.SET', name: '  Март, грузчики ' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(opened).toEqual([41]);
    expect(calls.creates[0].name).toBe('Март, грузчики');
  });

  it('raises the alert of spec 8 when the server finds nothing to schedule', async () => {
    hideAlert();
    const { actor, opened } = await started({
      create: () => Promise.reject(new ApiError('Ошибка при расчете графиков сменности', {}, 422)),
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await editing(actor);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(opened).toEqual([]);
    expect(alertActor.getSnapshot().context.message).toBe('Ошибка при расчете графиков сменности');
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.errors.employee_position_ids?.[0]).toMatch(
      /^Нет потребности в персонале/,
    );
  });

  it('puts the server field errors under their controls, the end under the period', async () => {
    const { actor } = await started({
      create: () =>
        Promise.reject(
          new ApiError(
            'Проверьте заполнение полей',
            { end: ['Период не может быть длиннее 93 дней'], 'working_shift.0': ['Не найдены: 9'] },
            422,
          ),
        ),
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => Object.keys(s.context.errors).length > 0);
    const { errors, message } = actor.getSnapshot().context;
    expect(errors.begin).toEqual(['Период не может быть длиннее 93 дней']);
    expect(errors.working_shift).toEqual(['Не найдены: 9']);
    expect(message).toBeNull();
  });

  it('shows the server text when the failure names no field', async () => {
    const { actor } = await started({
      create: () => Promise.reject(new ApiError('Внутренняя ошибка сервера', {}, 500)),
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.context.message !== null);
    expect(actor.getSnapshot().context.message).toBe('Внутренняя ошибка сервера');
  });
});

describe('the request of the form', () => {
  it('leaves out empty limited fields and an empty name', () => {
    const request = requestOf(emptyForm(DEFAULTS));
    expect(request).toEqual({
      begin: '2026-03-02 00:00:00',
      end: '2026-03-08 23:59:00',
      employee_position_ids: [3],
      flight_schedule: [2, 3],
      flight_status: [3, 4],
      flight_type: [],
      working_shift: [],
    });
  });
});

describe('when the form would be closed', () => {
  const unsaved = (actor: Actor) => hasUnsavedForm(actor.getSnapshot().context);

  it('holds no input once the shifts in force are chosen for it, and holds some once a field is changed', async () => {
    const { actor } = await started();
    expect(actor.getSnapshot().context.form.workingShifts).toEqual([1, 2]);
    expect(unsaved(actor)).toBe(false);
    actor.send({ type: 'NAME.SET', name: 'Март' });
    expect(unsaved(actor)).toBe(true);
    actor.send({ type: 'NAME.SET', name: '' });
    expect(unsaved(actor)).toBe(false);
    actor.send({ type: 'LIMIT.SET', field: 'deviation_in_week', value: '5' });
    expect(unsaved(actor)).toBe(true);
  });

  it('does not count a screen shift that the loaded list leaves out as a change', async () => {
    const logic = standardScheduleMachine.provide({
      actors: { loadWorkingShifts: fromPromise(async () => SHIFTS) },
    });
    const actor = createActor(logic).start();
    actor.send({ type: 'FORM.OPEN', defaults: { ...DEFAULTS, workingShifts: [2, 9] } });
    await shiftsReady(actor);
    expect(actor.getSnapshot().context.form.workingShifts).toEqual([2]);
    expect(unsaved(actor)).toBe(false);
  });
});
