/**
 * One pattern for a modal with a form the caller holds (a list screen whose modal reads its row by id uses
 * rowModal.ts): open with a type and a form, edit, check on the client, submit, keep the server's `fields` under the controls and its
 * message above the buttons, close on success; plus a delete confirmation. The caller gives the form's check and
 * provides the `submit` and `remove` actors and the `saved` and `removed` actions (refresh, announce).
 *
 * Tags: `open` (the form), `saving` (a submit or delete running: nothing closes), `confirming` (the delete question).
 * A failed delete closes the question and leaves its `message` until `MESSAGE.CLEAR`.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError } from '../app/api/errors.ts';
import { withoutFields } from './fieldErrors.ts';

/** The client check of a form: the payload to send, or the messages per field path. */
export type FormCheck<Payload> = { ok: true; payload: Payload } | { ok: false; errors: FieldErrors };

/** What a delete confirmation is about: a kind the caller knows, the ids it needs, the name it shows. */
export interface DeleteTarget {
  kind: string;
  ids: number[];
  name: string;
}

export interface FormModalContext<Type extends string, Form> {
  modalType: Type | null;
  form: Form;
  /** The form as it opened: closing asks first once `form` differs from it (`hasUnsavedForm`). */
  pristine: Form;
  /** Messages under the controls: the client check's before sending, the server's `fields` after. */
  errors: FieldErrors;
  /** The server's message of the last failure (a save or a delete). */
  message: string | null;
  target: DeleteTarget | null;
}

type FormModalEvent<Type extends string, Form> =
  | { type: 'MODAL.OPEN'; modalType: Type; form: Form }
  | { type: 'FORM.PATCH'; patch: Partial<Form>; clear?: readonly string[] }
  | { type: 'FORM.SUBMIT' }
  | { type: 'MODAL.CLOSE' }
  | { type: 'DELETE.ASK'; target: DeleteTarget }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'MESSAGE.CLEAR' };

/** What `submit` receives: the modal's type, the checked payload, and the form (ids the payload leaves out). */
export interface Submission<Type extends string, Form, Payload> {
  modalType: Type;
  payload: Payload;
  form: Form;
}

/**
 * A form-modal machine for one form type. `check` runs on submit with the modal's type; the `submit` actor gets
 * what it approved. Example: `createFormModal({id: 'teamModal', emptyForm, check})`, then
 * `.provide({actors: {submit, remove}, actions: {saved, removed}})`.
 */
export function createFormModal<Type extends string, Form, Payload>(config: {
  id: string;
  emptyForm: () => Form;
  check: (modalType: Type, form: Form) => FormCheck<Payload>;
}) {
  type Context = FormModalContext<Type, Form>;
  const approved = (context: Context): Submission<Type, Form, Payload> => {
    const checked = config.check(context.modalType as Type, context.form);
    if (!checked.ok) throw new Error('A form is submitted only after the isValid? guard approved it.');
    return { modalType: context.modalType as Type, payload: checked.payload, form: context.form };
  };
  const failure = ({ event }: { event: unknown }) => parseApiError((event as ErrorActorEvent).error);

  return setup({
    types: { context: {} as Context, events: {} as FormModalEvent<Type, Form> },
    actors: {
      submit: fromPromise<unknown, Submission<Type, Form, Payload>>(async () => {
        throw new Error('The submit actor is provided by the modal.');
      }),
      remove: fromPromise<unknown, DeleteTarget>(async () => {
        throw new Error('The remove actor is provided by the modal.');
      }),
    },
    guards: {
      'isValid?': ({ context }) =>
        context.modalType !== null && config.check(context.modalType, context.form).ok,
    },
    actions: {
      open: assign(({ event }) => {
        assertEvent(event, 'MODAL.OPEN');
        return {
          modalType: event.modalType,
          form: event.form,
          pristine: event.form,
          errors: {},
          message: null,
        };
      }),
      patch: assign(({ context, event }) => {
        assertEvent(event, 'FORM.PATCH');
        const clear = event.clear ?? Object.keys(event.patch);
        return { form: { ...context.form, ...event.patch }, errors: withoutFields(context.errors, clear) };
      }),
      close: assign(() => {
        const form = config.emptyForm();
        return { modalType: null, form, pristine: form, errors: {}, message: null };
      }),
      storeCheck: assign(({ context }) => {
        const checked = context.modalType === null ? null : config.check(context.modalType, context.form);
        return { errors: checked && !checked.ok ? checked.errors : {}, message: null };
      }),
      storeFailure: assign((args) => {
        const error = failure(args);
        return { errors: error.fields, message: error.message };
      }),
      remember: assign(({ event }) => {
        assertEvent(event, 'DELETE.ASK');
        return { target: event.target, message: null };
      }),
      forget: assign({ target: null }),
      forgetWithFailure: assign((args) => ({ target: null, message: failure(args).message })),
      /** Provided by the screen: refresh what the modal changed, announce it (`output`: the submit's answer). */
      saved: (_, _params: { modalType: Type | null; output: unknown }) => undefined,
      removed: (_, _params: { target: DeleteTarget | null }) => undefined,
    },
  }).createMachine({
    id: config.id,
    context: () => {
      const form = config.emptyForm();
      return { modalType: null, form, pristine: form, errors: {}, message: null, target: null };
    },
    initial: 'closed',
    on: { 'MESSAGE.CLEAR': { actions: assign({ message: null }) } },
    states: {
      closed: {
        on: {
          'MODAL.OPEN': { target: 'editing', actions: 'open' },
          'DELETE.ASK': { target: 'confirmingDelete', actions: 'remember' },
        },
      },
      editing: {
        tags: ['open'],
        on: {
          'FORM.PATCH': { actions: 'patch' },
          'FORM.SUBMIT': [
            { guard: 'isValid?', target: 'saving', actions: assign({ errors: {}, message: null }) },
            { actions: 'storeCheck' },
          ],
          'MODAL.CLOSE': { target: 'closed', actions: 'close' },
        },
      },
      saving: {
        tags: ['open', 'saving'],
        invoke: {
          src: 'submit',
          input: ({ context }) => approved(context),
          onDone: {
            target: 'closed',
            actions: [
              {
                type: 'saved',
                params: ({ context, event }) => ({ modalType: context.modalType, output: event.output }),
              },
              'close',
            ],
          },
          onError: { target: 'editing', actions: 'storeFailure' },
        },
      },
      confirmingDelete: {
        tags: ['confirming'],
        on: {
          'DELETE.CONFIRM': 'deleting',
          'MODAL.CLOSE': { target: 'closed', actions: 'forget' },
        },
      },
      deleting: {
        tags: ['confirming', 'saving'],
        invoke: {
          src: 'remove',
          input: ({ context }) => context.target as DeleteTarget,
          onDone: {
            target: 'closed',
            actions: [{ type: 'removed', params: ({ context }) => ({ target: context.target }) }, 'forget'],
          },
          onError: { target: 'closed', actions: 'forgetWithFailure' },
        },
      },
    },
  });
}
