import { type FieldErrors, zodFieldErrors } from '../app/api/errors.ts';
import { type Allocation, type AllocationInput, allocationBodySchema } from '../shared/allocation.ts';
import { sentVersion } from '../shared/rowVersion.ts';

/**
 * What the allocation modal holds: chosen ids, the two flags, and the numbers as typed (text), so a half-typed
 * value stays on screen until the shared schema judges it. Coefficients are keyed by their type id.
 */
export interface AllocationForm {
  /** Null for a new allocation (create, or create on the basis of a row). */
  id: number | null;
  contractor_id: number | null;
  department_id: number | null;
  is_priority_set: boolean;
  is_provide_set: boolean;
  distance_from: string;
  distance_to: string;
  coefs: Record<number, string>;
  /** The version of the row being edited, sent back so a save over another user's is refused (409); null when new. */
  version: string | null;
}

export type AllocationFlag = 'is_priority_set' | 'is_provide_set';

/** A new allocation: nothing chosen, both flags off, any distance, no coefficients. */
export function emptyAllocationForm(): AllocationForm {
  return {
    id: null,
    contractor_id: null,
    department_id: null,
    is_priority_set: false,
    is_provide_set: false,
    distance_from: '',
    distance_to: '',
    coefs: {},
    version: null,
  };
}

/**
 * The form of a loaded allocation; `copy` leaves the id out (create on the basis of a row, spec 4).
 * Example: `distance_range_set: {from: 0, to: 1500}` → `distance_from: '0', distance_to: '1500'`.
 */
export function allocationFormFrom(row: Allocation, copy = false): AllocationForm {
  return {
    id: copy ? null : row.id,
    contractor_id: row.contractor_id,
    department_id: row.department_id,
    is_priority_set: row.is_priority_set,
    is_provide_set: row.is_provide_set,
    distance_from: row.distance_range_set ? String(row.distance_range_set.from) : '',
    distance_to: row.distance_range_set ? String(row.distance_range_set.to) : '',
    coefs: Object.fromEntries(row.coefs.map((coef) => [coef.coef_type_id, String(coef.value)])),
    version: copy ? null : row.version,
  };
}

/** A typed number: a comma is a decimal point, blank is NaN (refused by the schema as 'Ожидается число'). */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The coefficient types the form fills, by id: the order of `coefs` in the body, so `coefs.N` errors map back. */
function filledCoefTypes(form: AllocationForm): number[] {
  return Object.entries(form.coefs)
    .filter(([, text]) => text.trim() !== '')
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
}

/** The body before validation: no distance when both ends are blank, coefficients only where a value is typed. */
function payloadOf(form: AllocationForm): Record<string, unknown> {
  const noRange = form.distance_from.trim() === '' && form.distance_to.trim() === '';
  return {
    contractor_id: form.contractor_id,
    department_id: form.department_id,
    is_priority_set: form.is_priority_set,
    is_provide_set: form.is_provide_set,
    distance_range_set: noRange
      ? null
      : { from: numberOf(form.distance_from), to: numberOf(form.distance_to) },
    coefs: filledCoefTypes(form).map((id) => ({ coef_type_id: id, value: numberOf(form.coefs[id]) })),
    ...sentVersion(form.version),
  };
}

/** The form checked by the shared schema: the body to send, or the field errors keyed as the server keys them. */
export function checkAllocationForm(
  form: AllocationForm,
): { ok: true; payload: AllocationInput } | { ok: false; errors: FieldErrors } {
  const result = allocationBodySchema.safeParse(payloadOf(form));
  return result.success
    ? { ok: true, payload: result.data }
    : { ok: false, errors: zodFieldErrors(result.error) };
}

/**
 * The messages under each coefficient input, by type id: `coefs.N.*` of the body belongs to the N-th filled type.
 * Example: coefficients 2 and 4 typed, `{'coefs.1.value': ['…']}` → `{4: '…'}`.
 */
export function coefMessages(form: AllocationForm, errors: FieldErrors): Record<number, string> {
  const filled = filledCoefTypes(form);
  const messages: Record<number, string> = {};
  for (const [path, list] of Object.entries(errors)) {
    const match = /^coefs\.(\d+)\./.exec(path);
    const typeId = match ? filled[Number(match[1])] : undefined;
    if (typeId !== undefined) messages[typeId] = list.join('; ');
  }
  return messages;
}
