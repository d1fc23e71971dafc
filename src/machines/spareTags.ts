/**
 * New rush tags with no bag yet (spec 1 "obtain new tags", `POST /rush-baggage` with `count_tag`): a handler takes a
 * few spare tags of a carrier to print ahead. The form is the carrier and the count; the shared schema checks it as
 * the server does, server field errors stand under the same controls (spec 8: new-tag errors are kept per field),
 * and the issued tags are listed for printing. The door provides the actor `requestTags`.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError, zodFieldErrors } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import { type NewTag, type NewTagsPayload, newTagsPayloadSchema } from '../shared/rush-baggage.ts';
import { withoutFields } from './fieldErrors.ts';
import { hasUnsavedForm } from './rowModalTypes.ts';
import type { SearchOption } from './searchSelect.ts';

/** The count the form starts with. */
const SPARE_TAGS_DEFAULT = '1';

export interface SpareTagsContext {
  airline: SearchOption | null;
  /** The count as typed. */
  count: string;
  errors: FieldErrors;
  /** A failure's message not tied to a control (a 409 when the carrier's numbers ran out, a network failure). */
  message: string | null;
  tags: NewTag[];
  /** The carrier and the count as the form opened (or reopened for more): closing asks first once they differ. */
  pristine: Pick<SpareTagsContext, 'airline' | 'count'>;
}

export type SpareTagsEvent =
  | { type: 'AIRLINE.SET'; option: SearchOption | null }
  | { type: 'COUNT.SET'; value: string }
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.REOPEN' };

/**
 * The payload of the form, or its field errors keyed as the server keys them (`count_tag`, `aviacompany_id`).
 * Example: `{airline: {id: 7, name: 'SU'}, count: '3'}` → `{payload: {count_tag: 3, aviacompany_id: 7}}`.
 */
export function spareTagsPayload(
  form: Pick<SpareTagsContext, 'airline' | 'count'>,
): { payload: NewTagsPayload } | { errors: FieldErrors } {
  const text = form.count.trim();
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const result = newTagsPayloadSchema.safeParse({ count_tag: count, aviacompany_id: form.airline?.id });
  if (result.success) return { payload: result.data };
  const errors = zodFieldErrors(result.error);
  if (form.airline === null) errors.aviacompany_id = [MESSAGES.required];
  if (text === '') errors.count_tag = [MESSAGES.required];
  return { errors };
}

/**
 * Whether closing the form would lose what was typed: the carrier (by id) or the count differ from how it opened.
 * Example: opened with SU and '1', the count now '3' → true; '3' erased back to '1' → false.
 */
export function hasUnsavedSpareTags(
  context: Pick<SpareTagsContext, 'airline' | 'count' | 'pristine'>,
): boolean {
  const formOf = (form: Pick<SpareTagsContext, 'airline' | 'count'>) => ({
    airline: form.airline?.id ?? null,
    count: form.count,
  });
  return hasUnsavedForm({ form: formOf(context), pristine: formOf(context.pristine) });
}

export const spareTagsMachine = setup({
  types: {
    context: {} as SpareTagsContext,
    events: {} as SpareTagsEvent,
    input: {} as { airline: SearchOption | null },
  },
  actors: {
    requestTags: fromPromise<NewTag[], NewTagsPayload>(async () => {
      throw new Error('requestTags is provided by the screen');
    }),
  },
  actions: {
    setAirline: assign(({ context, event }) => {
      assertEvent(event, 'AIRLINE.SET');
      return {
        airline: event.option,
        errors: withoutFields(context.errors, ['aviacompany_id']),
        message: null,
      };
    }),
    setCount: assign(({ context, event }) => {
      assertEvent(event, 'COUNT.SET');
      return { count: event.value, errors: withoutFields(context.errors, ['count_tag']), message: null };
    }),
    storeCheck: assign(({ context }) => {
      const checked = spareTagsPayload(context);
      return { errors: 'errors' in checked ? checked.errors : {}, message: null };
    }),
    storeTags: assign((_, tags: NewTag[]) => ({ tags, errors: {}, message: null })),
    storeFailure: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      const placed = Object.keys(failure.fields).length > 0;
      return { errors: failure.fields, message: placed ? null : failure.message };
    }),
    forgetTags: assign(({ context }) => ({
      tags: [],
      pristine: { airline: context.airline, count: context.count },
    })),
  },
  guards: {
    'isValid?': ({ context }) => 'payload' in spareTagsPayload(context),
  },
}).createMachine({
  id: 'spareTags',
  context: ({ input }) => ({
    airline: input.airline,
    count: SPARE_TAGS_DEFAULT,
    errors: {},
    message: null,
    tags: [],
    pristine: { airline: input.airline, count: SPARE_TAGS_DEFAULT },
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'AIRLINE.SET': { actions: 'setAirline' },
        'COUNT.SET': { actions: 'setCount' },
        'FORM.SUBMIT': [
          { guard: 'isValid?', target: 'submitting', actions: 'storeCheck' },
          { actions: 'storeCheck' },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        src: 'requestTags',
        input: ({ context }) => {
          const checked = spareTagsPayload(context);
          if (!('payload' in checked)) throw new Error('submitting an invalid form');
          return checked.payload;
        },
        onDone: {
          target: 'created',
          actions: { type: 'storeTags', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    created: {
      tags: ['created'],
      on: { 'FORM.REOPEN': { target: 'editing', actions: 'forgetTags' } },
    },
  },
});
