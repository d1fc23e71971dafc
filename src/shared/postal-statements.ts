/**
 * Postal statements (spec 2, 3, 4, 7: "/system/config#postal-statements"): patterns that bind departments and the
 * employee positions left out of the statement, as `GET /v2/pattern` answers them, and the body of
 * `POST /v2/pattern`, which replaces the whole set. Client and server validate with the same schemas.
 */
import { z } from './messages.ts';
import { idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';

/** The type a new pattern gets (spec 9). */
export const DEFAULT_PATTERN_TYPE = 2;

/** Patterns one save may carry, and departments and excluded positions per pattern. */
const PATTERNS_MAX = 200;
const DEPARTMENTS_MAX = 500;
const EXCLUSIONS_MAX = 2000;

/** Russian texts of the screen beyond the shared catalogue. */
export const PATTERN_MESSAGES = {
  saved: 'Шаблоны сохранены',
  tooManyPatterns: `Не больше ${PATTERNS_MAX} шаблонов`,
  tooManyDepartments: `Не больше ${DEPARTMENTS_MAX} подразделений в шаблоне`,
  tooManyExclusions: `Не больше ${EXCLUSIONS_MAX} исключённых должностей в шаблоне`,
  noDepartment: 'Выберите хотя бы одно подразделение',
  duplicate: 'Значение выбрано дважды',
  duplicatePattern: 'Этот шаблон уже есть в запросе',
  unknownPattern: (id: number) => `Нет шаблона с id ${id}: обновите страницу`,
  changed: 'Шаблон уже изменил другой пользователь: обновите страницу',
  added: 'Другой пользователь добавил шаблон, которого нет на экране: обновите страницу',
  keptAndRemoved: 'Шаблон и сохраняется, и удаляется',
  unknownType: (id: number) => `Нет типа шаблона с id ${id}`,
  unknownDepartment: (id: number) => `Нет подразделения с id ${id}`,
  unknownPosition: (id: number) => `Нет должности с id ${id}`,
  foreignPosition: (name: string) => `Должность «${name}» не относится к выбранным подразделениям`,
} as const;

const id = z.number().int();
const named = z.object({ id, name: z.string() });

/** A pattern type (`GET /v2/pattern-type`). */
export const patternTypeSchema = named;
export type PatternType = z.infer<typeof patternTypeSchema>;

/**
 * A stored pattern (spec 3): its type, its departments, the positions it leaves out (`id` of the exclusion row,
 * position name, position id) and the positions it covers (`empPosPatternRelations`: every position of its
 * departments not left out; `id` is the position's id, these rows are derived, not stored), and the version of its
 * row, which every save of the pattern writes (so it covers the lists too) and which a save sends back.
 */
export const patternSchema = z.object({
  id,
  pattern_type_id: id,
  version: rowVersionSchema,
  departmentsIds: z.array(named),
  patternEmpPosExclusions: z.array(z.object({ id, name: z.string(), employee_position_id: id })),
  empPosPatternRelations: z.array(z.object({ id, emp_pos_pattern_id: id, employee_position_id: id })),
});
export type Pattern = z.infer<typeof patternSchema>;

/** Reports every id met a second time in a list, at `path.<index>`. */
function uniqueIds(ids: readonly number[], ctx: z.RefinementCtx, path: (string | number)[], message: string) {
  const seen = new Set<number>();
  ids.forEach((value, index) => {
    if (seen.has(value)) ctx.addIssue({ code: 'custom', message, path: [...path, index] });
    seen.add(value);
  });
}

/**
 * One pattern of `POST /v2/pattern`: `id` of a stored pattern to keep it (absent for a new one) with the version read
 * (when sent, a save over another user's change of the pattern is refused with a 409), its type, its departments (at
 * least one) and the positions of those departments to leave out.
 */
const patternInputSchema = z
  .object({
    id: idSchema.optional(),
    ...editVersionField,
    pattern_type_id: idSchema,
    department_ids: z.array(idSchema).max(DEPARTMENTS_MAX, PATTERN_MESSAGES.tooManyDepartments),
    excluded_position_ids: z
      .array(idSchema)
      .max(EXCLUSIONS_MAX, PATTERN_MESSAGES.tooManyExclusions)
      .default([]),
  })
  .superRefine((pattern, ctx) => {
    if (pattern.department_ids.length === 0)
      ctx.addIssue({ code: 'custom', message: PATTERN_MESSAGES.noDepartment, path: ['department_ids'] });
    uniqueIds(pattern.department_ids, ctx, ['department_ids'], PATTERN_MESSAGES.duplicate);
    uniqueIds(pattern.excluded_position_ids, ctx, ['excluded_position_ids'], PATTERN_MESSAGES.duplicate);
  });

/**
 * `POST /v2/pattern`: the whole set of patterns as the screen shows it; stored patterns left out are deleted.
 * `removed` (optional) lists the stored patterns the screen read and dropped, with their versions: when sent, a
 * save that would delete a pattern changed since, or one the screen never showed (another user's new pattern), is
 * refused with a 409; without it the patterns left out are not checked.
 * Example: `{patterns: [{id: 1, version: '1543', pattern_type_id: 2, department_ids: [3], excluded_position_ids: [7]}],
 * removed: [{id: 2, version: '1544'}]}`.
 */
export const patternSaveSchema = z
  .object({
    patterns: z.array(patternInputSchema).max(PATTERNS_MAX, PATTERN_MESSAGES.tooManyPatterns),
    removed: z
      .array(z.object({ id: idSchema, version: rowVersionSchema }))
      .max(PATTERNS_MAX, PATTERN_MESSAGES.tooManyPatterns)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const kept = new Set(body.patterns.flatMap((pattern) => (pattern.id === undefined ? [] : [pattern.id])));
    const removed = new Set<number>();
    body.removed?.forEach((pattern, index) => {
      if (kept.has(pattern.id) || removed.has(pattern.id))
        ctx.addIssue({
          code: 'custom',
          message: kept.has(pattern.id) ? PATTERN_MESSAGES.keptAndRemoved : PATTERN_MESSAGES.duplicatePattern,
          path: ['removed', index, 'id'],
        });
      removed.add(pattern.id);
    });
    const seen = new Set<number>();
    body.patterns.forEach((pattern, index) => {
      if (pattern.id === undefined) return;
      if (seen.has(pattern.id))
        ctx.addIssue({
          code: 'custom',
          message: PATTERN_MESSAGES.duplicatePattern,
          path: ['patterns', index, 'id'],
        });
      seen.add(pattern.id);
    });
  });
export type PatternSave = z.infer<typeof patternSaveSchema>;
