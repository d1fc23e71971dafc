/**
 * One workflow for a list screen whose rows are added, edited and deleted in a modal (allocation, VIP fields; a new
 * list screen starts here, while formModal.ts serves a modal opened on a form the caller already holds). Two regions
 * run side by side: `references`, the screen's choice lists asked once when it opens, asked again on
 * `REFERENCES.RETRY`; and `dialog`, the modal opened empty (`MODAL.CREATE`) or on a row read by id (`MODAL.OPEN`
 * with `edit` or one of the module's own types, such as allocation's create on basis), changed by `FORM.CHANGE`
 * through the module's `change`, checked by the shared schema, saved (created when the form has no id, else
 * updated), and the delete confirmation.
 *
 * Tags: `open` (the modal), `loading` (a row being read), `choicesLoading`, `saving` (a save or delete running: nothing
 * closes), `confirming` (the delete question), `referencesFailed`. Every failure is kept as `failure` (what failed)
 * and `message`: a failed save keeps the form open with the server's `fields` under the controls; the screen shows the
 * others until `ERROR.CLOSE`.
 */
import {
  type ActorRef,
  and,
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  emit,
  fromPromise,
  type Snapshot,
  setup,
  stateIn,
} from 'xstate';
import { type FieldErrors, parseApiError } from '../app/api/errors.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import { type FormCheck, isUnder, withoutFields } from './formModal.ts';

/** What failed: the screen's choice lists, a row read by id, the choices of a form value, a save, a delete. */
export type RowModalFailure = 'references' | 'get' | 'choices' | 'create' | 'update' | 'delete';

/** The row a delete confirmation is about. */
interface RowTarget {
  id: number;
  name: string;
}

/** What one change does: the new form, and the error paths it clears (with the paths below them). */
export interface RowEdit<Form> {
  form: Form;
  clear: readonly string[];
}

export interface RowModalContext<Type extends string, Form, References, Choice> {
  /** 'create', 'edit' or one of the module's openings; null while the modal is closed. */
  modalType: Type | null;
  form: Form;
  /** Messages under the controls: the shared schema's before sending, the server's `fields` after. */
  errors: FieldErrors;
  failure: RowModalFailure | null;
  /** The server's (or the client's) message of the last failure. */
  message: string | null;
  target: RowTarget | null;
  references: References | null;
  /** The choices that follow one form value (allocation: the departments of the chosen contractor). */
  choices: Choice[];
  /** The list must be asked again: true after a save or a delete, false once it has loaded (`LIST.LOADED`). */
  needUpdate: boolean;
}

/** The events every row modal takes, whatever its form. */
type RowModalCommonEvent =
  | { type: 'MODAL.CREATE' }
  | { type: 'FORM.SUBMIT' }
  | { type: 'MODAL.CLOSE' }
  | { type: 'DELETE.ASK'; target: RowTarget }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'ERROR.CLOSE' }
  | { type: 'REFERENCES.RETRY' }
  | { type: 'LIST.LOADED' };

/** What a row modal tells its screen: a save or a delete changed the list, which should be asked again. */
type RowModalEmitted = { type: 'LIST.CHANGED' };

/** What the screen pieces shared by every row modal see of its actor, whatever its form. */
export type RowModalActor = ActorRef<
  Snapshot<unknown> & {
    context: RowModalContext<string, unknown, unknown, unknown>;
    hasTag: (tag: string) => boolean;
  },
  RowModalCommonEvent,
  RowModalEmitted
>;

/** The events of one module's row modal: `OpenType`, its modal types besides 'create' and 'edit'. */
type RowModalEvent<Change, OpenType extends string = never> =
  | RowModalCommonEvent
  | { type: 'MODAL.OPEN'; modalType: 'edit' | OpenType; id: number }
  | { type: 'FORM.CHANGE'; change: Change };

/** What a module tells the factory. */
export interface RowModalDescription<
  Form extends { id: number | null },
  Row,
  Payload,
  References,
  Change,
  Choice,
  OpenType extends string,
> {
  /** The machine's id, also the root of its state ids. */
  id: string;
  emptyForm: () => Form;
  /** The form of a row read for `modalType`; a form whose id is null is saved as a new row. */
  formFrom: (row: Row, modalType: 'edit' | OpenType) => Form;
  /** The shared schema's verdict on the form: the body to send, or the messages by path. */
  check: (form: Form) => FormCheck<Payload>;
  /** What one `FORM.CHANGE` does to the form. */
  change: (form: Form, change: Change) => RowEdit<Form>;
  /** The module's door to the server (its api.ts), invoked as the named actors `loadReferences`, `getRow`, ... */
  api: {
    references: () => Promise<References>;
    get: (id: number) => Promise<Row>;
    /** Creates when `id` is null, else updates that row. */
    save: (payload: Payload, id: number | null) => Promise<unknown>;
    remove: (id: number) => Promise<void>;
  };
  /** Choices that follow one form value (none while it is null), asked again when a change changes it. */
  choices?: {
    of: (form: Form) => number | null;
    load: (key: number) => Promise<Choice[]>;
  };
  /** The success alerts. */
  messages: { saved: string; deleted: string };
  /** Failures the machine raises as a danger alert; the screen shows the others itself. */
  alertFailures?: readonly RowModalFailure[];
}

/**
 * The failed save's message for above the buttons, unless the server's fields sit under the form's own controls (a
 * control shows its own path and its parts', as `controlMessage` gathers them).
 * Example: a 422 with `{name: ['Такое поле уже есть']}` and 'name' among `controls` → null (the control shows it);
 * `{'coefs.0.value': [...]}` with 'coefs' among them → null too.
 */
export function saveFailureMessage(
  context: Pick<RowModalContext<string, unknown, unknown, unknown>, 'failure' | 'message' | 'errors'>,
  controls: readonly string[],
): string | null {
  if (context.failure !== 'create' && context.failure !== 'update') return null;
  const placed = Object.keys(context.errors).some((path) =>
    controls.some((control) => isUnder(path, control)),
  );
  return placed ? null : context.message || null;
}

/**
 * The row modal of one module. Example: `createRowModal({id: 'vipFieldModal', emptyForm, formFrom, check, change,
 * api, messages})`; the screen listens for `LIST.CHANGED`, tests provide the actors `loadReferences`, `getRow`,
 * `saveRow`, `deleteRow` and `loadChoices`.
 */
export function createRowModal<
  Form extends { id: number | null },
  Row,
  Payload,
  References,
  Change,
  Choice = never,
  OpenType extends string = never,
>(description: RowModalDescription<Form, Row, Payload, References, Change, Choice, OpenType>) {
  type Type = 'create' | 'edit' | OpenType;
  type Context = RowModalContext<Type, Form, References, Choice>;

  const { id, api, choices } = description;
  const editing = `#${id}.dialog.form.edit.editing`;
  const closed = `#${id}.dialog.closed`;
  const choiceKey = choices?.of ?? (() => null);
  const alerted = new Set(description.alertFailures ?? []);
  const failed = (kind: RowModalFailure) =>
    alerted.has(kind)
      ? [{ type: 'storeFailure' as const, params: { kind } }, 'alertFailure' as const]
      : [{ type: 'storeFailure' as const, params: { kind } }];
  const closedDialog = () => ({
    modalType: null,
    form: description.emptyForm(),
    errors: {},
    failure: null,
    message: null,
    choices: [] as Choice[],
  });
  const approved = (form: Form): Payload => {
    const checked = description.check(form);
    if (!checked.ok) throw new Error('A form is saved only after the isValid? guard approved it.');
    return checked.payload;
  };
  return setup({
    types: {
      context: {} as Context,
      events: {} as RowModalEvent<Change, OpenType>,
      emitted: {} as RowModalEmitted,
    },
    actors: {
      loadReferences: fromPromise<References>(() => api.references()),
      getRow: fromPromise<Row, number>(({ input }) => api.get(input)),
      saveRow: fromPromise<unknown, { id: number | null; payload: Payload }>(({ input }) =>
        api.save(input.payload, input.id),
      ),
      deleteRow: fromPromise<void, number>(({ input }) => api.remove(input)),
      loadChoices: fromPromise<Choice[], number>(async ({ input }) => (choices ? choices.load(input) : [])),
    },
    guards: {
      'isValid?': ({ context }) => description.check(context.form).ok,
      'isNew?': ({ context }) => context.form.id === null,
      'isEditing?': stateIn(editing),
      'hasChoiceKey?': ({ context }) => choiceKey(context.form) !== null,
      'changesChoiceKey?': ({ context, event }) => {
        assertEvent(event, 'FORM.CHANGE');
        return choiceKey(description.change(context.form, event.change).form) !== choiceKey(context.form);
      },
    },
    actions: {
      openCreate: assign(() => ({ ...closedDialog(), modalType: 'create' as Type })),
      openRow: assign(({ event }) => {
        assertEvent(event, 'MODAL.OPEN');
        return {
          ...closedDialog(),
          modalType: event.modalType,
          form: { ...description.emptyForm(), id: event.id },
        };
      }),
      fillForm: assign(({ context }, row: Row) => ({
        form: description.formFrom(row, context.modalType as 'edit' | OpenType),
      })),
      change: assign(({ context, event }) => {
        assertEvent(event, 'FORM.CHANGE');
        const edit = description.change(context.form, event.change);
        return { form: edit.form, errors: withoutFields(context.errors, edit.clear) };
      }),
      close: assign(closedDialog),
      storeCheck: assign(({ context }) => {
        const checked = description.check(context.form);
        return { errors: checked.ok ? {} : checked.errors, failure: null, message: null };
      }),
      startSaving: assign({ errors: {}, failure: null, message: null }),
      clearFailure: assign({ failure: null, message: null }),
      storeFailure: assign(({ context, event }, { kind }: { kind: RowModalFailure }) => {
        const error = parseApiError((event as unknown as ErrorActorEvent).error);
        // Only a save answers for the controls; other failures leave the messages under them alone.
        const saving = kind === 'create' || kind === 'update';
        return { errors: saving ? error.fields : context.errors, failure: kind, message: error.message };
      }),
      alertFailure: ({ context }) => showAlert(context.message ?? '', 'Danger'),
      storeReferences: assign((_, references: References) => ({ references })),
      clearChoices: assign({ choices: () => [] as Choice[] }),
      storeChoices: assign((_, loaded: Choice[]) => ({ choices: loaded })),
      rememberTarget: assign(({ event }) => {
        assertEvent(event, 'DELETE.ASK');
        return { target: event.target, failure: null, message: null };
      }),
      forgetTarget: assign({ target: null }),
      markNeedUpdate: assign({ needUpdate: true }),
      clearNeedUpdate: assign({ needUpdate: false }),
      refreshList: emit({ type: 'LIST.CHANGED' as const }),
      announceSaved: () => showAlert(description.messages.saved, 'Success'),
      announceDeleted: () => showAlert(description.messages.deleted, 'Success'),
    },
  }).createMachine({
    id,
    type: 'parallel',
    context: { ...closedDialog(), target: null, references: null, needUpdate: false },
    on: {
      'ERROR.CLOSE': { actions: 'clearFailure' },
      'LIST.LOADED': { actions: 'clearNeedUpdate' },
    },
    states: {
      references: {
        initial: 'loading',
        states: {
          loading: {
            invoke: {
              src: 'loadReferences',
              onDone: {
                target: 'ready',
                actions: {
                  type: 'storeReferences',
                  params: ({ event }: { event: DoneActorEvent<References> }) => event.output,
                },
              },
              onError: { target: 'failed', actions: failed('references') },
            },
          },
          ready: {},
          failed: { tags: ['referencesFailed'], on: { 'REFERENCES.RETRY': { target: 'loading' } } },
        },
      },
      dialog: {
        initial: 'closed',
        states: {
          closed: {
            on: {
              'MODAL.CREATE': { target: 'form', actions: 'openCreate' },
              'MODAL.OPEN': { target: 'loadingRow', actions: 'openRow' },
              'DELETE.ASK': { target: 'confirmingDelete', actions: 'rememberTarget' },
            },
          },
          loadingRow: {
            tags: ['open', 'loading'],
            invoke: {
              src: 'getRow',
              input: ({ context }) => context.form.id ?? 0,
              onDone: {
                target: 'form',
                actions: {
                  type: 'fillForm',
                  params: ({ event }: { event: DoneActorEvent<Row> }) => event.output,
                },
              },
              onError: { target: 'closed', actions: ['close', ...failed('get')] },
            },
            on: { 'MODAL.CLOSE': { target: 'closed', actions: 'close' } },
          },
          form: {
            tags: ['open'],
            type: 'parallel',
            states: {
              edit: {
                initial: 'editing',
                states: {
                  editing: {
                    on: {
                      'FORM.CHANGE': { actions: 'change' },
                      'FORM.SUBMIT': [
                        { guard: 'isValid?', target: 'saving', actions: 'startSaving' },
                        { actions: 'storeCheck' },
                      ],
                      'MODAL.CLOSE': { target: closed, actions: 'close' },
                    },
                  },
                  saving: {
                    tags: ['saving'],
                    invoke: {
                      src: 'saveRow',
                      input: ({ context }) => ({ id: context.form.id, payload: approved(context.form) }),
                      onDone: {
                        target: closed,
                        actions: ['close', 'markNeedUpdate', 'refreshList', 'announceSaved'],
                      },
                      onError: [
                        { guard: 'isNew?', target: 'editing', actions: failed('create') },
                        { target: 'editing', actions: failed('update') },
                      ],
                    },
                  },
                },
              },
              choices: {
                initial: 'choosing',
                on: {
                  // A newer value leaves the older request unheard: re-entering stops its actor.
                  'FORM.CHANGE': {
                    guard: and(['isEditing?', 'changesChoiceKey?']),
                    target: '.choosing',
                    reenter: true,
                  },
                },
                states: {
                  choosing: {
                    entry: 'clearChoices',
                    always: [{ guard: 'hasChoiceKey?', target: 'loading' }, { target: 'idle' }],
                  },
                  idle: {},
                  loading: {
                    tags: ['choicesLoading'],
                    invoke: {
                      src: 'loadChoices',
                      input: ({ context }) => choiceKey(context.form) ?? 0,
                      onDone: {
                        target: 'idle',
                        actions: {
                          type: 'storeChoices',
                          params: ({ event }: { event: DoneActorEvent<Choice[]> }) => event.output,
                        },
                      },
                      onError: { target: 'idle', actions: failed('choices') },
                    },
                  },
                },
              },
            },
          },
          confirmingDelete: {
            tags: ['confirming'],
            on: {
              'DELETE.CONFIRM': { target: 'deleting' },
              'MODAL.CLOSE': { target: 'closed', actions: 'forgetTarget' },
            },
          },
          deleting: {
            tags: ['confirming', 'saving'],
            invoke: {
              src: 'deleteRow',
              input: ({ context }) => context.target?.id ?? 0,
              onDone: {
                target: 'closed',
                actions: ['forgetTarget', 'markNeedUpdate', 'refreshList', 'announceDeleted'],
              },
              onError: {
                target: 'closed',
                // The list is asked for again as well: the row may be gone (deleted elsewhere: a 404).
                actions: ['forgetTarget', ...failed('delete'), 'refreshList'],
              },
            },
          },
        },
      },
    },
  });
}
