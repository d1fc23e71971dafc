import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  ADD_EMP_MAX,
  CALC_PER_PAGE,
  CALC_SORTS,
  calcDeleteBodySchema,
  calcItemSchema,
  calcListBodySchema,
  calcRenamedSchema,
  calcUpdateBodySchema,
  coeffSchema,
  daySchema,
  isAbsenceCoeff,
  PLANNING_CALC_MESSAGES,
  VACATION_SORTS,
  vacationAnswerSchema,
  vacationPreviewBodySchema,
  vacationSaveBodySchema,
  vacationSavedSchema,
} from '../../../shared/planning-calc.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { ValidationError } from '../../domain/errors.ts';
import { anyRule } from '../../http/access.ts';
import { LARGE_BODY_LIMIT } from '../../http/bodyLimit.ts';
import { BadRequestError } from '../../http/errors.ts';
import { filterText } from '../../http/filters.ts';
import { listQuery, plainQuery, sendPage } from '../../http/list.ts';
import { queryArray, queryId } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { COEFF_DESCRIPTION } from './coeff.ts';

const route = routeGroup({
  tags: ['Планирование: расчёты, коэффициенты, отпуска'],
  access: anyRule('calc-index'),
});

/** Most rows one page of the calculations list answers. */
const CALC_MAX_PER_PAGE = 100;

const CALC_LIST = {
  filters: {},
  sorts: CALC_SORTS,
  defaultPerPage: CALC_PER_PAGE,
  maxPerPage: CALC_MAX_PER_PAGE,
};

const VACATION_LIST = {
  filters: { employee: filterText },
  sorts: VACATION_SORTS,
  defaultPerPage: 50,
  maxPerPage: 1000,
} as const;

const CALC_LIST_DESCRIPTION = `Сохранённые расчёты графиков сменности. Тело: page, per-page (по умолчанию ${CALC_PER_PAGE}, не больше ${CALC_MAX_PER_PAGE}), filter {name — часть названия, created_from и created_to — дни создания YYYY-MM-DD в зоне Time-Zone, включительно}; page и per-page можно передать и в query (тело важнее). Query sort: name, -name, created_at, -created_at (по умолчанию -created_at, новые сверху). Заголовки x-pagination-page-count, -total-count, -current-page, -per-page. created_at — время в зоне Time-Zone; positions — названия должностей расчёта.`;

const VACATION_DESCRIPTION = `Планировщик отпусков сохранённого расчёта (calc_id). Сотрудники — активные сотрудники должностей расчёта: id, name (ФИО), position, planDates (дни отпуска в периоде расчёта), vacation_left = total_left − число дней отпуска (total_left по умолчанию 20). Сортировка sort: fio, -fio, vacation_left, -vacation_left (по умолчанию -vacation_left, затем ФИО); filter[employee] — часть ФИО; page и per-page (по умолчанию 50, не больше 1000); заголовки x-pagination-*. employeeProfit — по каждому дню периода расчёта по всем сотрудникам (без учёта фильтра и страницы): available — сотрудники не в отпуске в этот день, required — сотрудники, нужные графику в этот день недели (сумма count смен, начинающихся в этот день недели, по всем должностям), profit = available − required (отрицательное — нехватка). vacation_plan[n][employee_id] и vacation_plan[n][dates][] — «что если»: ответ как будто план этих сотрудников заменён указанным (пустой dates — без отпуска), ничего не сохраняется; дни вне периода, повтор дня, больше total_left дней, сотрудник не из должностей расчёта или указанный дважды — 400 с fields по vacation_plan.n.… .`;

const SAVE_DESCRIPTION = `Сохранение плана отпусков: тело {calc_id, vacation_plan: [{employee_id, dates: [YYYY-MM-DD]}]}; план каждого указанного сотрудника заменяется целиком (пустой dates — отпуск снят), остальных не меняется; одной транзакцией. Проверки как у «что если» GET /planning/vacation, ответ 422 с fields по vacation_plan.n.employee_id / vacation_plan.n.dates; неизвестный расчёт — 404. Право strategic-planning-index: экран /planning-vacation/{id} открыт всем (спецификация), менять план может только планирование.`;

/** `absence_coeff`: a number 0…100 with at most 2 decimals, empty → 0. */
const absenceQuery = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return 0;
    const value = /^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (!isAbsenceCoeff(value)) {
      ctx.addIssue({ code: 'custom', message: PLANNING_CALC_MESSAGES.absenceCoeff });
      return z.NEVER;
    }
    return value;
  });

/** `add_emp_count`: a whole number 0…10000, empty → 0. */
const addEmpQuery = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return 0;
    const value = /^\d{1,5}$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (!(value >= 0 && value <= ADD_EMP_MAX)) {
      ctx.addIssue({ code: 'custom', message: PLANNING_CALC_MESSAGES.addEmpCount });
      return z.NEVER;
    }
    return value;
  });

/** `vacation_plan[n][employee_id]`, `vacation_plan[n][dates][]` of the what-if. */
const whatIfQuery = queryArray(
  z.object({ employee_id: queryId, dates: queryArray(daySchema).default([]) }).strict(),
)
  .pipe(z.array(z.object({ employee_id: z.number(), dates: z.array(z.string()).max(400) })).max(5000))
  .optional();

/** Saved calculations (list, rename, delete), their coefficients and the vacation planner (spec 7). */
export const planningCalcRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const calcs = services.planningCalc;
  const vacation = services.planningVacation;

  const listed = route({
    summary: 'Сохранённые расчёты: страница списка',
    description: CALC_LIST_DESCRIPTION,
    querystring: listQuery(CALC_LIST),
    response: z.array(calcItemSchema),
  });
  app.post(
    '/planning/calc',
    { ...listed, schema: { ...listed.schema, body: calcListBodySchema } },
    async (request, reply) => {
      const body = request.body;
      const query = {
        filter: body.filter ?? {},
        sort: request.query.sort,
        page: body.page ?? request.query.page,
        perPage: Math.min(body['per-page'] ?? request.query.perPage, CALC_MAX_PER_PAGE),
      };
      return sendPage(reply, query, await calcs.list(query, request.timeZone));
    },
  );

  const renamed = route({
    summary: 'Переименование сохранённого расчёта: calc_id, name (1…255 символов)',
    description: `Тело {calc_id, name, version}; ответ {id, name, version}. ${STALE_EDIT_RULE}`,
    response: calcRenamedSchema,
    access: anyRule('calc-update'),
  });
  app.put(
    '/planning/calc/update',
    { ...renamed, schema: { ...renamed.schema, body: calcUpdateBodySchema } },
    async (request) => calcs.rename(request.body.calc_id, request.body.name, request.body.version),
  );

  const removed = route({
    summary: 'Удаление сохранённого расчёта вместе с его планом отпусков: тело {calc_id}',
    response: z.null(),
    access: anyRule('calc-delete'),
  });
  app.delete(
    '/planning/calc/delete',
    { ...removed, schema: { ...removed.schema, body: calcDeleteBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await calcs.remove(request.body.calc_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/planning/coeff',
    route({
      summary: 'Коэффициенты планирования сохранённого расчёта',
      description: COEFF_DESCRIPTION,
      querystring: plainQuery({ calc_id: queryId, absence_coeff: absenceQuery, add_emp_count: addEmpQuery }),
      response: coeffSchema,
      access: anyRule('strategic-planning-index', 'calc-index'),
    }),
    async (request) =>
      calcs.coeff(request.query.calc_id, request.query.absence_coeff, request.query.add_emp_count),
  );

  app.get(
    '/planning/vacation',
    route({
      summary: 'Планировщик отпусков: сотрудники, дни отпуска и остаток, нехватка персонала по дням',
      description: VACATION_DESCRIPTION,
      querystring: listQuery(VACATION_LIST, { calc_id: queryId, vacation_plan: whatIfQuery }),
      response: vacationAnswerSchema,
      access: 'session',
    }),
    async (request, reply) => {
      const query = request.query;
      try {
        const { answer, total } = await vacation.read(
          query.calc_id,
          { employee: query.filters.employee, sort: query.sort, page: query.page, perPage: query.perPage },
          query.vacation_plan ?? [],
        );
        sendPage(reply, query, { items: answer.employees, total });
        return answer;
      } catch (error) {
        // The what-if comes in the query: its refusal is a malformed request, not a refused body.
        if (error instanceof ValidationError) throw new BadRequestError(MESSAGES.malformed, error.fields);
        throw error;
      }
    },
  );

  const previewed = route({
    summary: 'Планировщик отпусков, запрос в теле (для длинного «что если»)',
    description: `То же, что GET /planning/vacation, но параметры в JSON-теле: {calc_id, sort, page, per-page, filter: {employee}, vacation_plan: [{employee_id, dates}]}; ничего не сохраняет. Длинный план не помещается в адрес запроса (16 КБ на строку запроса и заголовки), поэтому экран планировщика спрашивает так. Ошибки плана — 422 по vacation_plan.n.… .`,
    response: vacationAnswerSchema,
    access: 'session',
    bodyLimit: LARGE_BODY_LIMIT,
  });
  app.post(
    '/planning/vacation/preview',
    { ...previewed, schema: { ...previewed.schema, body: vacationPreviewBodySchema } },
    async (request, reply) => {
      const body = request.body;
      const sort = body.sort
        ? { key: body.sort.replace('-', '') as 'fio' | 'vacation_left', desc: body.sort.startsWith('-') }
        : null;
      const page = body.page ?? 1;
      const perPage = Math.min(body['per-page'] ?? VACATION_LIST.defaultPerPage, VACATION_LIST.maxPerPage);
      const { answer, total } = await vacation.read(
        body.calc_id,
        { employee: body.filter?.employee || undefined, sort, page, perPage },
        body.vacation_plan,
      );
      sendPage(reply, { page, perPage }, { items: answer.employees, total });
      return answer;
    },
  );

  const saved = route({
    summary: 'Сохранение плана отпусков расчёта',
    description: SAVE_DESCRIPTION,
    response: vacationSavedSchema,
    // The planning screens' rule, or the rule to change saved calculations (the planner opens from their list).
    access: anyRule('strategic-planning-index', 'calc-update'),
    bodyLimit: LARGE_BODY_LIMIT,
  });
  app.put(
    '/planning/vacation',
    { ...saved, schema: { ...saved.schema, body: vacationSaveBodySchema } },
    async (request) => vacation.save(request.body),
  );
};
