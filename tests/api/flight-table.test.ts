/** The flight table over HTTP (spec 7, Flight table; issue 11): list, filters, sorts, lists, divide/combine, TGO, staff, delete, export. */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import {
  flights,
  tariffCalcCharges,
  taskEmployees,
  tasks,
  tgoTemplates,
  turnarounds,
} from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { folded } from '../../src/server/modules/flight-table/rows.ts';
import {
  FLIGHT_TABLE_COLUMN_KEYS,
  FLIGHT_TABLE_COLUMNS,
  FLIGHT_TABLE_MESSAGES as M,
  RACE_TEXT_FILTERS,
  type RaceRow,
  raceExportHeaders,
  raceRowsSchema,
} from '../../src/shared/flight-table.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

const DAY = '2026-03-10';
const ZONE = { 'time-zone': 'Europe/Moscow' };
let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let all: RaceRow[];
/** Calls of the heavy-work gate so far. */
let heavyCalls = 0;

const get = (url: string) => app.inject({ url: `/api${url}`, headers: { ...auth, ...ZONE } });
const post = (url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...auth, ...ZONE },
    payload: payload as object,
  });
const dayUrl = (extra = '') =>
  `/v1/race?filter[date_from]=${DAY}&filter[date_to]=${DAY}&per-page=2000${extra}`;

async function rowsOf(extra = ''): Promise<RaceRow[]> {
  const res = await get(dayUrl(extra));
  expect(res.statusCode, res.body).toBe(200);
  return raceRowsSchema.parse(res.json());
}

beforeAll(async () => {
  db = await openTestDb();
  const gate = db.heavy;
  db.heavy = (work, signal) => {
    heavyCalls += 1;
    return gate(work, signal);
  };
  await loadDemoAirport(db, { days: 1, referenceDate: DAY });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  auth = bearer(await loginAs(app, 'viewer'));
  all = await rowsOf();
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/v1/race', () => {
  it('refuses a request without a session with 401', async () => {
    expect((await app.inject({ url: `/api${dayUrl()}` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/race/set-employees', payload: { aids: [1] } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers one row per turnaround with a leg planned on the day, paged with the pagination headers', async () => {
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((row) => row.aid)).size).toBe(all.length);
    const legs = await db.db
      .select({ id: flights.id })
      .from(flights)
      .where(
        and(
          inArray(
            flights.id,
            all.flatMap((r) => [r.arrival_flight_id ?? 0, r.departure_flight_id ?? 0]),
          ),
        ),
      );
    expect(legs.length).toBe(
      all.filter((r) => r.arrival_flight_id).length + all.filter((r) => r.departure_flight_id).length,
    );
    expect(all.every((row) => row.date === '10.03.2026' || row.plan.includes('10.03'))).toBe(true);
    const page = await get(`/v1/race?filter[date_from]=${DAY}&per-page=25&page=2`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-pagination-total-count']).toBe(String(all.length));
    expect(page.headers['x-pagination-page-count']).toBe(String(Math.ceil(all.length / 25)));
    expect(page.json().map((r: RaceRow) => r.aid)).toEqual(all.slice(25, 50).map((r) => r.aid));
  });

  it('has single-leg rows of both kinds and paired rows, each column filled as the contract says', () => {
    const paired = all.find((r) => r.arrival_flight_id && r.departure_flight_id) as RaceRow;
    expect(paired.flight).toMatch(/^\S+ \S+ \/ \S+ \S+$/);
    expect(paired.link).toBe('Прилёт – вылет');
    expect(paired.plan).toMatch(/^(\d\d\.\d\d )?\d\d:\d\d \/ (\d\d\.\d\d )?\d\d:\d\d$/);
    expect(all.some((r) => r.link === 'Только прилёт' || r.link === 'Только вылет')).toBe(true);
    expect(all.some((r) => r.code_share !== '')).toBe(true);
  });

  it.each(RACE_TEXT_FILTERS)(
    'filters by the text of column %s, contained and case-insensitive',
    async (key) => {
      const sample = all.find((row) => String(row[key]).length >= 2) as RaceRow;
      const text = String(sample[key]);
      const needle = text.slice(Math.max(0, text.length - 4)).toUpperCase();
      const expected = all
        .filter((row) => folded(String(row[key])).includes(folded(needle)))
        .map((r) => r.aid);
      const rows = await rowsOf(`&filter[${key}]=${encodeURIComponent(needle)}`);
      expect(rows.map((r) => r.aid)).toEqual(expected);
      expect(rows.length).toBeGreaterThan(0);
    },
  );

  it('filters by the race-filter lists: direction, type, status, link, confirmed', async () => {
    const lists = async (name: string) => {
      const res = await get(`/v1/race-filter/${name}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; name: string }[];
    };
    const international = (await lists('types')).find((t) => t.name === 'Международный') as { id: number };
    const byType = await rowsOf(`&filter[type]=${international.id}`);
    expect(byType.map((r) => r.aid)).toEqual(
      all.filter((r) => r.type.includes('Международный')).map((r) => r.aid),
    );
    expect(byType.length).toBeGreaterThan(0);

    const statuses = await lists('statuses');
    const arrived = statuses.find((s) => s.name === 'Прибыл') as { id: number };
    const planned = statuses.find((s) => s.name === 'Подтверждён') as { id: number };
    const byStatus = await rowsOf(`&filter[status]=${arrived.id},${planned.id}`);
    expect(byStatus.map((r) => r.aid)).toEqual(
      all.filter((r) => /(^| )(Прибыл|Подтверждён)( |$)/.test(r.status)).map((r) => r.aid),
    );

    const combine = await lists('combine-types');
    expect(combine.map((c) => c.id)).toEqual([1, 2, 3]);
    for (const item of combine) {
      const rows = await rowsOf(`&filter[link][]=${item.id}`);
      expect(rows.map((r) => r.aid)).toEqual(all.filter((r) => r.link === item.name).map((r) => r.aid));
    }

    const directions = await lists('directions');
    const moscow = directions.find((d) => d.name.startsWith('Москва')) as { id: number };
    const byDirection = await rowsOf(`&filter[direction]=${moscow.id}`);
    expect(byDirection.length).toBeGreaterThan(0);
    expect(byDirection.every((r) => r.direction.includes('Москва'))).toBe(true);

    expect((await lists('approved')).map((a) => a.id)).toEqual([1, 0]);
    const confirmed = await rowsOf('&filter[confirmed]=0');
    expect(confirmed.map((r) => r.aid)).toEqual(all.filter((r) => !r.confirmed).map((r) => r.aid));
  });

  const collator = new Intl.Collator('ru-RU', { sensitivity: 'base', numeric: true });
  const TIME_COLUMNS = new Set(['date', 'plan', 'calculated', 'fact', 'takeoff']);

  it.each(FLIGHT_TABLE_COLUMN_KEYS)('sorts by column %s both ways', async (key) => {
    const asc = await rowsOf(`&sort=${key}`);
    const desc = await rowsOf(`&sort=-${key}`);
    expect(new Set(asc.map((r) => r.aid))).toEqual(new Set(all.map((r) => r.aid)));
    expect(desc).toHaveLength(all.length);
    if (TIME_COLUMNS.has(key) || key === 'link' || key === 'confirmed') {
      // The underlying values order these: the first and last rows swap places.
      expect(asc[0].aid).not.toBe(desc[0].aid);
      return;
    }
    const texts = asc.map((r) => String(r[key])).filter((t) => t !== '');
    for (let i = 1; i < texts.length; i += 1)
      expect(collator.compare(texts[i - 1], texts[i])).toBeLessThanOrEqual(0);
    const back = desc.map((r) => String(r[key])).filter((t) => t !== '');
    for (let i = 1; i < back.length; i += 1)
      expect(collator.compare(back[i - 1], back[i])).toBeGreaterThanOrEqual(0);
  });

  it('orders by plan time by the first leg: ascending plan puts earlier arrivals first', async () => {
    const rows = await rowsOf('&sort=plan');
    const ids = rows.map((r) => r.arrival_flight_id ?? r.departure_flight_id) as number[];
    const legs = await db.db
      .select({ id: flights.id, planAt: flights.planAt })
      .from(flights)
      .where(inArray(flights.id, ids));
    const at = new Map(legs.map((l) => [l.id, l.planAt.getTime()]));
    const times = ids.map((id) => at.get(id) as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('answers again after the pool replaced its connection (named statements of the shared embedded session)', async () => {
    const pool = (db.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    client.release(true);
    const again = await rowsOf();
    expect(again.length).toBeGreaterThan(0);
  });

  it('refuses unknown filters and sorts, bad days and periods over 93 days with 400 and fields', async () => {
    for (const url of [
      '/v1/race?filter[nope]=1',
      '/v1/race?sort=nope',
      '/v1/race?filter[date_from]=2026-13-01',
      '/v1/race?filter[date_from]=2026-01-01&filter[date_to]=2026-06-01',
      '/v1/race?filter[date_from]=2026-03-10&filter[date_to]=2026-03-01',
      '/v1/race?filter[status]=abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toBeTypeOf('object');
    }
  });
});

/** Rows of the day as in the database: turnaround with its legs. */
async function turnaroundOf(aid: number) {
  const [t] = await db.db.select().from(turnarounds).where(eq(turnarounds.aid, aid));
  return t;
}

describe('divide and combine', () => {
  it('divides a paired row and combines it back to the original pairing', async () => {
    const row = all.find((r) => r.arrival_flight_id && r.departure_flight_id) as RaceRow;
    const divided = await get(`/race/divide-flight/${row.aid}`);
    expect(divided.statusCode, divided.body).toBe(200);
    const { arrival_aid, departure_aid } = divided.json();
    expect(arrival_aid).toBe(row.aid);
    expect(await turnaroundOf(row.aid)).toMatchObject({
      arrivalFlightId: row.arrival_flight_id,
      departureFlightId: null,
    });
    expect(await turnaroundOf(departure_aid)).toMatchObject({
      arrivalFlightId: null,
      departureFlightId: row.departure_flight_id,
    });
    const again = await get(`/race/divide-flight/${row.aid}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(M.notPaired);

    const combined = await get(
      `/race/combine-flight?arrivalFlightId=${row.arrival_flight_id}&departureFlightId=${row.departure_flight_id}`,
    );
    expect(combined.statusCode, combined.body).toBe(200);
    expect(combined.json()).toEqual({ aid: row.aid });
    expect(await turnaroundOf(row.aid)).toMatchObject({
      arrivalFlightId: row.arrival_flight_id,
      departureFlightId: row.departure_flight_id,
    });
    expect(await turnaroundOf(departure_aid)).toBeUndefined();
    const restored = (await rowsOf()).find((r) => r.aid === row.aid);
    expect(restored).toEqual(row);
  });

  it('refuses legs that cannot pair, each with its Russian message and nothing written', async () => {
    const paired = all.filter((r) => r.arrival_flight_id && r.departure_flight_id);
    const [a, b] = paired;
    const combine = (arr: number, dep: number) =>
      get(`/race/combine-flight?arrivalFlightId=${arr}&departureFlightId=${dep}`);
    const expectRefusal = async (arr: number, dep: number, message: string) => {
      const before = await db.db
        .select()
        .from(turnarounds)
        .where(inArray(turnarounds.aid, [a.aid, b.aid]));
      const res = await combine(arr, dep);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
      expect(Object.values(res.json().fields).flat()).toContain(message);
      expect(
        await db.db
          .select()
          .from(turnarounds)
          .where(inArray(turnarounds.aid, [a.aid, b.aid])),
      ).toEqual(before);
    };
    // Same direction: two arrivals.
    await expectRefusal(a.arrival_flight_id as number, b.arrival_flight_id as number, M.sameDirection);
    // A departure where the arrival goes.
    await expectRefusal(a.departure_flight_id as number, b.arrival_flight_id as number, M.notArrival);
    // Split b so that its departure is single, then try it with a's arrival (another board, or already paired).
    const split = await get(`/race/divide-flight/${b.aid}`);
    expect(split.statusCode).toBe(200);
    await db.db
      .update(flights)
      .set({ boardNumber: 'RA-00001' })
      .where(eq(flights.id, a.arrival_flight_id as number));
    await db.db
      .update(flights)
      .set({ boardNumber: 'RA-00002' })
      .where(eq(flights.id, b.departure_flight_id as number));
    const divideA = await get(`/race/divide-flight/${a.aid}`);
    expect(divideA.statusCode).toBe(200);
    await expectRefusal(a.arrival_flight_id as number, b.departure_flight_id as number, M.otherBoard);
    // Same board, but the departure leaves before the arrival lands.
    const [arr] = await db.db
      .select()
      .from(flights)
      .where(eq(flights.id, a.arrival_flight_id as number));
    await db.db
      .update(flights)
      .set({ boardNumber: 'RA-00001', planAt: new Date(arr.planAt.getTime() - 3_600_000) })
      .where(eq(flights.id, b.departure_flight_id as number));
    await expectRefusal(
      a.arrival_flight_id as number,
      b.departure_flight_id as number,
      M.departureBeforeArrival,
    );
    // Already paired: b's arrival is single, but a's departure is paired again with a's arrival.
    await db.db
      .update(flights)
      .set({ boardNumber: 'RA-00001' })
      .where(eq(flights.id, a.departure_flight_id as number));
    expect((await combine(a.arrival_flight_id as number, a.departure_flight_id as number)).statusCode).toBe(
      200,
    );
    await db.db
      .update(flights)
      .set({ boardNumber: 'RA-00001' })
      .where(eq(flights.id, b.arrival_flight_id as number));
    await expectRefusal(b.arrival_flight_id as number, a.departure_flight_id as number, M.alreadyPaired);
    // Unknown leg.
    await expectRefusal(a.arrival_flight_id as number, 2_000_000_000, M.unknownFlight);
  });
});

describe('TGO', () => {
  it('offers the TGOs of one row and the ones common to several rows (form data aids[])', async () => {
    const paired = all.filter((r) => r.arrival_flight_id && r.departure_flight_id && r.type === 'Внутренний');
    const one = await post('/race/fetch-tgo', { aid: paired[0].aid });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().some((t: { current: boolean }) => t.current)).toBe(true);
    const form = await app.inject({
      method: 'POST',
      url: '/api/race/get-tgos',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `aids[]=${paired[0].aid}&aids[]=${paired[1].aid}`,
    });
    expect(form.statusCode, form.body).toBe(200);
    const common = form.json() as { id: number }[];
    const first = new Set(one.json().map((t: { id: number }) => t.id));
    expect(common.every((t) => first.has(t.id))).toBe(true);
    const boundary = '----gow7MA4YWxkTrZu0gW';
    const multipart = await app.inject({
      method: 'POST',
      url: '/api/race/get-tgos',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [paired[0].aid, paired[1].aid]
        .map((aid) => `--${boundary}\r\nContent-Disposition: form-data; name="aids[]"\r\n\r\n${aid}\r\n`)
        .concat(`--${boundary}--\r\n`)
        .join(''),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toEqual(common);
    // An empty list reads as the row actions' own words, not zod's.
    const empty = await post('/race/get-tgos', { aids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields.aids).toEqual(['Выберите хотя бы одну строку']);
    const international = all.find(
      (r) => r.type === 'Международный' && r.arrival_flight_id && !r.departure_flight_id,
    );
    if (international) {
      const none = await post('/race/get-tgos', { aids: [international.aid, paired[0].aid] });
      expect(none.json()).toEqual([]);
    }
  });

  it('regenerates the tasks of the rows inside the turnaround window, and writes nothing when one row refuses', async () => {
    const rows = (await rowsOf())
      .filter((r) => r.arrival_flight_id && r.departure_flight_id && r.type === 'Внутренний')
      .slice(0, 3);
    const [tgo] = (await post('/race/get-tgos', { aids: rows.map((r) => r.aid) })).json() as {
      id: number;
      direction: number;
    }[];
    expect(tgo).toBeDefined();
    const legIds = rows.flatMap((r) => [r.arrival_flight_id as number, r.departure_flight_id as number]);
    const before = await db.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.flightId, legIds));

    // A row the TGO does not fit, last: the rows before it were already rewritten inside the transaction.
    const [otherTgo] = await db.db.select().from(tgoTemplates).where(eq(tgoTemplates.id, tgo.id));
    const misfit =
      all.find((r) => r.type !== 'Внутренний' && r.link !== 'Прилёт – вылет') ??
      all.find((r) => r.type !== 'Внутренний');
    expect(misfit).toBeDefined();
    const refused = await post('/race/fill-flights', {
      aids: [...rows.map((r) => r.aid), misfit?.aid],
      tgo_id: otherTgo.id,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().fields.aids).toBeDefined();
    const untouched = await db.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.flightId, legIds));
    expect(untouched.map((t) => t.id).sort()).toEqual(before.map((t) => t.id).sort());

    const applied = await post('/race/fill-flights', { aids: rows.map((r) => r.aid), tgo_id: tgo.id });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().flights).toBe(rows.length);
    const after = await db.db
      .select({
        id: tasks.id,
        flightId: tasks.flightId,
        planBeginAt: tasks.planBeginAt,
        planEndAt: tasks.planEndAt,
      })
      .from(tasks)
      .where(inArray(tasks.flightId, legIds));
    const legs = await db.db.select().from(flights).where(inArray(flights.id, legIds));
    // A TGO serves one direction: the legs of that direction were rewritten, the others kept their tasks.
    const rewritten = new Set(legs.filter((l) => l.direction === tgo.direction).map((l) => l.id));
    expect(legs.filter((l) => rewritten.has(l.id)).every((l) => l.tgoTemplateId === tgo.id)).toBe(true);
    const fresh = after.filter((t) => rewritten.has(t.flightId));
    expect(fresh.length).toBe(applied.json().tasks);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.some((t) => before.some((b) => b.id === t.id))).toBe(false);
    const planOf = new Map(legs.map((l) => [l.id, l.planAt.getTime()]));
    for (const row of rows) {
      const begin = planOf.get(row.arrival_flight_id as number) as number;
      const end = planOf.get(row.departure_flight_id as number) as number;
      const own = fresh.filter(
        (t) => t.flightId === row.arrival_flight_id || t.flightId === row.departure_flight_id,
      );
      for (const task of own) {
        expect(task.planBeginAt.getTime()).toBeGreaterThanOrEqual(begin);
        expect(task.planEndAt.getTime()).toBeLessThanOrEqual(end);
        expect(task.planEndAt.getTime()).toBeGreaterThanOrEqual(task.planBeginAt.getTime());
      }
    }
    expect(legs.filter((l) => l.tgoTemplateId === tgo.id).length).toBeGreaterThan(0);
  });
});

describe('staff of the chosen rows', () => {
  it('drops every assignment, then sets shift employees without overlaps, answering counts', async () => {
    const rows = all.filter((r) => r.arrival_flight_id && r.departure_flight_id).slice(10, 16);
    const aids = rows.map((r) => r.aid);
    const legIds = rows.flatMap((r) => [r.arrival_flight_id as number, r.departure_flight_id as number]);
    const assigned = () =>
      db.db
        .select({
          employeeId: taskEmployees.employeeId,
          beginAt: tasks.beginAt,
          endAt: tasks.endAt,
          taskId: tasks.id,
        })
        .from(taskEmployees)
        .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
        .where(inArray(tasks.flightId, legIds));
    const before = await assigned();
    const dropped = await post('/race/drop-employees', { aids });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().assignments).toBe(before.length);
    expect(await assigned()).toEqual([]);

    const set = await post('/race/set-employees', { aids });
    expect(set.statusCode, set.body).toBe(200);
    const now = await assigned();
    expect(set.json().assignments).toBe(now.length);
    expect(now.length).toBeGreaterThan(0);
    // Nobody got two overlapping tasks, counting every task they hold.
    const ids = [...new Set(now.map((a) => a.employeeId))];
    const theirs = await db.db
      .select({
        employeeId: taskEmployees.employeeId,
        beginAt: tasks.beginAt,
        endAt: tasks.endAt,
        taskId: tasks.id,
      })
      .from(taskEmployees)
      .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
      .where(inArray(taskEmployees.employeeId, ids));
    for (const id of ids) {
      const list = theirs
        .filter((a) => a.employeeId === id)
        .sort((x, y) => x.beginAt.getTime() - y.beginAt.getTime());
      for (let i = 1; i < list.length; i += 1)
        expect(list[i].beginAt.getTime(), `employee ${id}`).toBeGreaterThanOrEqual(
          list[i - 1].endAt.getTime(),
        );
    }
    const desk = await post('/race/set-desk-employees', { aids });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().tasks).toBeLessThan(set.json().tasks);
  });

  it('refuses unknown rows with 422 on aids', async () => {
    const res = await post('/race/set-employees', { aids: [2_000_000_000] });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.aids).toEqual([M.unknownRow]);
  });

  it('says in Russian that no row or too many rows were chosen, for every action on rows', async () => {
    const many = Array.from({ length: 2001 }, (_, index) => index + 1);
    for (const action of ['set-employees', 'set-desk-employees', 'drop-employees']) {
      const none = await post(`/race/${action}`, { aids: [] });
      expect(none.statusCode).toBe(422);
      expect(none.json().fields.aids).toEqual(['Выберите хотя бы одну строку']);
      expect((await post(`/race/${action}`, { aids: many })).json().fields.aids).toEqual([
        'Не больше 2000 строк за раз',
      ]);
    }
    const fill = await post('/race/fill-flights', { aids: [], tgo_id: 1 });
    expect(fill.json().fields.aids).toEqual(['Выберите хотя бы одну строку']);
  });
});

describe('export', () => {
  it('exports the whole period (no rows chosen) over real HTTP', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(
      `${address}/api/race/index?RaceSearch[date_range]=${encodeURIComponent('10.03.2026 - 10.03.2026')}&RaceSearch[export_to_excel]=1`,
      { method: 'POST', headers: { ...auth, ...ZONE, 'content-type': 'application/json' }, body: '{}' },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets[0].rowCount).toBe((await rowsOf()).length + 1);
  });

  it('says the export flag is required when it is missing, as any missing field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/race/index?RaceSearch[date_range]=${encodeURIComponent('10.03.2026 - 10.03.2026')}`,
      headers: { ...auth, ...ZONE },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Поле обязательно для заполнения');
    expect(JSON.stringify(res.json())).not.toContain('Неверный ввод');
  });

  it('answers an .xlsx named for the period with the chosen columns in order and Russian headers', async () => {
    const columns = ['plan', 'flight', 'status', 'confirmed'] as const;
    const res = await app.inject({
      method: 'POST',
      url: `/api/race/index?RaceSearch[date_range]=${encodeURIComponent('10.03.2026 - 10.03.2026')}&RaceSearch[export_to_excel]=1`,
      headers: { ...auth, ...ZONE },
      payload: { columns },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Суточный план полетов на 10.03.2026 - 10.03.2026.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Суточный план');
    // The plan's 'arrival / departure' is two columns; the others keep the screen's header and order.
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'План прилёта',
      'План вылета',
      ...columns.slice(1).map((c) => FLIGHT_TABLE_COLUMNS[c]),
    ]);
    const current = await rowsOf();
    expect(sheet.rowCount).toBe(current.length + 1);
    const first = current[0];
    const [legs] = [
      await db.db
        .select({ id: flights.id, planAt: flights.planAt })
        .from(flights)
        .where(
          inArray(
            flights.id,
            [first.arrival_flight_id, first.departure_flight_id].filter((id): id is number => id !== null),
          ),
        ),
    ];
    /** The Date exceljs reads back: the Moscow wall clock's digits as UTC (UTC+3 all year). */
    const wall = (id: number | null) => {
      const leg = legs.find((l) => l.id === id);
      return leg ? new Date(leg.planAt.getTime() + 3 * 3600_000) : null;
    };
    const row = sheet.getRow(2);
    expect(row.values).toEqual([
      undefined,
      ...(first.arrival_flight_id ? [wall(first.arrival_flight_id)] : [undefined]),
      ...(first.departure_flight_id ? [wall(first.departure_flight_id)] : [undefined]),
      first.flight,
      first.status,
      first.confirmed ? 'Да' : 'Нет',
    ]);
    for (const column of [1, 2])
      if (row.getCell(column).value !== null) {
        expect(row.getCell(column).type).toBe(ExcelJS.ValueType.Date);
        expect(row.getCell(column).numFmt).toBe('dd.mm.yyyy hh:mm');
      }
    // The screen's 'HH:mm' of the first leg is the cell's wall clock.
    const firstCell = row.getCell(first.arrival_flight_id ? 1 : 2).value as Date;
    expect(first.plan.split(' / ')[0]).toBe(firstCell.toISOString().slice(11, 16));
  });

  it('writes dates and times as Excel dates on the wall clock of the request’s zone', async () => {
    const columns = ['flight', 'date', 'calculated', 'fact', 'takeoff'] as const;
    const exportIn = async (zone: string, aids?: number[]) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/race/index?RaceSearch[date_range]=${encodeURIComponent('10.03.2026 - 11.03.2026')}&RaceSearch[export_to_excel]=1`,
        headers: { ...auth, 'time-zone': zone },
        payload: { columns, aids },
      });
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0];
    };
    const sheet = await exportIn('Europe/Moscow');
    expect(sheet.name).toBe('План полётов');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Рейс',
      'Дата',
      'Расчёт прилёта',
      'Расчёт вылета',
      'Факт прилёта',
      'Факт вылета',
      'Взлёт',
    ]);
    const date = sheet.getRow(2).getCell(2);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe('dd.mm.yyyy');
    // Row by row (the same default order) the date is the screen's 'DD.MM.YYYY' at midnight.
    const listed = raceRowsSchema.parse(
      (await get('/v1/race?filter[date_from]=2026-03-10&filter[date_to]=2026-03-11&per-page=2000')).json(),
    );
    expect(sheet.rowCount).toBe(listed.length + 1);
    listed.forEach((row, i) => {
      const [d, m, y] = row.date.split('.');
      expect(sheet.getRow(i + 2).getCell(2).value).toEqual(new Date(`${y}-${m}-${d}T00:00:00Z`));
    });
    const formats = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      for (const column of [3, 4, 5, 6, 7]) {
        const cell = row.getCell(column);
        if (cell.value === null) continue;
        expect(cell.type).toBe(ExcelJS.ValueType.Date);
        formats.add(cell.numFmt);
      }
    });
    expect([...formats]).toEqual(['dd.mm.yyyy hh:mm']);
    // Moscow's day 10.03 lies inside Vladivostok's 10.03-11.03 (UTC+10): the same rows, each moment 7 hours later on
    // Vladivostok's wall clock. Rows are compared as a whole (flight and moments), whatever their order.
    const aids = (await rowsOf()).map((r) => r.aid);
    const [moscow, east] = [await exportIn('Europe/Moscow', aids), await exportIn('Asia/Vladivostok', aids)];
    expect(east.rowCount).toBe(moscow.rowCount);
    let compared = 0;
    const rowsOfSheet = (sheetOf: ExcelJS.Worksheet, shift: number) =>
      Array.from({ length: sheetOf.rowCount - 1 }, (_, i) => {
        const row = sheetOf.getRow(i + 2);
        return JSON.stringify([
          row.getCell(1).value,
          ...[3, 4, 5, 6, 7].map((column) => {
            const value = row.getCell(column).value;
            if (!(value instanceof Date)) return value;
            compared += 1;
            return value.getTime() - shift;
          }),
        ]);
      }).sort();
    expect(rowsOfSheet(east, 7 * 3600_000)).toEqual(rowsOfSheet(moscow, 0));
    expect(compared).toBeGreaterThan(0);
  });

  it('exports only the chosen rows, every column by default', async () => {
    const chosen = all.slice(3, 5);
    const res = await app.inject({
      method: 'POST',
      url: `/api/race/index?RaceSearch[date_range]=10.03.2026%20-%2011.03.2026&RaceSearch[export_to_excel]=1`,
      headers: { ...auth, ...ZONE },
      payload: { aids: chosen.map((r) => r.aid) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...raceExportHeaders(FLIGHT_TABLE_COLUMN_KEYS)]);
    expect(sheet.rowCount).toBe(3);
    expect(new Set([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value])).toEqual(
      new Set(chosen.map((r) => r.flight)),
    );
  });

  it('leaves out chosen rows outside the period, and reads the chosen rows through the heavy-work gate', async () => {
    const chosen = all.slice(3, 5);
    const exportFor = (range: string, aids: number[]) =>
      app.inject({
        method: 'POST',
        url: `/api/race/index?RaceSearch[date_range]=${encodeURIComponent(range)}&RaceSearch[export_to_excel]=1`,
        headers: { ...auth, ...ZONE },
        payload: { aids, columns: ['flight'] },
      });
    const flightsOf = async (res: Awaited<ReturnType<typeof exportFor>>) => {
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      return Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(1).value);
    };
    const before = heavyCalls;
    expect(
      await flightsOf(
        await exportFor(
          '20.03.2026 - 21.03.2026',
          chosen.map((r) => r.aid),
        ),
      ),
    ).toEqual([]);
    expect(heavyCalls).toBeGreaterThan(before);
    // A row of the period stays, one of another period and an unknown aid go.
    const [{ id: _id, ...leg }] = await db.db.select().from(flights).where(eq(flights.direction, 1)).limit(1);
    const [outside] = await db.db
      .insert(flights)
      .values({ ...leg, flightNumber: '9999', planAt: new Date('2026-03-25T10:00:00Z') })
      .returning({ id: flights.id });
    const [away] = await db.db.insert(turnarounds).values({ departureFlightId: outside.id }).returning();
    const mixed = await exportFor('10.03.2026 - 10.03.2026', [chosen[0].aid, away.aid, 2_000_000_000]);
    expect(await flightsOf(mixed)).toEqual([chosen[0].flight]);
    expect(
      await flightsOf(await exportFor('25.03.2026 - 25.03.2026', [chosen[0].aid, away.aid])),
    ).toHaveLength(1);
  });

  it('refuses a malformed date range with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/race/index?RaceSearch[date_range]=2026-03-10&RaceSearch[export_to_excel]=1',
      headers: auth,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['RaceSearch.date_range']).toEqual([M.dateRange]);
  });
});

describe('delete', () => {
  /** The rows' turnarounds that tariff charges refer to. */
  const billedAids = async () =>
    new Set((await db.db.select({ aid: tariffCalcCharges.aid }).from(tariffCalcCharges)).map((c) => c.aid));
  /** Paired rows without charges: the ones a delete may take. */
  const unbilledPairs = async () => {
    const billed = await billedAids();
    return all.filter((r) => r.arrival_flight_id && r.departure_flight_id && !billed.has(r.aid)) as RaceRow[];
  };

  it('refuses a billed row with 409 naming its flights, and deletes nothing of a list holding one', async () => {
    const billed = await billedAids();
    const charged = all.find((r) => billed.has(r.aid)) as RaceRow;
    expect(charged, 'the demo airport bills some turnarounds').toBeDefined();
    const [free] = await unbilledPairs();
    const res = await get(`/v1/race/delete?id[]=${free.aid}&id[]=${charged.aid}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/^Нельзя удалить рейсы с начислениями по тарифам: \S/);
    expect(await turnaroundOf(free.aid)).toBeDefined();
    expect(await turnaroundOf(charged.aid)).toBeDefined();
    expect((await billedAids()).has(charged.aid)).toBe(true);
  });

  it('deletes the row with its legs and tasks in one go, then answers 404', async () => {
    const row = (await unbilledPairs()).at(-1) as RaceRow;
    const legIds = [row.arrival_flight_id as number, row.departure_flight_id as number];
    const taskCount = (
      await db.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.flightId, legIds))
    ).length;
    const res = await get(`/v1/race/delete?id=${row.aid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ flights: 2, tasks: taskCount });
    expect(await turnaroundOf(row.aid)).toBeUndefined();
    expect(await db.db.select().from(flights).where(inArray(flights.id, legIds))).toEqual([]);
    expect((await get(`/v1/race/delete?id=${row.aid}`)).statusCode).toBe(404);
    expect((await rowsOf()).some((r) => r.aid === row.aid)).toBe(false);
    // No orphan: every remaining turnaround still has a leg.
    expect(
      await db.db
        .select()
        .from(turnarounds)
        .where(and(isNull(turnarounds.arrivalFlightId), isNull(turnarounds.departureFlightId))),
    ).toEqual([]);
    expect(await db.db.select().from(turnarounds).where(isNotNull(turnarounds.aid)).limit(1)).toHaveLength(1);
  });

  it('deletes several rows all or none: one unknown row keeps every row, a good list removes them together', async () => {
    const [a, b] = (await unbilledPairs()).slice(0, 2);
    const refused = await get(`/v1/race/delete?id[]=${a.aid}&id[]=${b.aid}&id[]=2000000000`);
    expect(refused.statusCode).toBe(404);
    expect(await turnaroundOf(a.aid)).toBeDefined();
    expect(await turnaroundOf(b.aid)).toBeDefined();
    const legs = [await turnaroundOf(a.aid), await turnaroundOf(b.aid)]
      .flatMap((t) => [t?.arrivalFlightId, t?.departureFlightId])
      .filter((id) => id != null);
    const res = await get(`/v1/race/delete?id[]=${a.aid}&id[]=${b.aid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().flights).toBe(legs.length);
    expect(await turnaroundOf(a.aid)).toBeUndefined();
    expect(await turnaroundOf(b.aid)).toBeUndefined();
  });

  it('refuses an empty or malformed id list with 400 and deletes nothing', async () => {
    for (const query of ['', 'id=abc', 'id[]=1&id[]=x']) {
      const res = await get(`/v1/race/delete?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(
        Object.keys(res.json().fields).filter((key) => key.startsWith('id')),
        query,
      ).not.toEqual([]);
    }
  });
});
