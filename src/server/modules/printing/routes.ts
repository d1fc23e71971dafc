import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  PRINT_LIMITS,
  pectabSchema,
  printBtpSchema,
  printerSchema,
  printJobSchema,
} from '../../../shared/printing.ts';
import { MAX_ID } from '../../../shared/reference.ts';
import { attachmentHeader } from '../../http/attachment.ts';
import { listQuery, sendPage } from '../../http/list.ts';
import { parseWhole } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { PECTAB_LIST, PRINTER_LIST } from './service.ts';

// Spec 2 names no rule for the rush-baggage page that prints: any signed-in user may print (docs/DECISIONS.md).
const route = routeGroup({ tags: ['Печать бирок'], access: 'session' });

const PRINT = `Тело: {printer_id, pectab_id, tag_ids: [id бирок RUSH, 1..${PRINT_LIMITS.tags}, без повторов], copies?: 1..${PRINT_LIMITS.copies} (по умолчанию 1)}. Каждая бирка — страница (или этикетка) с штрихкодом Interleaved 2 of 5 всех десяти цифр, номером бирки с двухбуквенным кодом перевозчика («SU 123456»), маршрутом (аэропорт IATA, рейс, дата «23NOV») и пассажиром, в намотке шаблона (лицом внутрь — повёрнуто на 180°). Принтер spool (шаблон PDF): PDF хранится в базе данных (его отдаёт любой процесс сервера), ответ {job_id, kind: 'spool', pdf_url: '/api/v1/printer/job/{job_id}.pdf', file_name, pages}, file_name — имя файла по номерам бирок («Бирка досылки 2555000042.pdf»; две-три бирки через запятую, больше — «первая–последняя (N шт.)»). Принтер raw9100 (шаблон ZPL): поток ZPL II (203 dpi, ^B2 Interleaved 2 of 5, ^PQ копии, намотка внутрь — ^POI) по TCP на host:port, ответ {job_id, kind: 'raw9100', pdf_url: null, file_name: null, pages}. Ошибки — 422 {message, fields}: неизвестный, выключенный или не бирочный принтер — fields.printer_id; неизвестный шаблон, шаблон не для бирок или не на языке принтера — fields.pectab_id; неизвестные бирки — fields.tag_ids; принтер недоступен или не ответил за 5 с — message и fields.printer_id. При ошибке ничего не записано.`;

/** `{id}.pdf` of `GET /v1/printer/job/{id}.pdf` → the job id; any other name (a path, a traversal) is a 400. */
const jobFile = z
  .string()
  .regex(/^\d{1,10}\.pdf$/u, 'Ожидается {id}.pdf')
  .transform((name) => parseWhole(name.slice(0, -4), MAX_ID) ?? 0)
  .pipe(z.number().int().min(1, MESSAGES.idRange));

/** Printers, print templates, printing rush tags and the spooled PDFs (spec 3, 7; issue 14). */
export const printingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.printing;
  // After the migration and the demo airport (main.ts loads both before listening; tests before `ready`).
  app.addHook('onReady', () => service.ensureDefaults());

  app.get(
    '/v1/printer/printer',
    route({
      summary:
        'Принтеры: filter[is_active] (0 или 1), filter[print_type_id] (1 — багажная бирка, 2 — посадочный талон)',
      description:
        'kind: spool — PDF в базе данных (скачивается из окна печати), raw9100 — сетевой принтер, host:port (TCP 9100).',
      querystring: listQuery(PRINTER_LIST),
      response: z.array(printerSchema),
    }),
    async (request, reply) => sendPage(reply, request.query, await service.printers(request.query)),
  );

  app.get(
    '/v1/printer/pectab',
    route({
      summary:
        'Шаблоны печати (PECTAB): filter[print_type_id], filter[winding_id] (1 — лицом наружу, 2 — лицом внутрь)',
      description:
        'Клиент спецификации передаёт намотку под ключом filter[print_type_id] (дефект); сервер принимает и filter[winding_id]. language: pdf — для принтера spool, zpl — для raw9100.',
      querystring: listQuery(PECTAB_LIST),
      response: z.array(pectabSchema),
    }),
    async (request, reply) => sendPage(reply, request.query, await service.pectabs(request.query)),
  );

  const printed = route({ summary: 'Печать бирок RUSH', response: printJobSchema });
  app.post(
    '/v1/printer/print-btp',
    { ...printed, schema: { ...printed.schema, description: PRINT, body: printBtpSchema } },
    async (request) => service.print(request.body, request.user.id, request.timeZone),
  );

  const pdf = route({ summary: 'PDF задания печати на спул-принтер', response: z.unknown() });
  app.get(
    '/v1/printer/job/:file',
    {
      ...pdf,
      schema: {
        ...pdf.schema,
        description:
          'PDF задания, напечатанного на принтер spool; нет задания или его PDF (удалён по сроку хранения) — 404.',
        params: z.object({ file: jobFile }),
        response: {},
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await service.jobPdf(request.params.file);
      // RFC 6266/5987: an ASCII fallback and the Russian name, as the other downloads.
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(`rush-tags-${request.params.file}.pdf`, fileName))
        .send(bytes);
    },
  );
};
