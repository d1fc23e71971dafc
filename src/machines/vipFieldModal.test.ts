import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pending } from '../../tests/support/pending.ts';
import { ApiError } from '../app/api/errors.ts';
import type { VipReferences } from '../app/tariff-vip/api.ts';
import { MESSAGES } from '../shared/messages.ts';
import {
  PARENT_ACCESS_TYPE_ID,
  VIP_LINK_KEYS,
  VIP_LINKS,
  VIP_MESSAGES,
  type VipField,
  type VipFieldInput,
  type VipLinkKey,
} from '../shared/tariff-vip.ts';
import { vipFieldModalMachine } from './vipFieldModal.ts';

const REFERENCES: VipReferences = {
  vipFieldServiceHalls: [{ id: 1, name: 'Бизнес-зал' }],
  vipFieldPassengerCategory: [{ id: 1, name: 'Взрослый' }],
  vipFieldTravelClass: [{ id: 1, name: 'Бизнес' }],
  vipFieldAviacompany: [{ id: 5, name: 'Аэрофлот' }],
  vipFieldFlightClass: [{ id: 1, name: 'Регулярный' }],
  vipFieldFlightType: [{ id: 1, name: 'Внутренний' }],
  vipFieldHallAccessType: [
    { id: 1, name: 'По билету' },
    { id: PARENT_ACCESS_TYPE_ID, name: 'По родителю' },
  ],
  vipFieldLoyaltyCardType: [{ id: 1, name: 'Золотая' }],
  vipFieldHallCardBankType: [{ id: 1, name: 'Visa' }],
  vipFieldHallPayType: [{ id: 1, name: 'Наличные' }],
};

const REQUIRED_LISTS: VipLinkKey[] = [
  'vipFieldServiceHalls',
  'vipFieldPassengerCategory',
  'vipFieldAviacompany',
  'vipFieldDirection',
  'vipFieldFlightClass',
  'vipFieldFlightType',
  'vipFieldHallAccessType',
  'vipFieldHallPayType',
];
const OPTIONAL_LISTS: VipLinkKey[] = [
  'vipFieldTravelClass',
  'vipFieldLoyaltyCardType',
  'vipFieldHallCardBankType',
];

/** A stored field as the server answers it: one choice in every list, access type 7 with its flag set. */
function storedField(): VipField {
  const entry = (key: VipLinkKey, id: number, name: string) => ({
    [VIP_LINKS[key].idKey]: id,
    [VIP_LINKS[key].nested]: { id, name },
  });
  return {
    id: 42,
    name: 'lounge_parent',
    description: 'Зал по родителю',
    is_guest_count: true,
    use_parent_access_type: true,
    ...Object.fromEntries(
      VIP_LINK_KEYS.map((key) => [key, [entry(key, key === 'vipFieldAviacompany' ? 5 : 1, 'x')]]),
    ),
    vipFieldHallAccessType: [entry('vipFieldHallAccessType', PARENT_ACCESS_TYPE_ID, 'По родителю')],
    version: '1543',
  } as VipField;
}

interface Fakes {
  references?: () => Promise<VipReferences>;
  get?: (id: number) => Promise<VipField>;
  create?: (payload: VipFieldInput) => Promise<VipField>;
  update?: (payload: VipFieldInput & { id: number }) => Promise<VipField>;
  remove?: (id: number) => Promise<void>;
}

/** The screen's machine with every server call and side effect a fake; records what was sent. */
function start(fakes: Fakes = {}) {
  const sent = {
    created: [] as VipFieldInput[],
    updated: [] as (VipFieldInput & { id: number })[],
    deleted: [] as number[],
    read: [] as number[],
  };
  const effects = {
    refreshList: vi.fn(),
    announceSaved: vi.fn(),
    announceDeleted: vi.fn(),
    alertFailure: vi.fn(),
  };
  const machine = vipFieldModalMachine.provide({
    actors: {
      loadReferences: fromPromise(() => (fakes.references ?? (async () => REFERENCES))()),
      getRow: fromPromise<VipField, number>(({ input }) => {
        sent.read.push(input);
        return (fakes.get ?? (async () => storedField()))(input);
      }),
      saveRow: fromPromise<unknown, { id: number | null; payload: VipFieldInput }>(({ input }) => {
        if (input.id === null) {
          sent.created.push(input.payload);
          return (fakes.create ?? (async () => storedField()))(input.payload);
        }
        const update = { ...input.payload, id: input.id };
        sent.updated.push(update);
        return (fakes.update ?? (async () => storedField()))(update);
      }),
      deleteRow: fromPromise<void, number>(({ input }) => {
        sent.deleted.push(input);
        return (fakes.remove ?? (async () => undefined))(input);
      }),
    },
    actions: {
      refreshList: effects.refreshList,
      announceSaved: effects.announceSaved,
      announceDeleted: effects.announceDeleted,
      alertFailure: effects.alertFailure,
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent, effects };
}

type Actor = ReturnType<typeof start>['actor'];

/** Fills every required input of an opened form with a valid choice. */
function fillValid(actor: Actor) {
  actor.send({ type: 'FORM.CHANGE', change: { control: 'text', field: 'name', value: 'lounge_adult' } });
  actor.send({
    type: 'FORM.CHANGE',
    change: { control: 'text', field: 'description', value: 'Взрослый в бизнес-зале' },
  });
  for (const list of REQUIRED_LISTS)
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'links', list, ids: list === 'vipFieldAviacompany' ? [5] : [1] },
    });
}

const errorsOf = (actor: Actor) => actor.getSnapshot().context.errors;
const isOpen = (actor: Actor) => actor.getSnapshot().hasTag('open');

describe('when the screen opens', () => {
  it('asks for the reference lists at once, before any modal opens', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ references: 'ready' }));
    expect(actor.getSnapshot().context.references).toEqual(REFERENCES);
    expect(isOpen(actor)).toBe(false);
  });

  it('alerts when the reference lists fail and asks again on retry', async () => {
    let calls = 0;
    const { actor, effects } = start({
      references: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('Сервер недоступен');
        return REFERENCES;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('referencesFailed'));
    expect(effects.alertFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'REFERENCES.RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches({ references: 'ready' }));
    expect(calls).toBe(2);
  });
});

describe('when closed', () => {
  it('opens an empty form to add a field', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    expect(isOpen(actor)).toBe(true);
    const { form } = actor.getSnapshot().context;
    expect(form).toMatchObject({
      id: null,
      name: '',
      description: '',
      is_guest_count: false,
      use_parent_access_type: null,
    });
    expect(Object.values(form.links).every((ids) => ids.length === 0)).toBe(true);
  });

  it('ignores form input and submits while no modal is open', () => {
    const { actor, sent } = start();
    actor.send({ type: 'FORM.CHANGE', change: { control: 'text', field: 'name', value: 'x' } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.form.name).toBe('');
    expect(sent.created).toEqual([]);
  });
});

describe('when loading a field to edit', () => {
  it('reads the field by id and fills the form by mapping each nested link to its id', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 42 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(isOpen(actor)).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: { form: { edit: 'editing' } } }));
    expect(sent.read).toEqual([42]);
    const { form } = actor.getSnapshot().context;
    expect(form).toMatchObject({
      id: 42,
      name: 'lounge_parent',
      is_guest_count: true,
      use_parent_access_type: true,
    });
    expect(form.links.vipFieldAviacompany).toEqual([5]);
    expect(form.links.vipFieldHallAccessType).toEqual([PARENT_ACCESS_TYPE_ID]);
    expect(form.links.vipFieldDirection).toEqual([1]);
  });

  it('closes and alerts when the field cannot be read', async () => {
    const { actor, effects } = start({ get: () => Promise.reject(new ApiError('Не найдено', {}, 404)) });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: 'closed' }));
    expect(effects.alertFailure).toHaveBeenCalledTimes(1);
  });

  it('may be closed while the field loads', () => {
    const { actor } = start({ get: () => pending<VipField>().promise });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    actor.send({ type: 'MODAL.CLOSE' });
    expect(isOpen(actor)).toBe(false);
  });
});

describe('when editing', () => {
  it('clears the error of the input being edited and keeps the others', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errorsOf(actor)).toHaveProperty('name');
    actor.send({ type: 'FORM.CHANGE', change: { control: 'text', field: 'name', value: 'lounge' } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'links', list: 'vipFieldAviacompany', ids: [5] } });
    expect(errorsOf(actor)).not.toHaveProperty('name');
    expect(errorsOf(actor)).not.toHaveProperty('vipFieldAviacompany');
    expect(errorsOf(actor)).toHaveProperty('vipFieldServiceHalls');
  });

  it('shows the parent access checkbox unchecked when access type 7 is chosen and drops it with 7', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'links', list: 'vipFieldHallAccessType', ids: [1, PARENT_ACCESS_TYPE_ID] },
    });
    expect(actor.getSnapshot().context.form.use_parent_access_type).toBe(false);
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'flag', field: 'use_parent_access_type', value: true },
    });
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'links', list: 'vipFieldHallAccessType', ids: [1, PARENT_ACCESS_TYPE_ID] },
    });
    expect(actor.getSnapshot().context.form.use_parent_access_type).toBe(true);
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'links', list: 'vipFieldHallAccessType', ids: [1] },
    });
    expect(actor.getSnapshot().context.form.use_parent_access_type).toBeNull();
  });

  it('closes on cancel and starts the next add from an empty form', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'MODAL.CLOSE' });
    expect(isOpen(actor)).toBe(false);
    actor.send({ type: 'MODAL.CREATE' });
    expect(actor.getSnapshot().context.form.name).toBe('');
  });
});

describe('when validating before sending (spec 5)', () => {
  it('flags the name and every required list, and no optional list, on an empty form', () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().matches({ dialog: { form: { edit: 'editing' } } })).toBe(true);
    const errors = errorsOf(actor);
    expect(errors.name).toEqual([MESSAGES.required]);
    for (const list of REQUIRED_LISTS) expect(errors[list], list).toEqual([MESSAGES.required]);
    for (const list of OPTIONAL_LISTS) expect(errors, list).not.toHaveProperty(list);
    expect(sent.created).toEqual([]);
  });

  it.each(REQUIRED_LISTS)('refuses a form whose %s has no choice', (list) => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'links', list, ids: [] } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errorsOf(actor)).toEqual({ [list]: [MESSAGES.required] });
    expect(sent.created).toEqual([]);
  });

  it('refuses a name of spaces only', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'text', field: 'name', value: '   ' } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errorsOf(actor)).toEqual({ name: [MESSAGES.required] });
  });

  it('refuses an id chosen twice in one list, under that list', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'links', list: 'vipFieldTravelClass', ids: [1, 1] },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(errorsOf(actor)).toEqual({ 'vipFieldTravelClass.1': [VIP_MESSAGES.duplicate] });
  });

  it('sends a form whose service class, loyalty card and card bank stay empty', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(sent.created).toHaveLength(1);
    for (const list of OPTIONAL_LISTS) expect(sent.created[0][list]).toEqual([]);
  });
});

describe('when saving', () => {
  it('posts a new field with each list as id entries and cannot be closed meanwhile', async () => {
    const answer = pending<VipField>();
    const { actor, sent } = start({ create: () => answer.promise });
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'flag', field: 'is_guest_count', value: true } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(sent.created[0]).toMatchObject({
      name: 'lounge_adult',
      description: 'Взрослый в бизнес-зале',
      is_guest_count: true,
      use_parent_access_type: null,
      vipFieldAviacompany: [{ aviacompany_id: 5 }],
      vipFieldDirection: [{ direction_id: 1 }],
    });
    // A new field has no version to send.
    expect(sent.created[0]).not.toHaveProperty('version');
    actor.send({ type: 'MODAL.CLOSE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'text', field: 'name', value: 'changed' } });
    expect(isOpen(actor)).toBe(true);
    expect(actor.getSnapshot().context.form.name).toBe('lounge_adult');
    answer.resolve(storedField());
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
  });

  it('sends use_parent_access_type false with access type 7 left unchecked', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'links', list: 'vipFieldHallAccessType', ids: [PARENT_ACCESS_TYPE_ID] },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(sent.created[0].use_parent_access_type).toBe(false);
  });

  it('patches an edited field with its id and the version it read in the body', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: { form: { edit: 'editing' } } }));
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'text', field: 'description', value: 'Новый заголовок' },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(sent.created).toEqual([]);
    expect(sent.updated[0]).toMatchObject({
      id: 42,
      description: 'Новый заголовок',
      use_parent_access_type: true,
      vipFieldHallAccessType: [{ vip_hall_access_type_id: PARENT_ACCESS_TYPE_ID }],
      version: '1543',
    });
  });

  it('starts the next add without the version of a field edited before', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: { form: { edit: 'editing' } } }));
    actor.send({ type: 'MODAL.CLOSE' });
    actor.send({ type: 'MODAL.CREATE' });
    expect(actor.getSnapshot().context.form.version).toBeNull();
    fillValid(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(sent.created[0]).not.toHaveProperty('version');
  });
});

describe('when the save succeeds (spec 4.4)', () => {
  it('closes, clears the errors, resets the form, marks the list for a refresh and confirms', async () => {
    const { actor, effects } = start();
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    const { context } = actor.getSnapshot();
    expect(context.errors).toEqual({});
    expect(context.form.name).toBe('');
    expect(context.needUpdate).toBe(true);
    expect(effects.refreshList).toHaveBeenCalledTimes(1);
    expect(effects.announceSaved).toHaveBeenCalledTimes(1);
  });
});

describe('when the save fails', () => {
  it('stores the server field errors on their fields and keeps the modal open', async () => {
    const { actor, effects } = start({
      create: () =>
        Promise.reject(
          new ApiError(
            'Проверьте заполнение полей',
            { vipFieldAviacompany: [VIP_MESSAGES.unknownIds([999])], name: ['Такое поле уже есть'] },
            422,
          ),
        ),
    });
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: { form: { edit: 'editing' } } }));
    expect(isOpen(actor)).toBe(true);
    expect(errorsOf(actor)).toEqual({
      vipFieldAviacompany: ['Нет в справочнике: 999'],
      name: ['Такое поле уже есть'],
    });
    expect(actor.getSnapshot().context.message).toBe('Проверьте заполнение полей');
    expect(actor.getSnapshot().context.needUpdate).toBe(false);
    expect(effects.refreshList).not.toHaveBeenCalled();
    actor.send({ type: 'FORM.CHANGE', change: { control: 'text', field: 'name', value: 'other' } });
    expect(errorsOf(actor)).toEqual({ vipFieldAviacompany: ['Нет в справочнике: 999'] });
  });

  it('keeps the form open with the message when another user saved the field first (409)', async () => {
    const { actor, effects } = start({
      update: () => Promise.reject(new ApiError(MESSAGES.staleEdit, {}, 409)),
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 42 });
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: { form: { edit: 'editing' } } }));
    actor.send({
      type: 'FORM.CHANGE',
      change: { control: 'text', field: 'description', value: 'Мой заголовок' },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('open')).toBe(true);
    expect(snapshot.context).toMatchObject({ failure: 'update', message: MESSAGES.staleEdit, errors: {} });
    expect(snapshot.context.form).toMatchObject({ id: 42, description: 'Мой заголовок', version: '1543' });
    expect(effects.refreshList).not.toHaveBeenCalled();
  });

  it('keeps what was typed after a refused rule (403) so it can be sent again', async () => {
    let calls = 0;
    const { actor } = start({
      create: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('Недостаточно прав для этого действия', {}, 403);
        return storedField();
      },
    });
    actor.send({ type: 'MODAL.CREATE' });
    fillValid(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.context.message !== null);
    expect(actor.getSnapshot().context.form.name).toBe('lounge_adult');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(calls).toBe(2);
  });
});

describe('when confirming a delete', () => {
  it('asks about the named field and forgets it on cancel', () => {
    const { actor, sent } = start();
    actor.send({ type: 'DELETE.ASK', target: { id: 42, name: 'lounge_parent' } });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(actor.getSnapshot().context.target).toEqual({ id: 42, name: 'lounge_parent' });
    actor.send({ type: 'MODAL.CLOSE' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(sent.deleted).toEqual([]);
  });
});

describe('when deleting', () => {
  it('deletes by id, then marks the list for a refresh (the shared graph keeps the question open meanwhile)', async () => {
    const { actor, sent, effects } = start();
    actor.send({ type: 'DELETE.ASK', target: { id: 42, name: 'lounge_parent' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches({ dialog: 'closed' }));
    expect(sent.deleted).toEqual([42]);
    expect(actor.getSnapshot().context.needUpdate).toBe(true);
    expect(effects.refreshList).toHaveBeenCalledTimes(1);
    expect(effects.announceDeleted).toHaveBeenCalledTimes(1);
  });

  it('shows the server message when the delete fails and asks for the list again (the row may be gone)', async () => {
    const { actor, effects } = start({
      remove: () => Promise.reject(new ApiError('Недостаточно прав для этого действия', {}, 403)),
    });
    actor.send({ type: 'DELETE.ASK', target: { id: 42, name: 'lounge_parent' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.context.failure === 'delete');
    expect(actor.getSnapshot().context.message).toBe('Недостаточно прав для этого действия');
    expect(actor.getSnapshot().context.needUpdate).toBe(false);
    expect(effects.refreshList).toHaveBeenCalledOnce();
    expect(effects.alertFailure).not.toHaveBeenCalled();
    actor.send({ type: 'ERROR.CLOSE' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('when the list reloads', () => {
  it('needs no update once the list has loaded after a change', async () => {
    const { actor } = start();
    actor.send({ type: 'DELETE.ASK', target: { id: 42, name: 'lounge_parent' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.context.needUpdate);
    actor.send({ type: 'LIST.LOADED' });
    expect(actor.getSnapshot().context.needUpdate).toBe(false);
  });
});
