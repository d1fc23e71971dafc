import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  airlines,
  airports,
  calcTypes,
  cardBankTypes,
  departments,
  employeePositions,
  flightClasses,
  flightTypes,
  formats,
  hallAccessTypes,
  jobIndicators,
  jobPositions,
  jobResourceTypes,
  jobs,
  loyaltyCardTypes,
  medServices,
  passengerCategories,
  payTypes,
  resources,
  resourceTypes,
  roundings,
  serviceHalls,
  services,
  travelClasses,
  vipServices,
} from '../../db/schema/index.ts';
import { filterIds, filterText, orderOf, searchAny } from '../../http/filters.ts';
import type { ListQuery } from '../../http/list.ts';

/** The `{id, name}` lists, by the last segment of their path. */
export const NAMED_LISTS = {
  'service-hall': serviceHalls,
  'passenger-category': passengerCategories,
  'travel-class': travelClasses,
  'flight-class': flightClasses,
  'flight-type': flightTypes,
  'vip-hall-access-type': hallAccessTypes,
  'loyalty-card-type': loyaltyCardTypes,
  'vip-hall-card-bank-type': cardBankTypes,
  'pay-type': payTypes,
  'med-service': medServices,
  'vip-service': vipServices,
  'calc-type': calcTypes,
  job: jobs,
  'resource-type': resourceTypes,
} as const;
export type NamedListKind = keyof typeof NAMED_LISTS;

/** A reference list query: `filter[name]` search, `sort` by id or name. */
export type NameQuery = ListQuery<'name', 'id' | 'name'>;

export function createReferenceService(db: Db) {
  return {
    /** `{id, name}` of a named list, searched by name. */
    async named(kind: NamedListKind, query: NameQuery) {
      const table = NAMED_LISTS[kind];
      return db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(searchAny(filterText(query.filters.name, 'name'), [table.name]))
        .orderBy(...orderOf(query.sort, { id: table.id, name: table.name }, table.id, table.id));
    },

    /** Formats or roundings with their full names. */
    async fullNamed(kind: 'format' | 'rounding', query: NameQuery) {
      const table = kind === 'format' ? formats : roundings;
      return db
        .select({ id: table.id, name: table.name, name_full: table.nameFull })
        .from(table)
        .where(searchAny(filterText(query.filters.name, 'name'), [table.name, table.nameFull]))
        .orderBy(...orderOf(query.sort, { id: table.id, name: table.name }, table.id, table.id));
    },

    async services(query: NameQuery) {
      return db
        .select({ id: services.id, name_ru: services.nameRu, name_en: services.nameEn, id_1c: services.id1c })
        .from(services)
        .where(
          searchAny(filterText(query.filters.name, 'name'), [
            services.nameRu,
            services.nameEn,
            services.id1c,
          ]),
        )
        .orderBy(
          ...orderOf(query.sort, { id: services.id, name: services.nameRu }, services.id, services.id),
        );
    },

    /** Airlines in operation for selects, by Russian name. */
    async aviacompanies(query: NameQuery) {
      const text = filterText(query.filters.name, 'name');
      return db
        .select({
          id: airlines.id,
          name: airlines.nameRu,
          name_ru: airlines.nameRu,
          name_en: airlines.nameEn,
          iata_code: airlines.iataCode,
          icao_code: airlines.icaoCode,
        })
        .from(airlines)
        .where(
          and(
            eq(airlines.isDeleted, false),
            searchAny(text, [airlines.nameRu, airlines.nameEn, airlines.iataCode, airlines.icaoCode]),
          ),
        )
        .orderBy(
          ...orderOf(query.sort, { id: airlines.id, name: airlines.nameRu }, airlines.nameRu, airlines.id),
        );
    },

    /** Positions that may do any of the jobs. */
    async positionsOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .selectDistinct({
          id: employeePositions.id,
          name: employeePositions.name,
          department_id: employeePositions.departmentId,
        })
        .from(employeePositions)
        .innerJoin(jobPositions, eq(jobPositions.employeePositionId, employeePositions.id))
        .where(inArray(jobPositions.jobId, jobIds))
        .orderBy(asc(employeePositions.name), asc(employeePositions.id));
    },

    /** Resource types any of the jobs uses. */
    async resourceTypesOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .selectDistinct({ id: resourceTypes.id, name: resourceTypes.name })
        .from(resourceTypes)
        .innerJoin(jobResourceTypes, eq(jobResourceTypes.resourceTypeId, resourceTypes.id))
        .where(inArray(jobResourceTypes.jobId, jobIds))
        .orderBy(asc(resourceTypes.name), asc(resourceTypes.id));
    },

    /** Resources of the types any of the jobs uses. */
    async resourcesOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .selectDistinct({
          id: resources.id,
          name: resources.name,
          resource_type_id: resources.resourceTypeId,
        })
        .from(resources)
        .innerJoin(jobResourceTypes, eq(jobResourceTypes.resourceTypeId, resources.resourceTypeId))
        .where(and(inArray(jobResourceTypes.jobId, jobIds), eq(resources.isActive, true)))
        .orderBy(asc(resources.name), asc(resources.id));
    },

    /** Indicators of the jobs, or all of them when no job is named. */
    async jobIndicators(jobIds: number[] | undefined) {
      return db
        .select({
          id: jobIndicators.id,
          job_id: jobIndicators.jobId,
          indicator_name: jobIndicators.indicatorName,
        })
        .from(jobIndicators)
        .where(jobIds ? inArray(jobIndicators.jobId, jobIds) : undefined)
        .orderBy(asc(jobIndicators.jobId), asc(jobIndicators.id));
    },

    /** Departments, searched by name, optionally of one contractor. */
    async departments(query: ListQuery<'name' | 'contractor_id', 'id' | 'name'>) {
      const contractor = filterIds(query.filters.contractor_id, 'contractor_id');
      return db
        .select({
          id: departments.id,
          name: departments.name,
          full_name: departments.fullName,
          contractor_id: departments.contractorId,
        })
        .from(departments)
        .where(
          and(
            searchAny(filterText(query.filters.name, 'name'), [departments.name, departments.fullName]),
            contractor ? inArray(departments.contractorId, contractor) : undefined,
          ),
        )
        .orderBy(
          ...orderOf(
            query.sort,
            { id: departments.id, name: departments.name },
            departments.id,
            departments.id,
          ),
        );
    },

    /** Employee positions, optionally of some departments. */
    async positions(query: ListQuery<'name' | 'department_ids', 'id' | 'name'>) {
      const ids = filterIds(query.filters.department_ids, 'department_ids');
      const table = employeePositions;
      return db
        .select({ id: table.id, name: table.name, department_id: table.departmentId })
        .from(table)
        .where(
          and(
            searchAny(filterText(query.filters.name, 'name'), [table.name]),
            ids ? inArray(table.departmentId, ids) : undefined,
          ),
        )
        .orderBy(...orderOf(query.sort, { id: table.id, name: table.name }, table.name, table.id));
    },

    /** A page of airports searched by any name or code. */
    async airports(query: ListQuery<'name', 'id' | 'name_ru' | 'iata_code' | 'icao_code'>) {
      const where = searchAny(filterText(query.filters.name, 'name'), [
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

    /** A page of airlines; `where` comes from the airline filters. */
    async airlines(
      query: ListQuery<string, 'id' | 'name_ru' | 'iata_code' | 'icao_code'>,
      where: SQL | undefined,
    ) {
      const [{ total }] = await db.select({ total: count() }).from(airlines).where(where);
      const rows = await db
        .select()
        .from(airlines)
        .where(where)
        .orderBy(
          ...orderOf(
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
      }));
      return { items, total };
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
