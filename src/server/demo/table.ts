import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A cell of a generated row: written as an SQL literal by the loader. */
export type Cell = string | number | boolean | null;

/** A generated row of a schema table: every column by its Drizzle key, so a missing or misspelt one fails the type check. */
export type Row<T extends PgTable> = { [K in keyof T['$inferSelect']]: Cell };

/** A generated table as the loader reads it. */
export interface DemoTable {
  readonly name: string;
  /** Drizzle key and SQL name of every column, in schema order. */
  readonly columns: readonly { readonly key: string; readonly name: string }[];
  /** The serial column whose sequence the loader moves past the generated ids; null when there is none. */
  readonly serial: string | null;
  readonly rows: readonly Readonly<Record<string, Cell>>[];
}

/** Rows of one schema table in memory; ids are 1-based row numbers where the table has one. */
export class Table<T extends PgTable> implements DemoTable {
  readonly rows: Row<T>[] = [];
  readonly name: string;
  readonly columns: readonly { readonly key: string; readonly name: string }[];
  readonly serial: string | null;

  constructor(readonly schema: T) {
    const columns = Object.entries(getTableColumns(schema));
    this.name = getTableName(schema);
    this.columns = columns.map(([key, column]) => ({ key, name: column.name }));
    this.serial = columns.find(([, column]) => column.columnType === 'PgSerial')?.[1].name ?? null;
  }

  /** The id the next row gets: its 1-based row number. */
  get nextId(): number {
    return this.rows.length + 1;
  }

  /** Appends a row and answers its 1-based number, which is its id when the table has one. */
  add(row: Row<T>): number {
    this.rows.push(row);
    return this.rows.length;
  }
}

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

/** A timestamptz literal. Example: `iso(0)` → '1970-01-01T00:00:00.000Z'. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
