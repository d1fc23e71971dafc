import { type AnyColumn, and, asc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import {
  airlines,
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
import { filterIds, filterText, orderOf, searchAny, sortKey } from '../../http/filters.ts';
import type { QueryOf } from '../../http/list.ts';
import { createDirectoryQueries } from './directory.ts';

/** The `{id, name}` lists, by the last segment of their path. */
const NAMED_LISTS = {
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

/** What the reference lists accept: `filter[name]` search, `sort` by id or name. */
export const NAME_LIST = { filters: { name: filterText }, sorts: ['id', 'name'], whole: true } as const;
export const DEPARTMENT_LIST = {
  filters: { name: filterText, contractor_id: filterIds },
  sorts: ['id', 'name'],
  whole: true,
} as const;
export const POSITION_LIST = {
  filters: { name: filterText, department_ids: filterIds },
  sorts: ['id', 'name'],
  whole: true,
} as const;

/** The service's view of the database: the Drizzle handle and the kind that picks the text collation. */
export type ReferenceDeps = Pick<DbHandle, 'db' | 'kind'>;

/** The reference lists of both spec files: every query is built here, routes only parse and reply. */
export function createReferenceService({ db, kind }: ReferenceDeps) {
  /** A name-like column in Russian order. */
  const byText = (column: AnyColumn) => asc(sortKey(column, kind));
  const nameSearch = (query: QueryOf<typeof NAME_LIST>, columns: AnyColumn[]) =>
    searchAny(query.filters.name, columns);

  return {
    /** `{id, name}` of a named list, searched by name. */
    async named(list: NamedListKind, query: QueryOf<typeof NAME_LIST>) {
      const table = NAMED_LISTS[list];
      return db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(nameSearch(query, [table.name]))
        .orderBy(...orderOf(kind, query.sort, { id: table.id, name: table.name }, table.id, table.id));
    },

    /** Formats or roundings with their full names. */
    async fullNamed(list: 'format' | 'rounding', query: QueryOf<typeof NAME_LIST>) {
      const table = list === 'format' ? formats : roundings;
      return db
        .select({ id: table.id, name: table.name, name_full: table.nameFull })
        .from(table)
        .where(nameSearch(query, [table.name, table.nameFull]))
        .orderBy(...orderOf(kind, query.sort, { id: table.id, name: table.name }, table.id, table.id));
    },

    async services(query: QueryOf<typeof NAME_LIST>) {
      return db
        .select({ id: services.id, name_ru: services.nameRu, name_en: services.nameEn, id_1c: services.id1c })
        .from(services)
        .where(nameSearch(query, [services.nameRu, services.nameEn, services.id1c]))
        .orderBy(
          ...orderOf(kind, query.sort, { id: services.id, name: services.nameRu }, services.id, services.id),
        );
    },

    /** Airlines in operation for selects, by Russian name. */
    async aviacompanies(query: QueryOf<typeof NAME_LIST>) {
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
            nameSearch(query, [airlines.nameRu, airlines.nameEn, airlines.iataCode, airlines.icaoCode]),
          ),
        )
        .orderBy(
          ...orderOf(
            kind,
            query.sort,
            { id: airlines.id, name: airlines.nameRu },
            airlines.nameRu,
            airlines.id,
          ),
        );
    },

    /** Positions that may do any of the jobs. */
    async positionsOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      const doing = db
        .select({ id: jobPositions.employeePositionId })
        .from(jobPositions)
        .where(inArray(jobPositions.jobId, jobIds));
      return db
        .select({
          id: employeePositions.id,
          name: employeePositions.name,
          department_id: employeePositions.departmentId,
        })
        .from(employeePositions)
        .where(inArray(employeePositions.id, doing))
        .orderBy(byText(employeePositions.name), asc(employeePositions.id));
    },

    /** Resource types any of the jobs uses. */
    async resourceTypesOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .select({ id: resourceTypes.id, name: resourceTypes.name })
        .from(resourceTypes)
        .where(inArray(resourceTypes.id, typesOfJobs(jobIds)))
        .orderBy(byText(resourceTypes.name), asc(resourceTypes.id));
    },

    /** Active resources of the types any of the jobs uses. */
    async resourcesOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .select({ id: resources.id, name: resources.name, resource_type_id: resources.resourceTypeId })
        .from(resources)
        .where(and(inArray(resources.resourceTypeId, typesOfJobs(jobIds)), eq(resources.isActive, true)))
        .orderBy(byText(resources.name), asc(resources.id));
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

    /** Departments, searched by name, optionally of some contractors. */
    async departments(query: QueryOf<typeof DEPARTMENT_LIST>) {
      const { name, contractor_id: contractors } = query.filters;
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
            searchAny(name, [departments.name, departments.fullName]),
            contractors ? inArray(departments.contractorId, contractors) : undefined,
          ),
        )
        .orderBy(
          ...orderOf(
            kind,
            query.sort,
            { id: departments.id, name: departments.name },
            departments.id,
            departments.id,
          ),
        );
    },

    /** Employee positions, optionally of some departments. */
    async positions(query: QueryOf<typeof POSITION_LIST>) {
      const { name, department_ids: departmentIds } = query.filters;
      const table = employeePositions;
      return db
        .select({ id: table.id, name: table.name, department_id: table.departmentId })
        .from(table)
        .where(
          and(
            searchAny(name, [table.name]),
            departmentIds ? inArray(table.departmentId, departmentIds) : undefined,
          ),
        )
        .orderBy(...orderOf(kind, query.sort, { id: table.id, name: table.name }, table.name, table.id));
    },

    ...createDirectoryQueries({ db, kind }),
  };

  function typesOfJobs(jobIds: number[]) {
    return db
      .select({ id: jobResourceTypes.resourceTypeId })
      .from(jobResourceTypes)
      .where(inArray(jobResourceTypes.jobId, jobIds));
  }
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
