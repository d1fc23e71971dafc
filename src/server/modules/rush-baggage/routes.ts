import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import nodemailer from 'nodemailer';
import { z } from '../../../shared/messages.ts';
import {
  baggageSchema,
  flightBaggageSchema,
  flightSearchItemSchema,
  newTagSchema,
  newTagsPayloadSchema,
  outboxMailSchema,
  rushAnswerSchema,
  rushCodeSchema,
  rushPayloadSchema,
  tagPrintSchema,
} from '../../../shared/rush-baggage.ts';
import { anyRule } from '../../http/access.ts';
import { listQuery, plainQuery, sendPage } from '../../http/list.ts';
import { queryId, queryList } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { createMailSender } from './mail.ts';
import { CODE_LIST, FLIGHT_DAYS_DEFAULT, FLIGHT_LIST, OUTBOX_LIST } from './service.ts';
import { MAX_PRINT_TAGS } from './tags.ts';

// Spec 2 shows no rule for the rush page: every call needs a valid session (docs/DECISIONS.md).
const route = routeGroup({ tags: ['Срочный багаж'], access: 'session' });
const idParams = z.object({ id: queryId });

const RUSH_RULES =
  'Тело (спецификация, раздел 3): baggageRelations[{major_baggage_id, tag}] — место к отправке: tag — бирка основного ' +
  'места или одного из его дополнительных мест; каждое место получает свою новую бирку срочного багажа; ' +
  'rushBaggageInfo{airport_id, rush_baggage_code_id, act_number, claim_number, comment}; rush_flight_id — рейс ' +
  'отправки, его авиакомпания выдаёт бирки; emailAddresses[] — адреса уведомления (по письму на адрес в очередь ' +
  'отправки); originBaggageRoute[] и rushBaggageRoute[] — участки {aviacompany_id, airport_id (аэропорт назначения ' +
  "участка), flight_number, number_in_route (1, 2, …), date 'YYYY-MM-DD'}. Неверные id, e-mail, даты ('Invalid " +
  "format'), чужая бирка — 422 с fields по путям тела (emailAddresses.1, originBaggageRoute.0.date), ничего не " +
  'записано. Одна транзакция: срочная отправка с обоими маршрутами, бирки, статус багажа «rushed», письма. Ответ — ' +
  'основные места с новым маршрутом, новой биркой и дополнительными местами.';

const TAG_RULES =
  "Бирка (IATA Res. 740): '2' + трёхзначный цифровой код перевозчика + шестизначный номер из счётчика перевозчика " +
  'в базе; номера не повторяются, в том числе при одновременных запросах и нескольких процессах. У авиакомпании ' +
  'без цифрового кода — 422; исчерпаны 999 999 номеров — 409.';

/** Rush baggage (spec 7, "Rush baggage and printing"): bags, flight search, rush codes, rushes, tags, the outbox. */
export const rushBaggageRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services, mail }) => {
  const service = services.rushBaggage;

  if (mail) {
    const sender = createMailSender({
      db: app.db,
      transport: nodemailer.createTransport(mail.smtpUrl),
      from: mail.from,
      onError: (error) => app.log.error({ err: error }, 'rush mail round failed'),
    });
    app.addHook('onReady', async () => sender.start(mail.intervalMs));
    app.addHook('onClose', async () => sender.stop());
  }

  const one = route({
    summary: 'Багаж: маршрут, новая бирка, дополнительные места',
    response: baggageSchema,
  });
  app.get('/baggage/baggage/:id', { ...one, schema: { ...one.schema, params: idParams } }, async (request) =>
    service.bag(request.params.id),
  );

  const ofFlight = route({
    summary: 'Рейс и его багаж (сначала неотправленный — mishandled, затем по бирке; не больше 2000 мест)',
    response: flightBaggageSchema,
  });
  app.get(
    '/baggage/flight/:id',
    { ...ofFlight, schema: { ...ofFlight.schema, params: idParams } },
    async (request) => service.flightBaggage(request.params.id, request.timeZone),
  );

  app.get(
    '/flights',
    route({
      summary: 'Поиск рейсов для срочной отправки',
      description:
        'filter[direction_id] 1 вылет, 2 прилёт; filter[name] — номер рейса с кодом перевозчика или без (SU1234, 12); ' +
        'filter[airport_id] — аэропорт вылета или прилёта; filter[fact] 1 только без факта, 2 только с фактом; ' +
        `filter[date] YYYY-MM-DD (без него — сегодня и ещё ${FLIGHT_DAYS_DEFAULT - 1} дня в поясе запроса); ` +
        'filter[ignore_flight_id] — исключить рейс. По плановому времени, страницы по 20 (не больше 100).',
      querystring: listQuery(FLIGHT_LIST),
      response: z.array(flightSearchItemSchema),
    }),
    async (request, reply) =>
      sendPage(reply, request.query, await service.flights(request.query, request.timeZone)),
  );

  app.get(
    '/rush-baggage-code',
    route({
      summary: 'Коды причин срочной отправки (filter[name] — по коду и описанию)',
      querystring: listQuery(CODE_LIST),
      response: z.array(rushCodeSchema),
    }),
    async (request) => service.rushCodes(request.query),
  );

  const rushed = route({
    summary: 'Срочная отправка багажа',
    description: RUSH_RULES,
    response: rushAnswerSchema,
  });
  app.post(
    '/baggage/rush',
    { ...rushed, schema: { ...rushed.schema, body: rushPayloadSchema } },
    async (request) => service.rush(request.body, request.user.id),
  );

  const tags = route({
    summary: 'Новые бирки срочного багажа: count_tag (1–100) бирок авиакомпании aviacompany_id',
    description: TAG_RULES,
    response: z.array(newTagSchema),
  });
  app.post(
    '/rush-baggage',
    { ...tags, schema: { ...tags.schema, body: newTagsPayloadSchema } },
    async (request) => service.newTags(request.body, request.user.id),
  );

  app.post(
    '/print-tag',
    route({
      summary: `Данные печати бирок id[] (до ${MAX_PRINT_TAGS}): номер, номерной знак с двухбуквенным кодом, перевозчик, пассажир, маршрут`,
      querystring: plainQuery({ id: queryList(queryId, MAX_PRINT_TAGS) }),
      response: z.array(tagPrintSchema),
    }),
    async (request) => service.readTagsForPrint(request.query.id, request.timeZone),
  );

  app.get(
    '/baggage/outbox',
    route({
      summary: 'Очередь писем о срочном багаже (новые сверху; filter[status] queued, sent, failed)',
      description:
        'Письма называют пассажиров и адресатов: очередь видят те, кому открыт журнал изменений (audit-index).',
      querystring: listQuery(OUTBOX_LIST),
      response: z.array(outboxMailSchema),
      // Beyond the spec (no screen reads it): the mails name passengers and addresses, so only the operators who
      // read the audit trail see them (security review, session 9).
      access: anyRule('audit-index'),
    }),
    async (request, reply) =>
      sendPage(reply, request.query, await service.outbox(request.query, request.timeZone)),
  );
};
