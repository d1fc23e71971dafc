import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError } from '../app/api/errors.ts';
import {
  createVipField,
  deleteVipField,
  getVipField,
  loadVipReferences,
  updateVipField,
  type VipReferences,
} from '../app/tariff-vip/api.ts';
import type { VipField, VipFieldInput, VipLinkKey } from '../shared/tariff-vip.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import {
  checkVipForm,
  emptyVipForm,
  hasParentAccessType,
  type VipFieldForm,
  type VipFlagField,
  type VipTextField,
  vipFormFromField,
  withoutFieldErrors,
} from './vipFieldModalForm.ts';

const VIP_MODAL_MESSAGES = {
  saved: 'Расчёт сохранён',
  deleted: 'Расчёт удалён',
} as const;

/** The field a delete confirmation is about. */
interface VipDeleteTarget {
  id: number;
  name: string;
}

export interface VipFieldModalContext {
  form: VipFieldForm;
  /** Messages under the controls: the shared schema's before sending, the server's `fields` after (spec 4.4, 5). */
  errors: FieldErrors;
  /** The message of a failed save, load or delete. */
  message: string | null;
  /** The list must be asked again: true after a create, update or delete, false once it has loaded (spec 4.4). */
  needUpdate: boolean;
  target: VipDeleteTarget | null;
  /** The choices of the link lists but directions; null until they arrive. */
  references: VipReferences | null;
}

export type VipFieldModalEvent =
  | { type: 'FORM.ADD' }
  | { type: 'FORM.EDIT'; id: number }
  | { type: 'FIELD.CHANGE'; field: VipTextField; value: string }
  | { type: 'FLAG.CHANGE'; field: VipFlagField; value: boolean }
  | { type: 'LINKS.CHANGE'; list: VipLinkKey; ids: number[] }
  | { type: 'FORM.SUBMIT' }
  | { type: 'MODAL.CLOSE' }
  | { type: 'DELETE.ASK'; target: VipDeleteTarget }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'LIST.LOADED' }
  | { type: 'REFERENCES.RETRY' };

const failureParams = ({ event }: { event: ErrorActorEvent }) => event.error;

/**
 * The VIP calculations screen's workflow (spec 4.4): the reference lists asked when the screen opens, and the
 * add/edit modal and the delete confirmation, neither closable while its request runs. Tags: `open` (the modal),
 * `loading` (a field being read), `saving` (a save or delete running), `confirming` (the delete question),
 * `deleteFailed` (the error popup).
 */
export const vipFieldModalMachine = setup({
  types: { context: {} as VipFieldModalContext, events: {} as VipFieldModalEvent },
  actors: {
    loadReferences: fromPromise<VipReferences>(() => loadVipReferences()),
    getVipField: fromPromise<VipField, number>(({ input }) => getVipField(input)),
    createVipField: fromPromise<VipField, VipFieldInput>(({ input }) => createVipField(input)),
    updateVipField: fromPromise<VipField, VipFieldInput & { id: number }>(({ input }) =>
      updateVipField(input),
    ),
    deleteVipField: fromPromise<void, number>(({ input }) => deleteVipField(input)),
  },
  guards: {
    'isValid?': ({ context }) => checkVipForm(context.form).ok,
    'isNew?': ({ context }) => context.form.id === null,
  },
  actions: {
    resetForm: assign({ form: () => emptyVipForm(), errors: {}, message: null }),
    fillForm: assign((_, field: VipField) => ({ form: vipFormFromField(field), errors: {}, message: null })),
    rememberEditedId: assign(({ event }) => {
      assertEvent(event, 'FORM.EDIT');
      return { form: { ...emptyVipForm(), id: event.id }, errors: {}, message: null };
    }),
    changeText: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return {
        form: { ...context.form, [event.field]: event.value },
        errors: withoutFieldErrors(context.errors, event.field),
      };
    }),
    changeFlag: assign(({ context, event }) => {
      assertEvent(event, 'FLAG.CHANGE');
      return {
        form: { ...context.form, [event.field]: event.value },
        errors: withoutFieldErrors(context.errors, event.field),
      };
    }),
    changeLinks: assign(({ context, event }) => {
      assertEvent(event, 'LINKS.CHANGE');
      const form = { ...context.form, links: { ...context.form.links, [event.list]: [...event.ids] } };
      // The checkbox exists only with access type 7: it starts unchecked when 7 comes and goes away with it.
      const parent = hasParentAccessType(form) ? (form.use_parent_access_type ?? false) : null;
      return {
        form: { ...form, use_parent_access_type: parent },
        errors: withoutFieldErrors(context.errors, event.list),
      };
    }),
    storeValidationErrors: assign(({ context }) => {
      const checked = checkVipForm(context.form);
      return { errors: checked.ok ? {} : checked.errors, message: null };
    }),
    clearErrors: assign({ errors: {}, message: null }),
    storeFailure: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { errors: failure.fields, message: failure.message };
    }),
    rememberTarget: assign(({ event }) => {
      assertEvent(event, 'DELETE.ASK');
      return { target: event.target, message: null };
    }),
    forgetTarget: assign({ target: null }),
    markNeedUpdate: assign({ needUpdate: true }),
    clearNeedUpdate: assign({ needUpdate: false }),
    storeReferences: assign((_, references: VipReferences) => ({ references })),
    /** The screen provides this: it asks the grid for its page again. */
    refreshList: () => undefined,
    announceSaved: () => showAlert(VIP_MODAL_MESSAGES.saved, 'Success'),
    announceDeleted: () => showAlert(VIP_MODAL_MESSAGES.deleted, 'Success'),
    alertFailure: (_, error: unknown) => showAlert(parseApiError(error).message, 'Danger'),
  },
}).createMachine({
  id: 'vipFieldModal',
  type: 'parallel',
  context: {
    form: emptyVipForm(),
    errors: {},
    message: null,
    needUpdate: false,
    target: null,
    references: null,
  },
  on: {
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
                params: ({ event }: { event: DoneActorEvent<VipReferences> }) => event.output,
              },
            },
            onError: { target: 'failed', actions: { type: 'alertFailure', params: failureParams } },
          },
        },
        ready: {},
        failed: {
          tags: ['referencesFailed'],
          on: { 'REFERENCES.RETRY': { target: 'loading' } },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'FORM.ADD': { target: 'form', actions: 'resetForm' },
            'FORM.EDIT': { target: 'loadingField', actions: 'rememberEditedId' },
            'DELETE.ASK': { target: 'confirmingDelete', actions: 'rememberTarget' },
          },
        },
        loadingField: {
          tags: ['open', 'loading'],
          invoke: {
            src: 'getVipField',
            input: ({ context }) => context.form.id ?? 0,
            onDone: {
              target: 'form',
              actions: {
                type: 'fillForm',
                params: ({ event }: { event: DoneActorEvent<VipField> }) => event.output,
              },
            },
            onError: {
              target: 'closed',
              actions: ['resetForm', { type: 'alertFailure', params: failureParams }],
            },
          },
          on: { 'MODAL.CLOSE': { target: 'closed', actions: 'resetForm' } },
        },
        form: {
          tags: ['open'],
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FIELD.CHANGE': { actions: 'changeText' },
                'FLAG.CHANGE': { actions: 'changeFlag' },
                'LINKS.CHANGE': { actions: 'changeLinks' },
                'FORM.SUBMIT': { target: 'validating' },
                'MODAL.CLOSE': { target: '#vipFieldModal.dialog.closed', actions: 'resetForm' },
              },
            },
            validating: {
              always: [
                { guard: 'isValid?', target: 'saving', actions: 'clearErrors' },
                { target: 'editing', actions: 'storeValidationErrors' },
              ],
            },
            saving: {
              tags: ['saving'],
              initial: 'choosing',
              states: {
                choosing: {
                  always: [{ guard: 'isNew?', target: 'creating' }, { target: 'updating' }],
                },
                creating: {
                  invoke: {
                    src: 'createVipField',
                    input: ({ context }) => payloadOf(context.form),
                    onDone: { target: '#vipFieldModal.dialog.saved' },
                    onError: {
                      target: '#vipFieldModal.dialog.form.editing',
                      actions: { type: 'storeFailure', params: failureParams },
                    },
                  },
                },
                updating: {
                  invoke: {
                    src: 'updateVipField',
                    input: ({ context }) => ({ ...payloadOf(context.form), id: context.form.id ?? 0 }),
                    onDone: { target: '#vipFieldModal.dialog.saved' },
                    onError: {
                      target: '#vipFieldModal.dialog.form.editing',
                      actions: { type: 'storeFailure', params: failureParams },
                    },
                  },
                },
              },
            },
          },
        },
        saved: {
          entry: ['resetForm', 'markNeedUpdate', 'refreshList', 'announceSaved'],
          always: { target: 'closed' },
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
            src: 'deleteVipField',
            input: ({ context }) => context.target?.id ?? 0,
            onDone: {
              target: 'closed',
              actions: ['forgetTarget', 'markNeedUpdate', 'refreshList', 'announceDeleted'],
            },
            onError: { target: 'deleteFailed', actions: { type: 'storeFailure', params: failureParams } },
          },
        },
        deleteFailed: {
          tags: ['deleteFailed'],
          on: { 'MODAL.CLOSE': { target: 'closed', actions: ['forgetTarget', 'clearErrors'] } },
        },
      },
    },
  },
});

/** The body the guard has just approved. */
function payloadOf(form: VipFieldForm): VipFieldInput {
  const checked = checkVipForm(form);
  if (!checked.ok) throw new Error('The VIP form is sent only after the isValid? guard approved it.');
  return checked.payload;
}
