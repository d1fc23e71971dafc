/**
 * Workplace distance (spec 2, 3, 4, 7): the workplaces of the from- and to-lists, a distance entry, and the bodies
 * of `POST`, `PATCH` and `DELETE /v2/workplace-distance`. Client and server validate with the same schemas.
 */
import { z } from './messages.ts';
import { idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';

/** Kinds of workplaces as the `workplaces` table stores them, with their Russian names. */
export const WORKPLACE_KINDS = {
  1: 'Место стоянки',
  2: 'Выход на посадку',
  3: 'Зал',
  4: 'Служебное здание',
} as const satisfies Record<number, string>;

/** The largest distance kept, in metres: further than any two places of one airport. */
export const DISTANCE_MAX = 100_000;

/** Entries one write may carry: a full 100 × 100 matrix. */
const DISTANCE_BATCH_MAX = 10_000;

/** Russian texts of the workplace distance screen beyond the shared catalogue. */
export const WORKPLACE_MESSAGES = {
  distanceNumber: 'Расстояние — число метров',
  distanceNegative: 'Расстояние не может быть отрицательным',
  distanceTooLarge: `Расстояние не больше ${DISTANCE_MAX.toLocaleString('ru-RU')} м`,
  samePlace: 'Место назначения совпадает с местом отправления',
  duplicateKey: 'Эта пара мест уже есть в запросе',
  duplicateId: 'Эта запись уже есть в запросе',
  unknownWorkplace: (id: number) => `Нет рабочего места с id ${id}`,
  unknownEntry: (id: number) => `Нет расстояния с id ${id}: обновите страницу`,
  exists: 'Расстояние для этой пары мест уже задано: обновите страницу',
  changed: 'Расстояние уже изменил другой пользователь: обновите страницу',
  tooMany: `Не больше ${DISTANCE_BATCH_MAX.toLocaleString('ru-RU')} записей за раз`,
  empty: 'Нечего сохранять',
} as const;

/** A workplace of the from- and to-lists. */
export const workplaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
});
export type Workplace = z.infer<typeof workplaceSchema>;

/** `POST /v2/workplace`: the workplaces of the ids, or every workplace when the list is empty. */
export const workplaceQuerySchema = z.object({
  ids: z.array(idSchema).max(DISTANCE_BATCH_MAX, WORKPLACE_MESSAGES.tooMany).default([]),
});

/** A distance in metres: a finite non-negative number (zero for two desks of one hall). */
const distanceSchema = z
  .number(WORKPLACE_MESSAGES.distanceNumber)
  .refine(Number.isFinite, WORKPLACE_MESSAGES.distanceNumber)
  .min(0, WORKPLACE_MESSAGES.distanceNegative)
  .max(DISTANCE_MAX, WORKPLACE_MESSAGES.distanceTooLarge);

/**
 * A stored entry: the distance from one workplace to another (the matrix is directed: one-way roads), with the
 * row's version, which a change of the entry sends back.
 */
export const distanceEntrySchema = z.object({
  id: z.number().int(),
  workplace_from_id: z.number().int(),
  workplace_to_id: z.number().int(),
  distance: z.number(),
  version: rowVersionSchema,
});
export type DistanceEntry = z.infer<typeof distanceEntrySchema>;

const pairShape = {
  workplace_from_id: idSchema,
  workplace_to_id: idSchema,
  distance: distanceSchema,
};

/** An entry to create: the pair and its distance. */
const distanceNewSchema = z
  .object(pairShape)
  .refine((entry) => entry.workplace_from_id !== entry.workplace_to_id, {
    message: WORKPLACE_MESSAGES.samePlace,
    path: ['workplace_to_id'],
  });
export type DistanceNew = z.infer<typeof distanceNewSchema>;

/**
 * An entry to change: its id, its pair (the key of the pending list), the new distance and the version read (when
 * sent, a save over another user's change of the entry is refused with a 409).
 */
const distanceUpdateSchema = z.object({ id: idSchema, ...pairShape, ...editVersionField });
export type DistanceUpdate = z.infer<typeof distanceUpdateSchema>;

/** The key of an entry in the pending lists and the matrix. Example: `pairKey({workplace_from_id: 1, workplace_to_id: 2})` → '1:2'. */
export function pairKey(entry: { workplace_from_id: number; workplace_to_id: number }): string {
  return `${entry.workplace_from_id}:${entry.workplace_to_id}`;
}

/** Refuses the second and later entries of a list that repeat a key (`create.3.workplace_to_id`). */
function uniqueBy<T>(
  list: readonly T[],
  key: (item: T) => string,
  field: string,
  message: string,
  ctx: z.RefinementCtx,
  path: string,
) {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', message, path: [path, index, field] });
    seen.add(k);
  });
}

const batch = <T extends z.ZodType>(item: T) =>
  z.array(item).max(DISTANCE_BATCH_MAX, WORKPLACE_MESSAGES.tooMany);

/**
 * `POST /v2/workplace-distance`: the screen's save, both pending lists in one transaction. A pair occurs once
 * across both lists. Example: `{create: [{workplace_from_id: 1, workplace_to_id: 2, distance: 350}], update: []}`.
 */
export const distanceSaveSchema = z
  .object({ create: batch(distanceNewSchema).default([]), update: batch(distanceUpdateSchema).default([]) })
  .superRefine((body, ctx) => {
    if (body.create.length + body.update.length === 0)
      ctx.addIssue({ code: 'custom', message: WORKPLACE_MESSAGES.empty, path: ['create'] });
    const updated = new Set(body.update.map(pairKey));
    body.create.forEach((entry, index) => {
      if (updated.has(pairKey(entry)))
        ctx.addIssue({
          code: 'custom',
          message: WORKPLACE_MESSAGES.duplicateKey,
          path: ['create', index, 'workplace_to_id'],
        });
    });
    uniqueBy(body.create, pairKey, 'workplace_to_id', WORKPLACE_MESSAGES.duplicateKey, ctx, 'create');
    uniqueBy(body.update, (entry) => String(entry.id), 'id', WORKPLACE_MESSAGES.duplicateId, ctx, 'update');
    uniqueBy(body.update, pairKey, 'workplace_to_id', WORKPLACE_MESSAGES.duplicateKey, ctx, 'update');
  });
export type DistanceSave = z.input<typeof distanceSaveSchema>;

/** `PATCH /v2/workplace-distance`: changes of stored entries only. */
export const distancePatchSchema = z
  .object({ update: batch(distanceUpdateSchema).min(1, WORKPLACE_MESSAGES.empty) })
  .superRefine((body, ctx) => {
    uniqueBy(body.update, (entry) => String(entry.id), 'id', WORKPLACE_MESSAGES.duplicateId, ctx, 'update');
    uniqueBy(body.update, pairKey, 'workplace_to_id', WORKPLACE_MESSAGES.duplicateKey, ctx, 'update');
  });

/** `DELETE /v2/workplace-distance` (the body of spec 7): the ids of the entries to remove. */
export const distanceDeleteSchema = z.object({
  ids: batch(idSchema)
    .min(1, WORKPLACE_MESSAGES.empty)
    .refine((ids) => new Set(ids).size === ids.length, WORKPLACE_MESSAGES.duplicateId),
});
export type DistanceDelete = z.infer<typeof distanceDeleteSchema>;
