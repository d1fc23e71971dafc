/** The paged directories of airports and airlines (the baggage-register settings and flight screens search them). */
import { type AnyColumn, and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { BrsRegister } from '../../../shared/brs-config.ts';
import type { RuleName } from '../../../shared/rules.ts';
import type { DbHandle } from '../../db/client.ts';
import { airlines, airports, aviacompanyBaggageRegisters } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../http/errors.ts';
import {
  type AnyOfCondition,
  containsPattern,
  filterAnyOf,
  filterFlag,
  filterText,
  orderOf,
  searchAny,
} from '../../http/filters.ts';
import type { QueryOf } from '../../http/list.ts';
import { registerAnswer, registerSelection } from '../brs-config/answer.ts';

const CODE_SORTS = ['id', 'name_ru', 'iata_code', 'icao_code'] as const;

export const AIRPORT_LIST = { filters: { name: filterText }, sorts: CODE_SORTS, defaultPerPage: 50 } as const;

/** Fields that `filter[or][][field][like]=…` may name on `/aviacompany`. */
const AIRLINE_OR_FIELDS = {
  iata_code: airlines.iataCode,
  icao_code: airlines.icaoCode,
  sirena_code: airlines.sirenaCode,
  name_ru: airlines.nameRu,
  name_en: airlines.nameEn,
} as const satisfies Record<string, AnyColumn>;
type AirlineOrField = keyof typeof AIRLINE_OR_FIELDS;

export const AIRLINE_LIST = {
  filters: {
    or: filterAnyOf(Object.keys(AIRLINE_OR_FIELDS) as AirlineOrField[]),
    is_deleted: filterFlag,
    name: filterText,
  },
  sorts: CODE_SORTS,
  defaultPerPage: 50,
} as const;

/** Rules that let a user read the baggage-register settings (editing implies reading what one edits). */
const REGISTER_READERS: readonly RuleName[] = [
  'read-settings-baggage-aviacompany',
  'edit-settings-baggage-aviacompany',
];

function airlineOr(conditions: AnyOfCondition<AirlineOrField>[] | undefined): SQL | undefined {
  if (!conditions?.length) return undefined;
  return or(
    ...conditions.map(({ field, op, text }) =>
      op === 'like'
        ? ilike(AIRLINE_OR_FIELDS[field], containsPattern(text))
        : eq(AIRLINE_OR_FIELDS[field], text),
    ),
  );
}

/** Airport and airline pages; part of the reference service. */
export function createDirectoryQueries({ db, kind }: Pick<DbHandle, 'db' | 'kind'>) {
  /** The baggage-register settings of the airlines, by airline id; airlines without settings are absent. */
  async function registersOf(airlineIds: number[]): Promise<Map<number, BrsRegister>> {
    if (airlineIds.length === 0) return new Map();
    const rows = await db
      .select(registerSelection)
      .from(aviacompanyBaggageRegisters)
      .where(inArray(aviacompanyBaggageRegisters.airlineId, airlineIds));
    return new Map(rows.map((row) => [row.airlineId, registerAnswer(row)]));
  }

  return {
    /** A page of airports searched by any name or code. */
    async airports(query: QueryOf<typeof AIRPORT_LIST>) {
      const where = searchAny(query.filters.name, [
        airports.nameRu,
        airports.nameEn,
        airports.iataCode,
        airports.icaoCode,
        airports.sirenaCode,
        airports.city,
      ]);
      const [{ total }] = await db.select({ total: count() }).from(airports).where(where);
      const items = await db
        .select({
          id: airports.id,
          name: airports.nameRu,
          name_ru: airports.nameRu,
          name_en: airports.nameEn,
          iata_code: airports.iataCode,
          icao_code: airports.icaoCode,
          sirena_code: airports.sirenaCode,
          time_zone: airports.timeZone,
          city: airports.city,
        })
        .from(airports)
        .where(where)
        .orderBy(
          ...orderOf(
            kind,
            query.sort,
            {
              id: airports.id,
              name_ru: airports.nameRu,
              iata_code: airports.iataCode,
              icao_code: airports.icaoCode,
            },
            airports.nameRu,
            airports.id,
          ),
        )
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return { items, total };
    },

    /**
     * A page of airlines: any of the `or` conditions, deleted or not, a name search; `expand` (comma-separated)
     * adds the named relations, unknown names are ignored as the spec's backend does.
     * `aviacompanyBaggageRegister` (the settings row or null) needs a rule to read the settings among `rules`, the
     * caller's: the list is open to any session, the settings are not (403 rather than a silent null, which the
     * screen would take for "no settings yet").
     */
    async airlines(query: QueryOf<typeof AIRLINE_LIST> & { expand?: string }, rules: readonly string[] = []) {
      const expand = (query.expand ?? '').split(',').map((part) => part.trim());
      const withRegister = expand.includes('aviacompanyBaggageRegister');
      if (withRegister && !REGISTER_READERS.some((rule) => rules.includes(rule))) throw new ForbiddenError();
      const { or: anyOf, is_deleted: deleted, name } = query.filters;
      const where = and(
        airlineOr(anyOf),
        deleted === undefined ? undefined : eq(airlines.isDeleted, deleted),
        searchAny(name, [
          airlines.nameRu,
          airlines.nameEn,
          airlines.iataCode,
          airlines.icaoCode,
          airlines.sirenaCode,
        ]),
      );
      const [{ total }] = await db.select({ total: count() }).from(airlines).where(where);
      const rows = await db
        .select()
        .from(airlines)
        .where(where)
        .orderBy(
          ...orderOf(
            kind,
            query.sort,
            {
              id: airlines.id,
              name_ru: airlines.nameRu,
              iata_code: airlines.iataCode,
              icao_code: airlines.icaoCode,
            },
            airlines.nameRu,
            airlines.id,
          ),
        )
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const registers = withRegister ? await registersOf(rows.map((a) => a.id)) : new Map();
      const items = rows.map((a) => ({
        id: a.id,
        name: a.nameRu,
        name_ru: a.nameRu,
        name_en: a.nameEn,
        iata_code: a.iataCode,
        icao_code: a.icaoCode,
        sirena_code: a.sirenaCode,
        code: a.iataCode ?? a.icaoCode,
        numeric_code: a.numericCode,
        is_deleted: a.isDeleted,
        ...(withRegister ? { aviacompanyBaggageRegister: registers.get(a.id) ?? null } : {}),
      }));
      return { items, total };
    },
  };
}
