import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { CalcReferences, JobOptions } from '../app/tariff-calc/api.ts';
import { MESSAGES } from '../shared/messages.ts';
import { CALC_MESSAGES, type Calc, type CalcEvaluation, type CalcForm } from '../shared/tariff-calc.ts';
import { calcPayload, EMPTY_ENTRY } from './calcForm.ts';
import { calcModalMachine } from './calcModal.ts';
import { hasUnsavedCalc } from './calcModalEdits.ts';

const REFS: CalcReferences = {
  calcTypes: [
    { id: 1, name: 'Продолжительность' },
    { id: 2, name: 'Операции' },
    { id: 3, name: 'Показатели' },
  ],
  formats: [
    { id: 4, name: 'мин', name_full: 'Минуты' },
    { id: 5, name: 'ч', name_full: 'Часы' },
  ],
  roundings: [
    { id: 1, name: 'нет', name_full: 'Без округления' },
    { id: 2, name: 'вверх', name_full: 'В большую сторону' },
  ],
  medServices: [{ id: 11, name: 'Сопровождение' }],
  vipServices: [{ id: 21, name: 'Зал' }],
  services: [{ id: 31, name_ru: 'Буксировка', name_en: 'Towing', id_1c: 'BUKS' }],
  jobs: [
    { id: 101, name: 'Заправка' },
    { id: 102, name: 'Уборка' },
    { id: 103, name: 'Буксировка' },
  ],
};

const OPTIONS: JobOptions = {
  positions: [{ id: 201, name: 'Заправщик', department_id: 1 }],
  resourceTypes: [{ id: 301, name: 'Топливозаправщик' }],
  resources: [{ id: 401, name: 'ТЗ-1', resource_type_id: 301 }],
  indicators: [{ id: 501, job_id: 101, indicator_name: 'Литры' }],
};

const CALC: Calc = {
  id: 7,
  calcSourceType: 1,
  service: { id: 31, name_ru: 'Буксировка', name_en: 'Towing', id_1c: 'BUKS' },
  calc_type: { id: 1, name: 'Продолжительность' },
  format: { id: 5, name: 'ч', name_full: 'Часы' },
  rounding: { id: 2, name: 'вверх', name_full: 'В большую сторону' },
  group_type: 1,
  accuracy: 0.5,
  coeff: 1.5,
  minimum_amount: null,
  is_rounding_first: false,
  is_accuracy_first: true,
  is_using_plan_time: false,
  calcServiceMapType: [{ id: 3, name: 'Оборот' }],
  calcVipService: [],
  calcMedService: [],
  calcJob: [
    {
      start_job: { id: 101, name: 'Заправка' },
      start_param: 1,
      end_job: { id: 102, name: 'Уборка' },
      end_param: 2,
      job_indicator: null,
    },
  ],
  calcDirection: [{ direction: { id: 1, name: 'Вылет' } }],
  calcEmployeePosition: [{ id: 201, name: 'Заправщик' }],
  calcResourceType: [],
  calcResource: [],
  version: '1543',
};

interface Fakes {
  save?: (form: CalcForm) => Promise<unknown>;
  references?: () => Promise<CalcReferences>;
  evaluate?: () => Promise<CalcEvaluation>;
}

/** The machine with every server call faked, started; records what it was asked. */
function startLoading(fakes: Fakes = {}) {
  const saved: CalcForm[] = [];
  const calcCalls: number[] = [];
  const optionCalls: number[][] = [];
  const alerts = vi.fn();
  const machine = calcModalMachine.provide({
    actors: {
      loadReferences: fromPromise(fakes.references ?? (async () => REFS)),
      // Calc 8 is calc 7 without anything in its check block.
      loadCalc: fromPromise<Calc, number>(async ({ input }) => {
        calcCalls.push(input);
        return input === 8 ? { ...CALC, id: 8, calcEmployeePosition: [] } : CALC;
      }),
      loadJobOptions: fromPromise<JobOptions, number[]>(async ({ input }) => {
        optionCalls.push(input);
        return input.length ? OPTIONS : { positions: [], resourceTypes: [], resources: [], indicators: [] };
      }),
      saveCalc: fromPromise<Calc, CalcForm>(async ({ input }) => {
        saved.push(input);
        await fakes.save?.(input);
        return CALC;
      }),
      evaluateCalc: fromPromise(
        fakes.evaluate ?? (() => Promise.reject(new ApiError('Рейс не найден', {}, 404))),
      ),
    },
    actions: { alertFailure: alerts },
  });
  const actor = createActor(machine).start();
  const savedEvents = vi.fn();
  actor.on('CALC.SAVED', savedEvents);
  return { actor, saved, calcCalls, optionCalls, savedEvents };
}

/** The machine started, once its reference lists are in. */
async function start(fakes: Fakes = {}) {
  const started = startLoading(fakes);
  await waitFor(started.actor, (snapshot) => snapshot.matches('closed'));
  return started;
}

/** A reference answer the test gives when it chooses: `answer()` or `fail()`. */
function heldReferences() {
  const calls: { resolve: (refs: CalcReferences) => void; reject: (error: unknown) => void }[] = [];
  return {
    references: () => new Promise<CalcReferences>((resolve, reject) => calls.push({ resolve, reject })),
    answer: () => calls.shift()?.resolve(REFS),
    fail: () => calls.shift()?.reject(new ApiError('Сервер недоступен')),
    count: () => calls.length,
  };
}

type Actor = Awaited<ReturnType<typeof start>>['actor'];

const form = (actor: Actor) => actor.getSnapshot().context.form;
const errors = (actor: Actor) => actor.getSnapshot().context.errors;
const idle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('loadingOptions') && !s.hasTag('saving'));

/** A valid Duration calc over jobs 101 and 102 with one entry. */
async function fillDuration(actor: Actor) {
  actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Буксировка' });
  actor.send({ type: 'SERVICE.CHANGE', field: 'id_1c', value: 'BUKS' });
  actor.send({ type: 'SOURCE.SET', source: 1 });
  actor.send({ type: 'CALC_TYPE.SET', calcType: 1 });
  actor.send({ type: 'JOBS.SET', jobs: [101, 102] });
  actor.send({
    type: 'ENTRY.CHANGE',
    index: 0,
    patch: { start_job_id: 101, start_param: 1, end_job_id: 102, end_param: 2 },
  });
  await idle(actor);
}

describe('when the screen opens', () => {
  it('loads the reference lists and waits closed', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().context.refs).toEqual(REFS);
  });

  it('shows the failure with a retry when the references fail, and waits closed once the retry loads them', async () => {
    const held = heldReferences();
    const { actor } = startLoading({ references: held.references });
    held.fail();
    await waitFor(actor, (s) => s.hasTag('referencesFailed'));
    actor.send({ type: 'CALC.ADD' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'REFERENCES.RETRY' });
    expect(actor.getSnapshot().hasTag('referencesFailed')).toBe(false);
    held.answer();
    await waitFor(actor, (s) => s.matches('closed'));
    expect(actor.getSnapshot().context.refs).toEqual(REFS);
  });
});

describe('when an edit is asked before the reference lists are in', () => {
  it('opens the calc once the lists load, with the first format and rounding to choose from', async () => {
    const held = heldReferences();
    const { actor, calcCalls } = startLoading({ references: held.references });
    actor.send({ type: 'CALC.EDIT', id: 8 });
    actor.send({ type: 'CALC.EDIT', id: 7 });
    expect(calcCalls).toEqual([]);
    held.answer();
    await waitFor(actor, (s) => s.hasTag('open'));
    expect(calcCalls).toEqual([7]);
    expect(actor.getSnapshot().context.refs).toEqual(REFS);
    expect(form(actor)).toMatchObject({ id: 7, format_id: 5 });
  });

  it('does not open on empty lists when they fail, and an edit asked then loads them again and opens', async () => {
    const held = heldReferences();
    const { actor, calcCalls } = startLoading({ references: held.references });
    actor.send({ type: 'CALC.EDIT', id: 7 });
    held.fail();
    await waitFor(actor, (s) => s.hasTag('referencesFailed'));
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(calcCalls).toEqual([]);
    actor.send({ type: 'CALC.EDIT', id: 8 });
    expect(held.count()).toBe(1);
    held.answer();
    await waitFor(actor, (s) => s.hasTag('open'));
    expect(calcCalls).toEqual([8]);
    expect(form(actor).id).toBe(8);
  });

  it('reads the lists once: a later edit opens without asking them again', async () => {
    const held = heldReferences();
    const { actor, calcCalls } = startLoading({ references: held.references });
    actor.send({ type: 'CALC.EDIT', id: 7 });
    held.answer();
    await waitFor(actor, (s) => s.hasTag('open'));
    await idle(actor);
    actor.send({ type: 'CALC.CLOSE' });
    actor.send({ type: 'CALC.EDIT', id: 8 });
    await waitFor(actor, (s) => s.hasTag('open'));
    expect(calcCalls).toEqual([7, 8]);
    expect(held.count()).toBe(0);
  });
});

describe('when opening to add', () => {
  it('chooses the first format and rounding and group type 1, directions 1 and 2', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(form(actor)).toMatchObject({
      id: null,
      format_id: 4,
      rounding_id: 1,
      group_type: 1,
      calc_type_id: -1,
      calc_direction_id: [1, 2],
      is_rounding_first: true,
      is_accuracy_first: true,
      is_using_plan_time: false,
    });
  });

  it('closes and forgets what was typed by the next opening', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Тест' });
    actor.send({ type: 'CALC.CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'CALC.ADD' });
    expect(form(actor).service?.name_ru).toBe('');
  });

  it('fills the names and mnemocode from a chosen service', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SERVICE.PICK', service: REFS.services[0] });
    expect(form(actor).service).toEqual({ name_ru: 'Буксировка', name_en: 'Towing', id_1c: 'BUKS' });
  });
});

describe('when opening to edit', () => {
  it('loads the calc, derives its job selection and opens the filled check block', async () => {
    const { actor, optionCalls } = await start();
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    await idle(actor);
    const { context } = actor.getSnapshot();
    expect(context.form).toMatchObject({ id: 7, calc_type_id: 1, format_id: 5, coeff: 1.5 });
    expect(context.jobs).toEqual([101, 102]);
    expect(context.checkOpen).toBe(true);
    expect(optionCalls).toEqual([[101, 102]]);
    expect(context.options).toEqual(OPTIONS);
  });

  it('keeps the check block shut when none of its lists is filled', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.EDIT', id: 8 });
    await waitFor(actor, (s) => s.hasTag('open'));
    expect(actor.getSnapshot().context.checkOpen).toBe(false);
  });
});

describe('when the modal would be closed', () => {
  const unsaved = (actor: Actor) => hasUnsavedCalc(actor.getSnapshot().context);

  it('holds no unsaved input as read, after its job options have loaded', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    await idle(actor);
    expect(unsaved(actor)).toBe(false);
  });

  it('holds unsaved input once a field or the jobs change, and none again when the field is put back', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await idle(actor);
    expect(unsaved(actor)).toBe(false);
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Буксировка' });
    expect(unsaved(actor)).toBe(true);
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: '' });
    expect(unsaved(actor)).toBe(false);
    actor.send({ type: 'JOBS.SET', jobs: [101] });
    expect(unsaved(actor)).toBe(true);
  });

  it('opens clean again after it was closed with changes', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    expect(unsaved(actor)).toBe(true);
    actor.send({ type: 'CALC.CLOSE' });
    actor.send({ type: 'CALC.ADD' });
    await idle(actor);
    expect(unsaved(actor)).toBe(false);
  });
});

describe('when choosing the source and the calc type', () => {
  it('resets the medical, VIP and job selections on a new source', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source: 2 });
    actor.send({ type: 'FIELD.SET', field: 'calcMedService', value: [11] });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'JOBS.SET', jobs: [101] });
    actor.send({ type: 'SOURCE.SET', source: 3 });
    const { context } = actor.getSnapshot();
    expect(context.form).toMatchObject({ calcMedService: [], calcVipService: [], calcJob: [] });
    expect(context.jobs).toEqual([]);
  });

  it('forces Operations for medical and VIP sources and refuses another type there', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source: 2 });
    expect(form(actor).calc_type_id).toBe(2);
    actor.send({ type: 'CALC_TYPE.SET', calcType: 1 });
    expect(form(actor).calc_type_id).toBe(2);
    actor.send({ type: 'SOURCE.SET', source: 3 });
    expect(form(actor).calc_type_id).toBe(2);
  });

  it('starts Duration with one empty job entry and clears the entries for another type', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'CALC_TYPE.SET', calcType: 1 });
    expect(form(actor).calcJob).toEqual([EMPTY_ENTRY]);
    actor.send({ type: 'CALC_TYPE.SET', calcType: 2 });
    expect(form(actor).calcJob).toEqual([]);
  });

  it('counts one entry per chosen job under Operations and keeps chosen indicators under Indicators', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'CALC_TYPE.SET', calcType: 3 });
    actor.send({ type: 'JOBS.SET', jobs: [101] });
    actor.send({ type: 'ENTRY.CHANGE', index: 0, patch: { job_indicator_id: 501 } });
    actor.send({ type: 'JOBS.SET', jobs: [101, 103] });
    expect(form(actor).calcJob).toEqual([
      { start_job_id: 101, start_param: null, end_job_id: null, end_param: null, job_indicator_id: 501 },
      { start_job_id: 103, start_param: null, end_job_id: null, end_param: null, job_indicator_id: null },
    ]);
  });
});

describe('when changing the job selection', () => {
  it('resets start and end jobs that left the selection under Duration', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'JOBS.SET', jobs: [101, 103] });
    expect(form(actor).calcJob).toEqual([
      { start_job_id: 101, start_param: 1, end_job_id: -1, end_param: 2, job_indicator_id: null },
    ]);
  });

  it('loads positions, resource types, resources and indicators for the chosen jobs', async () => {
    const { actor, optionCalls } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'JOBS.SET', jobs: [103] });
    await idle(actor);
    expect(optionCalls.at(-1)).toEqual([103]);
    expect(actor.getSnapshot().context.options).toEqual(OPTIONS);
  });

  it('adds and removes Duration entries', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'ENTRY.ADD' });
    expect(form(actor).calcJob).toHaveLength(2);
    actor.send({ type: 'ENTRY.REMOVE', index: 0 });
    expect(form(actor).calcJob).toEqual([EMPTY_ENTRY]);
  });
});

describe('when using the check block', () => {
  it('raises a required error on the jobs when no job is chosen', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'CHECK.OPEN' });
    expect(actor.getSnapshot().context.checkOpen).toBe(false);
    expect(errors(actor)).toEqual({ calcJob: [MESSAGES.required] });
  });

  it('opens with jobs chosen, and closing hides it and empties its lists', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'CHECK.OPEN' });
    expect(actor.getSnapshot().context.checkOpen).toBe(true);
    actor.send({ type: 'CHECK.SET', field: 'calc_resource_type_id', ids: [301] });
    expect(form(actor).calc_resource_type_id).toEqual([301]);
    actor.send({ type: 'CHECK.CLOSE' });
    expect(actor.getSnapshot().context.checkOpen).toBe(false);
    expect(form(actor).calc_resource_type_id).toEqual([]);
  });

  it('drops choices the new jobs no longer offer and shuts when no job is left', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'CHECK.OPEN' });
    actor.send({ type: 'CHECK.SET', field: 'calc_employee_position_id', ids: [201] });
    actor.send({ type: 'JOBS.SET', jobs: [] });
    await idle(actor);
    expect(actor.getSnapshot().context.checkOpen).toBe(false);
    expect(form(actor).calc_employee_position_id).toEqual([]);
  });
});

describe('when setting numbers, rounding and sequence', () => {
  it('clears accuracy on rounding 1 and ignores accuracy while it is chosen', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'ROUNDING.SET', roundingId: 2 });
    actor.send({ type: 'FIELD.SET', field: 'accuracy', value: 0.25 });
    expect(form(actor).accuracy).toBe(0.25);
    actor.send({ type: 'ROUNDING.SET', roundingId: 1 });
    expect(form(actor).accuracy).toBeNull();
    actor.send({ type: 'FIELD.SET', field: 'accuracy', value: 3 });
    expect(form(actor).accuracy).toBeNull();
  });

  it('swaps the order of rounding and of accuracy with the calculation', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'FIELD.SET', field: 'is_rounding_first', value: false });
    actor.send({ type: 'FIELD.SET', field: 'is_accuracy_first', value: false });
    actor.send({ type: 'FIELD.SET', field: 'is_using_plan_time', value: true });
    expect(form(actor)).toMatchObject({
      is_rounding_first: false,
      is_accuracy_first: false,
      is_using_plan_time: true,
    });
  });

  it('takes coeff and minimum amount, empty as null', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'FIELD.SET', field: 'coeff', value: 1.2 });
    actor.send({ type: 'FIELD.SET', field: 'minimum_amount', value: null });
    expect(form(actor)).toMatchObject({ coeff: 1.2, minimum_amount: null });
  });
});

describe('when validating before sending', () => {
  it('flags every required field of an empty form and sends nothing', async () => {
    const { actor, saved } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'FIELD.SET', field: 'calc_direction_id', value: [] });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    expect(errors(actor)).toEqual({
      'service.name_ru': [MESSAGES.required],
      'service.id_1c': [MESSAGES.required],
      calcSourceType: [MESSAGES.required],
      calc_type_id: [MESSAGES.required],
      calc_direction_id: [MESSAGES.required],
    });
    expect(saved).toEqual([]);
  });

  it.each([
    [2, 'calcMedService'],
    [3, 'calcVipService'],
    [1, 'calcJob'],
  ] as const)('requires a selection of source %i under %s', async (source, field) => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SOURCE.SET', source });
    actor.send({ type: 'CALC_TYPE.SET', calcType: 2 });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)[field]).toEqual([MESSAGES.required]);
  });

  it('asks for jobs under the job selection, not under the empty entry, when Duration has none', async () => {
    const { actor, saved } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Буксировка' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'id_1c', value: 'BUKS' });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'CALC_TYPE.SET', calcType: 1 });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)).toEqual({ calcJob: [MESSAGES.required] });
    expect(saved).toEqual([]);
    actor.send({ type: 'JOBS.SET', jobs: [101, 102] });
    expect(errors(actor)).toEqual({});
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)).toEqual({
      'calcJob.0.start_job_id': [MESSAGES.required],
      'calcJob.0.start_param': [MESSAGES.required],
      'calcJob.0.end_job_id': [MESSAGES.required],
      'calcJob.0.end_param': [MESSAGES.required],
    });
  });

  it('requires start job, end job and both params of every Duration entry', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'ENTRY.ADD' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)).toEqual({
      'calcJob.1.start_job_id': [MESSAGES.required],
      'calcJob.1.start_param': [MESSAGES.required],
      'calcJob.1.end_job_id': [MESSAGES.required],
      'calcJob.1.end_param': [MESSAGES.required],
    });
  });

  it('asks to change the job or a param when start and end are the same (needChange)', async () => {
    const { actor, saved } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'ENTRY.CHANGE', index: 0, patch: { end_job_id: 101, end_param: 1 } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)).toEqual({ 'calcJob.0': [CALC_MESSAGES.needChange] });
    expect(saved).toEqual([]);
  });

  it('accepts the same job with different params', async () => {
    const { actor, saved } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'ENTRY.CHANGE', index: 0, patch: { end_job_id: 101, end_param: 2 } });
    actor.send({ type: 'FORM.SUBMIT' });
    await idle(actor);
    expect(saved).toHaveLength(1);
  });

  it('refuses a duplicate duration entry (youTrying)', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'ENTRY.ADD' });
    actor.send({
      type: 'ENTRY.CHANGE',
      index: 1,
      patch: { start_job_id: 101, start_param: 1, end_job_id: 102, end_param: 2 },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)).toEqual({ 'calcJob.1': [CALC_MESSAGES.youTrying] });
  });

  it('requires an indicator for every job of an Indicators calc', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Топливо' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'id_1c', value: 'FUEL' });
    actor.send({ type: 'SOURCE.SET', source: 1 });
    actor.send({ type: 'CALC_TYPE.SET', calcType: 3 });
    actor.send({ type: 'JOBS.SET', jobs: [101] });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errors(actor)).toEqual({ 'calcJob.0.job_indicator_id': [CALC_MESSAGES.indicatorRequired] });
  });

  it('clears the error of the control being edited', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'FORM.SUBMIT' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Буксировка' });
    expect(errors(actor)['service.name_ru']).toBeUndefined();
    expect(errors(actor)['service.id_1c']).toEqual([MESSAGES.required]);
  });
});

describe('when saving', () => {
  it('sends the form, closes, resets and tells the grid to refresh', async () => {
    const { actor, saved, savedEvents } = await start();
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saved[0]).toMatchObject({ id: null, calc_type_id: 1, calcSourceType: 1 });
    // A new calc: no id and no version in the body.
    const payload = calcPayload(saved[0]);
    expect(payload.kind).toBe('create');
    expect(payload.body).not.toHaveProperty('id');
    expect(payload.body).not.toHaveProperty('version');
    expect(savedEvents).toHaveBeenCalledTimes(1);
    expect(form(actor).service?.name_ru).toBe('');
  });

  it('cannot be closed or edited while the save runs', async () => {
    let finish = () => {};
    const { actor } = await start({ save: () => new Promise<void>((resolve) => (finish = resolve)) });
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'CALC.CLOSE' });
    actor.send({ type: 'SERVICE.CHANGE', field: 'name_ru', value: 'Другое' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(form(actor).service?.name_ru).toBe('Буксировка');
    finish();
    await waitFor(actor, (s) => s.matches('closed'));
  });

  it('puts the server field errors under their fields and stays open', async () => {
    const refusal = new ApiError('Проверьте заполнение полей', { 'service.id_1c': ['Уже занят'] }, 422);
    const { actor, savedEvents } = await start({ save: () => Promise.reject(refusal) });
    actor.send({ type: 'CALC.ADD' });
    await fillDuration(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches({ open: { form: 'failure' } }));
    expect(errors(actor)).toEqual({ 'service.id_1c': ['Уже занят'] });
    expect(actor.getSnapshot().context.message).toBe('Проверьте заполнение полей');
    expect(savedEvents).not.toHaveBeenCalled();
    actor.send({ type: 'CALC.CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('sends an update with the id of the edited calc and the version it read', async () => {
    const { actor, saved } = await start();
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    actor.send({ type: 'FIELD.SET', field: 'coeff', value: 2 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saved[0]).toMatchObject({ id: 7, coeff: 2, version: '1543' });
    expect(calcPayload(saved[0])).toMatchObject({
      kind: 'update',
      body: { id: 7, coeff: 2, version: '1543' },
    });
  });

  it('starts the next add without the version of a calc edited before', async () => {
    const { actor, saved } = await start();
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    actor.send({ type: 'CALC.CLOSE' });
    actor.send({ type: 'CALC.ADD' });
    expect(form(actor).version).toBeNull();
    await fillDuration(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calcPayload(saved[0]).body).not.toHaveProperty('version');
  });

  it('keeps the form open with the message when another user saved the calc first (409)', async () => {
    const { actor, savedEvents } = await start({
      save: () => Promise.reject(new ApiError(MESSAGES.staleEdit, {}, 409)),
    });
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    actor.send({ type: 'FIELD.SET', field: 'coeff', value: 2 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches({ open: { form: 'failure' } }));
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(context.message).toBe(MESSAGES.staleEdit);
    expect(context.errors).toEqual({});
    expect(context.form).toMatchObject({ id: 7, coeff: 2, version: '1543' });
    expect(savedEvents).not.toHaveBeenCalled();
  });
});

describe('when evaluating on a flight', () => {
  const EVALUATION = { calc_id: 7, flight_aid: 42, result: 3 } as unknown as CalcEvaluation;

  it('evaluates the saved calc on the chosen turnaround', async () => {
    const evaluate = vi.fn(async () => EVALUATION);
    const { actor } = await start({ evaluate });
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    actor.send({ type: 'EVALUATION.RUN' });
    expect(evaluate).not.toHaveBeenCalled();
    actor.send({ type: 'EVALUATION.FLIGHT', flightAid: 42 });
    actor.send({ type: 'EVALUATION.RUN' });
    await waitFor(actor, (s) => !s.hasTag('evaluating'));
    expect(evaluate).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.evaluation.result).toBe(EVALUATION);
  });

  it('shows the server message when the evaluation fails', async () => {
    const { actor } = await start();
    actor.send({ type: 'CALC.EDIT', id: 7 });
    await waitFor(actor, (s) => s.hasTag('open'));
    actor.send({ type: 'EVALUATION.FLIGHT', flightAid: 999 });
    actor.send({ type: 'EVALUATION.RUN' });
    await waitFor(actor, (s) => !s.hasTag('evaluating'));
    expect(actor.getSnapshot().context.evaluation).toMatchObject({ result: null, message: 'Рейс не найден' });
  });

  it('does not evaluate a calc that is not saved yet', async () => {
    const evaluate = vi.fn(async () => EVALUATION);
    const { actor } = await start({ evaluate });
    actor.send({ type: 'CALC.ADD' });
    actor.send({ type: 'EVALUATION.FLIGHT', flightAid: 42 });
    actor.send({ type: 'EVALUATION.RUN' });
    expect(actor.getSnapshot().hasTag('evaluating')).toBe(false);
  });
});
