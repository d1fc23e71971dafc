import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import {
  airlineSchema,
  airportSchema,
  aviacompanyItemSchema,
  departmentSchema,
  employeePositionSchema,
  fullNamedItemSchema,
  jobIndicatorSchema,
  namedItemSchema,
  referenceQuerySchema,
  resourceItemSchema,
  serviceItemSchema,
} from '../../../shared/reference.ts';
import { parseListQuery, setPaginationHeaders } from '../../http/list.ts';
import { queryArray } from '../../http/query.ts';
import { AIRLINE_FILTERS, airlineWhere } from './airlineFilter.ts';
import { createReferenceService, type NamedListKind } from './service.ts';

const NAME_LIST = { filters: ['name'], sorts: ['id', 'name'] } as const;
const NO_FILTERS = { filters: [], sorts: [] } as const;
const TAGS = ['Справочники'];

/** `{id, name}` lists: path → [kind, summary]. */
const NAMED_ROUTES: [string, NamedListKind, string][] = [
  ['/v2/service-hall', 'service-hall', 'Залы обслуживания'],
  ['/v2/passenger-category', 'passenger-category', 'Категории пассажиров'],
  ['/v2/travel-class', 'travel-class', 'Классы обслуживания'],
  ['/v2/flight-class', 'flight-class', 'Классы рейсов'],
  ['/v2/flight-type', 'flight-type', 'Типы рейсов (1 внутренний, 2 международный)'],
  ['/v2/vip-hall-access-type', 'vip-hall-access-type', 'Типы допуска в зал'],
  ['/v2/loyalty-card-type', 'loyalty-card-type', 'Типы карт лояльности'],
  ['/v2/vip-hall-card-bank-type', 'vip-hall-card-bank-type', 'Типы банковских карт'],
  ['/v2/pay-type', 'pay-type', 'Типы оплаты'],
  ['/v2/med-service', 'med-service', 'Медицинские услуги'],
  ['/v2/vip-service', 'vip-service', 'VIP-услуги'],
  ['/tariff/calc-type', 'calc-type', 'Типы расчёта (1 продолжительность, 2 операции, 3 показатели)'],
  ['/v2/job', 'job', 'Работы'],
];

const jobIdsQuery = z.looseObject({ unique_job_id: queryArray(z.coerce.number().int()).optional() });

/** Reference lists of both spec files; every route needs only a session. */
export const referenceRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = createReferenceService(app.db);

  for (const [path, kind, summary] of NAMED_ROUTES) {
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          querystring: referenceQuerySchema,
          response: { 200: z.array(namedItemSchema) },
        },
      },
      async (request) => service.named(kind, parseListQuery(request.query, NAME_LIST)),
    );
  }
  for (const [path, kind] of [
    ['/tariff/format', 'format'],
    ['/tariff/rounding', 'rounding'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary: kind === 'format' ? 'Единицы измерения' : 'Округления (1 — без округления)',
          querystring: referenceQuerySchema,
          response: { 200: z.array(fullNamedItemSchema) },
        },
      },
      async (request) => service.fullNamed(kind, parseListQuery(request.query, NAME_LIST)),
    );
  }
  app.get(
    '/v2/service',
    {
      schema: {
        tags: TAGS,
        summary: 'Услуги (name_ru, name_en, id_1c)',
        querystring: referenceQuerySchema,
        response: { 200: z.array(serviceItemSchema) },
      },
    },
    async (request) => service.services(parseListQuery(request.query, NAME_LIST)),
  );
  app.get(
    '/v2/aviacompany',
    {
      schema: {
        tags: TAGS,
        summary: 'Действующие авиакомпании',
        querystring: referenceQuerySchema,
        response: { 200: z.array(aviacompanyItemSchema) },
      },
    },
    async (request) => service.aviacompanies(parseListQuery(request.query, NAME_LIST)),
  );

  app.get(
    '/v2/employee-position/job',
    {
      schema: {
        tags: TAGS,
        summary: 'Должности, выполняющие любую из работ unique_job_id[]',
        querystring: jobIdsQuery,
        response: { 200: z.array(employeePositionSchema) },
      },
    },
    async (request) => {
      parseListQuery(request.query, NO_FILTERS);
      return service.positionsOfJobs(request.query.unique_job_id ?? []);
    },
  );
  app.get(
    '/v2/resource-type/job',
    {
      schema: {
        tags: TAGS,
        summary: 'Типы ресурсов работ unique_job_id[]',
        querystring: jobIdsQuery,
        response: { 200: z.array(namedItemSchema) },
      },
    },
    async (request) => {
      parseListQuery(request.query, NO_FILTERS);
      return service.resourceTypesOfJobs(request.query.unique_job_id ?? []);
    },
  );
  app.get(
    '/v2/resource/job',
    {
      schema: {
        tags: TAGS,
        summary: 'Ресурсы типов, нужных работам unique_job_id[]',
        querystring: jobIdsQuery,
        response: { 200: z.array(resourceItemSchema) },
      },
    },
    async (request) => {
      parseListQuery(request.query, NO_FILTERS);
      return service.resourcesOfJobs(request.query.unique_job_id ?? []);
    },
  );
  app.get(
    '/v2/job-indicator',
    {
      schema: {
        tags: TAGS,
        summary: 'Показатели работ job_id[] (все, если работы не указаны)',
        querystring: z.looseObject({ job_id: queryArray(z.coerce.number().int()).optional() }),
        response: { 200: z.array(jobIndicatorSchema) },
      },
    },
    async (request) => {
      parseListQuery(request.query, NO_FILTERS);
      return service.jobIndicators(request.query.job_id);
    },
  );
  app.get(
    '/v2/department',
    {
      schema: {
        tags: TAGS,
        summary: 'Подразделения (filter[name], filter[contractor_id])',
        querystring: referenceQuerySchema,
        response: { 200: z.array(departmentSchema) },
      },
    },
    async (request) =>
      service.departments(
        parseListQuery(request.query, { filters: ['name', 'contractor_id'], sorts: ['id', 'name'] }),
      ),
  );
  app.get(
    '/v3/employee-position',
    {
      schema: {
        tags: TAGS,
        summary: 'Должности (filter[department_ids][], filter[name])',
        querystring: referenceQuerySchema,
        response: { 200: z.array(employeePositionSchema) },
      },
    },
    async (request) =>
      service.positions(
        parseListQuery(request.query, { filters: ['name', 'department_ids'], sorts: ['id', 'name'] }),
      ),
  );

  app.get(
    '/airport',
    {
      schema: {
        tags: TAGS,
        summary:
          'Аэропорты: поиск filter[name] по названиям и кодам, страницы page/per-page (по умолчанию 50)',
        querystring: referenceQuerySchema,
        response: { 200: z.array(airportSchema) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, {
        filters: ['name'],
        sorts: ['id', 'name_ru', 'iata_code', 'icao_code'],
        defaultPerPage: 50,
      });
      const { items, total } = await service.airports(query);
      setPaginationHeaders(reply, query.page, query.perPage, total);
      return items;
    },
  );
  app.get(
    '/aviacompany',
    {
      schema: {
        tags: TAGS,
        summary:
          'Авиакомпании: filter[or][][iata_code|icao_code|sirena_code|name_ru|name_en][like], filter[is_deleted], filter[name]; expand=aviacompanyBaggageRegister',
        querystring: referenceQuerySchema.extend({ expand: z.string().optional() }),
        response: { 200: z.array(airlineSchema) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, {
        filters: AIRLINE_FILTERS,
        sorts: ['id', 'name_ru', 'iata_code', 'icao_code'],
        defaultPerPage: 50,
      });
      const { items, total } = await service.airlines(query, airlineWhere(query.filters));
      setPaginationHeaders(reply, query.page, query.perPage, total);
      const expand = (request.query.expand ?? '').split(',').map((s) => s.trim());
      // The baggage-register settings module fills this in; until an airline has settings it is null.
      return expand.includes('aviacompanyBaggageRegister')
        ? items.map((item) => ({ ...item, aviacompanyBaggageRegister: null }))
        : items;
    },
  );
};
