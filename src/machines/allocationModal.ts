import {
  type AllocationReferences,
  createAllocation,
  deleteAllocation,
  getAllocation,
  loadAllocationReferences,
  loadContractorDepartments,
  updateAllocation,
} from '../app/allocation/api.ts';
import type { Allocation, AllocationInput, NamedItem } from '../shared/allocation.ts';
import {
  type AllocationFlag,
  type AllocationForm,
  allocationFormFrom,
  checkAllocationForm,
  emptyAllocationForm,
} from './allocationForm.ts';
import { createRowModal } from './rowModal.ts';
import type { RowEdit, RowModalFailure } from './rowModalTypes.ts';

/** Spec 4 "Allocation": the modal types. `createOnBasis` opens a copy of the chosen row as a new allocation. */
export type AllocationModalType = 'create' | 'createOnBasis' | 'edit';

/**
 * The titles the user sees for each failure (spec 4 and 8): reading (the choice lists, a row, the departments),
 * creating, updating, deleting.
 */
export const ALLOCATION_ERROR_TITLES: Record<RowModalFailure, string> = {
  references: 'Не удалось загрузить данные',
  get: 'Не удалось загрузить данные',
  choices: 'Не удалось загрузить данные',
  create: 'Не удалось создать настройку',
  update: 'Не удалось сохранить изменения',
  delete: 'Не удалось удалить настройку',
};

/** One change of the modal's controls (`FORM.CHANGE`). */
export type AllocationChange =
  | { control: 'contractor'; id: number | null }
  | { control: 'department'; id: number | null }
  | { control: 'flag'; field: AllocationFlag; value: boolean }
  | { control: 'distance'; end: 'from' | 'to'; value: string }
  | { control: 'coef'; coefTypeId: number; value: string };

/** What a change does to the form; another contractor forgets the chosen department. */
function changeAllocation(form: AllocationForm, change: AllocationChange): RowEdit<AllocationForm> {
  switch (change.control) {
    case 'contractor':
      return {
        form: { ...form, contractor_id: change.id, department_id: null },
        clear: ['contractor_id', 'department_id'],
      };
    case 'department':
      return { form: { ...form, department_id: change.id }, clear: ['department_id'] };
    case 'flag':
      return { form: { ...form, [change.field]: change.value }, clear: [] };
    case 'distance': {
      const key = change.end === 'from' ? 'distance_from' : 'distance_to';
      return { form: { ...form, [key]: change.value }, clear: ['distance_range_set'] };
    }
    case 'coef':
      // Indexes of `coefs.N` move when a value is typed or cleared: drop every coefficient message.
      return {
        form: { ...form, coefs: { ...form.coefs, [change.coefTypeId]: change.value } },
        clear: ['coefs'],
      };
  }
}

/**
 * The allocation screen's workflow (spec 4) on the shared row modal: the choice lists asked when the screen opens;
 * the modal of the three types, whose department list follows the chosen contractor (a newer choice cancels the
 * older request); the delete confirmation. A failed delete asks for the list again (the row may be gone).
 */
export const allocationModalMachine = createRowModal<
  AllocationForm,
  Allocation,
  AllocationInput,
  AllocationReferences,
  AllocationChange,
  NamedItem,
  'createOnBasis'
>({
  id: 'allocationModal',
  emptyForm: emptyAllocationForm,
  formFrom: (row, modalType) => allocationFormFrom(row, modalType === 'createOnBasis'),
  check: checkAllocationForm,
  change: changeAllocation,
  api: {
    references: loadAllocationReferences,
    get: getAllocation,
    save: (payload, id) => (id === null ? createAllocation(payload) : updateAllocation(id, payload)),
    remove: deleteAllocation,
  },
  choices: { of: (form) => form.contractor_id, load: loadContractorDepartments },
  messages: { saved: 'Настройка аллокации сохранена', deleted: 'Настройка аллокации удалена' },
});
