import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  DIRECTIONS,
  MAX_DEVIATION_PERCENT,
  MAX_REPEAT_IN_PERIOD,
  maxDemandSchema,
  maxDemandsSchema,
  passengerCountSchema,
  peakGraphSchema,
  SHIFT_TYPES,
  shiftListSchema,
  taskEmployeeInfoSchema,
  workingShiftsSchema,
} from '../../../shared/planning-demand.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import { anyRule } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import { plainQuery } from '../../http/list.ts';
import { readDays, requirePeriod } from '../../http/period.ts';
import { queryArray, queryId, queryIds, queryList, queryText } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import { sendTypedJson } from '../../http/typedJson.ts';
import type { ModuleOptions } from '../index.ts';
import type { IdKind, PlanningDemandService } from './demand.ts';
import { SHIFT_EMPLOYEES_LIMIT } from './shifts.ts';

const route = routeGroup({
  tags: ['Планирование: потребность'],
  access: anyRule('strategic-planning-index'),
});

/** Positions asked at most in one `/planning/max-demand/positions`. */
const MAX_DEMAND_POSITIONS = 500;

/** Longest min_time: the longest period, in minutes. */
const MAX_MIN_TIME = MAX_PERIOD_DAYS * 1440;

/** A whole number from the query in min..max; above max answers the spec's 'Максимальное значение …'. */
function queryWhole(min: number, max: number, unit = '') {
  return z
    .string()
    .superRefine((text, ctx) => {
      const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isNaN(n) || n < min)
        ctx.addIssue({ code: 'custom', message: MESSAGES.wholeRange(min, max) });
      else if (n > max) ctx.addIssue({ code: 'custom', message: MESSAGES.maxValue(max, unit) });
    })
    .transform(Number);
}

/** Minutes of a slot: a positive whole number of at most a day, then checked against the scales. */
const queryMinutes = queryWhole(1, 1440);

/** A day 'YYYY-MM-DD' (a wall-clock time of the day is also accepted and dropped). */
const queryDay = queryText.refine(
  (text) => wallClockToInstant(text, 'UTC') !== null && /^\d{4}-\d{2}-\d{2}/.test(text),
  MESSAGES.dateFormat,
);

/** Refuses ids that the reference lists do not hold: a 400 naming each field. */
async function refuseUnknown(
  service: PlanningDemandService,
  lists: Record<string, [IdKind, number[] | undefined]>,
): Promise<void> {
  const fields: Record<string, string[]> = {};
  for (const [field, [kind, ids]] of Object.entries(lists)) {
    if (!ids?.length) continue;
    const missing = await service.missingIds(kind, ids);
    if (missing.length) fields[field] = [MESSAGES.unknownIds(missing)];
  }
  const first = Object.values(fields)[0];
  if (first) throw new BadRequestError(first[0], fields);
}

/** The slot length of a query: one of the scales' periods, the default scale's when absent. */
async function scaleOf(service: PlanningDemandService, field: string, minutes: number | undefined) {
  const { periods, defaultPeriod } = await service.scalePeriods();
  if (minutes === undefined) return defaultPeriod;
  if (!periods.includes(minutes))
    throw new BadRequestError(MESSAGES.notAScale, { [field]: [MESSAGES.notAScale] });
  return minutes;
}

const PERIOD_NOTE = `в зоне Time-Zone, не длиннее ${MAX_PERIOD_DAYS} дней`;
const DEMAND_NOTE =
  'Потребность должности в момент времени — сумма task_positions.count её задач, идущих в этот момент по плановому времени (plan_begin_at … plan_end_at, конец не включается).';

/**
 * Demand endpoints of staff planning (contract 2 of issue 10): max demand, the peak graph, passenger counts,
 * working shifts, the shift list and the staff of a task; all need strategic-planning-index.
 */
export const planningDemandRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const demand = services.planningDemand;
  const shifts = services.planningShifts;

  /** The query of both max-demand calls but the positions: the period, the flight lists and min_time. */
  const maxDemandQuery = {
    begin_datetime: queryText.optional(),
    end_datetime: queryText.optional(),
    flight_schedule: queryIds.optional(),
    flight_type: queryIds.optional(),
    flight_status: queryIds.optional(),
    min_time: queryWhole(0, MAX_MIN_TIME).optional(),
  };
  type MaxDemandQuery = {
    begin_datetime?: string;
    end_datetime?: string;
    flight_schedule?: number[];
    flight_type?: number[];
    flight_status?: number[];
    min_time?: number;
  };
  /** Max demand of the positions for a checked query (unknown ids: a 400 naming their field). */
  const maxDemandsOf = async (request: FastifyRequest, q: MaxDemandQuery, positionIds: number[]) => {
    const period = requirePeriod(q, 'begin_datetime', 'end_datetime', request.timeZone);
    await refuseUnknown(demand, {
      employee_position_id: ['position', positionIds],
      flight_schedule: ['flightSchedule', q.flight_schedule],
      flight_type: ['flightType', q.flight_type],
      flight_status: ['flightStatus', q.flight_status],
    });
    const filter = {
      flightSchedule: q.flight_schedule,
      flightType: q.flight_type,
      flightStatus: q.flight_status,
    };
    return demand.maxDemands(
      { period, positionIds, minTimeMinutes: q.min_time ?? 0, filter },
      request.timeZone,
      request.signal,
    );
  };

  app.get(
    '/planning/max-demand',
    route({
      summary: 'Максимальная потребность должности за период',
      description: `${DEMAND_NOTE} max_count — наибольший уровень L, при котором потребность ≥ L держится без перерыва не меньше min_time минут (по умолчанию 0) внутри периода begin_datetime … end_datetime (${PERIOD_NOTE}); begin и end — первый такой отрезок целиком; без потребности max_count 0, begin и end null. Фильтры рейсов: flight_schedule[], flight_type[], flight_status[].`,
      querystring: plainQuery({ ...maxDemandQuery, employee_position_id: queryId }),
      response: maxDemandSchema,
    }),
    async (request) => {
      const [data] = await maxDemandsOf(request, request.query, [request.query.employee_position_id]);
      return { data };
    },
  );

  app.get(
    '/planning/max-demand/positions',
    route({
      summary: 'Максимальная потребность нескольких должностей за период',
      description: `Как /planning/max-demand, но для каждой должности employee_position_id[] (1…${MAX_DEMAND_POSITIONS}) за одно чтение задач периода: data — список ответов в порядке должностей запроса (повторы убираются).`,
      querystring: plainQuery({
        ...maxDemandQuery,
        employee_position_id: queryList(queryId, MAX_DEMAND_POSITIONS),
      }),
      response: maxDemandsSchema,
    }),
    async (request) => ({
      data: await maxDemandsOf(request, request.query, [...new Set(request.query.employee_position_id)]),
    }),
  );

  app.get(
    '/planning/peak-graph',
    route({
      summary: 'График пиков: типичная неделя потребности должностей',
      description: `${DEMAND_NOTE} Потребность считается по слотам step минут (период одного из масштабов; по умолчанию масштаб is_default) за дни begin_period_date … end_period_date включительно (YYYY-MM-DD, ${PERIOD_NOTE}) и раскладывается по календарным неделям с понедельника. Для каждого слота недели (день недели + время) count — наибольшая потребность в нём по неделям периода; is_peak = 1, когда count > 0 и не меньше чем в interval_repeat_in_period неделях (1…${MAX_REPEAT_IN_PERIOD}, по умолчанию 1) потребность в этом слоте не ниже count × (1 − deviation_in_period ÷ 100) (0…${MAX_DEVIATION_PERCENT}, по умолчанию 0). datetime точек — даты первой недели периода (с её понедельника). Без employee_positions[] — пустой список. Фильтры рейсов, как у максимальной потребности: flight_schedule[], flight_type[], flight_status[] (без них — все рейсы).`,
      querystring: plainQuery({
        begin_period_date: queryDay,
        end_period_date: queryDay,
        interval_repeat_in_period: queryWhole(1, MAX_REPEAT_IN_PERIOD).optional(),
        deviation_in_period: queryWhole(0, MAX_DEVIATION_PERCENT, '%').optional(),
        step: queryMinutes.optional(),
        employee_positions: queryIds.optional(),
        flight_schedule: queryIds.optional(),
        flight_type: queryIds.optional(),
        flight_status: queryIds.optional(),
      }),
      response: peakGraphSchema,
    }),
    async (request, reply) => {
      const q = request.query;
      const first = q.begin_period_date;
      const last = q.end_period_date;
      const days = {
        firstDay: first.slice(0, 10),
        lastDay: last.slice(0, 10),
        period: readDays(request.timeZone, first, last, MAX_PERIOD_DAYS, 'end_period_date'),
      };
      await refuseUnknown(demand, {
        employee_positions: ['position', q.employee_positions],
        flight_schedule: ['flightSchedule', q.flight_schedule],
        flight_type: ['flightType', q.flight_type],
        flight_status: ['flightStatus', q.flight_status],
      });
      const stepMinutes = await scaleOf(demand, 'step', q.step);
      if (!q.employee_positions?.length) return [];
      // Built by typed code; a month of positions is ~100,000 points, which the serializer would walk again.
      const graph = await demand.peakGraph(
        {
          ...days,
          positionIds: [...new Set(q.employee_positions)],
          stepMinutes,
          repeat: q.interval_repeat_in_period ?? 1,
          deviationPercent: q.deviation_in_period ?? 0,
          filter: {
            flightSchedule: q.flight_schedule,
            flightType: q.flight_type,
            flightStatus: q.flight_status,
          },
        },
        request.timeZone,
        request.signal,
      );
      return sendTypedJson(reply, graph);
    },
  );

  app.get(
    '/planning/passenger-count',
    route({
      summary: 'Пассажиры рейсов по слотам масштаба, по направлениям',
      description: `Сумма flights.passengers рейсов, плановое время которых (plan_at) попадает в слот scale минут (период одного из масштабов; по умолчанию is_default), от times[0] до times[1] (${PERIOD_NOTE}); последний слот целый. direction_id[]: 1 вылет, 2 прилёт (по умолчанию оба). Фильтры: flight_schedule_id[], status[], type[], class[].`,
      querystring: plainQuery({
        times: queryArray(queryText).optional(),
        direction_id: queryArray(
          queryText.refine(
            (text) => DIRECTIONS.some((d) => String(d.id) === text),
            MESSAGES.wholeRange(1, 2),
          ),
        )
          .transform((list) => list.map(Number))
          .optional(),
        scale: queryMinutes.optional(),
        flight_schedule_id: queryIds.optional(),
        status: queryIds.optional(),
        type: queryIds.optional(),
        class: queryIds.optional(),
      }),
      response: passengerCountSchema,
    }),
    async (request) => {
      const q = request.query;
      if (q.times?.length !== 2)
        throw new BadRequestError(MESSAGES.timesPair, { times: [MESSAGES.timesPair] });
      const period = requirePeriod(
        { 'times.0': q.times[0], 'times.1': q.times[1] },
        'times.0',
        'times.1',
        request.timeZone,
      );
      await refuseUnknown(demand, {
        flight_schedule_id: ['flightSchedule', q.flight_schedule_id],
        status: ['flightStatus', q.status],
        type: ['flightType', q.type],
        class: ['flightClass', q.class],
      });
      const scaleMinutes = await scaleOf(demand, 'scale', q.scale);
      return demand.passengerCount(
        {
          period,
          directions: q.direction_id?.length ? [...new Set(q.direction_id)] : DIRECTIONS.map((d) => d.id),
          scaleMinutes,
          filter: {
            flightSchedule: q.flight_schedule_id,
            flightStatus: q.status,
            flightType: q.type,
            flightClass: q.class,
          },
        },
        request.timeZone,
        request.signal,
      );
    },
  );

  app.get(
    '/planning/working-shift',
    route({
      summary: 'Рабочие смены: начало (HH:mm, местное), длительность и перерыв в минутах',
      description:
        'begin — начало периода планирования (YYYY-MM-DD или YYYY-MM-DD HH:mm:ss); смены пока не имеют срока действия, поэтому ответ — все смены, по времени начала.',
      querystring: plainQuery({ begin: queryDay.optional() }),
      response: workingShiftsSchema,
    }),
    async () => shifts.workingShifts(),
  );

  app.get(
    '/planning/shift',
    route({
      summary:
        'Смены: type=2 — рабочие смены, type=1 — сотрудники должностей employee_position_id[] с их сменой',
      description: `calc_id — сохранённый расчёт графика сменности (404 «Расчёт не найден», если его нет): type=2 — рабочие смены, которые использует его график; type=1 — сотрудники его должностей (employee_position_id[] сужает их) с их сменой. Без calc_id type=1 требует employee_position_id[] (активные сотрудники этих должностей, не больше ${SHIFT_EMPLOYEES_LIMIT}).`,
      querystring: plainQuery({
        calc_id: queryId.optional(),
        type: queryWhole(1, 2).optional(),
        employee_position_id: queryIds.optional(),
      }),
      response: shiftListSchema,
    }),
    async (request) => {
      const q = request.query;
      if (q.calc_id !== undefined) {
        const scope = await services.shiftSchedules.calcScope(q.calc_id);
        if ((q.type ?? SHIFT_TYPES.workingShifts) === SHIFT_TYPES.workingShifts)
          return (await shifts.workingShifts()).filter((shift) => scope.workingShiftIds.includes(shift.id));
        const asked = q.employee_position_id?.filter((id) => scope.positionIds.includes(id));
        return shifts.employeeShifts(asked?.length ? asked : scope.positionIds);
      }
      if ((q.type ?? SHIFT_TYPES.workingShifts) === SHIFT_TYPES.workingShifts) return shifts.workingShifts();
      if (!q.employee_position_id?.length)
        throw new BadRequestError(MESSAGES.required, { employee_position_id: [MESSAGES.required] });
      await refuseUnknown(demand, { employee_position_id: ['position', q.employee_position_id] });
      return shifts.employeeShifts(q.employee_position_id);
    },
  );

  app.get(
    '/planning/task-employee-info',
    route({
      summary:
        'Персонал задачи: нужно и назначено по должностям, назначенные сотрудники с должностью и сменой',
      description:
        'task — задача (плановое время в зоне Time-Zone) и её рейс; positions — должности, которые нужны задаче или на которых назначены сотрудники: needed (task_positions.count) и assigned; employees — назначенные сотрудники, shift — название их рабочей смены или null. Неизвестная задача — 404.',
      querystring: plainQuery({ task_id: queryId }),
      response: taskEmployeeInfoSchema,
    }),
    async (request) => shifts.taskEmployeeInfo(request.query.task_id, request.timeZone),
  );
};
