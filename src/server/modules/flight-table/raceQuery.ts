/** The query of the flight table's list and export: its filter parsers, sorts and paging (spec 7, Flight table). */
import {
  FLIGHT_TABLE_COLUMN_KEYS,
  RACE_DEFAULT_PER_PAGE,
  RACE_LIST_FILTERS,
  RACE_MAX_PER_PAGE,
  RACE_TEXT_FILTERS,
} from '../../../shared/flight-table.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import { BadRequestError } from '../../http/errors.ts';
import { filterFlag, filterIds, filterText } from '../../http/filters.ts';
import type { FilterParser, ListQuery } from '../../http/list.ts';
import type { RaceFilters } from './rows.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function bad(field: string, message: string): never {
  throw new BadRequestError(message, { [field]: [message] });
}

/** A calendar day 'YYYY-MM-DD', else 400. */
const filterDay: FilterParser<string> = (value, field) => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !DAY.test(value) || !wallClockToInstant(value, 'UTC'))
    bad(field, 'Ожидается дата YYYY-MM-DD');
  return value;
};

/** Contained text, at most 200 characters. */
const filterContains: FilterParser<string> = (value, field) => {
  const text = filterText(value, field);
  if (text && text.length > 200) bad(field, 'Не длиннее 200 символов');
  return text;
};

/** Ids of a list filter: `1,3`, `[]=1&[]=3` or one id. */
const filterIdList: FilterParser<number[]> = (value, field) =>
  filterIds(
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
    field,
  );

/** The list spec of `GET /v1/race` and of the export's filters. */
export const RACE_LIST = {
  filters: {
    date_from: filterDay,
    date_to: filterDay,
    ...(Object.fromEntries(RACE_TEXT_FILTERS.map((key) => [key, filterContains])) as Record<
      (typeof RACE_TEXT_FILTERS)[number],
      FilterParser<string>
    >),
    direction: filterIdList,
    type: filterIdList,
    status: filterIdList,
    link: filterIdList,
    confirmed: filterFlag,
  },
  sorts: FLIGHT_TABLE_COLUMN_KEYS,
  defaultPerPage: RACE_DEFAULT_PER_PAGE,
  maxPerPage: RACE_MAX_PER_PAGE,
};

/** A parsed query of the list. */
export type RaceQuery = ListQuery<
  Partial<Record<keyof typeof RACE_LIST.filters, unknown>>,
  (typeof FLIGHT_TABLE_COLUMN_KEYS)[number]
>;

/**
 * The column filters of a parsed query, for the pure filter of rows.ts.
 * Example: `{flight: 'su', status: [1, 3], confirmed: true}` → `{text: {flight: 'su'}, lists: {status: [1, 3]}, confirmed: true}`.
 */
export function raceFilters(filters: RaceQuery['filters']): RaceFilters {
  const text: RaceFilters['text'] = {};
  for (const key of RACE_TEXT_FILTERS) if (filters[key]) text[key] = filters[key] as string;
  const lists: RaceFilters['lists'] = {};
  for (const key of Object.keys(RACE_LIST_FILTERS) as (keyof typeof RACE_LIST_FILTERS)[])
    if (filters[key]) lists[key] = filters[key] as number[];
  return { text, lists, confirmed: filters.confirmed as boolean | undefined };
}
