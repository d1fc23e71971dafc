import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PectabLanguage } from '../../../shared/printing.ts';
import { users } from './access.ts';
import { printers, printTemplates } from './reference.ts';

/**
 * How the tag stock leaves the printer, the `winding` of a print template: 1 face out, 2 face in (the layout turned
 * by 180°). Seeded by the migration.
 */
export const windings = pgTable('windings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * What a print template (`print_templates`, the PECTAB) lays out beyond its PECTAB text: the printer language, the
 * stock size, the barcode height and its narrow bar. A template without a row prints with `PECTAB_DEFAULT_LAYOUT`.
 */
export const pectabLayouts = pgTable(
  'pectab_layouts',
  {
    templateId: integer('template_id')
      .primaryKey()
      .references(() => printTemplates.id, { onDelete: 'cascade' }),
    language: text('language').$type<PectabLanguage>().notNull(),
    widthMm: numeric('width_mm', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    lengthMm: numeric('length_mm', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    barcodeHeightMm: numeric('barcode_height_mm', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    moduleTenthMm: smallint('module_tenth_mm').notNull(),
  },
  (t) => [
    check('pectab_layouts_language_ck', sql`${t.language} in ('pdf', 'zpl')`),
    check(
      'pectab_layouts_size_ck',
      sql`${t.widthMm} >= 30 and ${t.lengthMm} >= 100 and ${t.lengthMm} <= 1000`,
    ),
    check('pectab_layouts_barcode_ck', sql`${t.barcodeHeightMm} between 5 and ${t.widthMm}`),
    check('pectab_layouts_module_ck', sql`${t.moduleTenthMm} between 2 and 10`),
  ],
);

/** A print job that reached its printer: the rush tags (ids), copies, pages; a spooled job's PDF is in `print_files`. */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    printerId: integer('printer_id')
      .notNull()
      .references(() => printers.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => printTemplates.id),
    tagIds: integer('tag_ids').array().notNull(),
    copies: smallint('copies').notNull(),
    pages: integer('pages').notNull(),
    status: text('status').$type<'spooled' | 'sent'>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('print_jobs_status_ck', sql`${t.status} in ('spooled', 'sent')`),
    index('print_jobs_created_at_idx').on(t.createdAt),
  ],
);

/** PostgreSQL `bytea`; the driver (node-postgres) reads it as a Buffer and sends a Buffer as it is. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Largest PDF a row may hold: the biggest print allowed (100 tags × 5 copies, 500 pages) is about 0.8 MB. */
export const PRINT_FILE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The PDF of a job spooled to a spool printer, written in the transaction that records the job. In the database, not
 * on a process's disk, so that any server process answers the download and a backup of the database holds it. Rows
 * older than `PRINT_RETENTION_DAYS` are purged (the job row stays); not audited (migration 0025: `audit_skip`).
 */
export const printFiles = pgTable(
  'print_files',
  {
    jobId: integer('job_id')
      .primaryKey()
      .references(() => printJobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bytes of the PDF: what the purge and an operator can sum without reading the PDFs. */
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    check(
      'print_files_size_ck',
      sql`${t.size} = octet_length(${t.bytes}) and ${t.size} between 1 and ${sql.raw(String(PRINT_FILE_MAX_BYTES))}`,
    ),
    index('print_files_created_at_idx').on(t.createdAt),
  ],
);
