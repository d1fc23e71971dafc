import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { z } from '../../../shared/messages.ts';
import {
  createdCalcSchema,
  planningCalcSchema,
  SCHEDULE_EMPTY_MESSAGE,
  SCHEDULE_LIMITS,
  SCHEDULE_SLOT_MINUTES,
  STANDARD_WEEK_HOURS,
  shiftScheduleResultSchema,
  standardScheduleCreateSchema,
  standardScheduleParamsSchema,
} from '../../../shared/shift-schedules.ts';
import { type FieldErrors, ValidationError } from '../../domain/errors.ts';
import { buildXlsx } from '../../files/xlsx.ts';
import { anyRule } from '../../http/access.ts';
import { attachmentHeader } from '../../http/attachment.ts';
import { plainQuery } from '../../http/list.ts';
import { queryId, queryIds, queryText } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import { answerSignal } from '../../http/signal.ts';
import { sendTypedJson } from '../../http/typedJson.ts';
import type { ModuleOptions } from '../index.ts';
import { DISTINCT_SECONDS, SCHEDULE_BUDGET_SECONDS } from './service.ts';
import { scheduleSheets } from './xlsx.ts';

const route = routeGroup({
  tags: ['Планирование: график сменности'],
  access: anyRule('strategic-planning-index'),
});

const { interval_repeat_in_period: rp, interval_repeat_in_week: rw } = SCHEDULE_LIMITS;

const INPUTS = `Входные данные: begin, end — период потребности (YYYY-MM-DD HH:mm:ss в зоне Time-Zone, не длиннее ${MAX_PERIOD_DAYS} дней); employee_position_ids[] — должности (обязательно); working_shift[] — рабочие смены (обязательно при сохранении; в предпросмотре пусто — все смены); flight_schedule[], flight_status[], flight_type[] — фильтры рейсов (пусто — все); interval_repeat_in_period (1…${rp.max}), deviation_in_period (0…100 %), interval_repeat_in_week (1…${rw.max}), deviation_in_week (0…100 %) — целые или пусто (пусто — 1 повтор и 0 %). Ошибки полей — 422 с fields: «Максимальное значение 52», «Максимальное значение 7», «Максимальное значение 100%», «Ожидается целое число больше 0»; неизвестные id — 422 «Не найдены: …».`;

const TYPICAL_WEEK = `Типичная неделя (слоты ${SCHEDULE_SLOT_MINUTES} минут, с понедельника 00:00): потребность должности в слоте — пик суммы task_positions.count её задач по плановому времени (как в графике пиков), разложенная по календарным неделям периода. 1) Правило периода: для каждого слота недели (день недели + время) из значений наблюдённых недель берётся наибольшее v, такое что не меньше чем в r неделях значение ≥ v × (1 − δ/100), r = interval_repeat_in_period (не больше числа недель, наблюдавших слот), δ = deviation_in_period; при δ = 0 это r-е по величине значение, при r = 1 — максимум. 2) Правило недели: для каждого времени суток по 7 дням типичной недели то же правило с r = interval_repeat_in_week (не больше числа дней недели в периоде) и δ = deviation_in_week даёт уровень L; каждый день берёт min(своё значение, L).`;

const MODEL = `Модель: кандидаты — выбранные рабочие смены (длительность и перерыв; время начала смены не ограничивает) с началом в каждом слоте недели, смена после воскресенья 24:00 переходит на понедельник той же недели; перерыв — ceil(break/${SCHEDULE_SLOT_MINUTES}) слотов посередине смены (с floor((длина − перерыв)/2) слота), в них сотрудник не покрывает потребность; смены одинаковой длины и перерыва — один кандидат, в ответе названа та, чьё время начала совпадает. Целое число сотрудников на кандидата, покрытие ≥ потребности в каждом слоте. Шаг 1: минимум оплачиваемых человеко-часов (длина − перерыв) — HiGHS в рабочих потоках, должности параллельно; status optimal — минимум доказан (gap 0), feasible — время вышло (gap — относительный разрыв), greedy — решатель ничего не дал, жадное покрытие (gap null). Шаг 2 (до ${DISTINCT_SECONDS} с на должность): при тех же человеко-часах — наименьшее число различных пар (смена, начало); distinct_gap — его разрыв (null, если шаг не выполнялся). Бюджет запроса ${SCHEDULE_BUDGET_SECONDS} с. Если у всех должностей потребность типичной недели нулевая — 422 «${SCHEDULE_EMPTY_MESSAGE}».`;

/** Zod issues of the inputs as fields (the spec's paths), for a 422. */
function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.join('.') || 'body';
    fields[path] = [...(fields[path] ?? []), issue.message];
  }
  return fields;
}

const previewQuery = plainQuery({
  begin: queryText.optional(),
  end: queryText.optional(),
  interval_repeat_in_period: queryText.optional(),
  deviation_in_period: queryText.optional(),
  interval_repeat_in_week: queryText.optional(),
  deviation_in_week: queryText.optional(),
  employee_position_ids: queryIds.optional(),
  flight_schedule: queryIds.optional(),
  flight_status: queryIds.optional(),
  flight_type: queryIds.optional(),
  working_shift: queryIds.optional(),
});

const calcParams = z.object({ id: queryId });

/** The file's name starts so; a calc named so already (the default name) is not prefixed twice. */
const FILE_PREFIX = 'График сменности';

/**
 * The standard shift schedule (issue 15): preview, create (stores a saved calculation), a saved calculation and
 * its .xlsx.
 */
export const shiftSchedulesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.shiftSchedules;

  app.get(
    '/planning/standard',
    route({
      summary: 'Стандартный график сменности: расчёт без сохранения',
      description: `${INPUTS} ${TYPICAL_WEEK} ${MODEL} Ответ — ShiftScheduleResult: по каждой должности demand и cover по слотам, смены (weekday 0 = понедельник, start HH:mm, count), staff_hours, status, gap, время решения. Ошибки значений запроса — тоже 422 с fields (как у тела create), а не 400: это поля формы.`,
      querystring: previewQuery,
      response: shiftScheduleResultSchema,
    }),
    async (request, reply) => {
      const parsed = standardScheduleParamsSchema.safeParse(request.query);
      if (!parsed.success) throw new ValidationError(issuesToFields(parsed.error.issues));
      return sendTypedJson(
        reply,
        await service.schedule(parsed.data, request.timeZone, answerSignal(request, reply)),
      );
    },
  );

  const created = route({
    summary: 'Стандартный график сменности: расчёт и сохранение',
    response: createdCalcSchema,
  });
  app.post(
    '/planning/standard/create',
    {
      ...created,
      schema: {
        ...created.schema,
        description: `Тело — те же поля, что у GET /planning/standard (списки — массивы чисел), плюс employee_position_id (ещё одна должность, добавляется к employee_position_ids) и name (по умолчанию «График сменности ДД.ММ.ГГГГ – ДД.ММ.ГГГГ»). Считает график и одной транзакцией сохраняет расчёт (planning_calcs: входные данные и результат); ответ { id } — для /shift-schedules/{id}. ${MODEL}`,
        body: standardScheduleCreateSchema,
      },
    },
    async (request, reply) => {
      const { employee_position_id: one, name, ...params } = request.body;
      const positions = one ? [...params.employee_position_ids, one] : params.employee_position_ids;
      return service.create(
        { ...params, employee_position_ids: [...new Set(positions)] },
        { name, userId: request.user.id },
        request.timeZone,
        answerSignal(request, reply),
      );
    },
  );

  const calc = route({
    summary: 'Сохранённый расчёт графика сменности',
    description: `{ id, name, begin, end (YYYY-MM-DD), created_at (YYYY-MM-DD HH:mm:ss в зоне Time-Zone), params — входные данные, result — ShiftScheduleResult }. Нет расчёта — 404 «Расчёт не найден». Коэффициенты: сотрудников по графику = Σ по должностям ceil(staff_hours ÷ ${STANDARD_WEEK_HOURS}).`,
    response: planningCalcSchema,
    access: anyRule('strategic-planning-index', 'calc-index'),
  });
  app.get(
    '/planning/calc/:id',
    { ...calc, schema: { ...calc.schema, params: calcParams } },
    async (request, reply) => sendTypedJson(reply, await service.get(request.params.id, request.timeZone)),
  );

  const exported = route({
    summary: 'Выгрузка графика сменности в .xlsx',
    description:
      'Файл «График сменности {name}.xlsx» (имя по умолчанию уже начинается с «График сменности» — не повторяется), строится вне потока HTTP; символы, недопустимые в имени файла (/ \\ : * ? " < > | и управляющие), заменяются на «_». Лист «Сводка» (название расчёта, период, типовая неделя, время расчёта; по должностям человеко-часы, статус, меньше разных смен, время, выходы по дням недели и итого), лист «Смены» (должность, день недели, смена по названию образца без его часов, начало и конец — время Excel, длительность в часах, перерыв, количество) и лист «Покрытие» (по слотам типичной недели: потребность и сотрудники на смене по каждой должности).',
    response: z.unknown(),
    access: anyRule('strategic-planning-index', 'calc-index'),
  });
  app.get(
    '/planning/calc/:id/xlsx',
    { ...exported, schema: { ...exported.schema, params: calcParams, response: {} } },
    async (request, reply) => {
      const calcRow = await service.get(request.params.id, request.timeZone);
      const file = await buildXlsx(scheduleSheets(calcRow));
      const title = calcRow.name.startsWith(FILE_PREFIX) ? calcRow.name : `${FILE_PREFIX} ${calcRow.name}`;
      const name = `${title}.xlsx`;
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', attachmentHeader(`shift-schedule-${calcRow.id}.xlsx`, name));
      return reply.send(file);
    },
  );
};
