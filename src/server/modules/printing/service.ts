import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  LANGUAGE_OF_KIND,
  type Pectab,
  type PectabLanguage,
  PRINT_MESSAGES,
  PRINT_TYPE,
  type PrintBtp,
  type Printer,
  type PrinterKind,
  type PrintJob,
  rushTagsFileName,
  WINDING,
} from '../../../shared/printing.ts';
import type { TagPrint } from '../../../shared/rush-baggage.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  pectabLayouts,
  printers,
  printFiles,
  printJobs,
  printTemplates,
  printTypes,
  rushTags,
  windings,
} from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { filterFlag, filterIds, sortKey } from '../../http/filters.ts';
import type { QueryOf } from '../../http/list.ts';
import { readTagsForPrint } from '../rush-baggage/tags.ts';
import { PrinterUnreachableError, sendRaw } from './raw9100.ts';
import { renderTagsPdf, type TagLayout } from './render.ts';
import { type TagPage, tagPage } from './tagPage.ts';
import { jobZpl } from './zpl.ts';

/** `GET /v1/printer/printer`: filter[is_active] 0/1, filter[print_type_id]. */
export const PRINTER_LIST = {
  filters: { is_active: filterFlag, print_type_id: filterIds },
  sorts: ['id', 'name'],
  defaultPerPage: 100,
  maxPerPage: 500,
} as const;

/**
 * `GET /v1/printer/pectab`: filter[print_type_id], and filter[winding_id] — the spec's client sends the winding
 * under print_type_id (a defect, docs/DECISIONS.md "Printing"), so both keys are read.
 */
export const PECTAB_LIST = {
  filters: { print_type_id: filterIds, winding_id: filterIds },
  sorts: ['id', 'name'],
  defaultPerPage: 100,
  maxPerPage: 500,
} as const;

/** The layout of a template that has no `pectab_layouts` row: a 54 × 470 mm PDF tag, 20 mm barcode, 0.4 mm bars. */
const PECTAB_DEFAULT_LAYOUT = {
  language: 'pdf' as PectabLanguage,
  widthMm: 54,
  lengthMm: 470,
  barcodeHeightMm: 20,
  moduleTenthMm: 4,
};

export interface PrintingOptions {
  /** Longest a raw printer may take to accept a job. */
  rawTimeoutMs?: number;
  /** Reads the tags' print data; the rush-baggage module's reader unless a test gives another. */
  readTags?: (ids: readonly number[], zone: string) => Promise<TagPrint[]>;
}

export type PrintingDeps = Pick<DbHandle, 'db' | 'kind'>;

/** `10.10.1.40:9100` → host and port; a spool printer has no address. */
function splitAddress(address: string | null): { host: string | null; port: number | null } {
  if (!address) return { host: null, port: null };
  const at = address.lastIndexOf(':');
  if (at < 0) return { host: address, port: 9100 };
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) || 9100 };
}

/** Printers, print templates and print jobs (spec 3, 7; issue 14). */
export function createPrintingService({ db, kind }: PrintingDeps, options: PrintingOptions = {}) {
  const rawTimeoutMs = options.rawTimeoutMs ?? 5000;
  const readTags = options.readTags ?? ((ids, zone) => readTagsForPrint(db, ids, zone));

  const printerColumns = {
    id: printers.id,
    externalId: printers.externalId,
    manufacturer: printers.manufacturer,
    model: printers.model,
    name: printers.name,
    isActive: printers.isActive,
    printTypeId: printers.printTypeId,
    printTypeName: printTypes.name,
    address: printers.address,
  };

  function printerQuery(where: SQL | undefined) {
    return db
      .select(printerColumns)
      .from(printers)
      .innerJoin(printTypes, eq(printTypes.id, printers.printTypeId))
      .where(where);
  }

  type PrinterRow = Awaited<ReturnType<typeof printerQuery>>[number];

  function printerOf(row: PrinterRow): Printer {
    const kind: PrinterKind = row.address ? 'raw9100' : 'spool';
    return {
      id: row.id,
      external_id: row.externalId,
      manufacturer: row.manufacturer,
      model: row.model,
      name: row.name,
      is_active: row.isActive,
      print_type: { id: row.printTypeId, name: row.printTypeName },
      kind,
      ...splitAddress(row.address),
    };
  }

  const pectabColumns = {
    id: printTemplates.id,
    name: printTemplates.name,
    printTypeId: printTemplates.printTypeId,
    printTypeName: printTypes.name,
    windingId: printTemplates.winding,
    windingName: windings.name,
    language: pectabLayouts.language,
    widthMm: pectabLayouts.widthMm,
    lengthMm: pectabLayouts.lengthMm,
    barcodeHeightMm: pectabLayouts.barcodeHeightMm,
    moduleTenthMm: pectabLayouts.moduleTenthMm,
  };

  function pectabQuery(where: SQL | undefined) {
    return db
      .select(pectabColumns)
      .from(printTemplates)
      .innerJoin(printTypes, eq(printTypes.id, printTemplates.printTypeId))
      .leftJoin(windings, eq(windings.id, printTemplates.winding))
      .leftJoin(pectabLayouts, eq(pectabLayouts.templateId, printTemplates.id))
      .where(where);
  }

  type PectabRow = Awaited<ReturnType<typeof pectabQuery>>[number];

  function pectabOf(row: PectabRow): Pectab {
    const d = PECTAB_DEFAULT_LAYOUT;
    return {
      id: row.id,
      name: row.name,
      print_type: { id: row.printTypeId, name: row.printTypeName },
      winding: { id: row.windingId, name: row.windingName ?? String(row.windingId) },
      language: row.language ?? d.language,
      width_mm: row.widthMm ?? d.widthMm,
      length_mm: row.lengthMm ?? d.lengthMm,
      barcode_height_mm: row.barcodeHeightMm ?? d.barcodeHeightMm,
      module_tenth_mm: row.moduleTenthMm ?? d.moduleTenthMm,
    };
  }

  /** Printer and template of a print, or the fields that refuse them. */
  async function checkTarget(body: PrintBtp, fields: FieldErrors) {
    const [printerRow] = await printerQuery(eq(printers.id, body.printer_id));
    const printer = printerRow ? printerOf(printerRow) : undefined;
    if (!printer) fields.printer_id = [PRINT_MESSAGES.unknownPrinter];
    else if (!printer.is_active) fields.printer_id = [PRINT_MESSAGES.inactivePrinter];
    else if (printer.print_type.id !== PRINT_TYPE.bagTag)
      fields.printer_id = [PRINT_MESSAGES.wrongPrinterType];
    const [pectabRow] = await pectabQuery(eq(printTemplates.id, body.pectab_id));
    const pectab = pectabRow ? pectabOf(pectabRow) : undefined;
    if (!pectab) fields.pectab_id = [PRINT_MESSAGES.unknownPectab];
    else if (pectab.print_type.id !== PRINT_TYPE.bagTag) fields.pectab_id = [PRINT_MESSAGES.wrongPectabType];
    else if (printer && pectab.language !== LANGUAGE_OF_KIND[printer.kind])
      fields.pectab_id = [PRINT_MESSAGES.wrongLanguage(printer.kind)];
    return { printer, pectab };
  }

  /** The tags' pages in the order asked, or the field that refuses them. */
  async function readPages(ids: readonly number[], fields: FieldErrors, zone: string): Promise<TagPage[]> {
    try {
      return (await readTags(ids, zone)).map(tagPage);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      fields.tag_ids = [error.message];
      return [];
    }
  }

  /**
   * Records a spooled job and its PDF in one transaction: in the database, so that any server process answers the
   * download (docs/DECISIONS.md, "Bag-tag printing"), and a job is never without its PDF or the reverse.
   */
  async function spool(pdf: Buffer, job: typeof printJobs.$inferInsert): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(printJobs).values(job).returning({ id: printJobs.id });
      await tx.insert(printFiles).values({ jobId: row.id, size: pdf.length, bytes: pdf });
      return row.id;
    });
  }

  return {
    /** Printers of the list filters, by name. */
    async printers(query: QueryOf<typeof PRINTER_LIST>) {
      const { is_active, print_type_id } = query.filters;
      const where = and(
        is_active === undefined ? undefined : eq(printers.isActive, is_active),
        print_type_id ? inArray(printers.printTypeId, print_type_id) : undefined,
      );
      const order = query.sort?.key === 'id' ? printers.id : sortKey(printers.name, kind);
      const rows = await printerQuery(where)
        .orderBy(query.sort?.desc ? desc(order) : asc(order), asc(printers.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const total = await db.$count(printers, where);
      return { items: rows.map(printerOf), total };
    },

    /** Print templates of the list filters, by name. */
    async pectabs(query: QueryOf<typeof PECTAB_LIST>) {
      const { print_type_id, winding_id } = query.filters;
      const where = and(
        print_type_id ? inArray(printTemplates.printTypeId, print_type_id) : undefined,
        winding_id ? inArray(printTemplates.winding, winding_id) : undefined,
      );
      const order = query.sort?.key === 'id' ? printTemplates.id : sortKey(printTemplates.name, kind);
      const rows = await pectabQuery(where)
        .orderBy(query.sort?.desc ? desc(order) : asc(order), asc(printTemplates.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const total = await db.$count(printTemplates, where);
      return { items: rows.map(pectabOf), total };
    },

    /**
     * Prints rush tags: checks printer, template and tags (422 with fields, nothing written), renders, spools the
     * PDF or sends the ZPL stream to the printer (unreachable: 422 on printer_id), then records the job.
     */
    async print(body: PrintBtp, userId: number | null, zone: string): Promise<PrintJob> {
      const fields: FieldErrors = {};
      const { printer, pectab } = await checkTarget(body, fields);
      const pages = await readPages(body.tag_ids, fields, zone);
      if (Object.keys(fields).length > 0 || !printer || !pectab)
        throw new ValidationError(fields, PRINT_MESSAGES.failed);
      const copies = body.copies ?? 1;
      const layout: TagLayout = {
        widthMm: pectab.width_mm,
        lengthMm: pectab.length_mm,
        barcodeHeightMm: pectab.barcode_height_mm,
        moduleTenthMm: pectab.module_tenth_mm,
        faceIn: pectab.winding.id === WINDING.faceIn,
      };
      const job = {
        printerId: printer.id,
        templateId: pectab.id,
        tagIds: body.tag_ids,
        copies,
        pages: pages.length * copies,
        createdBy: userId,
      };
      if (printer.kind === 'spool') {
        const pdf = await renderTagsPdf(pages, copies, layout);
        const id = await spool(pdf, { ...job, status: 'spooled' });
        const fileName = rushTagsFileName(
          pages.map((page) => page.digits),
          id,
        );
        return {
          job_id: id,
          kind: 'spool',
          pdf_url: `/api/v1/printer/job/${id}.pdf`,
          file_name: fileName,
          pages: job.pages,
        };
      }
      const address = `${printer.host}:${printer.port}`;
      try {
        await sendRaw(printer.host ?? '', printer.port ?? 9100, jobZpl(pages, copies, layout), rawTimeoutMs);
      } catch (error) {
        if (!(error instanceof PrinterUnreachableError)) throw error;
        const message =
          error.reason === 'timeout'
            ? PRINT_MESSAGES.printerTimeout(address)
            : PRINT_MESSAGES.unreachable(address);
        throw new ValidationError({ printer_id: [message] }, message);
      }
      const [row] = await db
        .insert(printJobs)
        .values({ ...job, status: 'sent' })
        .returning({ id: printJobs.id });
      return { job_id: row.id, kind: 'raw9100', pdf_url: null, file_name: null, pages: job.pages };
    },

    /**
     * The spooled PDF of a job and its file name (by the tags' numbers); a job that is not spooled, or whose PDF the
     * retention deleted, is not found.
     */
    async jobPdf(id: number): Promise<{ bytes: Buffer; fileName: string }> {
      const [file] = await db
        .select({ bytes: printFiles.bytes, tagIds: printJobs.tagIds })
        .from(printFiles)
        .innerJoin(printJobs, eq(printJobs.id, printFiles.jobId))
        .where(eq(printFiles.jobId, id));
      if (!file) throw new NotFoundError(PRINT_MESSAGES.jobNotFound);
      const tags = await db
        .select({ tag: rushTags.tag })
        .from(rushTags)
        .where(anyOf(rushTags.id, file.tagIds));
      return {
        bytes: file.bytes,
        fileName: rushTagsFileName(
          tags.map((row) => row.tag),
          id,
        ),
      };
    },

    /**
     * Makes sure every database can print bag tags: the two print types, a spool printer, PDF templates of both
     * windings, ZPL templates and one inactive sample network printer, each only when missing (the demo airport
     * brings its own printers and templates; this runs after it). Idempotent; concurrent starts serialise on a lock.
     */
    async ensureDefaults(): Promise<void> {
      await db.transaction(async (tx) => {
        // Raw SQL: an advisory lock has no query-builder form; it keeps two starting processes from both inserting.
        await tx.execute(sql`select pg_advisory_xact_lock(7401401)`);
        await tx
          .insert(printTypes)
          .values([
            { id: PRINT_TYPE.bagTag, name: 'Багажная бирка' },
            { id: PRINT_TYPE.boardingPass, name: 'Посадочный талон' },
          ])
          .onConflictDoNothing();
        const bagTag = PRINT_TYPE.bagTag;
        const spoolers = await tx.$count(
          printers,
          and(eq(printers.printTypeId, bagTag), isNull(printers.address), eq(printers.isActive, true)),
        );
        if (spoolers === 0)
          await tx.insert(printers).values({
            externalId: `SPOOL-${randomBytes(3).toString('hex')}`,
            manufacturer: 'Встроенный',
            model: 'PDF',
            name: 'Спул-принтер (PDF в папку данных)',
            isActive: true,
            printTypeId: bagTag,
            address: null,
          });
        const networked = await tx.$count(
          printers,
          and(eq(printers.printTypeId, bagTag), isNotNull(printers.address)),
        );
        if (networked === 0)
          await tx.insert(printers).values({
            externalId: `BTP-SAMPLE-${randomBytes(3).toString('hex')}`,
            manufacturer: 'Zebra',
            model: 'ZT411',
            name: 'Образец сетевого принтера (выключен)',
            isActive: false,
            printTypeId: bagTag,
            address: '192.0.2.10:9100',
          });
        const templates = await tx
          .select({ winding: printTemplates.winding, language: pectabLayouts.language })
          .from(printTemplates)
          .leftJoin(pectabLayouts, eq(pectabLayouts.templateId, printTemplates.id))
          .where(eq(printTemplates.printTypeId, bagTag));
        const has = (language: PectabLanguage, winding: number) =>
          templates.some((t) => (t.language ?? 'pdf') === language && t.winding === winding);
        const missing = (['pdf', 'zpl'] as const).flatMap((language) =>
          [WINDING.faceOut, WINDING.faceIn]
            .filter((winding) => !has(language, winding))
            .map((winding) => ({ language, winding })),
        );
        for (const { language, winding } of missing) {
          const side = winding === WINDING.faceOut ? 'намотка наружу' : 'намотка внутрь';
          const [row] = await tx
            .insert(printTemplates)
            .values({
              name: `Бирка RUSH 54×470 мм ${language === 'pdf' ? 'PDF' : 'ZPL 203 dpi'}, ${side}`,
              printTypeId: bagTag,
              winding,
              pectab: language === 'pdf' ? 'PDF' : 'ZPL',
            })
            .returning({ id: printTemplates.id });
          await tx.insert(pectabLayouts).values({ templateId: row.id, ...PECTAB_DEFAULT_LAYOUT, language });
        }
      });
    },
  };
}
