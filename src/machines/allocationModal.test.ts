import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AllocationReferences } from '../app/allocation/api.ts';
import { ApiError } from '../app/api/errors.ts';
import {
  ALLOCATION_MESSAGES,
  type Allocation,
  type AllocationInput,
  type NamedItem,
} from '../shared/allocation.ts';
import { MESSAGES } from '../shared/messages.ts';
import { coefMessages } from './allocationForm.ts';
import { ALLOCATION_ERROR_TITLES, allocationModalMachine } from './allocationModal.ts';

const REFERENCES: AllocationReferences = {
  contractors: [
    { id: 1, name: 'ООО «Казань Хэндлинг»' },
    { id: 2, name: 'ООО «Клининг Плюс»' },
  ],
  coefTypes: [
    { id: 1, name: 'Коэффициент приоритета' },
    { id: 2, name: 'Коэффициент обеспеченности' },
  ],
};

const ROW: Allocation = {
  id: 7,
  contractor_id: 1,
  contractor: { id: 1, name: 'ООО «Казань Хэндлинг»' },
  department_id: 31,
  department: { id: 31, name: 'КХ-Перрон' },
  is_priority_set: true,
  is_provide_set: false,
  distance_range_set: { from: 0, to: 1500 },
  coefs: [{ coef_type_id: 2, coef_type: { id: 2, name: 'Коэффициент обеспеченности' }, value: 0.9 }],
  version: '1543',
};

interface Fakes {
  references?: () => Promise<AllocationReferences>;
  departments?: (contractorId: number) => Promise<NamedItem[]>;
  get?: (id: number) => Promise<Allocation>;
  create?: (payload: AllocationInput) => Promise<Allocation>;
  update?: (input: { id: number; payload: AllocationInput }) => Promise<Allocation>;
  remove?: (id: number) => Promise<void>;
}

/** The machine with every call through api.ts a fake; records what was sent. */
function start(fakes: Fakes = {}) {
  const sent = {
    created: [] as AllocationInput[],
    updated: [] as { id: number; payload: AllocationInput }[],
    deleted: [] as number[],
    departmentsOf: [] as number[],
  };
  const effects = { refreshList: vi.fn(), announceSaved: vi.fn(), announceDeleted: vi.fn() };
  const machine = allocationModalMachine.provide({
    actors: {
      loadReferences: fromPromise(() => (fakes.references ?? (async () => REFERENCES))()),
      loadChoices: fromPromise<NamedItem[], number>(({ input }) => {
        sent.departmentsOf.push(input);
        return (fakes.departments ?? (async (id) => [{ id: id * 30 + 1, name: `Отдел ${id}` }]))(input);
      }),
      getRow: fromPromise<Allocation, number>(({ input }) => (fakes.get ?? (async () => ROW))(input)),
      saveRow: fromPromise<unknown, { id: number | null; payload: AllocationInput }>(({ input }) => {
        if (input.id === null) {
          sent.created.push(input.payload);
          return (fakes.create ?? (async () => ROW))(input.payload);
        }
        const update = { id: input.id, payload: input.payload };
        sent.updated.push(update);
        return (fakes.update ?? (async () => ROW))(update);
      }),
      deleteRow: fromPromise<void, number>(({ input }) => {
        sent.deleted.push(input);
        return (fakes.remove ?? (async () => undefined))(input);
      }),
    },
    actions: effects,
  });
  return { actor: createActor(machine).start(), sent, effects };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) =>
  waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('saving') && !s.hasTag('choicesLoading'));

describe('when the screen opens', () => {
  it('asks for the contractors and coefficient types', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.context.references !== null);
    expect(actor.getSnapshot().context.references).toEqual(REFERENCES);
  });

  it('keeps the failure of the lists (a popup titled as a read) and retries', async () => {
    let fail = true;
    const { actor } = start({
      references: async () => {
        if (fail) throw new ApiError('Сервер недоступен', {}, 0);
        return REFERENCES;
      },
    });
    await waitFor(actor, (s) => s.hasTag('referencesFailed'));
    expect(actor.getSnapshot().context).toMatchObject({
      failure: 'references',
      message: 'Сервер недоступен',
    });
    expect(ALLOCATION_ERROR_TITLES.references).toBe('Не удалось загрузить данные');
    fail = false;
    actor.send({ type: 'ERROR.CLOSE' });
    actor.send({ type: 'REFERENCES.RETRY' });
    await waitFor(actor, (s) => s.context.references !== null);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('when creating', () => {
  it('opens an empty form of type create', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.modalType).toBe('create');
    expect(actor.getSnapshot().context.form.contractor_id).toBeNull();
  });

  it('loads the departments of the chosen contractor and forgets the chosen department', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'contractor', id: 1 } });
    await settled(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'department', id: 31 } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'contractor', id: 2 } });
    expect(actor.getSnapshot().context.form.department_id).toBeNull();
    await settled(actor);
    expect(sent.departmentsOf).toEqual([1, 2]);
    expect(actor.getSnapshot().context.choices).toEqual([{ id: 61, name: 'Отдел 2' }]);
  });

  it('keeps only the departments of the newest contractor', async () => {
    let answerSlowly: (items: NamedItem[]) => void = () => undefined;
    const slow = new Promise<NamedItem[]>((resolve) => {
      answerSlowly = resolve;
    });
    const { actor } = start({
      departments: (id) => (id === 1 ? slow : Promise.resolve([{ id: 61, name: 'Отдел 2' }])),
    });
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'contractor', id: 1 } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'contractor', id: 2 } });
    await settled(actor);
    answerSlowly([{ id: 31, name: 'Отдел 1' }]);
    await Promise.resolve();
    expect(actor.getSnapshot().context.choices).toEqual([{ id: 61, name: 'Отдел 2' }]);
  });

  it('refuses an empty form under its controls without calling the server', () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'distance', end: 'from', value: '500' } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'distance', end: 'to', value: '100' } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'coef', coefTypeId: 2, value: '0,123456' } });
    actor.send({ type: 'FORM.SUBMIT' });
    const { errors, form } = actor.getSnapshot().context;
    expect(errors).toMatchObject({
      contractor_id: [MESSAGES.required],
      department_id: [MESSAGES.required],
      'distance_range_set.to': [ALLOCATION_MESSAGES.reversed],
    });
    expect(coefMessages(form, errors)).toEqual({ 2: ALLOCATION_MESSAGES.coefDecimals });
    expect(sent.created).toEqual([]);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('sends the body, refreshes the list and closes', async () => {
    const { actor, sent, effects } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'contractor', id: 1 } });
    await settled(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'department', id: 31 } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'flag', field: 'is_provide_set', value: true } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'coef', coefTypeId: 1, value: '1,5' } });
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(sent.created).toEqual([
      {
        contractor_id: 1,
        department_id: 31,
        is_priority_set: false,
        is_provide_set: true,
        distance_range_set: null,
        coefs: [{ coef_type_id: 1, value: 1.5 }],
      },
    ]);
    expect(effects.refreshList).toHaveBeenCalledOnce();
    expect(effects.announceSaved).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('keeps the failure create and the server fields under the controls', async () => {
    const { actor } = start({
      create: async () => {
        throw new ApiError('Проверьте заполнение полей', { department_id: ['Нет в справочнике: 31'] }, 422);
      },
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'createOnBasis', id: 7 });
    await settled(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({
      failure: 'create',
      errors: { department_id: ['Нет в справочнике: 31'] },
    });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });
});

describe('when creating on the basis of a row', () => {
  it('copies the row without its id and creates a new allocation', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'createOnBasis', id: 7 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(context.modalType).toBe('createOnBasis');
    expect(context.form).toMatchObject({
      id: null,
      contractor_id: 1,
      distance_from: '0',
      coefs: { 2: '0.9' },
    });
    expect(context.choices).toEqual([{ id: 31, name: 'Отдел 1' }]);
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(sent.created[0]).toMatchObject({ department_id: 31, distance_range_set: { from: 0, to: 1500 } });
    // A new row: the copied row's version is not sent.
    expect(sent.created[0]).not.toHaveProperty('version');
    expect(sent.updated).toEqual([]);
  });
});

describe('when editing', () => {
  it('updates the row by its id, sending back the version it read', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await settled(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'distance', end: 'to', value: '' } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'distance', end: 'from', value: '' } });
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(sent.updated).toEqual([
      { id: 7, payload: expect.objectContaining({ distance_range_set: null, version: '1543' }) },
    ]);
  });

  it('keeps the form open with the message when another user saved the row first (409)', async () => {
    const { actor, effects } = start({
      update: async () => {
        throw new ApiError(MESSAGES.staleEdit, {}, 409);
      },
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await settled(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'flag', field: 'is_provide_set', value: true } });
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('open')).toBe(true);
    expect(snapshot.context).toMatchObject({ failure: 'update', message: MESSAGES.staleEdit });
    expect(snapshot.context.form.is_provide_set).toBe(true);
    expect(effects.refreshList).not.toHaveBeenCalled();
  });

  it('keeps the failure get and stays closed when the row cannot be read', async () => {
    const { actor } = start({
      get: async () => {
        throw new ApiError('Настройка аллокации не найдена', {}, 404);
      },
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(actor.getSnapshot().context.message).toBe('Настройка аллокации не найдена');
  });

  it('keeps the failure update when saving fails', async () => {
    const { actor } = start({
      update: async () => {
        throw new ApiError('Сервер недоступен', {}, 0);
      },
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await settled(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'update', message: 'Сервер недоступен' });
  });
});

describe('when deleting', () => {
  it('asks first, then deletes and refreshes', async () => {
    const { actor, sent, effects } = start();
    actor.send({ type: 'DELETE.ASK', target: { id: 7, name: 'КХ-Перрон' } });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(sent.deleted).toEqual([]);
    actor.send({ type: 'DELETE.CONFIRM' });
    await settled(actor);
    expect(sent.deleted).toEqual([7]);
    expect(effects.announceDeleted).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
  });

  it('deletes nothing when the question is closed', () => {
    const { actor, sent } = start();
    actor.send({ type: 'DELETE.ASK', target: { id: 7, name: 'КХ-Перрон' } });
    actor.send({ type: 'MODAL.CLOSE' });
    expect(sent.deleted).toEqual([]);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('keeps the failure delete with the server message and asks for the list again', async () => {
    const { actor, effects } = start({
      remove: async () => {
        throw new ApiError('Настройка аллокации не найдена', {}, 404);
      },
    });
    actor.send({ type: 'DELETE.ASK', target: { id: 7, name: 'КХ-Перрон' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      failure: 'delete',
      message: 'Настройка аллокации не найдена',
    });
    expect(effects.refreshList).toHaveBeenCalledOnce();
    actor.send({ type: 'ERROR.CLOSE' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
