import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import {
  combineResultSchema,
  deleteResultSchema,
  divideResultSchema,
  employeesResultSchema,
  fetchTgoSchema,
  fillFlightsResultSchema,
  fillFlightsSchema,
  FLIGHT_TABLE_MESSAGES as M,
  RACE_ACTION_MAX_ROWS,
  RACE_DEFAULT_PER_PAGE,
  RACE_MAX_PER_PAGE,
  RACE_TEXT_FILTERS,
  ROW_COUNT_MESSAGES,
  raceAidsSchema,
  raceExportSchema,
  raceFilterItemsSchema,
  raceRowsSchema,
  tgoOptionsSchema,
} from '../../../shared/flight-table.ts';
import { z } from '../../../shared/messages.ts';
import { idSchema } from '../../../shared/reference.ts';
import { attachmentHeader } from '../../http/attachment.ts';
import { MULTIPART_BODY_LIMIT } from '../../http/bodyLimit.ts';
import { listQuery, sendPage } from '../../http/list.ts';
import { multipartFields } from '../../http/multipart.ts';
import { parseQueryString, queryId, queryList } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import { answerSignal } from '../../http/signal.ts';
import type { ModuleOptions } from '../index.ts';
import { RACE_LIST, type RaceQuery } from './raceQuery.ts';

// Spec 2: /race-newest names no rule, so any signed-in user reads and acts on the flight table.
const route = routeGroup({ tags: ['Таблица рейсов'], access: 'session' });

const LIST_DESCRIPTION = [
  'Одна строка на оборот (aid), включая одиночные рейсы. Период — filter[date_from], filter[date_to] (YYYY-MM-DD, оба дня',
  `включительно, не длиннее ${MAX_PERIOD_DAYS} дней; без них — сегодня в часовом поясе запроса; один — этот день); строка`,
  'попадает, если в периоде плановое время любого её рейса. Текстовые фильтры (подстрока без учёта регистра и ё, по',
  `показанному тексту): ${RACE_TEXT_FILTERS.map((k) => `filter[${k}]`).join(', ')}. Списки (id из /v1/race-filter/…,`,
  'через запятую или повтором []): filter[direction] (аэропорты направлений), filter[type], filter[status] (любой рейс',
  'строки), filter[link] (1 — прилёт и вылет, 2 — только прилёт, 3 — только вылет); filter[confirmed] = 1 или 0.',
  'sort — ключ любой колонки, с минусом по убыванию (по умолчанию — по плановому времени первого рейса). Страницы:',
  `page, per-page (по умолчанию ${RACE_DEFAULT_PER_PAGE}, не больше ${RACE_MAX_PER_PAGE}) и заголовки x-pagination-*.`,
  'Время — в часовом поясе заголовка Time-Zone.',
].join(' ');

const EMPLOYEES = {
  set:
    'Тело {aids}. Каждой задаче рейсов выбранных строк (по времени начала) по каждой должности, где людей меньше нужного, ' +
    'назначаются активные сотрудники этой должности, чья рабочая смена целиком покрывает задачу (по часам домашнего ' +
    'аэропорта) и у которых нет пересекающихся задач; первыми — с наименьшим числом задач. Одна транзакция. Ответ: ' +
    'задач просмотрено, назначений добавлено, людей всё ещё не хватает.',
  desk: 'То же, что set-employees, но только для задач стоек (работы регистрации и выхода на посадку — по названию работы).',
  drop:
    'Тело {aids}. Снимает всех сотрудников с задач рейсов выбранных строк одной транзакцией. Ответ: задач, снятых ' +
    'назначений, и сколько людей теперь нужно этим задачам.',
};

/** RFC 6266/5987 attachment header: an ASCII fallback and the real (Cyrillic) name. */
function attachment(reply: FastifyReply, name: string, fallback: string) {
  reply.header('content-disposition', attachmentHeader(fallback, name));
}

/** `aids[]` from form data (text) or JSON (numbers). */
const formAidsSchema = z.object({
  aids: queryList(z.union([idSchema, queryId]), RACE_ACTION_MAX_ROWS, {
    empty: ROW_COUNT_MESSAGES.noRows,
    tooMany: ROW_COUNT_MESSAGES.tooManyRows,
  }),
});

/** Flight table (spec 7, Flight table): GET /v1/race, the race-filter lists and the row actions. */
export const flightTableRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.flightTable;
  app.addHook('onClose', () => service.close());

  // `POST /race/get-tgos` takes form data (aids[]=1&aids[]=2), as the spec has it; this plugin only.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          done(null, parseQueryString(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );

  // A browser's FormData goes as multipart/form-data: its text fields are read the same way (files are ignored).
  if (!app.hasContentTypeParser('multipart/form-data'))
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: MULTIPART_BODY_LIMIT },
      (request, body, done) => {
        try {
          done(
            null,
            parseQueryString(multipartFields(String(request.headers['content-type']), body as string)),
          );
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );

  const races = route({
    summary: 'Таблица рейсов: строки оборотов за период с фильтрами по колонкам, сортировкой и страницами',
    querystring: listQuery(RACE_LIST),
    response: raceRowsSchema,
  });
  app.get(
    '/v1/race',
    { ...races, schema: { ...races.schema, description: LIST_DESCRIPTION } },
    async (request, reply) => {
      const query = request.query as RaceQuery;
      return sendPage(reply, query, await service.page(query, request.timeZone, request.signal));
    },
  );

  const list = (summary: string) => route({ summary, response: raceFilterItemsSchema });
  app.get(
    '/v1/race-filter/directions',
    list('Направления: аэропорты, откуда прилетают и куда улетают рейсы'),
    () => service.directions(),
  );
  app.get('/v1/race-filter/types', list('Типы рейсов'), () => service.types());
  app.get('/v1/race-filter/statuses', list('Статусы рейсов'), () => service.statuses());
  app.get(
    '/v1/race-filter/combine-types',
    list('Связь: прилёт и вылет, только прилёт, только вылет'),
    async () => service.combineTypes(),
  );
  app.get('/v1/race-filter/approved', list('Подтверждён: да (1) или нет (0)'), async () =>
    service.approved(),
  );

  const fetchTgo = route({
    summary: 'ТГО, подходящие рейсам строки (current — назначенное сейчас)',
    response: tgoOptionsSchema,
  });
  app.post(
    '/race/fetch-tgo',
    { ...fetchTgo, schema: { ...fetchTgo.schema, body: fetchTgoSchema } },
    async (request) => service.fetchTgo(request.body.aid),
  );

  const getTgos = route({
    summary: 'ТГО, подходящие каждой выбранной строке (пусто — общих нет)',
    response: tgoOptionsSchema,
  });
  app.post(
    '/race/get-tgos',
    {
      ...getTgos,
      schema: {
        ...getTgos.schema,
        description: `Тело — form data aids[]=…&aids[]=… (multipart/form-data или application/x-www-form-urlencoded) или JSON {aids}. Пустой ответ: «${M.noCommonTgo}».`,
        body: formAidsSchema,
      },
    },
    async (request) => service.commonTgos(request.body.aids),
  );

  const fill = route({
    summary: 'Применение ТГО к выбранным строкам: задачи рейсов создаются заново',
    response: fillFlightsResultSchema,
  });
  app.post(
    '/race/fill-flights',
    {
      ...fill,
      schema: {
        ...fill.schema,
        description:
          'Тело {aids, tgo_id}. Одной транзакцией: у рейсов строк, которым ТГО подходит (направление, тип рейса, тип ВС), ' +
          'удаляются задачи (с назначениями и ресурсами) и создаются заново по работам ТГО; задачи не выходят за окно оборота ' +
          '(от постановки прибывшего ВС на стоянку до уборки колодок вылета), рейсы получают это ТГО. Строка, которой ТГО не ' +
          'подходит ни одним рейсом, — 422 на aids, ничего не записано. Ответ: рейсов и созданных задач.',
        body: fillFlightsSchema,
      },
    },
    async (request) => service.fillFlights(request.body.aids, request.body.tgo_id, request.user.id),
  );

  const divide = route({
    summary: 'Разделение строки на прилёт и вылет (прилёт сохраняет aid)',
    response: divideResultSchema,
  });
  // The spec's GETs that write (divide, combine, delete) get no HEAD twin: Fastify's would run the same handler, and
  // a HEAD is what link checkers, monitors and `curl -I` send as safe.
  app.get(
    '/race/divide-flight/:aid',
    { ...divide, exposeHeadRoute: false, schema: { ...divide.schema, params: z.object({ aid: queryId }) } },
    async (request) => service.divide(request.params.aid, request.user.id),
  );

  const combine = route({
    summary: 'Связывание прилёта с вылетом того же борта в одну строку',
    querystring: z.object({ arrivalFlightId: queryId, departureFlightId: queryId }),
    response: combineResultSchema,
  });
  app.get(
    '/race/combine-flight',
    {
      ...combine,
      exposeHeadRoute: false,
      schema: {
        ...combine.schema,
        description: `Отказы — 422 с message: «${M.sameDirection}», «${M.notArrival}», «${M.otherBoard}», «${M.departureBeforeArrival}», «${M.alreadyPaired}», «${M.unknownFlight}».`,
      },
    },
    async (request) =>
      service.combine(request.query.arrivalFlightId, request.query.departureFlightId, request.user.id),
  );

  const employees = (
    path: string,
    summary: string,
    description: string,
    act: (aids: number[], userId: number, zone: string) => Promise<unknown>,
  ) => {
    const doc = route({ summary, response: employeesResultSchema });
    app.post(
      path,
      { ...doc, schema: { ...doc.schema, description, body: raceAidsSchema } },
      async (request) => act(request.body.aids, request.user.id, request.timeZone) as never,
    );
  };
  employees(
    '/race/set-employees',
    'Назначение сотрудников смены на задачи выбранных рейсов',
    EMPLOYEES.set,
    (aids, by, zone) => service.setEmployees(aids, false, zone, by),
  );
  employees(
    '/race/set-desk-employees',
    'Назначение сотрудников смены на задачи стоек выбранных рейсов',
    EMPLOYEES.desk,
    (aids, by, zone) => service.setEmployees(aids, true, zone, by),
  );
  employees(
    '/race/drop-employees',
    'Снятие сотрудников с задач выбранных рейсов',
    EMPLOYEES.drop,
    (aids, by) => service.dropEmployees(aids, by),
  );

  app.get(
    '/v1/race/delete',
    {
      exposeHeadRoute: false,
      ...route({
        summary: 'Удаление строк: их рейсы с задачами, одной транзакцией',
        description:
          'id — одна строка (`id=5`, как в спецификации) или несколько (`id[]=5&id[]=6`, до 2000): удаляются все или ни ' +
          'одна (404, если хотя бы одной строки нет; 409, если по рейсам строки есть начисления по тарифам: ' +
          'счета ссылаются на них). С рейсами удаляются их задачи с назначениями, багаж и привязки к бригадам.',
        querystring: z.object({ id: queryList(queryId, 2000) }),
        response: deleteResultSchema,
      }),
    },
    async (request) => service.remove(request.query.id, request.user.id),
  );

  const exported = route({
    summary: 'Выгрузка таблицы рейсов в .xlsx',
    querystring: listQuery(RACE_LIST, {
      RaceSearch: z
        .object({ date_range: z.string().max(40), export_to_excel: z.literal('1') })
        .describe('RaceSearch[date_range]=ДД.ММ.ГГГГ - ДД.ММ.ГГГГ, RaceSearch[export_to_excel]=1'),
    }),
    response: z.unknown(),
  });
  app.post(
    '/race/index',
    {
      ...exported,
      schema: {
        ...exported.schema,
        description:
          'Тело {aids?, columns?}: выбранные строки периода (строки вне RaceSearch[date_range] и несуществующие не ' +
          'выгружаются; без aids — все строки периода с фильтрами filter[…] и sort, как у ' +
          'GET /v1/race) и колонки в нужном порядке (без columns — все по умолчанию), заголовки по-русски. Дата, ' +
          'время взлёта и времена план/расчёт/факт — настоящие даты Excel по часам часового пояса запроса; ' +
          'времена «прилёт / вылет» разделены на две колонки («План прилёта», «План вылета» и т. д.). Лист ' +
          '«Суточный план» за один день, «План полётов» за период. Файл «Суточный план полетов на {с} - {по}.xlsx» ' +
          'строится вне потока HTTP.',
        body: raceExportSchema.optional(),
        response: {},
      },
    },
    async (request, reply) => {
      const query = request.query as RaceQuery & { RaceSearch: { date_range: string } };
      const { file, name, fallback } = await service.exportSheet(
        query,
        query.RaceSearch.date_range,
        request.body ?? {},
        request.timeZone,
        answerSignal(request, reply),
      );
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      attachment(reply, name, fallback);
      return reply.send(file);
    },
  );
};
