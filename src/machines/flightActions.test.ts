import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { EmployeesAction, ExportedFile, ExportRequest } from '../app/flight-table/api.ts';
import type { CombineResult, DivideResult, EmployeesResult, TgoOption } from '../shared/flight-table.ts';
import { flightActionsMachine } from './flightActions.ts';
import { combinedLegs, dividedLegs, employeesMessage, type FlightMessage } from './flightActionsMessages.ts';

const TGOS: TgoOption[] = [
  { id: 4, name: 'Стандарт A320', direction: 1, current: false },
  { id: 7, name: 'Короткий оборот', direction: 1, current: true },
];
const REQUEST: ExportRequest = { from: '01.06.2026', to: '01.06.2026', columns: ['flight', 'date'] };

interface Fakes {
  deleteRows?: (aids: number[]) => Promise<void>;
  divideRow?: (aid: number) => Promise<DivideResult>;
  combineRows?: (pair: { arrivalFlightId: number; departureFlightId: number }) => Promise<CombineResult>;
  changeEmployees?: (action: EmployeesAction, aids: number[]) => Promise<EmployeesResult>;
  loadTgos?: (aids: number[]) => Promise<TgoOption[]>;
  applyTgo?: (input: { aids: number[]; tgoId: number }) => Promise<void>;
  exportFile?: (
    request: ExportRequest,
    report: (received: number, total: number | null) => void,
  ) => Promise<ExportedFile>;
}

const refused = (message: string) => Promise.reject(new ApiError(message, {}, 422));

/** The machine on fakes; what it asks of the screen (reloads, messages, files) and of the server is recorded. */
function start(fakes: Fakes = {}) {
  const seen = {
    changed: 0,
    messages: [] as FlightMessage[],
    files: [] as ExportedFile[],
    calls: [] as unknown[],
    paired: [] as number[][],
  };
  const logic = flightActionsMachine.provide({
    actors: {
      deleteRows: fromPromise(async ({ input }: { input: { aids: number[] } }) => {
        seen.calls.push(['delete', input.aids]);
        return (fakes.deleteRows ?? (async () => undefined))(input.aids);
      }),
      divideRow: fromPromise(async ({ input }: { input: { aid: number } }) => {
        seen.calls.push(['divide', input.aid]);
        return (fakes.divideRow ?? (async () => ({ arrival_aid: input.aid, departure_aid: 99 })))(input.aid);
      }),
      combineRows: fromPromise(
        async ({ input }: { input: { arrivalFlightId: number; departureFlightId: number } }) => {
          seen.calls.push(['combine', input]);
          return (fakes.combineRows ?? (async () => ({ aid: 77 })))(input);
        },
      ),
      changeEmployees: fromPromise(
        async ({ input }: { input: { action: EmployeesAction; aids: number[] } }) => {
          seen.calls.push([input.action, input.aids]);
          const result = await (
            fakes.changeEmployees ?? (async () => ({ tasks: 6, assignments: 4, missing: 0 }))
          )(input.action, input.aids);
          return { action: input.action, result };
        },
      ),
      loadTgos: fromPromise(async ({ input }: { input: { aids: number[] } }) => {
        seen.calls.push(['tgos', input.aids]);
        return (fakes.loadTgos ?? (async () => TGOS))(input.aids);
      }),
      applyTgo: fromPromise(async ({ input }: { input: { aids: number[]; tgoId: number } }) => {
        seen.calls.push(['fill', input]);
        return (fakes.applyTgo ?? (async () => undefined))(input);
      }),
      exportFile: fromPromise(
        async ({
          input,
        }: {
          input: { request: ExportRequest; report: (received: number, total: number | null) => void };
        }) => {
          seen.calls.push(['export', input.request]);
          return (
            fakes.exportFile ??
            (async () => ({
              blob: new Blob(['x']),
              name: 'Суточный план полетов на 01.06.2026 - 01.06.2026.xlsx',
            }))
          )(input.request, input.report);
        },
      ),
    },
    actions: {
      reportChanged: () => {
        seen.changed += 1;
      },
      reportPaired: (_, aids: number[]) => {
        seen.paired.push(aids);
      },
      showMessage: (_, message: FlightMessage) => {
        seen.messages.push(message);
      },
      saveFile: (_, file: ExportedFile) => {
        seen.files.push(file);
      },
    },
  });
  const actor = createActor(logic).start();
  return { actor, seen };
}

type Actor = ReturnType<typeof start>['actor'];
const idle = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches('idle'));

describe('when deleting rows', () => {
  it('asks for a confirmation first and deletes nothing on cancel', () => {
    const { actor, seen } = start();
    actor.send({ type: 'DELETE.REQUEST', aids: [3, 5] });
    expect(actor.getSnapshot().hasTag('confirmingDelete')).toBe(true);
    actor.send({ type: 'DELETE.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(seen.calls).toEqual([]);
  });

  it('ignores a delete request without chosen rows', () => {
    const { actor } = start();
    actor.send({ type: 'DELETE.REQUEST', aids: [] });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('deletes the chosen rows on confirmation and reloads the table', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'DELETE.REQUEST', aids: [3, 5] });
    actor.send({ type: 'DELETE.CONFIRM' });
    await idle(actor);
    expect(seen.calls).toEqual([['delete', [3, 5]]]);
    expect(seen.changed).toBe(1);
    expect(seen.messages).toEqual([{ text: 'Удалено', tone: 'Success' }]);
  });

  it('keeps the confirmation open with the refusal, and reloads what may have gone', async () => {
    const { actor, seen } = start({ deleteRows: () => refused('Строка не найдена') });
    actor.send({ type: 'DELETE.REQUEST', aids: [3] });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmingDelete'));
    expect(actor.getSnapshot().context.error).toBe('Строка не найдена');
    expect(seen.changed).toBe(1);
  });
});

describe('when dividing or combining', () => {
  const LEGS = 'S7 407 (23.11) и S7 406 (24.11)';

  it('names the legs of a paired row with their days, the departure on the day its plan names', () => {
    expect(dividedLegs({ flight: 'S7 407 / S7 406', date: '23.11.2026', plan: '21:15 / 24.11 06:00' })).toBe(
      LEGS,
    );
    expect(dividedLegs({ flight: 'SU 1234 / SU 1235', date: '10.03.2026', plan: '14:20 / 15:30' })).toBe(
      'SU 1234 (10.03) и SU 1235 (10.03)',
    );
    expect(
      combinedLegs({ flight: 'S7 407', date: '23.11.2026' }, { flight: 'S7 406', date: '24.11.2026' }),
    ).toBe(LEGS);
  });

  it('asks before a divide and divides nothing on cancel', () => {
    const { actor, seen } = start();
    actor.send({ type: 'DIVIDE.REQUEST', aid: 12, legs: LEGS });
    expect(actor.getSnapshot().hasTag('confirmingDivide')).toBe(true);
    expect(actor.getSnapshot().context.legs).toBe(LEGS);
    actor.send({ type: 'DIVIDE.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(seen.calls).toEqual([]);
  });

  it('goes from none through pending to fulfilled on a confirmed divide, reloads, names both legs and chooses both rows', async () => {
    const { actor, seen } = start();
    expect(actor.getSnapshot().context.pairing.status).toBe('none');
    actor.send({ type: 'DIVIDE.REQUEST', aid: 12, legs: LEGS });
    actor.send({ type: 'DIVIDE.CONFIRM' });
    expect(actor.getSnapshot().context.pairing.status).toBe('pending');
    await idle(actor);
    expect(actor.getSnapshot().context.pairing).toEqual({ status: 'fulfilled', message: null });
    expect(seen.calls).toEqual([['divide', 12]]);
    expect(seen.changed).toBe(1);
    expect(seen.paired).toEqual([[12, 99]]);
    expect(seen.messages).toEqual([{ text: `Рейс разделён: ${LEGS}`, tone: 'Success' }]);
  });

  it('rejects a divide with the server message and shows it', async () => {
    const { actor, seen } = start({ divideRow: () => refused('Рейс не связан: делить нечего') });
    actor.send({ type: 'DIVIDE.REQUEST', aid: 12, legs: LEGS });
    actor.send({ type: 'DIVIDE.CONFIRM' });
    await idle(actor);
    expect(actor.getSnapshot().context.pairing).toEqual({
      status: 'rejected',
      message: 'Рейс не связан: делить нечего',
    });
    expect(seen.messages).toEqual([{ text: 'Рейс не связан: делить нечего', tone: 'Danger' }]);
    expect(seen.changed).toBe(0);
  });

  it('combines the arrival leg with the departure leg, names both and chooses the paired row', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'COMBINE.RUN', arrivalFlightId: 101, departureFlightId: 202, legs: LEGS });
    await idle(actor);
    expect(seen.calls).toEqual([['combine', { arrivalFlightId: 101, departureFlightId: 202 }]]);
    expect(actor.getSnapshot().context.pairing.status).toBe('fulfilled');
    expect(seen.changed).toBe(1);
    expect(seen.paired).toEqual([[77]]);
    expect(seen.messages).toEqual([{ text: `Рейсы связаны: ${LEGS}`, tone: 'Success' }]);
  });

  it("rejects a combine with 'Ошибка' when the failure carries no message", async () => {
    const { actor, seen } = start({ combineRows: () => Promise.reject(new ApiError(' ', {}, 500)) });
    actor.send({ type: 'COMBINE.RUN', arrivalFlightId: 101, departureFlightId: 202, legs: LEGS });
    await idle(actor);
    expect(actor.getSnapshot().context.pairing).toEqual({ status: 'rejected', message: 'Ошибка' });
    expect(seen.messages).toEqual([{ text: 'Ошибка', tone: 'Danger' }]);
  });

  it('runs one action at a time: a second combine while one is pending is ignored', () => {
    const { actor, seen } = start({ combineRows: () => new Promise(() => undefined) });
    actor.send({ type: 'COMBINE.RUN', arrivalFlightId: 1, departureFlightId: 2, legs: LEGS });
    actor.send({ type: 'COMBINE.RUN', arrivalFlightId: 3, departureFlightId: 4, legs: LEGS });
    expect(seen.calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('when setting or dropping employees', () => {
  it('sets the employees of the rows, reloads and says how many were assigned', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'EMPLOYEES.CHANGE', action: 'set-employees', aids: [1, 2] });
    await idle(actor);
    expect(seen.calls).toEqual([['set-employees', [1, 2]]]);
    expect(seen.changed).toBe(1);
    expect(seen.messages).toEqual([{ text: 'Сотрудники назначены: 4', tone: 'Success' }]);
  });

  it('says why nobody was assigned instead of a green «Успешно: … 0»', () => {
    expect(employeesMessage('set-desk-employees', { tasks: 0, assignments: 0, missing: 0 })).toEqual({
      text: 'Никто не назначен: у выбранных рейсов нет задач стоек (регистрации или выхода на посадку)',
      tone: 'Warning',
    });
    expect(employeesMessage('set-employees', { tasks: 0, assignments: 0, missing: 0 }).text).toBe(
      'Никто не назначен: у выбранных рейсов нет задач (примените ТГО)',
    );
    expect(employeesMessage('set-desk-employees', { tasks: 4, assignments: 0, missing: 3 })).toEqual({
      text: 'Никто не назначен: нет свободных сотрудников на смене нужных должностей; не хватает сотрудников: 3',
      tone: 'Warning',
    });
    expect(employeesMessage('set-employees', { tasks: 4, assignments: 0, missing: 0 })).toEqual({
      text: 'Никто не назначен: все места в задачах уже заняты',
      tone: 'Warning',
    });
    expect(employeesMessage('drop-employees', { tasks: 4, assignments: 0, missing: 5 }).tone).toBe('Warning');
  });

  it('warns when places stay empty after a set', () => {
    expect(employeesMessage('set-desk-employees', { tasks: 3, assignments: 1, missing: 2 })).toEqual({
      text: 'Сотрудники стоек назначены: 1; не хватает сотрудников: 2',
      tone: 'Warning',
    });
  });

  it('asks before dropping: nothing is sent until confirmed, and a cancel sends nothing', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'EMPLOYEES.CHANGE', action: 'drop-employees', aids: [9, 10] });
    expect(actor.getSnapshot().hasTag('confirmingDrop')).toBe(true);
    expect(actor.getSnapshot().context.aids).toEqual([9, 10]);
    expect(seen.calls).toEqual([]);
    actor.send({ type: 'DROP.CANCEL' });
    await idle(actor);
    expect(seen.calls).toEqual([]);
    actor.send({ type: 'EMPLOYEES.CHANGE', action: 'drop-employees', aids: [9] });
    actor.send({ type: 'DROP.CONFIRM' });
    await idle(actor);
    expect(seen.calls).toEqual([['drop-employees', [9]]]);
  });

  it('drops the employees once confirmed and reports a refusal without reloading', async () => {
    const { actor, seen } = start({ changeEmployees: () => refused('Нет прав') });
    actor.send({ type: 'EMPLOYEES.CHANGE', action: 'drop-employees', aids: [9] });
    actor.send({ type: 'DROP.CONFIRM' });
    await idle(actor);
    expect(seen.calls).toEqual([['drop-employees', [9]]]);
    expect(seen.changed).toBe(0);
    expect(seen.messages).toEqual([{ text: 'Нет прав', tone: 'Danger' }]);
  });
});

describe('when choosing a common TGO', () => {
  it('opens the dialog on the TGOs the rows share, the current one chosen', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'TGO.OPEN', aids: [1, 2] });
    await waitFor(actor, (snapshot) => snapshot.matches('choosingTgo'));
    expect(seen.calls).toEqual([['tgos', [1, 2]]]);
    expect(actor.getSnapshot().context.tgos).toEqual(TGOS);
    expect(actor.getSnapshot().context.tgoId).toBe(7);
  });

  it("says 'У выбранных рейсов отсутствуют одинаковые ТГО' when they share none", async () => {
    const { actor, seen } = start({ loadTgos: async () => [] });
    actor.send({ type: 'TGO.OPEN', aids: [1, 2] });
    await idle(actor);
    expect(seen.messages).toEqual([
      { text: 'У выбранных рейсов отсутствуют одинаковые ТГО', tone: 'Warning' },
    ]);
  });

  it('reports a failed TGO list and stays closed', async () => {
    const { actor, seen } = start({ loadTgos: () => refused('Сервер недоступен') });
    actor.send({ type: 'TGO.OPEN', aids: [1] });
    await idle(actor);
    expect(seen.messages).toEqual([{ text: 'Сервер недоступен', tone: 'Danger' }]);
  });

  it('applies the chosen TGO to the rows, reloads and closes', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'TGO.OPEN', aids: [1, 2] });
    await waitFor(actor, (snapshot) => snapshot.matches('choosingTgo'));
    actor.send({ type: 'TGO.CHOOSE', tgoId: 4 });
    actor.send({ type: 'TGO.APPLY' });
    await idle(actor);
    expect(seen.calls.at(-1)).toEqual(['fill', { aids: [1, 2], tgoId: 4 }]);
    expect(seen.changed).toBe(1);
    expect(seen.messages).toEqual([{ text: 'ТГО применено', tone: 'Success' }]);
  });

  it('keeps the dialog open with the refusal when applying fails', async () => {
    const { actor, seen } = start({
      applyTgo: () => refused('ТГО не подходит ни к одному выбранному рейсу'),
    });
    actor.send({ type: 'TGO.OPEN', aids: [1] });
    await waitFor(actor, (snapshot) => snapshot.matches('choosingTgo'));
    actor.send({ type: 'TGO.APPLY' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosingTgo') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('ТГО не подходит ни к одному выбранному рейсу');
    expect(seen.changed).toBe(0);
    actor.send({ type: 'TGO.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.tgos).toEqual([]);
  });
});

describe('when exporting', () => {
  it('shows the progress while the file arrives, then hands the file to the screen', async () => {
    let finish: (file: ExportedFile) => void = () => undefined;
    let report: (received: number, total: number | null) => void = () => undefined;
    const { actor, seen } = start({
      exportFile: (_request, progress) => {
        report = progress;
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
    });
    actor.send({ type: 'EXPORT.START', request: REQUEST });
    await waitFor(actor, () => seen.calls.length === 1);
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    report(512, 2048);
    expect(actor.getSnapshot().context.progress).toEqual({ received: 512, total: 2048 });
    const file = { blob: new Blob(['xlsx']), name: 'Суточный план полетов на 01.06.2026 - 01.06.2026.xlsx' };
    finish(file);
    await idle(actor);
    expect(seen.calls).toEqual([['export', REQUEST]]);
    expect(seen.files).toEqual([file]);
    expect(actor.getSnapshot().context.progress).toEqual({ received: 0, total: null });
  });

  it('reports a failed export', async () => {
    const { actor, seen } = start({ exportFile: () => refused('Ожидается ДД.ММ.ГГГГ - ДД.ММ.ГГГГ') });
    actor.send({ type: 'EXPORT.START', request: REQUEST });
    await idle(actor);
    expect(seen.files).toEqual([]);
    expect(seen.messages).toEqual([{ text: 'Ожидается ДД.ММ.ГГГГ - ДД.ММ.ГГГГ', tone: 'Danger' }]);
  });
});
