import { Worker } from 'node:worker_threads';
import { instantToWallClock } from '../../shared/wallClock.ts';
import { turnTaker } from '../db/gate.ts';

/** Spreadsheets built at once per process: each holds its rows in memory, and the machine has few cores. */
const MAX_BUILDS = 2;
let running = 0;
const queue: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_BUILDS) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    queue.shift()?.();
  };
}

/**
 * A date or a time as the sheet writes it: a real Excel date (its serial number with a format), never text.
 * `wall` is the wall clock of the request's zone, written as it reads (exceljs writes dates as UTC, so the worker
 * builds the Date from these digits): 'YYYY-MM-DD' for `date` ('dd.mm.yyyy'), 'YYYY-MM-DD HH:mm' for `datetime`
 * ('dd.mm.yyyy hh:mm'), 'HH:mm' for `time` (a time of day, 'hh:mm').
 */
export interface WallCell {
  wall: string;
  format: 'date' | 'datetime' | 'time';
}

/** A cell: text, a number, a date or time, or empty (null). */
export type Cell = string | number | WallCell | null;

/** A day 'YYYY-MM-DD' as a date cell. Example: `dayCell('2026-11-24')` → shown 24.11.2026. */
export const dayCell = (day: string): WallCell => ({ wall: day.slice(0, 10), format: 'date' });

/**
 * An instant as a date-time cell on the zone's wall clock, null when there is none.
 * Example: `momentCell(new Date('2026-11-24T17:10:00Z'), 'Europe/Moscow')` → shown 24.11.2026 20:10.
 */
export const momentCell = (instant: Date | number | null | undefined, zone: string): WallCell | null =>
  instant === null || instant === undefined
    ? null
    : { wall: instantToWallClock(instant, zone).slice(0, 16), format: 'datetime' };

/** A wall-clock text 'YYYY-MM-DD HH:mm[:ss]' as a date-time cell. Example: `wallCell('2026-11-24 20:00:00')`. */
export const wallCell = (wall: string): WallCell => ({ wall: wall.slice(0, 16), format: 'datetime' });

/** A time of day, in minutes from midnight or as 'HH:mm', as a time cell. Example: `timeCell(90)` → shown 01:30. */
export function timeCell(time: number | string): WallCell {
  const minutes = typeof time === 'number' ? time : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { wall: `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`, format: 'time' };
}

/**
 * One sheet: its name, the header row and the rows. Every sheet is printed landscape, one page wide, with its header
 * row on each page; a column of long texts (over `wrapOver` characters, 50 by default) is capped and wrapped.
 */
export interface Sheet {
  name: string;
  headers: string[];
  rows: Cell[][];
  /**
   * Lines above the table (a summary's label and value: the first cell bold), then a blank line; the header row, its
   * freeze, filter and print titles come after them.
   */
  lead?: Cell[][];
}

/**
 * An .xlsx of the sheets (each with a bold frozen header row and an auto filter) built in a worker thread, never on
 * the HTTP thread; at most MAX_BUILDS at once per process.
 * Example: `await buildXlsx([{ name: 'План', headers: ['Рейс'], rows: [['SU 1234']] }])` → the file's bytes.
 */
export async function buildXlsx(sheets: Sheet[]): Promise<Buffer> {
  const release = await slot();
  try {
    const worker = new Worker(new URL('./xlsxWorker.mjs', import.meta.url), {
      workerData: { sheets: sheets.map(({ rows: _rows, ...sheet }) => sheet) },
      stdout: false,
    });
    const built = new Promise<Buffer>((resolve, reject) => {
      worker.once('message', (message: { type: string; bytes?: Uint8Array; message?: string }) => {
        if (message.type === 'done' && message.bytes)
          resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        else reject(new Error(message.message ?? 'the spreadsheet was not built'));
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the spreadsheet thread ended (code ${code})`)));
    });
    // A thread that fails while the rows are still being sent is answered by `await built` below, not reported as
    // an unhandled rejection meanwhile.
    built.catch(() => undefined);
    try {
      // The rows go over in parts, the event loop getting turns between them: copied to the thread in one message,
      // a month of a big hub's flight table (22,000 rows × 30 cells) held the HTTP thread for a few hundred ms.
      const turn = turnTaker();
      for (const [sheet, { rows }] of sheets.entries())
        for (let from = 0; from < rows.length; from += ROWS_PER_MESSAGE) {
          await turn();
          worker.postMessage({ type: 'rows', sheet, rows: rows.slice(from, from + ROWS_PER_MESSAGE) });
        }
      worker.postMessage({ type: 'end' });
    } catch (error) {
      void worker.terminate();
      throw error;
    }
    return await built;
  } finally {
    release();
  }
}

/** Rows copied to the spreadsheet thread in one message. */
const ROWS_PER_MESSAGE = 500;
