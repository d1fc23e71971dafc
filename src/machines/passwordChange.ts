import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError, zodFieldErrors } from '../app/api/errors.ts';
import { changePassword } from '../app/auth/api.ts';
import { type PasswordChangePayload, passwordChangeSchema } from '../shared/auth.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import { hasUnsavedForm } from './rowModalTypes.ts';

/** The form: the shared payload plus the repeat, which only the client checks. */
export interface PasswordForm extends PasswordChangePayload {
  repeat: string;
}

export type PasswordField = keyof PasswordForm;

export const PASSWORD_MESSAGES = {
  mismatch: 'Пароли не совпадают',
  changed: 'Пароль изменён',
} as const;

export interface PasswordChangeContext {
  values: PasswordForm;
  /** Messages under the controls: the shared schema's and the repeat check before sending, the server's after. */
  errors: FieldErrors;
  /** The message of a failed change, for the line above the buttons. */
  message: string | null;
}

export type PasswordChangeEvent =
  | { type: 'PASSWORD.OPEN' }
  | { type: 'PASSWORD.CLOSE' }
  | { type: 'FIELD.CHANGE'; field: PasswordField; value: string }
  | { type: 'FORM.SUBMIT' };

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', repeat: '' };

/**
 * Whether closing would lose typed input: the form opens empty, so any field not empty (typing and erasing is no
 * change). Example: `{values: {currentPassword: 'a', newPassword: '', repeat: ''}}` → true.
 */
export function hasTypedPassword(context: Pick<PasswordChangeContext, 'values'>): boolean {
  return hasUnsavedForm({ form: context.values, pristine: EMPTY });
}

/**
 * Field errors of the form: the shared `passwordChangeSchema`, then the repeat.
 * Example: `{currentPassword: 'a', newPassword: 'long-enough', repeat: 'other'}` → `{repeat: ['Пароли не совпадают']}`.
 */
function passwordFormErrors(values: PasswordForm): FieldErrors {
  const result = passwordChangeSchema.safeParse(values);
  const errors = result.success ? {} : zodFieldErrors(result.error);
  if (values.repeat !== values.newPassword) errors.repeat = [PASSWORD_MESSAGES.mismatch];
  return errors;
}

export const passwordChangeMachine = setup({
  types: { context: {} as PasswordChangeContext, events: {} as PasswordChangeEvent },
  actors: {
    changePassword: fromPromise<void, PasswordChangePayload>(({ input }) => changePassword(input)),
  },
  guards: {
    'isValid?': ({ context }) => Object.keys(passwordFormErrors(context.values)).length === 0,
  },
  actions: {
    resetForm: assign({ values: EMPTY, errors: {}, message: null }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    storeValidationErrors: assign(({ context }) => ({
      errors: passwordFormErrors(context.values),
      message: null,
    })),
    clearErrors: assign({ errors: {}, message: null }),
    storeFailure: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { errors: failure.fields, message: failure.message };
    }),
    announceChanged: () => showAlert(PASSWORD_MESSAGES.changed, 'Success'),
  },
}).createMachine({
  id: 'passwordChange',
  context: { values: EMPTY, errors: {}, message: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'PASSWORD.OPEN': { target: 'open', actions: 'resetForm' } },
    },
    open: {
      tags: ['open'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'FIELD.CHANGE': { actions: 'changeField' },
            'FORM.SUBMIT': { target: 'validating' },
            'PASSWORD.CLOSE': { target: '#passwordChange.closed' },
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
            src: 'changePassword',
            input: ({ context }) => ({
              currentPassword: context.values.currentPassword,
              newPassword: context.values.newPassword,
            }),
            onDone: { target: 'success' },
            onError: {
              target: 'failure',
              actions: {
                type: 'storeFailure',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
        success: {
          entry: 'announceChanged',
          always: { target: '#passwordChange.closed', actions: 'resetForm' },
        },
        failure: {
          on: {
            'FIELD.CHANGE': { target: 'editing', actions: 'changeField' },
            'FORM.SUBMIT': { target: 'validating' },
            'PASSWORD.CLOSE': { target: '#passwordChange.closed' },
          },
        },
      },
    },
  },
});
