import { type FieldErrors, zodFieldErrors } from '../app/api/errors.ts';
import { sentVersion } from '../shared/rowVersion.ts';
import {
  PARENT_ACCESS_TYPE_ID,
  VIP_LINK_KEYS,
  VIP_LINKS,
  type VipField,
  type VipFieldEdit,
  type VipLinkKey,
  vipFieldCreateSchema,
} from '../shared/tariff-vip.ts';

/** What the VIP modal holds (spec 3.4): the field's own values and the chosen ids of each link list. */
export interface VipFieldForm {
  /** Null for a new field. */
  id: number | null;
  /** The version read with the field, sent back with its save (a save over a newer one is a 409); null when new. */
  version: string | null;
  name: string;
  description: string;
  is_guest_count: boolean;
  use_parent_access_type: boolean | null;
  links: Record<VipLinkKey, number[]>;
}

export type VipTextField = 'name' | 'description';
export type VipFlagField = 'is_guest_count' | 'use_parent_access_type';

/** A new field: nothing chosen, not a guest count, no parent access type. */
export function emptyVipForm(): VipFieldForm {
  return {
    id: null,
    version: null,
    name: '',
    description: '',
    is_guest_count: false,
    use_parent_access_type: null,
    links: Object.fromEntries(VIP_LINK_KEYS.map((key) => [key, []])) as unknown as Record<
      VipLinkKey,
      number[]
    >,
  };
}

/** True when hall access type 7 is chosen, which shows the use-parent-access-type checkbox (spec 2.4). */
export function hasParentAccessType(form: Pick<VipFieldForm, 'links'>): boolean {
  return form.links.vipFieldHallAccessType.includes(PARENT_ACCESS_TYPE_ID);
}

/**
 * The form of a loaded field: each nested link mapped to its id (spec 4.4).
 * Example: `vipFieldAviacompany: [{aviacompany_id: 5, aviacompany: {…}}]` → `links.vipFieldAviacompany: [5]`.
 */
export function vipFormFromField(field: VipField): VipFieldForm {
  const links = Object.fromEntries(
    VIP_LINK_KEYS.map((key) => {
      const idKey = VIP_LINKS[key].idKey;
      return [key, (field[key] as Record<string, unknown>[]).map((entry) => entry[idKey] as number)];
    }),
  ) as unknown as Record<VipLinkKey, number[]>;
  return {
    id: field.id,
    version: field.version,
    name: field.name,
    description: field.description,
    is_guest_count: field.is_guest_count,
    use_parent_access_type: field.use_parent_access_type,
    links,
  };
}

/**
 * The body of `POST /tariff/vip-field` before validation: each list as `[{idKey: id}]`; use_parent_access_type
 * only with hall access type 7 (unchecked means false), null otherwise.
 * Example: `links.vipFieldDirection: [1]` → `vipFieldDirection: [{direction_id: 1}]`.
 */
function vipPayloadOf(form: VipFieldForm): Record<string, unknown> {
  const lists = Object.fromEntries(
    VIP_LINK_KEYS.map((key) => [key, form.links[key].map((id) => ({ [VIP_LINKS[key].idKey]: id }))]),
  );
  return {
    name: form.name,
    description: form.description,
    is_guest_count: form.is_guest_count,
    use_parent_access_type: hasParentAccessType(form) ? Boolean(form.use_parent_access_type) : null,
    ...lists,
  };
}

/**
 * The form checked by the shared schema (spec 5): the body to send, with the version read when the form was loaded
 * from a field, or the field errors keyed as the server keys them.
 */
export function checkVipForm(
  form: VipFieldForm,
): { ok: true; payload: VipFieldEdit } | { ok: false; errors: FieldErrors } {
  const result = vipFieldCreateSchema.safeParse(vipPayloadOf(form));
  if (!result.success) return { ok: false, errors: zodFieldErrors(result.error) };
  return {
    ok: true,
    payload: { ...result.data, ...sentVersion(form.version) },
  };
}
