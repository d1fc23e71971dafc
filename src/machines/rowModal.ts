/**
 * One workflow for a list screen whose rows are added, edited and deleted in a modal (allocation, VIP fields; a new
 * list screen starts here, while formModal.ts serves a modal opened on a form the caller already holds). Two regions
 * run side by side: `references`, the screen's choice lists asked once when it opens, asked again on
 * `REFERENCES.RETRY`; and `dialog`, the modal opened empty (`MODAL.CREATE`) or on a row read by id (`MODAL.OPEN`
 * with `edit` or one of the module's own types, such as allocation's create on basis), changed by `FORM.CHANGE`
 * through the module's `change`, checked by the shared schema, saved (created when the form has no id, else
 * updated), and the delete confirmation. The description a module gives and the types the screens see are
 * rowModalTypes.ts.
 *
 * Tags: `open` (the modal), `loading` (a row being read), `choicesLoading`, `saving` (a save or delete running: nothing
 * closes), `confirming` (the delete question), `referencesFailed`. Every failure is kept as `failure` (what failed)
 * and `message`: a failed save keeps the form open with the server's `fields` under the controls; the screen shows the
 * others until `ERROR.CLOSE`.
 */
import {
  and,
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  emit,
  fromPromise,
  setup,
  stateIn,
} from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import { withoutFields } from './fieldErrors.ts';
import type {
  RowModalContext,
  RowModalDescription,
  RowModalEmitted,
  RowModalEvent,
  RowModalFailure,
} from './rowModalTypes.ts';

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
    pristine: description.emptyForm(),
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
        const form = { ...description.emptyForm(), id: event.id };
        return { ...closedDialog(), modalType: event.modalType, form, pristine: form };
      }),
      fillForm: assign(({ context }, row: Row) => {
        const form = description.formFrom(row, context.modalType as 'edit' | OpenType);
        return { form, pristine: form };
      }),
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
