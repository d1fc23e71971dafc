/**
 * Printing without HTTP, on a database with only the printing defaults: the printers and templates it answers, the
 * prints it refuses by field, a spooled job with its PDF, and an unreachable network printer. Tags come from a fake
 * reader (the service's `readTags` option), so no rush is needed.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { type Pectab, PRINT_MESSAGES, type Printer } from '../../../shared/printing.ts';
import type { TagPrint } from '../../../shared/rush-baggage.ts';
import type { DbHandle } from '../../db/client.ts';
import { printers, printJobs } from '../../db/schema/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { createPrintingService } from './service.ts';

const ZONE = 'Europe/Moscow';
let dbh: DbHandle;
let service: ReturnType<typeof createPrintingService>;
let spool: Printer;
let pdf: Pectab;
let zpl: Pectab;

/** A tag as the rush-baggage reader answers it; only ids 1..5 exist. */
const tagOf = (id: number): TagPrint => ({
  id,
  new_tag: String(5_550_000_000 + id),
  licence_plate: `SU ${String(id).padStart(6, '0')}`,
  carrier: { id: 1, name: 'Аэрофлот', iata_code: 'SU', numeric_code: '555' },
  passenger: 'IVANOV/IVAN',
  original_tag: null,
  routing: [
    {
      number_in_route: 1,
      airport_iata: 'SVO',
      airport_name: 'Шереметьево',
      airline_code: 'SU',
      flight_number: '1234',
      date: '2026-03-10',
    },
  ],
  issued_at: '2026-03-10 12:00:00',
});
async function readTags(ids: readonly number[]): Promise<TagPrint[]> {
  const unknown = ids.filter((id) => id > 5);
  if (unknown.length) throw new NotFoundError(PRINT_MESSAGES.unknownTags(unknown));
  return ids.map(tagOf);
}

const jobCount = async () => (await dbh.db.select({ n: count() }).from(printJobs))[0].n;
const all = { filters: {}, sort: null, page: 1, perPage: 500 } as const;

beforeAll(async () => {
  dbh = await openTestDb();
  service = createPrintingService(dbh, { readTags, rawTimeoutMs: 2000 });
  await service.ensureDefaults();
  spool = (await service.printers(all)).items.find((p) => p.kind === 'spool') as Printer;
  const pectabs = (await service.pectabs(all)).items;
  pdf = pectabs.find((p) => p.language === 'pdf') as Pectab;
  zpl = pectabs.find((p) => p.language === 'zpl') as Pectab;
});

afterAll(async () => {
  await dbh?.close();
});

describe('the defaults', () => {
  it('give an empty database one spool printer and PDF and ZPL templates of both windings, once', async () => {
    expect(spool).toMatchObject({ is_active: true, host: null, port: null });
    const before = (await service.printers(all)).total;
    await service.ensureDefaults();
    expect((await service.printers(all)).total).toBe(before);
    const kinds = (await service.pectabs(all)).items.map((p) => `${p.language}${p.winding.id}`).sort();
    expect(kinds).toEqual(['pdf1', 'pdf2', 'zpl1', 'zpl2']);
  });

  it('filter printers by activity and templates by winding', async () => {
    const active = await service.printers({ ...all, filters: { is_active: true } });
    expect(active.items.length).toBeGreaterThan(0);
    expect(active.items.every((p) => p.is_active)).toBe(true);
    expect(active.total).toBe(active.items.length);
    const inactive = await service.printers({ ...all, filters: { is_active: false } });
    expect(inactive.items.every((p) => !p.is_active)).toBe(true);
    const faceIn = await service.pectabs({ ...all, filters: { winding_id: [1] } });
    expect(faceIn.items.map((p) => p.winding.id)).toEqual(faceIn.items.map(() => 1));
  });
});

describe('printing', () => {
  it('spools a PDF of every tag and copy, records the job and answers where the PDF is', async () => {
    const job = await service.print(
      { printer_id: spool.id, pectab_id: pdf.id, tag_ids: [1, 2], copies: 2 },
      null,
      ZONE,
    );
    expect(job).toEqual({
      job_id: job.job_id,
      kind: 'spool',
      pdf_url: `/api/v1/printer/job/${job.job_id}.pdf`,
      file_name: expect.stringMatching(/^Бирки досылки \d{10}, \d{10}\.pdf$/),
      pages: 4,
    });
    const [row] = await dbh.db.select().from(printJobs).where(eq(printJobs.id, job.job_id));
    expect(row).toMatchObject({ status: 'spooled', tagIds: [1, 2], copies: 2, pages: 4, createdBy: null });
    const file = await service.jobPdf(job.job_id);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The fake reader's tags are not rows of rush_tags, so the stored job is named by its number (the API test checks
    // the name by the tags' numbers on real tags).
    expect(file.fileName).toBe(`Бирки досылки, задание ${job.job_id}.pdf`);
  });

  it('refuses unknown tags, an unknown printer and a template of the wrong language, recording nothing', async () => {
    const before = await jobCount();
    expect(
      await fieldsOf(() =>
        service.print({ printer_id: spool.id, pectab_id: pdf.id, tag_ids: [1, 9] }, null, ZONE),
      ),
    ).toEqual({
      tag_ids: [PRINT_MESSAGES.unknownTags([9])],
    });
    expect(
      await fieldsOf(() =>
        service.print({ printer_id: 999_999, pectab_id: pdf.id, tag_ids: [1] }, null, ZONE),
      ),
    ).toEqual({
      printer_id: [PRINT_MESSAGES.unknownPrinter],
    });
    expect(
      await fieldsOf(() =>
        service.print({ printer_id: spool.id, pectab_id: zpl.id, tag_ids: [1] }, null, ZONE),
      ),
    ).toEqual({
      pectab_id: [PRINT_MESSAGES.wrongLanguage('spool')],
    });
    expect(await jobCount()).toBe(before);
  });

  it('refuses an inactive printer, and answers an unreachable network printer on printer_id', async () => {
    const [off] = await dbh.db
      .insert(printers)
      .values({ ...printerRow('OFF-1'), isActive: false })
      .returning({ id: printers.id });
    expect(
      await fieldsOf(() =>
        service.print({ printer_id: off.id, pectab_id: pdf.id, tag_ids: [1] }, null, ZONE),
      ),
    ).toEqual({
      printer_id: [PRINT_MESSAGES.inactivePrinter],
    });
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    const [raw] = await dbh.db
      .insert(printers)
      .values({ ...printerRow('RAW-1'), address: '127.0.0.1:1' })
      .returning({ id: printers.id });
    const before = await jobCount();
    const fields = await fieldsOf(() =>
      service.print({ printer_id: raw.id, pectab_id: zpl.id, tag_ids: [1] }, null, ZONE),
    );
    expect(fields?.printer_id?.[0]).toMatch(/^Принтер 127\.0\.0\.1:1 (недоступен|не ответил вовремя)$/);
    expect(await jobCount()).toBe(before);
  });

  it('answers 404 for the PDF of a job that has none', async () => {
    await expect(service.jobPdf(999_999)).rejects.toThrow(PRINT_MESSAGES.jobNotFound);
  });
});

/** A bag-tag printer row named by its external id. */
function printerRow(externalId: string) {
  return {
    externalId,
    manufacturer: 'Zebra',
    model: 'ZT410',
    name: `Тест ${externalId}`,
    printTypeId: spool.print_type.id,
  };
}
