import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../../src/server/db/client.ts';
import {
  airlines,
  auditLog,
  pectabLayouts,
  printers,
  printFiles,
  printJobs,
  printTemplates,
  rushTags,
} from '../../src/server/db/schema/index.ts';
import { createSpoolPurger } from '../../src/server/modules/printing/retention.ts';
import { createPrintingService } from '../../src/server/modules/printing/service.ts';
import { tagPage } from '../../src/server/modules/printing/tagPage.ts';
import { jobZpl } from '../../src/server/modules/printing/zpl.ts';
import { issueTags, readTagsForPrint } from '../../src/server/modules/rush-baggage/tags.ts';
import { PRINT_LIMITS, PRINT_MESSAGES } from '../../src/shared/printing.ts';
import { newTagsPayloadSchema } from '../../src/shared/rush-baggage.ts';
import { instantToWallClock } from '../../src/shared/wallClock.ts';
import { withDatabase } from '../support/globalDb.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

let app: App;
let db: DbHandle;
let auth: Record<string, string>;
let tagIds: number[];
let tagNumbers: string[];

/** Ids of the seeded printers and templates, by what they are. */
const ids = { spool: 0, sample: 0, pdfOut: 0, pdfIn: 0, zplOut: 0 };

beforeAll(async () => {
  db = await openTestDb();
  app = await createTestApp({
    db,
    services: { printing: createPrintingService(db, { rawTimeoutMs: 1500 }) },
  });
  auth = bearer(await loginAs(app, 'viewer'));
  const [airline] = await db.db
    .insert(airlines)
    .values({
      nameRu: 'Аэрофлот',
      nameEn: 'Aeroflot',
      iataCode: 'SU',
      icaoCode: 'AFL',
      numericCode: '555',
      countryCode: 'RU',
    })
    .returning({ id: airlines.id });
  const issued = await db.db.transaction((tx) =>
    issueTags(tx, { airlineId: airline.id, links: [{}, {}], userId: null, field: 'aviacompany_id' }),
  );
  tagIds = issued.map((tag) => tag.id);
  tagNumbers = issued.map((tag) => tag.tag).sort();
  const list = await db.db.select().from(printers);
  ids.spool = list.find((p) => p.address === null)?.id ?? 0;
  ids.sample = list.find((p) => p.address !== null)?.id ?? 0;
  const templates = await db.db
    .select({ id: printTemplates.id, winding: printTemplates.winding, language: pectabLayouts.language })
    .from(printTemplates)
    .innerJoin(pectabLayouts, eq(pectabLayouts.templateId, printTemplates.id));
  ids.pdfOut = templates.find((t) => t.language === 'pdf' && t.winding === 1)?.id ?? 0;
  ids.pdfIn = templates.find((t) => t.language === 'pdf' && t.winding === 2)?.id ?? 0;
  ids.zplOut = templates.find((t) => t.language === 'zpl' && t.winding === 1)?.id ?? 0;
});

afterAll(async () => {
  await app?.close();
});

/**
 * A second app on the same database, as a second server process behind the balancer would be: the same embedded
 * handle on PGlite (one process owns its folder), a pool of its own on PostgreSQL. Its services are its own.
 */
async function secondApp(first: App): Promise<App> {
  const url = process.env.DATABASE_URL;
  if (!url) return createTestApp({ db: first.dbh, closeDbOnClose: false });
  const [{ name }] = await first.dbh.query<{ name: string }>('select current_database() as name');
  return createTestApp({ db: await openDb({ databaseUrl: withDatabase(url, name) }) });
}

const get = (url: string, headers = auth) => app.inject({ url: `/api${url}`, headers });
const print = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/printer/print-btp', headers: auth, payload });
const jobCount = () => db.db.$count(printJobs);

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1)
    parts.push(
      (await (await doc.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(''),
    );
  return parts.join('\n');
}

/** A printer on a 127.0.0.1 listener that keeps every byte it receives. */
async function listeningPrinter(): Promise<{
  id: number;
  received: () => Promise<Buffer>;
  close: () => void;
}> {
  const chunks: Buffer[] = [];
  let done: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  const server = net.createServer((socket) => {
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      socket.end();
      done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const [row] = await db.db
    .insert(printers)
    .values({
      externalId: `TEST-${port}`,
      manufacturer: 'Zebra',
      model: 'ZT411',
      name: 'Тестовый',
      printTypeId: 1,
      address: `127.0.0.1:${port}`,
    })
    .returning({ id: printers.id });
  return {
    id: row.id,
    received: async () => {
      await closed;
      return Buffer.concat(chunks);
    },
    close: () => server.close(),
  };
}

describe('the printer and template lists', () => {
  it('lists the active bag-tag printers, the spool among them, and leaves the inactive sample out', async () => {
    const res = await get('/v1/printer/printer?filter[is_active]=1&filter[print_type_id]=1');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toContainEqual(
      expect.objectContaining({ id: ids.spool, kind: 'spool', host: null, is_active: true }),
    );
    expect(list.map((p: { id: number }) => p.id)).not.toContain(ids.sample);
    const inactive = (await get('/v1/printer/printer?filter[is_active]=0')).json();
    expect(inactive).toContainEqual(
      expect.objectContaining({
        id: ids.sample,
        kind: 'raw9100',
        host: '192.0.2.10',
        port: 9100,
        is_active: false,
      }),
    );
  });

  it('lists bag-tag templates of both windings and languages, and filters by winding_id', async () => {
    const all = (await get('/v1/printer/pectab?filter[print_type_id]=1')).json();
    expect(
      all.map((t: { language: string; winding: { id: number } }) => `${t.language}${t.winding.id}`).sort(),
    ).toEqual(['pdf1', 'pdf2', 'zpl1', 'zpl2']);
    const faceIn = (await get('/v1/printer/pectab?filter[winding_id]=2')).json();
    expect(faceIn.map((t: { winding: { id: number; name: string } }) => t.winding)).toEqual([
      { id: 2, name: 'Лицом внутрь' },
      { id: 2, name: 'Лицом внутрь' },
    ]);
  });

  it('refuses a flag other than 0 or 1 and an unknown filter with 400', async () => {
    expect((await get('/v1/printer/printer?filter[is_active]=2')).statusCode).toBe(400);
    const res = await get('/v1/printer/pectab?filter[kind]=x');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['filter.kind']).toBeDefined();
  });
});

describe('printing to the spool', () => {
  it('downloads the PDF a print built through one server through another on the same database', async () => {
    const other = await secondApp(app);
    try {
      const res = await print({ printer_id: ids.spool, pectab_id: ids.pdfOut, tag_ids: tagIds });
      expect(res.statusCode).toBe(200);
      const job = res.json();
      const there = await other.inject({
        url: job.pdf_url,
        headers: bearer(await loginAs(other, 'viewer')),
      });
      expect(there.statusCode).toBe(200);
      expect(there.headers['content-type']).toBe('application/pdf');
      expect(there.headers['content-disposition']).toBe(
        `attachment; filename="rush-tags-${job.job_id}.pdf"; filename*=UTF-8''${encodeURIComponent(`Бирки досылки ${tagNumbers.join(', ')}.pdf`)}`,
      );
      const here = await app.inject({ url: job.pdf_url, headers: auth });
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      expect(there.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await other.close();
    }
  });

  it('keeps the PDF in the database with its size, in the transaction of the job, and out of the audit trail', async () => {
    const res = await print({ printer_id: ids.spool, pectab_id: ids.pdfIn, tag_ids: tagIds, copies: 2 });
    const job = res.json();
    const [file] = await db.db.select().from(printFiles).where(eq(printFiles.jobId, job.job_id));
    const [jobRow] = await db.db.select().from(printJobs).where(eq(printJobs.id, job.job_id));
    expect(file.size).toBe(file.bytes.length);
    expect(file.createdAt.getTime()).toBe(jobRow.createdAt.getTime());
    const download = await app.inject({ url: job.pdf_url, headers: auth });
    expect(download.rawPayload.equals(file.bytes)).toBe(true);
    expect(await db.db.$count(auditLog, eq(auditLog.entity, 'print_files'))).toBe(0);
  });

  it('keeps the job once the retention deleted its old PDF, whose download then answers 404', async () => {
    const res = await print({ printer_id: ids.spool, pectab_id: ids.pdfOut, tag_ids: [tagIds[0]] });
    const job = res.json();
    const purger = createSpoolPurger({ db, retentionDays: 30 });
    expect(await purger.runOnce()).toBe(0);
    expect((await app.inject({ url: job.pdf_url, headers: auth })).statusCode).toBe(200);
    await db.db
      .update(printFiles)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(printFiles.jobId, job.job_id));
    expect(await purger.runOnce()).toBe(1);
    expect(await db.db.$count(printFiles, eq(printFiles.jobId, job.job_id))).toBe(0);
    const gone = await app.inject({ url: job.pdf_url, headers: auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Задание печати не найдено' });
    expect(await db.db.select().from(printJobs).where(eq(printJobs.id, job.job_id))).toHaveLength(1);
  });

  it('writes a PDF whose text holds the licence plates, and offers it for download', async () => {
    const res = await print({ printer_id: ids.spool, pectab_id: ids.pdfOut, tag_ids: tagIds });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toEqual({
      job_id: expect.any(Number),
      kind: 'spool',
      pdf_url: `/api/v1/printer/job/${job.job_id}.pdf`,
      file_name: `Бирки досылки ${tagNumbers.join(', ')}.pdf`,
      pages: 2,
    });
    const file = await app.inject({ url: job.pdf_url, headers: auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.rawPayload);
    const tags = await readTagsForPrint(db.db, tagIds, 'Europe/Moscow');
    for (const tag of tags) {
      expect(text).toContain(tag.new_tag);
      expect(text).toContain(tag.licence_plate);
    }
    expect(tags[0].licence_plate).toMatch(/^SU \d{6}$/);
  });

  it('tells when a tag was issued on the wall clock of the zone asked, in the API format', async () => {
    const [row] = await db.db.select().from(rushTags).where(eq(rushTags.id, tagIds[0]));
    const [moscow] = await readTagsForPrint(db.db, [tagIds[0]], 'Europe/Moscow');
    const [vladivostok] = await readTagsForPrint(db.db, [tagIds[0]], 'Asia/Vladivostok');
    expect(moscow.issued_at).toBe(instantToWallClock(row.createdAt, 'Europe/Moscow'));
    expect(vladivostok.issued_at).toBe(instantToWallClock(row.createdAt, 'Asia/Vladivostok'));
    expect(moscow.issued_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('prints copies as pages and records the job with its tags', async () => {
    const res = await print({ printer_id: ids.spool, pectab_id: ids.pdfIn, tag_ids: [tagIds[1]], copies: 3 });
    expect(res.json().pages).toBe(3);
    const [row] = await db.db.select().from(printJobs).where(eq(printJobs.id, res.json().job_id));
    expect(row).toMatchObject({
      printerId: ids.spool,
      templateId: ids.pdfIn,
      tagIds: [tagIds[1]],
      copies: 3,
      status: 'spooled',
    });
  });

  it('answers 404 for a job that does not exist, 400 for a name that is not {id}.pdf, 401 without a session', async () => {
    expect((await get('/v1/printer/job/999999.pdf')).statusCode).toBe(404);
    expect((await get('/v1/printer/job/..%2F..%2Fetc%2Fpasswd.pdf')).statusCode).toBe(400);
    expect((await get('/v1/printer/job/1.pdf.tmp')).statusCode).toBe(400);
    expect((await get('/v1/printer/job/1.pdf', {})).statusCode).toBe(401);
  });
});

describe('refusing a print', () => {
  it('names the unknown printer, the template of another language and the unknown tag, and writes nothing', async () => {
    const before = await jobCount();
    const unknown = await print({ printer_id: 999_999, pectab_id: ids.pdfOut, tag_ids: [tagIds[0]] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'Печать не выполнена',
      fields: { printer_id: ['Принтер не найден'] },
    });
    const wrong = await print({ printer_id: ids.spool, pectab_id: ids.zplOut, tag_ids: [999_999] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields.pectab_id).toEqual(['Шаблон не подходит принтеру: нужен шаблон PDF']);
    expect(wrong.json().fields.tag_ids[0]).toContain('999999');
    const inactive = await print({ printer_id: ids.sample, pectab_id: ids.zplOut, tag_ids: [tagIds[0]] });
    expect(inactive.json().fields).toEqual({ printer_id: ['Принтер выключен'] });
    expect(await jobCount()).toBe(before);
  });

  it('prints in one job as many tags as one «Новые бирки» may issue, and refuses one more on tag_ids', async () => {
    const [airline] = await db.db
      .select({ id: airlines.id })
      .from(airlines)
      .where(eq(airlines.iataCode, 'SU'));
    const most = newTagsPayloadSchema.shape.count_tag.maxValue ?? 0;
    expect(most).toBe(PRINT_LIMITS.tags);
    const issued = await db.db.transaction((tx) =>
      issueTags(tx, {
        airlineId: airline.id,
        links: Array.from({ length: most + 1 }, () => ({})),
        userId: null,
        field: 'aviacompany_id',
      }),
    );
    const batch = issued.map((tag) => tag.id);
    const all = await print({ printer_id: ids.spool, pectab_id: ids.pdfOut, tag_ids: batch.slice(0, most) });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().pages).toBe(most);
    const more = await print({ printer_id: ids.spool, pectab_id: ids.pdfOut, tag_ids: batch });
    expect(more.statusCode).toBe(422);
    expect(more.json().fields.tag_ids).toEqual([PRINT_MESSAGES.tooManyTags]);
  });

  it('refuses an empty or repeated tag list and too many copies with 422 on the field', async () => {
    const empty = await print({ printer_id: ids.spool, pectab_id: ids.pdfOut, tag_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields.tag_ids).toEqual(['Выберите хотя бы одну бирку']);
    const twice = await print({
      printer_id: ids.spool,
      pectab_id: ids.pdfOut,
      tag_ids: [tagIds[0], tagIds[0]],
    });
    expect(twice.json().fields['tag_ids.1']).toEqual(['Бирка указана дважды']);
    const copies = await print({
      printer_id: ids.spool,
      pectab_id: ids.pdfOut,
      tag_ids: [tagIds[0]],
      copies: 9,
    });
    expect(copies.json().fields.copies).toBeDefined();
  });
});

describe('printing to a network printer (raw TCP 9100)', () => {
  it('sends the ZPL labels of the tags to the printer and answers the job without a PDF', async () => {
    const printer = await listeningPrinter();
    try {
      const res = await print({ printer_id: printer.id, pectab_id: ids.zplOut, tag_ids: tagIds, copies: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'raw9100', pdf_url: null, pages: 4 });
      expect((await get(`/v1/printer/job/${res.json().job_id}.pdf`)).statusCode).toBe(404);
      const bytes = await printer.received();
      const layout = { widthMm: 54, lengthMm: 470, barcodeHeightMm: 20, moduleTenthMm: 4, faceIn: false };
      const pages = (await readTagsForPrint(db.db, tagIds, 'Europe/Moscow')).map(tagPage);
      expect(bytes.equals(jobZpl(pages, 2, layout))).toBe(true);
      const text = bytes.toString('utf8');
      expect(text.match(/\^XA/g)).toHaveLength(2);
      expect(text).toContain(`^B2N,160,Y,N,N^FD${pages[0].digits}^FS`);
      expect(text).toContain('^PQ2');
    } finally {
      printer.close();
    }
  });

  it('answers 422 on printer_id when nothing listens at the address, and records no job', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const [row] = await db.db
      .insert(printers)
      .values({
        externalId: 'TEST-GONE',
        manufacturer: 'Zebra',
        model: 'ZT411',
        name: 'Нет связи',
        printTypeId: 1,
        address: `127.0.0.1:${port}`,
      })
      .returning({ id: printers.id });
    const before = await jobCount();
    const res = await print({ printer_id: row.id, pectab_id: ids.zplOut, tag_ids: [tagIds[0]] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: `Принтер 127.0.0.1:${port} недоступен`,
      fields: { printer_id: [`Принтер 127.0.0.1:${port} недоступен`] },
    });
    expect(await jobCount()).toBe(before);
  });
});
