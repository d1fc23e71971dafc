import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import {
  calcCreateSchema,
  calcEvaluationSchema,
  calcSchema,
  calcUpdateSchema,
} from '../../../shared/tariff-calc.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { anyRule } from '../../http/access.ts';
import { listQuery, plainQuery, sendPage } from '../../http/list.ts';
import { queryId } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { CALC_LIST } from './list.ts';

const route = routeGroup({ tags: ['Тарифы: расчёты услуг'], access: 'session' });
const idParams = z.object({ id: queryId });

const LIST =
  'Фильтры по каждой колонке таблицы: name_ru, name_en, id_1c, start_job, end_job, med_service, vip_service, job_indicator, employee_position, resource_type, resource — подстрока без учёта регистра (для списков — любой элемент); calc_type, format — id, один или несколько. Сортировка по тем же ключам и id (списки — по первому имени в русском порядке, пустые в конце).';

const BODY_RULES =
  'Форма расчёта (спецификация 3.5). Обязательны service.name_ru, service.id_1c, calcSourceType, calc_type_id (не -1), format_id, rounding_id и хотя бы одно направление calc_direction_id. Источник 1 (работы) требует calcJob, 2 — calcMedService, 3 — calcVipService; списки другого источника должны быть пусты; для 2 и 3 тип расчёта только 2 (операции). Продолжительность: в каждой записи calcJob начальная и конечная работа и параметры (1 начало, 2 окончание); одинаковые работа и параметр — error.needChange на calcJob.N, повтор записи — error.youTrying. Операции: в записи только start_job_id (считаемая работа); показатели — ещё job_indicator_id показателя этой работы. accuracy, coeff, minimum_amount — неотрицательные числа или null; при rounding_id 1 accuracy не хранится. Услуга находится по мнемокоду id_1c (или создаётся), её названия обновляются. Неизвестный id справочника — 422 на поле списка; расчёт и все списки пишутся одной транзакцией.';

const EVALUATE =
  'flight_aid — aid разворота (прилёт и вылет одного борта или один рейс). Учитываются задачи рейсов направлений calc_direction_id, прошедшие блок проверки (должность, тип ресурса или ресурс расчёта, если они заданы); при заданных calcServiceMapType тип разворота (1 только вылет, 2 только прилёт, 3 оборот) должен в них входить, иначе 0. ' +
  'Продолжительность: для каждой записи — от начала или окончания начальной работы до начала или окончания конечной, на каждом рейсе, где выполнены обе (иначе от самой ранней начальной до самой поздней конечной на развороте); время фактическое, а при is_using_plan_time или без факта — плановое; минуты суммируются и при единице «ч» делятся на 60. Операции: число задач выбранных работ. Показатели: значение показателя из данных рейса (пассажиры, вес багажа, груза, почты) по рейсам, где выполнялась работа; другие показатели в демо-аэропорту не записываются — raw null с пояснением. Медицинские и VIP-услуги по рейсам не учитываются — raw null. ' +
  'Далее: округление (2 вверх, 3 вниз, 4 математическое) до целых и точность (accuracy знаков после запятой, математически) — каждое до коэффициента, если включён его переключатель (is_rounding_first, is_accuracy_first), иначе после; при rounding_id 1 оба пропускаются. Затем минимальное значение, если результат больше 0 и меньше минимума. group_type 2 (фиксированное количество) применяет цепочку к каждой позиции (записи или операции) отдельно и складывает результаты; 1 — к итогу. Время — в зоне Time-Zone.';

/** Service calcs (spec 7.4): reading needs a session, each write its tariff rule. */
export const tariffCalcRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.tariffCalc;

  const list = route({
    summary: 'Расчёты услуг: страница с фильтрами и сортировкой по колонкам таблицы',
    querystring: listQuery(CALC_LIST),
    response: z.array(calcSchema),
  });
  app.get(
    '/tariff/calc',
    { ...list, schema: { ...list.schema, description: LIST } },
    async (request, reply) => sendPage(reply, request.query, await service.list(request.query)),
  );

  app.get(
    '/tariff/calc/:id',
    withParams(route({ summary: 'Расчёт со всеми списками и вложенными объектами', response: calcSchema })),
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/tariff/calc/:id/evaluate',
    withParams(
      route({
        summary: 'Расчёт на реальном развороте: задачи, исходная величина и шаги до итогового количества',
        querystring: plainQuery({ flight_aid: queryId }),
        response: calcEvaluationSchema,
      }),
      EVALUATE,
    ),
    async (request) => service.evaluate(request.params.id, request.query.flight_aid, request.timeZone),
  );

  const created = route({
    summary: 'Создание расчёта',
    response: calcSchema,
    access: anyRule('tariff-calc-create'),
  });
  app.post(
    '/tariff/calc',
    { ...created, schema: { ...created.schema, description: BODY_RULES, body: calcCreateSchema } },
    async (request) => service.create(request.body),
  );

  const updated = route({
    summary: 'Изменение расчёта (id в теле запроса); списки заменяются целиком',
    response: calcSchema,
    access: anyRule('tariff-calc-update'),
  });
  app.patch(
    '/tariff/calc',
    {
      ...updated,
      schema: { ...updated.schema, description: `${BODY_RULES} ${STALE_EDIT_RULE}`, body: calcUpdateSchema },
    },
    async (request) => service.update(request.body),
  );

  const removed = route({
    summary: 'Удаление расчёта со всеми списками; расчёт с начислениями по рейсам — 409',
    response: z.null(),
    access: anyRule('tariff-calc-delete'),
  });
  app.delete(
    '/tariff/calc/:id',
    { ...removed, schema: { ...removed.schema, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** A route of one calc: `{id}` in the path, digits in the id range (else 400); an optional long description. */
function withParams<T extends ReturnType<typeof route>>(options: T, description?: string) {
  return {
    ...options,
    schema: { ...options.schema, params: idParams, ...(description ? { description } : {}) },
  };
}
