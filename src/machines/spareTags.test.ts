import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { NewTag, NewTagsPayload } from '../shared/rush-baggage.ts';
import { hasUnsavedSpareTags, spareTagsMachine, spareTagsPayload } from './spareTags.ts';

const SU = { id: 7, name: 'SU' };
const TAGS: NewTag[] = [
  { id: 91, new_tag: '2555000101', aviacompany_id: 7 },
  { id: 92, new_tag: '2555000102', aviacompany_id: 7 },
];

function start(request: (payload: NewTagsPayload) => Promise<NewTag[]> = async () => TAGS) {
  const asked = vi.fn(request);
  const actor = createActor(
    spareTagsMachine.provide({ actors: { requestTags: fromPromise(({ input }) => asked(input)) } }),
    { input: { airline: SU } },
  ).start();
  return { actor, asked };
}

describe('the spare-tags form check', () => {
  it('answers the payload of a carrier and a whole count from 1 to 100', () => {
    expect(spareTagsPayload({ airline: SU, count: ' 3 ' })).toEqual({
      payload: { count_tag: 3, aviacompany_id: 7 },
    });
    expect(spareTagsPayload({ airline: SU, count: '100' })).toEqual({
      payload: { count_tag: 100, aviacompany_id: 7 },
    });
  });

  it.each(['0', '101', '2,5', '1e2', '-1', 'два'])('refuses the count %s under its field', (count) => {
    expect(spareTagsPayload({ airline: SU, count })).toEqual({
      errors: { count_tag: ['Целое число от 1 до 100'] },
    });
  });

  it('asks for both fields when they are empty', () => {
    expect(spareTagsPayload({ airline: null, count: '' })).toEqual({
      errors: {
        aviacompany_id: ['Поле обязательно для заполнения'],
        count_tag: ['Поле обязательно для заполнения'],
      },
    });
  });
});

describe('the spare-tags workflow', () => {
  it('starts on the page flight’s carrier and one tag, and lists the tags the server issued', async () => {
    const { actor, asked } = start();
    expect(actor.getSnapshot().context).toMatchObject({ airline: SU, count: '1' });
    actor.send({ type: 'COUNT.SET', value: '2' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('created'));
    expect(asked).toHaveBeenCalledWith({ count_tag: 2, aviacompany_id: 7 });
    expect(actor.getSnapshot().context.tags).toEqual(TAGS);
    actor.send({ type: 'FORM.REOPEN' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ tags: [], airline: SU, count: '2' });
  });

  it('sends nothing while the form is wrong, and a change clears its own field’s message', () => {
    const { actor, asked } = start();
    actor.send({ type: 'AIRLINE.SET', option: null });
    actor.send({ type: 'COUNT.SET', value: '500' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(asked).not.toHaveBeenCalled();
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['aviacompany_id', 'count_tag']);
    actor.send({ type: 'COUNT.SET', value: '5' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['aviacompany_id']);
  });

  it('keeps the server’s field errors under the fields, and a message without fields above them', async () => {
    const refused = new ApiError('Проверьте поля', { aviacompany_id: ['Нет цифрового кода'] }, 422);
    const { actor } = start(() => Promise.reject(refused));
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { aviacompany_id: ['Нет цифрового кода'] },
      message: null,
    });

    const exhausted = new ApiError('Номера бирок перевозчика исчерпаны', {}, 409);
    const second = start(() => Promise.reject(exhausted)).actor;
    second.send({ type: 'FORM.SUBMIT' });
    await waitFor(second, (s) => s.context.message !== null);
    expect(second.getSnapshot().context.message).toBe('Номера бирок перевозчика исчерпаны');
  });
});

describe('when the spare-tags form would be closed', () => {
  it('holds unsaved input once the carrier or the count differ from how it opened, not after erasing back', () => {
    const { actor } = start();
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'COUNT.SET', value: '3' });
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'COUNT.SET', value: '1' });
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'AIRLINE.SET', option: { id: 9, name: 'DP' } });
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'AIRLINE.SET', option: { id: 7, name: 'SU — Аэрофлот' } });
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(false);
  });

  it('takes the form reopened for more tags as it was sent, so only a change after that counts', async () => {
    const { actor } = start();
    actor.send({ type: 'COUNT.SET', value: '2' });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    actor.send({ type: 'FORM.REOPEN' });
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'COUNT.SET', value: '4' });
    expect(hasUnsavedSpareTags(actor.getSnapshot().context)).toBe(true);
  });
});
