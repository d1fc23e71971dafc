import qs from 'qs';
import { MESSAGES, z } from '../../shared/messages.ts';
import { idSchema, MAX_ID } from '../../shared/reference.ts';
import { safeText } from '../../shared/text.ts';

/** Parses a query string with bracket keys: `filter[name]=x&id[]=1` → `{filter: {name: 'x'}, id: ['1']}`. */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, { depth: 5, arrayLimit: 10_000, parameterLimit: 10_000 });
}

/** Plain decimal digits only: `1e3`, `0x10`, ` 7` and `+7` are not numbers a client means. */
const DIGITS = /^\d{1,20}$/;

/**
 * A whole number in 1..max from query text, else undefined. Example: `parseWhole('12', 100)` → 12;
 * `parseWhole('0x10', 100)`, `parseWhole('1e3', 10_000)` and `parseWhole('0', 100)` → undefined.
 */
export function parseWhole(text: unknown, max: number): number | undefined {
  if (typeof text !== 'string' || !DIGITS.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

/** An id from query text (`department_id=7`): digits within the id columns' range, else a 400 on the field. */
export const queryId = z
  .string()
  .refine((text) => parseWhole(text, MAX_ID) !== undefined, MESSAGES.idRange)
  .transform(Number)
  .pipe(idSchema);

/** A query list that also accepts a single value: `id[]=1`, `id=1` and `id[]=1&id[]=2` all read as arrays. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/** A list of ids from the query (`job_id[]=1&job_id[]=2`), each bounded as `queryId`. */
export const queryIds = queryArray(queryId);

/**
 * A required list of one to `max` items that also accepts a single value (`id=1`, `id[]=1&id[]=2`); an empty or too
 * long list reads in Russian («Укажите хотя бы одно значение», «Не больше 2000 значений»), or as `messages` say.
 */
export function queryList<T extends z.ZodType>(
  item: T,
  max: number,
  messages: { empty?: string; tooMany?: string } = {},
) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(item)
      .min(1, messages.empty ?? 'Укажите хотя бы одно значение')
      .max(max, messages.tooMany ?? `Не больше ${max} значений`),
  );
}

/** Free text from the query (`expand`, `name`): no control characters. */
export const queryText = safeText();
