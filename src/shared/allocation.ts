/**
 * Contractor allocation (spec 3, 7 "Allocation"): how the tasks of a contractor's department are allocated to it.
 * One setting says whether the contractor's department takes tasks first (`is_priority_set`), whether its own staff
 * and equipment provision is counted (`is_provide_set`), within which walking or driving distance of its base in
 * metres it takes tasks (`distance_range_set`, null: any distance), and the coefficients, one per coefficient type,
 * that weigh it against the others. Client form and server validate with the same schema.
 */
import { MESSAGES, z } from './messages.ts';
import { idSchema, MAX_ID, namedItemSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';

/** The farthest distance a range may name, in metres (a large airport is a few kilometres across). */
const DISTANCE_MAX = 100_000;
/** The largest coefficient value; values carry at most four decimal places (`numeric(10,4)`). */
const COEF_MAX = 1000;
const COEF_DECIMALS = 4;

/** Russian texts of the allocation form beyond the shared catalogue. */
export const ALLOCATION_MESSAGES = {
  number: 'Ожидается число',
  distance: `Ожидается целое число метров от 0 до ${DISTANCE_MAX}`,
  reversed: 'Конец диапазона меньше начала',
  coefRange: `Ожидается число от 0 до ${COEF_MAX}`,
  coefDecimals: `Не больше ${COEF_DECIMALS} знаков после запятой`,
  duplicate: 'Значение выбрано дважды',
  unknownIds: (ids: number[]) => `Нет в справочнике: ${ids.join(', ')}`,
  foreignDepartment: 'Подразделение не относится к выбранному подрядчику',
  idMismatch: 'Не совпадает с id в адресе',
  notFound: 'Настройка аллокации не найдена',
} as const;

/** True when the number has at most four decimal places. Example: `fitsDecimals(1.2345)` → true, 0.00001 → false. */
export function fitsDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 10 ** COEF_DECIMALS) - value * 10 ** COEF_DECIMALS) < 1e-6;
}

/** A required id: missing or null is 'Поле обязательно для заполнения', not zod's type error. */
const required = z
  .number(MESSAGES.required)
  .int(MESSAGES.idRange)
  .min(1, MESSAGES.idRange)
  .max(MAX_ID, MESSAGES.idRange);
const metres = z
  .number(ALLOCATION_MESSAGES.number)
  .int(ALLOCATION_MESSAGES.distance)
  .min(0, ALLOCATION_MESSAGES.distance)
  .max(DISTANCE_MAX, ALLOCATION_MESSAGES.distance);

/** A distance range in metres, both ends included; `to` not below `from`. Example: `{from: 0, to: 1500}`. */
const distanceRangeSchema = z
  .object({ from: metres, to: metres })
  .refine((range) => range.to >= range.from, { message: ALLOCATION_MESSAGES.reversed, path: ['to'] });

/** One coefficient: its type and value. An answer's entry may carry the nested type; only the id is read. */
const coefEntrySchema = z.object({
  coef_type_id: idSchema,
  value: z
    .number(ALLOCATION_MESSAGES.number)
    .min(0, ALLOCATION_MESSAGES.coefRange)
    .max(COEF_MAX, ALLOCATION_MESSAGES.coefRange)
    .refine(fitsDecimals, ALLOCATION_MESSAGES.coefDecimals),
});

/**
 * `POST /api/v2/allocation` and `PATCH /api/v2/allocation/{id}` body (spec 7): contractor and department required
 * (the department must be the contractor's), flags default to false, no distance range means any distance, each
 * coefficient type at most once (the second is refused on its `coef_type_id`). `id` may come in the body (spec 7);
 * on PATCH it must equal the path's.
 * Example: `{contractor_id: 1, department_id: 9, is_priority_set: true, distance_range_set: {from: 0, to: 1500}, coefs: [{coef_type_id: 1, value: 1.5}]}`.
 */
export const allocationBodySchema = z
  .object({
    id: idSchema.optional(),
    contractor_id: required,
    department_id: required,
    is_priority_set: z.boolean().default(false),
    is_provide_set: z.boolean().default(false),
    distance_range_set: distanceRangeSchema.nullish().transform((range) => range ?? null),
    coefs: z.array(coefEntrySchema).default([]),
    ...editVersionField,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.coefs.forEach((coef, index) => {
      if (seen.has(coef.coef_type_id))
        ctx.addIssue({
          code: 'custom',
          message: ALLOCATION_MESSAGES.duplicate,
          path: ['coefs', index, 'coef_type_id'],
        });
      seen.add(coef.coef_type_id);
    });
  });

/** What the form sends. */
export type AllocationPayload = z.input<typeof allocationBodySchema>;
/** What the server reads after validation. */
export type AllocationInput = z.output<typeof allocationBodySchema>;

/** A contractor (`GET /api/v2/contractor`) or a coefficient type (`GET /api/v2/coef-type`): `{id, name}`. */
export const contractorSchema = namedItemSchema;
export const coefTypeSchema = namedItemSchema;
export type NamedItem = z.infer<typeof namedItemSchema>;

/**
 * An allocation as the server answers it (list rows, one by id, create and update), with the contractor, the
 * department and each coefficient's type nested; coefficients in the order of their type ids.
 * Example: `coefs: [{coef_type_id: 1, coef_type: {id: 1, name: 'Коэффициент приоритета'}, value: 1.5}]`.
 */
export const allocationSchema = z.object({
  id: z.number(),
  contractor_id: z.number(),
  contractor: namedItemSchema,
  department_id: z.number(),
  department: namedItemSchema,
  is_priority_set: z.boolean(),
  is_provide_set: z.boolean(),
  distance_range_set: z.object({ from: z.number(), to: z.number() }).nullable(),
  coefs: z.array(z.object({ coef_type_id: z.number(), coef_type: namedItemSchema, value: z.number() })),
  version: rowVersionSchema,
});
export type Allocation = z.infer<typeof allocationSchema>;

/** Page sizes of the allocation list (spec 9: 20 by default). */
export const ALLOCATION_PAGE_SIZES = [10, 20, 50] as const;
export const ALLOCATION_PER_PAGE = 20;

/** The distance range as the list shows it. Example: `{from: 0, to: 1500}` → '0–1500 м'; null → 'любое'. */
export function distanceText(range: Allocation['distance_range_set']): string {
  return range ? `${range.from}–${range.to} м` : 'любое';
}
