import {
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  fromPromise,
  setup,
  stateIn,
} from 'xstate';
import {
  type AllocationReferences,
  createAllocation,
  deleteAllocation,
  getAllocation,
  loadAllocationReferences,
  loadContractorDepartments,
  updateAllocation,
} from '../app/allocation/api.ts';
import { type FieldErrors, parseApiError } from '../app/api/errors.ts';
import type { Allocation, AllocationInput, NamedItem } from '../shared/allocation.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import {
  type AllocationFlag,
  type AllocationForm,
  allocationFormFrom,
  checkAllocationForm,
  emptyAllocationForm,
  withoutErrors,
} from './allocationForm.ts';

/** Spec 4 "Allocation": the modal types. `createOnBasis` opens a copy of the chosen row as a new allocation. */
export type AllocationModalType = 'create' | 'createOnBasis' | 'edit';
/** Spec 4 and 8: what failed: reading (a row, the choice lists), creating, updating, deleting. */
export type AllocationErrorType = 'get' | 'post' | 'update' | 'deleteFail';

/** The titles the user sees for each error type. */
export const ALLOCATION_ERROR_TITLES: Record<AllocationErrorType, string> = {
  get: 'Не удалось загрузить данные',
  post: 'Не удалось создать настройку',
  update: 'Не удалось сохранить изменения',
  deleteFail: 'Не удалось удалить настройку',
};

const SAVED = 'Настройка аллокации сохранена';
const DELETED = 'Настройка аллокации удалена';

/** The row a delete confirmation is about. */
interface DeleteTarget {
  id: number;
  name: string;
}

export interface AllocationModalContext {
  modalType: AllocationModalType | null;
  form: AllocationForm;
  /** Messages under the controls: the shared schema's before sending, the server's `fields` after. */
  errors: FieldErrors;
  errorType: AllocationErrorType | null;
  /** The server's (or the client's) message of the last failure. */
  message: string | null;
  target: DeleteTarget | null;
  references: AllocationReferences | null;
  /** The departments of the chosen contractor. */
  departments: NamedItem[];
}

export type AllocationModalEvent =
  | { type: 'MODAL.CREATE' }
  | { type: 'MODAL.CREATE_ON_BASIS'; id: number }
  | { type: 'MODAL.EDIT'; id: number }
  | { type: 'CONTRACTOR.CHANGE'; id: number | null }
  | { type: 'DEPARTMENT.CHANGE'; id: number | null }
  | { type: 'FLAG.CHANGE'; field: AllocationFlag; value: boolean }
  | { type: 'DISTANCE.CHANGE'; end: 'from' | 'to'; value: string }
  | { type: 'COEF.CHANGE'; coefTypeId: number; value: string }
  | { type: 'FORM.SUBMIT' }
  | { type: 'MODAL.CLOSE' }
  | { type: 'DELETE.ASK'; target: DeleteTarget }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'ERROR.CLOSE' }
  | { type: 'REFERENCES.RETRY' };

const failure = (type: AllocationErrorType) => ({ type: 'storeFailure' as const, params: { type } });
const closedForm = { modalType: null, form: emptyAllocationForm(), errors: {}, departments: [] };

/**
 * The allocation screen's workflow (spec 4): the choice lists asked when the screen opens; the modal of the three
 * types, whose department list follows the chosen contractor (a newer choice cancels the older request); the delete
 * confirmation. Tags: `open`, `loading` (a row being read), `departmentsLoading`, `saving`, `confirming`.
 */
export const allocationModalMachine = setup({
  types: { context: {} as AllocationModalContext, events: {} as AllocationModalEvent },
  actors: {
    loadReferences: fromPromise<AllocationReferences>(() => loadAllocationReferences()),
    loadDepartments: fromPromise<NamedItem[], number>(({ input }) => loadContractorDepartments(input)),
    getAllocation: fromPromise<Allocation, number>(({ input }) => getAllocation(input)),
    createAllocation: fromPromise<Allocation, AllocationInput>(({ input }) => createAllocation(input)),
    updateAllocation: fromPromise<Allocation, { id: number; payload: AllocationInput }>(({ input }) =>
      updateAllocation(input.id, input.payload),
    ),
    deleteAllocation: fromPromise<void, number>(({ input }) => deleteAllocation(input)),
  },
  guards: {
    'isValid?': ({ context }) => checkAllocationForm(context.form).ok,
    'isEdit?': ({ context }) => context.modalType === 'edit',
    'hasContractor?': ({ context }) => context.form.contractor_id !== null,
    'isEditing?': stateIn('#allocationModal.dialog.form.edit.editing'),
  },
  actions: {
    openCreate: assign({ ...closedForm, modalType: 'create', errorType: null, message: null }),
    openRow: assign(({ event }) => {
      assertEvent(event, ['MODAL.EDIT', 'MODAL.CREATE_ON_BASIS']);
      return {
        ...closedForm,
        modalType: event.type === 'MODAL.EDIT' ? ('edit' as const) : ('createOnBasis' as const),
        form: { ...emptyAllocationForm(), id: event.id },
        errorType: null,
        message: null,
      };
    }),
    fillForm: assign(({ context }, row: Allocation) => ({
      form: allocationFormFrom(row, context.modalType === 'createOnBasis'),
    })),
    closeForm: assign(closedForm),
    changeContractor: assign(({ context, event }) => {
      assertEvent(event, 'CONTRACTOR.CHANGE');
      const errors = withoutErrors(withoutErrors(context.errors, 'contractor_id'), 'department_id');
      return {
        form: { ...context.form, contractor_id: event.id, department_id: null },
        errors,
        departments: [],
      };
    }),
    changeDepartment: assign(({ context, event }) => {
      assertEvent(event, 'DEPARTMENT.CHANGE');
      return {
        form: { ...context.form, department_id: event.id },
        errors: withoutErrors(context.errors, 'department_id'),
      };
    }),
    changeFlag: assign(({ context, event }) => {
      assertEvent(event, 'FLAG.CHANGE');
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    changeDistance: assign(({ context, event }) => {
      assertEvent(event, 'DISTANCE.CHANGE');
      const key = event.end === 'from' ? 'distance_from' : 'distance_to';
      return {
        form: { ...context.form, [key]: event.value },
        errors: withoutErrors(context.errors, 'distance_range_set'),
      };
    }),
    changeCoef: assign(({ context, event }) => {
      assertEvent(event, 'COEF.CHANGE');
      // Indexes of `coefs.N` move when a value is typed or cleared: drop every coefficient message.
      return {
        form: { ...context.form, coefs: { ...context.form.coefs, [event.coefTypeId]: event.value } },
        errors: withoutErrors(context.errors, 'coefs'),
      };
    }),
    storeDepartments: assign((_, departments: NamedItem[]) => ({ departments })),
    storeValidationErrors: assign(({ context }) => {
      const checked = checkAllocationForm(context.form);
      return { errors: checked.ok ? {} : checked.errors, errorType: null, message: null };
    }),
    clearFailure: assign({ errorType: null, message: null }),
    storeFailure: assign(({ event }, { type }: { type: AllocationErrorType }) => {
      const error = parseApiError((event as unknown as ErrorActorEvent).error);
      return { errors: error.fields, errorType: type, message: error.message };
    }),
    storeReferences: assign((_, references: AllocationReferences) => ({ references })),
    rememberTarget: assign(({ event }) => {
      assertEvent(event, 'DELETE.ASK');
      return { target: event.target, errorType: null, message: null };
    }),
    forgetTarget: assign({ target: null }),
    /** The screen provides this: it asks the grid for its page again. */
    refreshList: () => undefined,
    announceSaved: () => showAlert(SAVED, 'Success'),
    announceDeleted: () => showAlert(DELETED, 'Success'),
  },
}).createMachine({
  id: 'allocationModal',
  type: 'parallel',
  context: { ...closedForm, errorType: null, message: null, target: null, references: null },
  on: { 'ERROR.CLOSE': { actions: 'clearFailure' } },
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
                params: ({ event }: { event: DoneActorEvent<AllocationReferences> }) => event.output,
              },
            },
            onError: { target: 'failed', actions: failure('get') },
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
            'MODAL.EDIT': { target: 'loadingRow', actions: 'openRow' },
            'MODAL.CREATE_ON_BASIS': { target: 'loadingRow', actions: 'openRow' },
            'DELETE.ASK': { target: 'confirmingDelete', actions: 'rememberTarget' },
          },
        },
        loadingRow: {
          tags: ['open', 'loading'],
          invoke: {
            src: 'getAllocation',
            input: ({ context }) => context.form.id ?? 0,
            onDone: {
              target: 'form',
              actions: {
                type: 'fillForm',
                params: ({ event }: { event: DoneActorEvent<Allocation> }) => event.output,
              },
            },
            onError: { target: 'closed', actions: ['closeForm', failure('get')] },
          },
          on: { 'MODAL.CLOSE': { target: 'closed', actions: 'closeForm' } },
        },
        form: {
          tags: ['open'],
          type: 'parallel',
          states: {
            departments: {
              initial: 'choosing',
              on: {
                'CONTRACTOR.CHANGE': {
                  guard: 'isEditing?',
                  target: '.choosing',
                  reenter: true,
                  actions: 'changeContractor',
                },
              },
              states: {
                choosing: { always: [{ guard: 'hasContractor?', target: 'loading' }, { target: 'idle' }] },
                idle: {},
                loading: {
                  tags: ['departmentsLoading'],
                  invoke: {
                    src: 'loadDepartments',
                    input: ({ context }) => context.form.contractor_id ?? 0,
                    onDone: {
                      target: 'idle',
                      actions: {
                        type: 'storeDepartments',
                        params: ({ event }: { event: DoneActorEvent<NamedItem[]> }) => event.output,
                      },
                    },
                    onError: { target: 'idle', actions: failure('get') },
                  },
                },
              },
            },
            edit: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'DEPARTMENT.CHANGE': { actions: 'changeDepartment' },
                    'FLAG.CHANGE': { actions: 'changeFlag' },
                    'DISTANCE.CHANGE': { actions: 'changeDistance' },
                    'COEF.CHANGE': { actions: 'changeCoef' },
                    'FORM.SUBMIT': { target: 'validating' },
                    'MODAL.CLOSE': {
                      target: '#allocationModal.dialog.closed',
                      actions: ['closeForm', 'clearFailure'],
                    },
                  },
                },
                validating: {
                  always: [
                    { guard: 'isValid?', target: 'saving', actions: 'clearFailure' },
                    { target: 'editing', actions: 'storeValidationErrors' },
                  ],
                },
                saving: {
                  tags: ['saving'],
                  initial: 'choosing',
                  states: {
                    choosing: { always: [{ guard: 'isEdit?', target: 'updating' }, { target: 'creating' }] },
                    creating: {
                      invoke: {
                        src: 'createAllocation',
                        input: ({ context }) => payloadOf(context.form),
                        onDone: { target: '#allocationModal.dialog.saved' },
                        onError: {
                          target: '#allocationModal.dialog.form.edit.editing',
                          actions: failure('post'),
                        },
                      },
                    },
                    updating: {
                      invoke: {
                        src: 'updateAllocation',
                        input: ({ context }) => ({
                          id: context.form.id ?? 0,
                          payload: payloadOf(context.form),
                        }),
                        onDone: { target: '#allocationModal.dialog.saved' },
                        onError: {
                          target: '#allocationModal.dialog.form.edit.editing',
                          actions: failure('update'),
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        saved: {
          entry: ['closeForm', 'refreshList', 'announceSaved'],
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
            src: 'deleteAllocation',
            input: ({ context }) => context.target?.id ?? 0,
            onDone: { target: 'closed', actions: ['forgetTarget', 'refreshList', 'announceDeleted'] },
            onError: { target: 'closed', actions: ['forgetTarget', failure('deleteFail'), 'refreshList'] },
          },
        },
      },
    },
  },
});

/** The body the guard has just approved. */
function payloadOf(form: AllocationForm): AllocationInput {
  const checked = checkAllocationForm(form);
  if (!checked.ok) throw new Error('The allocation form is sent only after the isValid? guard approved it.');
  return checked.payload;
}
