/** A cell of a generated row: written as an SQL literal by the loader. */
export type Cell = string | number | boolean | null;

/** Rows of one table in memory, in column order; ids are 1-based row numbers where the table has one. */
export class Table {
  readonly rows: Cell[][] = [];

  constructor(
    readonly name: string,
    readonly columns: readonly string[],
    /** The serial column whose sequence the loader moves past the generated ids. */
    readonly serial: string | null = 'id',
  ) {}

  /** Appends a row and answers its 1-based number, which is its id when the first column is the id. */
  add(...cells: Cell[]): number {
    this.rows.push(cells);
    return this.rows.length;
  }
}

export const MINUTE = 60_000;
export const DAY = 86_400_000;
/** Moscow has no daylight saving: UTC+3 all year. */
export const MOSCOW_OFFSET = 3 * 60 * MINUTE;

/** A timestamptz literal. Example: `iso(0)` → '1970-01-01T00:00:00.000Z'. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Midnight in Moscow (as a UTC instant) of the Moscow day containing `ms`. Example: 2026-01-01T22:00Z → 2025-12-31T21:00Z. */
export function moscowMidnight(ms: number): number {
  return Math.floor((ms + MOSCOW_OFFSET) / DAY) * DAY - MOSCOW_OFFSET;
}
