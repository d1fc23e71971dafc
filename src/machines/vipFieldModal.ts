import {
  createVipField,
  deleteVipField,
  getVipField,
  loadVipReferences,
  updateVipField,
  type VipReferences,
} from '../app/tariff-vip/api.ts';
import type { VipField, VipFieldEdit, VipLinkKey } from '../shared/tariff-vip.ts';
import { createRowModal } from './rowModal.ts';
import type { RowEdit } from './rowModalTypes.ts';
import {
  checkVipForm,
  emptyVipForm,
  hasParentAccessType,
  type VipFieldForm,
  type VipFlagField,
  type VipTextField,
  vipFormFromField,
} from './vipFieldModalForm.ts';

/** One change of the modal's controls (`FORM.CHANGE`). */
export type VipFieldChange =
  | { control: 'text'; field: VipTextField; value: string }
  | { control: 'flag'; field: VipFlagField; value: boolean }
  | { control: 'links'; list: VipLinkKey; ids: number[] };

/** What a change does to the form: the changed control's messages go. */
function changeVipField(form: VipFieldForm, change: VipFieldChange): RowEdit<VipFieldForm> {
  if (change.control !== 'links')
    return { form: { ...form, [change.field]: change.value }, clear: [change.field] };
  const next = { ...form, links: { ...form.links, [change.list]: [...change.ids] } };
  // The checkbox exists only with access type 7: it starts unchecked when 7 comes and goes away with it.
  const parent = hasParentAccessType(next) ? (next.use_parent_access_type ?? false) : null;
  return { form: { ...next, use_parent_access_type: parent }, clear: [change.list] };
}

/**
 * The VIP calculations screen's workflow (spec 4.4) on the shared row modal: the reference lists asked when the
 * screen opens, the add/edit modal and the delete confirmation, neither closable while its request runs. A failure
 * to read the lists or a field is a danger alert; a failed delete is the screen's error popup.
 */
export const vipFieldModalMachine = createRowModal<
  VipFieldForm,
  VipField,
  VipFieldEdit,
  VipReferences,
  VipFieldChange
>({
  id: 'vipFieldModal',
  emptyForm: emptyVipForm,
  formFrom: vipFormFromField,
  check: checkVipForm,
  change: changeVipField,
  api: {
    references: loadVipReferences,
    get: getVipField,
    save: (payload, id) => (id === null ? createVipField(payload) : updateVipField({ ...payload, id })),
    remove: deleteVipField,
  },
  messages: { saved: 'Расчёт сохранён', deleted: 'Расчёт удалён' },
  alertFailures: ['references', 'get'],
});
