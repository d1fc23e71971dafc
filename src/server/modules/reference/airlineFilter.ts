import { type AnyColumn, and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.ts';
import { airlines } from '../../db/schema/index.ts';
import { BadRequestError } from '../../http/errors.ts';
import { containsPattern, filterText, searchAny } from '../../http/filters.ts';

/** Fields that `filter[or][][field][like]=…` may name. */
const OR_FIELDS: Record<string, AnyColumn> = {
  iata_code: airlines.iataCode,
  icao_code: airlines.icaoCode,
  sirena_code: airlines.sirenaCode,
  name_ru: airlines.nameRu,
  name_en: airlines.nameEn,
};

export const AIRLINE_FILTERS = ['or', 'is_deleted', 'name'] as const;
export type AirlineFilterKey = (typeof AIRLINE_FILTERS)[number];

function bad(field: string, message: string): never {
  throw new BadRequestError(MESSAGES.malformed, { [field]: [message] });
}

/** One `{field: {like: text}}` (or `{field: text}` for equality) of `filter[or]`. */
function orCondition(entry: unknown): SQL[] {
  if (typeof entry !== 'object' || entry === null)
    bad('filter.or', 'Ожидается filter[or][][поле][like]=значение');
  return Object.entries(entry as Record<string, unknown>).map(([field, condition]) => {
    const column = OR_FIELDS[field];
    if (!column) bad(`filter.or.${field}`, MESSAGES.unknownFilter(field));
    if (typeof condition === 'string') return eq(column, condition);
    if (typeof condition !== 'object' || condition === null)
      bad(`filter.or.${field}`, 'Ожидается [like]=значение');
    const ops = Object.entries(condition as Record<string, unknown>);
    if (ops.length !== 1 || ops[0][0] !== 'like' || typeof ops[0][1] !== 'string')
      bad(`filter.or.${field}`, 'Ожидается [like]=значение');
    return ilike(column, containsPattern(ops[0][1] as string));
  });
}

/**
 * The WHERE of `/aviacompany` from its filters: `or` (any of the like-conditions), `is_deleted` (0/1), `name`.
 * Example: `{or: [{iata_code: {like: 'su'}}, {name_ru: {like: 'su'}}], is_deleted: '0'}`.
 */
export function airlineWhere(filters: Partial<Record<AirlineFilterKey, unknown>>): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.or !== undefined) {
    const list = Array.isArray(filters.or) ? filters.or : Object.values(filters.or as object);
    const conditions = list.flatMap(orCondition);
    const text = conditions.length ? or(...conditions) : undefined;
    parts.push(text);
  }
  if (filters.is_deleted !== undefined) {
    const value = String(filters.is_deleted);
    if (!['0', '1', 'true', 'false'].includes(value)) bad('filter.is_deleted', 'Ожидается 0 или 1');
    parts.push(eq(airlines.isDeleted, value === '1' || value === 'true'));
  }
  parts.push(
    searchAny(filterText(filters.name, 'name'), [
      airlines.nameRu,
      airlines.nameEn,
      airlines.iataCode,
      airlines.icaoCode,
      airlines.sirenaCode,
    ]),
  );
  return and(...parts);
}
