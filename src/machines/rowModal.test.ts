import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { pending } from '../../tests/support/pending.ts';
import { ApiError } from '../app/api/errors.ts';
import { controlMessage } from './fieldErrors.ts';
import { createRowModal } from './rowModal.ts';
import { type RowEdit, type RowModalDescription, saveFailureMessage } from './rowModalTypes.ts';

// A tiny module: a named thing of a kind, with a variant that depends on the kind, and a "copy" opening.
interface Thing {
  id: number;
  name: string;
  kind_id: number | null;
  variant_id: number | null;
}
type Form = Omit<Thing, 'id'> & { id: number | null };
interface Payload {
  name: string;
  kind_id: number;
  variant_id: number | null;
}
interface References {
  kinds: string[];
}
type Change =
  | { control: 'name'; value: string }
  | { control: 'kind'; id: number | null }
  | { control: 'variant'; id: number | null };
type Variant = { id: number; name: string };

const emptyForm = (): Form => ({ id: null, name: '', kind_id: null, variant_id: null });
const ROW: Thing = { id: 7, name: 'Первая', kind_id: 1, variant_id: 11 };

function check(form: Form) {
  const errors: Record<string, string[]> = {};
  if (form.name.trim() === '') errors.name = ['Поле обязательно'];
  if (form.kind_id === null) errors.kind_id = ['Поле обязательно'];
  if (Object.keys(errors).length > 0 || form.kind_id === null) return { ok: false as const, errors };
  return {
    ok: true as const,
    payload: { name: form.name, kind_id: form.kind_id, variant_id: form.variant_id },
  };
}

function change(form: Form, edit: Change): RowEdit<Form> {
  if (edit.control === 'name') return { form: { ...form, name: edit.value }, clear: ['name'] };
  if (edit.control === 'kind')
    return { form: { ...form, kind_id: edit.id, variant_id: null }, clear: ['kind_id'] };
  return { form: { ...form, variant_id: edit.id }, clear: [] };
}

type Description = RowModalDescription<Form, Thing, Payload, References, Change, Variant, 'copy'>;

/** The tiny module's machine with fake calls (overridable), recording what it sent and what it told the screen. */
function start(overrides: Partial<Description['api']> & Partial<Omit<Description, 'api'>> = {}) {
  const sent = {
    read: [] as number[],
    saved: [] as { payload: Payload; id: number | null }[],
    deleted: [] as number[],
  };
  const variantsOf: number[] = [];
  const { references, get, save, remove, ...rest } = overrides;
  const machine = createRowModal<Form, Thing, Payload, References, Change, Variant, 'copy'>({
    id: 'thingModal',
    emptyForm,
    formFrom: (row, modalType) => ({ ...row, id: modalType === 'copy' ? null : row.id }),
    check,
    change,
    api: {
      references: references ?? (async () => ({ kinds: ['Первый', 'Второй'] })),
      get: (id) => {
        sent.read.push(id);
        return (get ?? (async () => ROW))(id);
      },
      save: (payload, id) => {
        sent.saved.push({ payload, id });
        return (save ?? (async () => ROW))(payload, id);
      },
      remove: (id) => {
        sent.deleted.push(id);
        return (remove ?? (async () => undefined))(id);
      },
    },
    choices: {
      of: (form) => form.kind_id,
      load: async (kindId) => {
        variantsOf.push(kindId);
        return [{ id: kindId * 10 + 1, name: `Вариант ${kindId}` }];
      },
    },
    messages: { saved: 'Сохранено', deleted: 'Удалено' },
    ...rest,
  });
  const effects = { announceSaved: vi.fn(), announceDeleted: vi.fn(), alertFailure: vi.fn() };
  const actor = createActor(machine.provide({ actions: effects }));
  const listChanged = vi.fn();
  actor.on('LIST.CHANGED', listChanged);
  actor.start();
  return { actor, sent, variantsOf, effects, listChanged };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) =>
  waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('saving') && !s.hasTag('choicesLoading'));
const isOpen = (actor: Actor) => actor.getSnapshot().hasTag('open');
const context = (actor: Actor) => actor.getSnapshot().context;

/** Opens an empty form and fills it validly. */
async function fillNew(actor: Actor) {
  actor.send({ type: 'MODAL.CREATE' });
  actor.send({ type: 'FORM.CHANGE', change: { control: 'name', value: 'Новая' } });
  actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 2 } });
  await settled(actor);
}

describe('when the screen opens', () => {
  it('asks for the references at once, with no modal open', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.context.references !== null);
    expect(context(actor).references).toEqual({ kinds: ['Первый', 'Второй'] });
    expect(isOpen(actor)).toBe(false);
  });

  it('keeps a references failure, alerts it when the module asks, and asks again on retry', async () => {
    let calls = 0;
    const { actor, effects } = start({
      alertFailures: ['references'],
      references: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('Сервер недоступен', {}, 0);
        return { kinds: ['Первый'] };
      },
    });
    await waitFor(actor, (s) => s.hasTag('referencesFailed'));
    expect(context(actor)).toMatchObject({ failure: 'references', message: 'Сервер недоступен' });
    expect(effects.alertFailure).toHaveBeenCalledOnce();
    actor.send({ type: 'ERROR.CLOSE' });
    expect(context(actor)).toMatchObject({ failure: null, message: null });
    actor.send({ type: 'REFERENCES.RETRY' });
    await waitFor(actor, (s) => s.context.references !== null);
    expect(calls).toBe(2);
    expect(actor.getSnapshot().hasTag('referencesFailed')).toBe(false);
  });

  it('does not alert a failure the module shows itself', async () => {
    const { actor, effects } = start({ references: () => Promise.reject(new ApiError('Нет', {}, 500)) });
    await waitFor(actor, (s) => s.hasTag('referencesFailed'));
    expect(effects.alertFailure).not.toHaveBeenCalled();
  });
});

describe('when closed', () => {
  it('opens an empty form of type create', () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    expect(isOpen(actor)).toBe(true);
    expect(context(actor)).toMatchObject({ modalType: 'create', form: emptyForm(), errors: {} });
    expect(sent.read).toEqual([]);
  });

  it('ignores changes and submits', () => {
    const { actor, sent } = start();
    actor.send({ type: 'FORM.CHANGE', change: { control: 'name', value: 'x' } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(context(actor).form.name).toBe('');
    expect(sent.saved).toEqual([]);
  });
});

describe('when opening a row', () => {
  it('reads the row by id, fills the form and loads the choices of its kind', async () => {
    const { actor, sent, variantsOf } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(isOpen(actor)).toBe(true);
    await settled(actor);
    expect(sent.read).toEqual([7]);
    expect(context(actor)).toMatchObject({
      modalType: 'edit',
      form: ROW,
      choices: [{ id: 11, name: 'Вариант 1' }],
    });
    expect(variantsOf).toEqual([1]);
  });

  it("gives the module's own type to the form, which then saves as a new row", async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'copy', id: 7 });
    await settled(actor);
    expect(context(actor)).toMatchObject({ modalType: 'copy', form: { ...ROW, id: null } });
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(sent.saved).toEqual([{ id: null, payload: { name: 'Первая', kind_id: 1, variant_id: 11 } }]);
  });

  it('closes with the failure get when the row cannot be read', async () => {
    const { actor, effects } = start({
      alertFailures: ['get'],
      get: () => Promise.reject(new ApiError('Не найдено', {}, 404)),
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(isOpen(actor)).toBe(false);
    expect(context(actor)).toMatchObject({
      failure: 'get',
      message: 'Не найдено',
      modalType: null,
      form: emptyForm(),
    });
    expect(effects.alertFailure).toHaveBeenCalledOnce();
  });

  it('may be closed while the row loads', () => {
    const { actor } = start({ get: () => pending<Thing>().promise });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    actor.send({ type: 'MODAL.CLOSE' });
    expect(isOpen(actor)).toBe(false);
    expect(context(actor).form).toEqual(emptyForm());
  });
});

describe('when editing', () => {
  it("refuses a form the check refuses, under its controls, and clears a control's messages when it changes", () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(context(actor).errors).toEqual({ name: ['Поле обязательно'], kind_id: ['Поле обязательно'] });
    expect(isOpen(actor)).toBe(true);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'name', value: 'Новая' } });
    expect(context(actor).errors).toEqual({ kind_id: ['Поле обязательно'] });
    expect(sent.saved).toEqual([]);
  });

  it('asks for the choices again when a change changes their key, and the newest answer wins', async () => {
    const slow = pending<Variant[]>();
    const loads: number[] = [];
    const { actor } = start({
      choices: {
        of: (form) => form.kind_id,
        load: (kindId) => {
          loads.push(kindId);
          return kindId === 1 ? slow.promise : Promise.resolve([{ id: 21, name: 'Вариант 2' }]);
        },
      },
    });
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 1 } });
    expect(actor.getSnapshot().hasTag('choicesLoading')).toBe(true);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 2 } });
    await settled(actor);
    slow.resolve([{ id: 11, name: 'Вариант 1' }]);
    await Promise.resolve();
    expect(context(actor).choices).toEqual([{ id: 21, name: 'Вариант 2' }]);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'variant', id: 21 } });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 2 } });
    expect(loads).toEqual([1, 2]);
    expect(context(actor).form.variant_id).toBeNull();
  });

  it('forgets the choices of the old value at once, and has none without a value', async () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await settled(actor);
    expect(context(actor).choices).toEqual([{ id: 11, name: 'Вариант 1' }]);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 2 } });
    expect(context(actor).choices).toEqual([]);
    await settled(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: null } });
    expect(context(actor).choices).toEqual([]);
    expect(actor.getSnapshot().hasTag('choicesLoading')).toBe(false);
  });

  it('keeps the form open with the failure choices when the choices cannot be read', async () => {
    const { actor } = start({
      choices: {
        of: (form) => form.kind_id,
        load: () => Promise.reject(new ApiError('Нет вариантов', {}, 500)),
      },
    });
    actor.send({ type: 'MODAL.CREATE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 1 } });
    await settled(actor);
    expect(isOpen(actor)).toBe(true);
    expect(context(actor)).toMatchObject({ failure: 'choices', message: 'Нет вариантов', choices: [] });
  });
});

describe('when saving', () => {
  it('creates a new row, cannot be closed or changed meanwhile, then closes and tells the list', async () => {
    const answer = pending<Thing>();
    const { actor, sent, effects, listChanged } = start({ save: () => answer.promise });
    await fillNew(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'MODAL.CLOSE' });
    actor.send({ type: 'FORM.CHANGE', change: { control: 'kind', id: 1 } });
    expect(isOpen(actor)).toBe(true);
    expect(context(actor).form.kind_id).toBe(2);
    expect(sent.saved).toEqual([{ id: null, payload: { name: 'Новая', kind_id: 2, variant_id: null } }]);
    answer.resolve(ROW);
    await settled(actor);
    expect(isOpen(actor)).toBe(false);
    expect(context(actor)).toMatchObject({ form: emptyForm(), errors: {}, needUpdate: true, choices: [] });
    expect(listChanged).toHaveBeenCalledOnce();
    expect(effects.announceSaved).toHaveBeenCalledOnce();
    actor.send({ type: 'LIST.LOADED' });
    expect(context(actor).needUpdate).toBe(false);
  });

  it('updates an edited row by its id', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await settled(actor);
    actor.send({ type: 'FORM.CHANGE', change: { control: 'name', value: 'Вторая' } });
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(sent.saved).toEqual([{ id: 7, payload: { name: 'Вторая', kind_id: 1, variant_id: 11 } }]);
  });

  it('keeps the form open with the server fields under the controls after a 422 (failure create)', async () => {
    const { actor, listChanged, effects } = start({
      save: () =>
        Promise.reject(new ApiError('Проверьте заполнение полей', { name: ['Такое уже есть'] }, 422)),
    });
    await fillNew(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(isOpen(actor)).toBe(true);
    expect(context(actor)).toMatchObject({
      failure: 'create',
      message: 'Проверьте заполнение полей',
      errors: { name: ['Такое уже есть'] },
      form: { name: 'Новая', kind_id: 2 },
      needUpdate: false,
    });
    expect(listChanged).not.toHaveBeenCalled();
    expect(effects.alertFailure).not.toHaveBeenCalled();
    actor.send({ type: 'FORM.CHANGE', change: { control: 'name', value: 'Другая' } });
    expect(context(actor).errors).toEqual({});
  });

  it('names a failed update update', async () => {
    const { actor } = start({ save: () => Promise.reject(new ApiError('Сервер недоступен', {}, 0)) });
    actor.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 7 });
    await settled(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    await settled(actor);
    expect(context(actor)).toMatchObject({ failure: 'update', message: 'Сервер недоступен' });
    expect(isOpen(actor)).toBe(true);
  });
});

describe('when deleting', () => {
  it('asks about the named row and deletes nothing when the question is closed', () => {
    const { actor, sent } = start();
    actor.send({ type: 'DELETE.ASK', target: { id: 7, name: 'Первая' } });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(context(actor).target).toEqual({ id: 7, name: 'Первая' });
    actor.send({ type: 'MODAL.CLOSE' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(context(actor).target).toBeNull();
    expect(sent.deleted).toEqual([]);
  });

  it('deletes by id on confirm, cannot be closed meanwhile, then tells the list', async () => {
    const answer = pending<void>();
    const { actor, sent, effects, listChanged } = start({ remove: () => answer.promise });
    actor.send({ type: 'DELETE.ASK', target: { id: 7, name: 'Первая' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'MODAL.CLOSE' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(sent.deleted).toEqual([7]);
    answer.resolve();
    await waitFor(actor, (s) => !s.hasTag('confirming'));
    expect(context(actor)).toMatchObject({ target: null, needUpdate: true });
    expect(listChanged).toHaveBeenCalledOnce();
    expect(effects.announceDeleted).toHaveBeenCalledOnce();
  });

  it('keeps the failure delete until it is closed, and asks for the list again (the row may be gone)', async () => {
    const { actor, listChanged } = start({
      remove: () => Promise.reject(new ApiError('Не найдено', {}, 404)),
    });
    actor.send({ type: 'DELETE.ASK', target: { id: 7, name: 'Первая' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(context(actor)).toMatchObject({ failure: 'delete', message: 'Не найдено', target: null });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(listChanged).toHaveBeenCalledOnce();
    actor.send({ type: 'ERROR.CLOSE' });
    expect(context(actor)).toMatchObject({ failure: null, message: null });
  });
});

describe('the messages of a form', () => {
  it('joins the messages of a control and of the paths below it, each once', () => {
    const errors = { links: ['Обязательно'], 'links.1': ['Повтор', 'Обязательно'], linksOther: ['x'] };
    expect(controlMessage(errors, 'links')).toBe('Обязательно; Повтор');
    expect(controlMessage(errors, 'name')).toBeNull();
  });

  it("shows a failed save's message unless a control shows the server's fields", () => {
    const failed = { failure: 'create' as const, message: 'Проверьте поля', errors: { name: ['Занято'] } };
    expect(saveFailureMessage(failed, ['name'])).toBeNull();
    expect(saveFailureMessage(failed, ['kind_id'])).toBe('Проверьте поля');
    expect(saveFailureMessage({ ...failed, failure: 'delete' }, ['kind_id'])).toBeNull();
  });

  it('counts the paths below a control as shown by it (a list entry, a coefficient of an allocation)', () => {
    const failed = {
      failure: 'update' as const,
      message: 'Проверьте поля',
      errors: { 'coefs.0.value': ['Не число'] },
    };
    expect(saveFailureMessage(failed, ['coefs'])).toBeNull();
    expect(saveFailureMessage(failed, ['coefsOther', 'coef'])).toBe('Проверьте поля');
  });
});
