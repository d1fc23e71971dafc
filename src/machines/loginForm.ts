import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError, zodFieldErrors } from '../app/api/errors.ts';
import { signIn } from '../app/shell/session.ts';
import { type LoginPayload, loginSchema } from '../shared/auth.ts';

export type LoginField = keyof LoginPayload;

export interface LoginFormContext {
  values: LoginPayload;
  /** Messages under the controls: the shared schema's before sending, the server's `fields` after. */
  errors: FieldErrors;
  /** The message of a refused or failed sign-in (wrong password, too many attempts, no server). */
  message: string | null;
  /** Where to go once signed in. */
  next: string;
}

export type LoginFormEvent =
  | { type: 'FIELD.CHANGE'; field: LoginField; value: string }
  | { type: 'FORM.SUBMIT' };

/** Field errors of the login form by the shared schema: `{}` when it may be sent. */
function loginFormErrors(values: LoginPayload): FieldErrors {
  const result = loginSchema.safeParse(values);
  return result.success ? {} : zodFieldErrors(result.error);
}

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    input: {} as { next: string },
  },
  actors: {
    signIn: fromPromise<void, LoginPayload>(({ input }) => signIn(input)),
  },
  guards: {
    'isValid?': ({ context }) => Object.keys(loginFormErrors(context.values)).length === 0,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    storeValidationErrors: assign(({ context }) => ({
      errors: loginFormErrors(context.values),
      message: null,
    })),
    clearErrors: assign({ errors: {}, message: null }),
    storeFailure: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { errors: failure.fields, message: failure.message };
    }),
    enterApp: ({ context }) => {
      location.assign(context.next);
    },
  },
}).createMachine({
  id: 'loginForm',
  context: ({ input }) => ({
    values: { login: '', password: '' },
    errors: {},
    message: null,
    next: input.next,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'FIELD.CHANGE': { actions: 'changeField' },
        'FORM.SUBMIT': { target: 'validating' },
      },
    },
    validating: {
      always: [
        { guard: 'isValid?', target: 'submitting', actions: 'clearErrors' },
        { target: 'editing', actions: 'storeValidationErrors' },
      ],
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => loginSchema.parse(context.values),
        onDone: { target: 'success' },
        onError: {
          target: 'failure',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    success: {
      type: 'final',
      tags: ['submitting'],
      entry: 'enterApp',
    },
    failure: {
      on: {
        'FIELD.CHANGE': { target: 'editing', actions: 'changeField' },
        'FORM.SUBMIT': { target: 'validating' },
      },
    },
  },
});
