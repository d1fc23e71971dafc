/**
 * The flight table as a list and as a sheet: the period of a query (today by default), the column filters and sort,
 * the page, and the export's period, rows and cells. The rows come from the listing (listing.ts).
 */
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import {
  FLIGHT_TABLE_COLUMN_KEYS,
  type FlightTableColumn,
  FLIGHT_TABLE_MESSAGES as M,
  type RaceRow,
  raceExportFileName,
  raceExportHeaders,
  raceExportSheetName,
} from '../../../shared/flight-table.ts';
import { instantToDay, wallClockToInstant } from '../../../shared/wallClock.ts';
import { turnTaker } from '../../db/gate.ts';
import { buildXlsx, type Cell, dayCell, momentCell } from '../../files/xlsx.ts';
import { BadRequestError } from '../../http/errors.ts';
import { type Period, readDays } from '../../http/period.ts';
import type { createRowListing } from './listing.ts';
import type { ListingMemo } from './listingMemo.ts';
import { type RaceQuery, raceFilters } from './raceQuery.ts';
import { filterEntries, type RowEntry, sortEntries } from './rows.ts';

const DATE_RANGE = /^(\d{2})\.(\d{2})\.(\d{4})\s*-\s*(\d{2})\.(\d{2})\.(\d{4})$/;

function bad(field: string, message: string): never {
  throw new BadRequestError(message, { [field]: [message] });
}

/** The days of an export's `DD.MM.YYYY - DD.MM.YYYY`, else 400 on RaceSearch.date_range. */
function exportDays(dateRange: string): { from: string; to: string } {
  const match = DATE_RANGE.exec(dateRange.trim()) ?? bad('RaceSearch.date_range', M.dateRange);
  const [, d1, m1, y1, d2, m2, y2] = match;
  const from = `${y1}-${m1}-${d1}`;
  const to = `${y2}-${m2}-${d2}`;
  if (!wallClockToInstant(from, 'UTC') || !wallClockToInstant(to, 'UTC'))
    bad('RaceSearch.date_range', M.dateRange);
  return { from, to };
}

/** Russian date 'DD.MM.YYYY' of a day 'YYYY-MM-DD'. */
const russianDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/**
 * The sheet's cells of a row's column: «Дата» a date, the plan/calculated/fact times two date-times (arrival,
 * departure; empty for the missing leg), «Взлёт» a date-time, all on the zone's wall clock; flags «Да»/«Нет»; the
 * rest the screen's text.
 */
function exportCells(entry: RowEntry, key: FlightTableColumn, zone: string): Cell[] {
  const { moments } = entry;
  switch (key) {
    case 'date':
      return [dayCell(moments.day)];
    case 'plan':
    case 'calculated':
    case 'fact':
      return [momentCell(moments.arrival?.[key], zone), momentCell(moments.departure?.[key], zone)];
    case 'takeoff':
      return [momentCell(moments.takeoff, zone)];
    default: {
      const value = entry.row[key];
      return [typeof value === 'boolean' ? (value ? 'Да' : 'Нет') : value];
    }
  }
}

/** What an export takes besides the query: chosen rows (else every row of the filters) and columns in order. */
export interface RaceExportChoice {
  aids?: number[];
  columns?: FlightTableColumn[];
}

/** A built export: the file's bytes, its Russian name and an ASCII name for old clients. */
export interface RaceSheetFile {
  file: Buffer;
  name: string;
  fallback: string;
}

type RowListing = Pick<ReturnType<typeof createRowListing>, 'entries' | 'entriesOf'>;

/** The list and the export of the table over the listing's rows; `now` is the clock of "today". */
export function createRaceTable({ entries, entriesOf }: RowListing, now: () => number, memo?: ListingMemo) {
  /**
   * The rows of the query's period (its days, else today in the zone) and filters, sorted; held by the memo for
   * the following pages of the same query.
   */
  async function listed(query: RaceQuery, zone: string, signal?: AbortSignal, period?: Period) {
    const filters = query.filters;
    const from = (filters.date_from as string | undefined) ?? (filters.date_to as string | undefined);
    const to = (filters.date_to as string | undefined) ?? from;
    const today = instantToDay(now(), zone);
    const range = period ?? readDays(zone, from ?? today, to ?? today, MAX_PERIOD_DAYS, 'filter.date_to');
    const build = async () =>
      sortEntries(filterEntries(await entries(range, zone, signal), raceFilters(filters)), query.sort);
    if (!memo) return build();
    const key = JSON.stringify([range.begin.getTime(), range.end.getTime(), zone, filters, query.sort]);
    return memo.rows(key, build);
  }

  return {
    /** One page of the rows of the query, and how many rows the query has. */
    async page(
      query: RaceQuery,
      zone: string,
      signal?: AbortSignal,
    ): Promise<{ items: RaceRow[]; total: number }> {
      const rows = await listed(query, zone, signal);
      const start = (query.page - 1) * query.perPage;
      return {
        items: rows.slice(start, start + query.perPage).map((entry) => entry.row),
        total: rows.length,
      };
    },

    /**
     * The .xlsx of the days of `dateRange` ('DD.MM.YYYY - DD.MM.YYYY'): the chosen rows of the period (others and
     * unknown aids are left out), else every row of the query's filters; the chosen columns, else all, with the
     * screen's 'arrival / departure' times split in two (exportCells); dates and times as Excel dates. Example: '10.03.2026 - 11.03.2026' → «Суточный план полетов на 10.03.2026 - 11.03.2026.xlsx».
     */
    async exportSheet(
      query: RaceQuery,
      dateRange: string,
      choice: RaceExportChoice,
      zone: string,
      signal?: AbortSignal,
    ): Promise<RaceSheetFile> {
      const { from, to } = exportDays(dateRange);
      const period = readDays(zone, from, to, MAX_PERIOD_DAYS, 'RaceSearch.date_range', M.dateRange);
      const rows: RowEntry[] = choice.aids
        ? sortEntries(await entriesOf([...new Set(choice.aids)], period, zone, signal), query.sort)
        : await listed(query, zone, signal, period);
      const columns = choice.columns ?? FLIGHT_TABLE_COLUMN_KEYS;
      // A month of a big hub is tens of thousands of rows: their cells are built in turns of the event loop.
      const cells: Cell[][] = [];
      const turn = turnTaker();
      for (const entry of rows) {
        await turn();
        cells.push(columns.flatMap((key) => exportCells(entry, key, zone)));
      }
      const headers = raceExportHeaders(columns);
      return {
        file: await buildXlsx([{ name: raceExportSheetName(from, to), headers, rows: cells }]),
        name: `${raceExportFileName(russianDay(from), russianDay(to))}.xlsx`,
        fallback: `race-plan_${from}_${to}.xlsx`,
      };
    },
  };
}
