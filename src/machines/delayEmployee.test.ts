import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import {
  DELAY_EMPLOYEE_MESSAGES,
  type DelayAssign,
  type DelayEmployee,
  type EmployeeOption,
} from '../shared/delay-employee.ts';
import { MESSAGES } from '../shared/messages.ts';
import { assignBody, changedCount, delayEmployeeMachine, shownEmployee } from './delayEmployee.ts';

const IVANOV = { id: 7, name: 'Иванов Иван Иванович' };
const PETROV = { id: 8, name: 'Петров Пётр Петрович' };
const row = (id: number, employee: DelayEmployee['employee'], version = `${1540 + id}`): DelayEmployee => ({
  id,
  flight_id: 100 + id,
  flight_number: `SU${1000 + id}`,
  direction: 1,
  plan_at: '2026-03-09 10:00:00',
  number_code: '93',
  letter_code: 'RA',
  transcript: 'Позднее прибытие ВС предыдущим рейсом',
  minutes: 35,
  employee,
  version,
});
const ROWS = [row(1, null), row(2, IVANOV)];
const EMPLOYEES: EmployeeOption[] = [{ ...PETROV, employeePosition: { id: 3, name: 'Диспетчер' } }];

/** The machine on fakes: `save` decides the server's answer; loads, searches and saves are recorded. */
function start(save: (body: DelayAssign) => Promise<DelayEmployee[]> = async () => []) {
  const calls = { days: [] as string[], searches: [] as string[], saves: [] as DelayAssign[] };
  const logic = delayEmployeeMachine.provide({
    actors: {
      loadDay: fromPromise(async ({ input }: { input: { date: string } }) => {
        calls.days.push(input.date);
        return ROWS;
      }),
      searchEmployees: fromPromise(async ({ input }: { input: { search: string } }) => {
        calls.searches.push(input.search);
        return EMPLOYEES;
      }),
      saveAssignments: fromPromise(async ({ input }: { input: DelayAssign }) => {
        calls.saves.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(logic, { input: { date: '2026-03-09' } }).start();
  return { actor, calls };
}
type Actor = ReturnType<typeof start>['actor'];
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches({ day: { ready: 'idle' } }));

describe('when the screen opens', () => {
  it('loads the chosen day and the first page of employees', async () => {
    const { actor, calls } = start();
    await ready(actor);
    await waitFor(actor, (s) => s.matches({ employees: 'idle' }));
    expect(calls.days).toEqual(['2026-03-09']);
    expect(calls.searches).toEqual(['']);
    expect(actor.getSnapshot().context.rows).toEqual(ROWS);
    expect(actor.getSnapshot().context.employees).toEqual(EMPLOYEES);
  });

  it('shows the server text when the day fails to load and loads again on retry', async () => {
    const logic = delayEmployeeMachine.provide({
      actors: {
        loadDay: fromPromise(
          (): Promise<DelayEmployee[]> => Promise.reject(new ApiError('Нет связи', {}, 500)),
        ),
        searchEmployees: fromPromise(async () => EMPLOYEES),
      },
    });
    const actor = createActor(logic, { input: { date: '2026-03-09' } }).start();
    await waitFor(actor, (s) => s.matches({ day: 'failed' }));
    expect(actor.getSnapshot().context.message).toBe('Нет связи');
    actor.send({ type: 'LOAD.RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });
});

describe('when assigning employees', () => {
  it('records a choice, and forgets it when the stored employee is chosen again', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: PETROV });
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 2, employee: null });
    const context = actor.getSnapshot().context;
    expect(shownEmployee(context, ROWS[0])).toEqual(PETROV);
    expect(shownEmployee(context, ROWS[1])).toBeNull();
    expect(assignBody(context)).toEqual({
      items: [
        { delay_id: 1, employee_id: PETROV.id, version: '1541' },
        { delay_id: 2, employee_id: null, version: '1542' },
      ],
    });
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 2, employee: IVANOV });
    expect(changedCount(actor.getSnapshot().context)).toBe(1);
  });

  it('does not save when nothing changed', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().matches({ day: { ready: 'idle' } })).toBe(true);
    expect(calls.saves).toEqual([]);
  });

  it('saves the changes with the versions read, stores the answer and shows «Изменения успешно сохранены»', async () => {
    const { actor, calls } = start(async () => [row(1, PETROV, '1601')]);
    await ready(actor);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: PETROV });
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('saved'));
    const context = actor.getSnapshot().context;
    expect(calls.saves).toEqual([{ items: [{ delay_id: 1, employee_id: PETROV.id, version: '1541' }] }]);
    expect(context.notice).toBe('Изменения успешно сохранены');
    expect(context.rows[0].employee).toEqual(PETROV);
    expect(changedCount(context)).toBe(0);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 2, employee: null });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(actor.getSnapshot().matches({ day: { ready: 'idle' } })).toBe(true);
  });

  it('sends the new version of the answer with the next save of the delay', async () => {
    const { actor, calls } = start(async (body) =>
      body.items.map((item) => row(item.delay_id, item.employee_id === null ? null : PETROV, '1601')),
    );
    await ready(actor);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: PETROV });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.hasTag('saved'));
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: null });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, () => calls.saves.length === 2);
    expect(calls.saves[1]).toEqual({ items: [{ delay_id: 1, employee_id: null, version: '1601' }] });
  });

  it('keeps the changes and shows the message when another user changed a delay first (409)', async () => {
    const refused = new ApiError(
      MESSAGES.staleEdit,
      { 'items.1.employee_id': [DELAY_EMPLOYEE_MESSAGES.changed] },
      409,
    );
    const { actor, calls } = start(() => Promise.reject(refused));
    await ready(actor);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: PETROV });
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 2, employee: null });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches({ day: { ready: 'idle' } }) && s.context.message !== null);
    const context = actor.getSnapshot().context;
    expect(context).toMatchObject({
      message: MESSAGES.staleEdit,
      fields: { 'items.1.employee_id': [DELAY_EMPLOYEE_MESSAGES.changed] },
      notice: null,
      rows: ROWS,
    });
    expect(assignBody(context)).toEqual(calls.saves[0]);
    expect(calls.days).toHaveLength(1);
  });

  it('keeps the changes and the field errors when the save is refused', async () => {
    const refusal = new ApiError(
      'Проверьте заполнение полей',
      { 'items.0.employee_id': ['Нет сотрудника'] },
      422,
    );
    const { actor } = start(() => Promise.reject(refusal));
    await ready(actor);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: PETROV });
    actor.send({ type: 'CHANGES.SAVE' });
    await ready(actor);
    const context = actor.getSnapshot().context;
    expect(context.fields).toEqual({ 'items.0.employee_id': ['Нет сотрудника'] });
    expect(context.notice).toBeNull();
    expect(changedCount(context)).toBe(1);
  });
});

describe('when the day or the search changes', () => {
  it('loads the other day and drops unsaved choices', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'EMPLOYEE.CHOOSE', delayId: 1, employee: PETROV });
    actor.send({ type: 'DATE.CHANGE', date: '2026-03-08' });
    await ready(actor);
    expect(calls.days).toEqual(['2026-03-09', '2026-03-08']);
    expect(changedCount(actor.getSnapshot().context)).toBe(0);
  });

  it('searches the typed name once typing pauses', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ employees: 'idle' }));
    actor.send({ type: 'SEARCH.CHANGE', search: 'Пе' });
    actor.send({ type: 'SEARCH.CHANGE', search: 'Пет' });
    await waitFor(actor, (s) => s.matches({ employees: 'idle' }));
    expect(calls.searches).toEqual(['', 'Пет']);
  });
});
