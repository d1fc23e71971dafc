/** The flight table's service without HTTP, on a one-day demo airport: the list's period and page, and the export. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import {
  FLIGHT_TABLE_COLUMNS,
  FLIGHT_TABLE_MESSAGES as M,
  type RaceRow,
} from '../../../shared/flight-table.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { DbHandle } from '../../db/client.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { RaceQuery } from './raceQuery.ts';
import { createFlightTableService } from './service.ts';

const DAY = '2026-03-10';
const ZONE = 'Europe/Moscow';
/** Noon of the demo day in Moscow: "today" for the service. */
const NOON = Date.parse(`${DAY}T09:00:00Z`);

/** The fields of a 400 that `act` throws. */
const refused = (act: () => unknown) => fieldsOf(act, BadRequestError);

let dbh: DbHandle;
let service: ReturnType<typeof createFlightTableService>;
/** Every row of the demo day, in the default order. */
let all: RaceRow[];

const query = (filters: RaceQuery['filters'] = {}, more: Partial<RaceQuery> = {}): RaceQuery => ({
  filters,
  sort: null,
  page: 1,
  perPage: 2000,
  ...more,
});

async function sheetOf(file: Buffer): Promise<(string | undefined)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: (string | undefined)[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? undefined : String(value))));
  });
  return rows;
}

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: DAY });
  service = createFlightTableService(dbh, () => NOON);
  all = (await service.page(query({ date_from: DAY, date_to: DAY }), ZONE)).items;
});

afterAll(async () => {
  await dbh?.close();
});

describe('the list', () => {
  it('reads today in the zone when the query names no day', async () => {
    expect(all.length).toBeGreaterThan(10);
    const today = await service.page(query(), ZONE);
    expect(today.total).toBe(all.length);
    expect(today.items.map((row) => row.aid)).toEqual(all.map((row) => row.aid));
  });

  it('reads the clock of the service: another today has none of the demo rows', async () => {
    const later = createFlightTableService(dbh, () => NOON + 30 * 86_400_000);
    expect(await later.page(query(), ZONE)).toEqual({ items: [], total: 0 });
  });

  it('takes one bound alone as that one day', async () => {
    expect((await service.page(query({ date_to: DAY }), ZONE)).total).toBe(all.length);
    expect((await service.page(query({ date_from: '2026-06-10' }), ZONE)).total).toBe(0);
  });

  it('answers the page asked for and the total of every page', async () => {
    const second = await service.page(query({ date_from: DAY }, { page: 2, perPage: 5 }), ZONE);
    expect(second.total).toBe(all.length);
    expect(second.items.map((row) => row.aid)).toEqual(all.slice(5, 10).map((row) => row.aid));
    const past = await service.page(query({ date_from: DAY }, { page: 1000, perPage: 5 }), ZONE);
    expect(past).toEqual({ items: [], total: all.length });
  });

  it('filters by column text and list ids, and sorts by the column asked for', async () => {
    const confirmed = await service.page(query({ date_from: DAY, confirmed: false }), ZONE);
    expect(confirmed.items.every((row) => row.confirmed === false)).toBe(true);
    const arrivalsOnly = await service.page(query({ date_from: DAY, link: [2] }), ZONE);
    expect(arrivalsOnly.total).toBeGreaterThan(0);
    expect(arrivalsOnly.items.every((row) => row.departure_flight_id === null)).toBe(true);
    const byFlight = await service.page(
      query({ date_from: DAY }, { sort: { key: 'flight', desc: true } }),
      ZONE,
    );
    const collator = new Intl.Collator('ru-RU', { sensitivity: 'base', numeric: true });
    const flights = byFlight.items.map((row) => row.flight);
    expect(flights).toEqual([...flights].sort((a, b) => collator.compare(b, a)));
    expect(flights).not.toEqual(all.map((row) => row.flight));
  });

  it('refuses a reversed period and one over 93 days on filter.date_to', async () => {
    expect(await refused(() => service.page(query({ date_from: DAY, date_to: '2026-03-09' }), ZONE))).toEqual(
      {
        'filter.date_to': [MESSAGES.periodReversed],
      },
    );
    expect(
      await refused(() => service.page(query({ date_from: '2026-01-01', date_to: '2026-04-04' }), ZONE)),
    ).toEqual({ 'filter.date_to': [MESSAGES.periodTooLong(93)] });
    // 93 days exactly is allowed.
    const longest = await service.page(query({ date_from: '2026-01-01', date_to: '2026-04-03' }), ZONE);
    expect(longest.total).toBeGreaterThanOrEqual(all.length);
  });
});

describe('the export', () => {
  it('names the file for the period and writes the chosen columns in order, flags as Да or Нет', async () => {
    const sheet = await service.exportSheet(
      query(),
      '10.03.2026 - 10.03.2026',
      {
        columns: ['confirmed', 'flight'],
      },
      ZONE,
    );
    expect(sheet.name).toBe('Суточный план полетов на 10.03.2026 - 10.03.2026.xlsx');
    expect(sheet.fallback).toBe('race-plan_2026-03-10_2026-03-10.xlsx');
    const rows = await sheetOf(sheet.file);
    expect(rows[0]).toEqual([FLIGHT_TABLE_COLUMNS.confirmed, FLIGHT_TABLE_COLUMNS.flight]);
    expect(rows.slice(1)).toEqual(all.map((row) => [row.confirmed ? 'Да' : 'Нет', row.flight]));
  });

  it('writes only the chosen rows of the period, in the query order, once each', async () => {
    const byFlight = query({}, { sort: { key: 'flight', desc: true } });
    const order = (await service.page({ ...byFlight, filters: { date_from: DAY } }, ZONE)).items;
    // Two neighbours of the sorted order that the default order has the other way round.
    const place = new Map(all.map((row, i) => [row.aid, i]));
    const i = order.findIndex(
      (row, k) => k > 0 && (place.get(order[k - 1].aid) ?? 0) > (place.get(row.aid) ?? 0),
    );
    const pair = [order[i - 1], order[i]];
    const chosen = [pair[1].aid, pair[0].aid, pair[1].aid, 999_999_999];
    const sheet = await service.exportSheet(
      byFlight,
      '10.03.2026-10.03.2026',
      { aids: chosen, columns: ['flight'] },
      ZONE,
    );
    expect((await sheetOf(sheet.file)).slice(1)).toEqual(pair.map((row) => [row.flight]));
    const outside = await service.exportSheet(query(), '11.03.2026 - 12.03.2026', { aids: chosen }, ZONE);
    expect(await sheetOf(outside.file)).toHaveLength(1);
  });

  it('refuses a malformed or impossible range, and a reversed one, on RaceSearch.date_range', async () => {
    for (const range of ['2026-03-10', '10.03.2026', '31.02.2026 - 01.03.2026'])
      expect(await refused(() => service.exportSheet(query(), range, {}, ZONE))).toEqual({
        'RaceSearch.date_range': [M.dateRange],
      });
    expect(await refused(() => service.exportSheet(query(), '11.03.2026 - 10.03.2026', {}, ZONE))).toEqual({
      'RaceSearch.date_range': [MESSAGES.periodReversed],
    });
  });
});
