/**
 * Bag-tag printing (spec 3, 4, 7, 8; issue 14): printers, print templates (PECTAB), the body and answer of
 * `POST /v1/printer/print-btp`. Client and server validate with the same schemas.
 */
import { MESSAGES, z } from './messages.ts';
import { idSchema } from './reference.ts';

/** Print types of the reference list: what a printer prints and what a template lays out. */
export const PRINT_TYPE = { bagTag: 1, boardingPass: 2 } as const;

/** Windings: how the tag stock leaves the printer. Face in draws the whole layout turned by 180°. */
export const WINDING = { faceOut: 1, faceIn: 2 } as const;

/** Printer kinds: `spool` writes a PDF into the data folder; `raw9100` sends the template's bytes over TCP 9100. */
const PRINTER_KINDS = ['spool', 'raw9100'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** Template languages: `pdf` for the spool, `zpl` (ZPL II) for a network label printer. */
const PECTAB_LANGUAGES = ['pdf', 'zpl'] as const;
export type PectabLanguage = (typeof PECTAB_LANGUAGES)[number];

/** The Russian name of each template language, as the audit trail shows it. */
export const PECTAB_LANGUAGE_NAMES: Record<PectabLanguage, string> = {
  pdf: 'PDF (файл для печати)',
  zpl: 'ZPL II (сетевой принтер этикеток)',
};

/** The language each printer kind takes. */
export const LANGUAGE_OF_KIND: Record<PrinterKind, PectabLanguage> = { spool: 'pdf', raw9100: 'zpl' };

/**
 * Tags one job may carry, and copies of each. As many tags as one «Новые бирки» may issue (`count_tag`, 1..100): a
 * job of 50 left the rest of a larger batch of spare tags unprintable (nothing on a bag, so not in the list either).
 */
export const PRINT_LIMITS = { tags: 100, copies: 5 } as const;

/** Russian texts of printing beyond the shared catalogue. */
export const PRINT_MESSAGES = {
  failed: 'Печать не выполнена',
  unknownPrinter: 'Принтер не найден',
  inactivePrinter: 'Принтер выключен',
  wrongPrinterType: 'Принтер не печатает багажные бирки',
  unknownPectab: 'Шаблон печати не найден',
  wrongPectabType: 'Шаблон не для багажных бирок',
  wrongLanguage: (kind: PrinterKind) =>
    kind === 'spool'
      ? 'Шаблон не подходит принтеру: нужен шаблон PDF'
      : 'Шаблон не подходит принтеру: нужен шаблон ZPL',
  unknownTags: (ids: readonly number[]) => `Бирки не найдены: ${ids.join(', ')}`,
  tagsRequired: 'Выберите хотя бы одну бирку',
  tooManyTags: `Не больше ${PRINT_LIMITS.tags} бирок за раз`,
  duplicateTag: 'Бирка указана дважды',
  copiesRange: MESSAGES.wholeRange(1, PRINT_LIMITS.copies),
  unreachable: (address: string) => `Принтер ${address} недоступен`,
  printerTimeout: (address: string) => `Принтер ${address} не ответил вовремя`,
  sent: 'Отправлено на принтер',
  jobNotFound: 'Задание печати не найдено',
  noPrinters: 'Нет включённых принтеров багажных бирок',
} as const;

/**
 * The saved name of a spooled job's PDF, by the tags it holds (what a user later looks for), Russian as the other
 * downloads: one tag by its number, two or three listed, more as the lowest and highest with the count. A job whose
 * tags are all gone is named by its number.
 * Examples: `rushTagsFileName(['2555000042'], 3)` → 'Бирка досылки 2555000042.pdf';
 * `rushTagsFileName(['2555000044', '2555000042', '2555000043', '2555000045'], 3)` →
 * 'Бирки досылки 2555000042–2555000045 (4 шт.).pdf'.
 */
export function rushTagsFileName(tags: readonly string[], jobId: number): string {
  const sorted = [...new Set(tags)].sort();
  if (sorted.length === 0) return `Бирки досылки, задание ${jobId}.pdf`;
  if (sorted.length === 1) return `Бирка досылки ${sorted[0]}.pdf`;
  if (sorted.length <= 3) return `Бирки досылки ${sorted.join(', ')}.pdf`;
  return `Бирки досылки ${sorted[0]}–${sorted[sorted.length - 1]} (${sorted.length} шт.).pdf`;
}

const reference = z.object({ id: z.number().int(), name: z.string() });

/** A printer (spec 3) with its kind and network address (raw9100 only). */
export const printerSchema = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  manufacturer: z.string(),
  model: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  print_type: reference,
  kind: z.enum(PRINTER_KINDS),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
});
export type Printer = z.infer<typeof printerSchema>;

/** A print template (PECTAB, spec 3): stock size and layout, its print type, winding and printer language. */
export const pectabSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  print_type: reference,
  winding: reference,
  language: z.enum(PECTAB_LANGUAGES),
  width_mm: z.number(),
  length_mm: z.number(),
  /** Height of the Interleaved 2 of 5 barcode, and the narrow bar in tenths of a millimetre. */
  barcode_height_mm: z.number(),
  module_tenth_mm: z.number().int(),
});
export type Pectab = z.infer<typeof pectabSchema>;

/** The body of `POST /v1/printer/print-btp`: which printer, which template, which rush tags (ids), copies of each. */
export const printBtpSchema = z.object({
  printer_id: idSchema,
  pectab_id: idSchema,
  tag_ids: z
    .array(idSchema)
    .min(1, PRINT_MESSAGES.tagsRequired)
    .max(PRINT_LIMITS.tags, PRINT_MESSAGES.tooManyTags)
    .superRefine((ids, ctx) => {
      const seen = new Set<number>();
      ids.forEach((id, index) => {
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', message: PRINT_MESSAGES.duplicateTag, path: [index] });
        seen.add(id);
      });
    }),
  copies: z
    .number()
    .int(PRINT_MESSAGES.copiesRange)
    .min(1, PRINT_MESSAGES.copiesRange)
    .max(PRINT_LIMITS.copies, PRINT_MESSAGES.copiesRange)
    .optional(),
});
export type PrintBtp = z.infer<typeof printBtpSchema>;

/** The answer of a print: the job, the printer kind, where the spooled PDF is (null for raw), and pages printed. */
export const printJobSchema = z.object({
  job_id: z.number().int(),
  kind: z.enum(PRINTER_KINDS),
  pdf_url: z.string().nullable(),
  /** The PDF's file name (`rushTagsFileName`) for a spooled job; null for a network printer. */
  file_name: z.string().nullable(),
  pages: z.number().int(),
});
export type PrintJob = z.infer<typeof printJobSchema>;
