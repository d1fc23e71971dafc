/** Service calcs over HTTP on a one-day demo airport: CRUD, grid filters and sorts, rules, validation, evaluation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import { CALC_MESSAGES, CALC_SORT_KEYS, type Calc, calcCreateSchema } from '../../src/shared/tariff-calc.ts';
import { TARIFF_CALC_JOBS, tariffCalcBody } from '../support/tariffCalcBody.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let dbh: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let tariff: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db: dbh });
  tariff = bearer(await loginAs(app, 'tariff'));
  viewer = bearer(await loginAs(app, 'viewer'));
}, 120_000);
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = tariff) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, 'time-zone': 'Europe/Moscow' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function idOf(table: string, column: string, value: string): Promise<number> {
  const [row] = await dbh.query<{ id: number }>(`select id from ${table} where ${column} = $1`, [value]);
  if (!row) throw new Error(`${table}: no ${value}`);
  return row.id;
}
const countCalcs = async () =>
  Number((await dbh.query<{ n: string }>('select count(*) n from tariff_calcs'))[0].n);

let steps: number;
let bus: number;
let meet: number;
let passengers: number;

beforeAll(async () => {
  steps = await idOf('jobs', 'name', TARIFF_CALC_JOBS.steps);
  bus = await idOf('jobs', 'name', TARIFF_CALC_JOBS.bus);
  meet = await idOf('jobs', 'name', 'Регистрация пассажиров');
  const [indicator] = await dbh.query<{ id: number }>(
    `select id from job_indicators where job_id = $1 and indicator_name = 'Количество пассажиров'`,
    [meet],
  );
  passengers = indicator.id;
});

/** A full Duration form with every list filled. */
const fullForm = () => tariffCalcBody({ steps, bus });

describe('CRUD', () => {
  it('creates, reads, updates and deletes a calc keeping every list', async () => {
    const created = await call('POST', '/tariff/calc', fullForm());
    expect(created.statusCode).toBe(200);
    const calc = created.json() as Calc;
    expect(calc).toMatchObject({
      calcSourceType: 1,
      service: { name_ru: 'Трап тестовый', name_en: 'Test steps', id_1c: 'TEST-TRAP' },
      calc_type: { id: 1, name: 'Продолжительность' },
      format: { id: 2, name_full: 'Часы' },
      rounding: { id: 2 },
      accuracy: 1,
      group_type: 2,
      coeff: 1.25,
      minimum_amount: 0.5,
      is_rounding_first: false,
      is_accuracy_first: true,
      is_using_plan_time: true,
      calcServiceMapType: [{ id: 1 }, { id: 3 }],
      calcDirection: [{ direction: { id: 1 } }, { direction: { id: 2 } }],
      calcJob: [
        {
          start_job: { id: steps, name: 'Подача трапа' },
          start_param: 1,
          end_job: { id: steps },
          end_param: 2,
        },
        { start_job: { id: steps }, end_job: { id: bus }, end_param: 2, job_indicator: null },
      ],
    });
    expect(calc.calcEmployeePosition.map((p) => p.id)).toEqual([1, 2]);
    expect(calc.calcResourceType.map((t) => t.id)).toEqual([1]);
    expect(calc.calcResource.map((r) => r.id)).toEqual([1, 2]);
    expect((await call('GET', `/tariff/calc/${calc.id}`)).json()).toEqual(calc);

    const changed = await call('PATCH', '/tariff/calc', {
      ...fullForm(),
      id: calc.id,
      calcSourceType: 2,
      calc_type_id: 2,
      calcJob: [],
      calcMedService: [1, 3],
      calc_employee_position_id: [],
      rounding_id: 1,
      service: { name_ru: 'Трап изменённый', name_en: '', id_1c: 'TEST-TRAP' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: calc.id,
      calcSourceType: 2,
      calc_type: { id: 2 },
      accuracy: null,
      service: { name_ru: 'Трап изменённый', name_en: null },
      calcJob: [],
      calcMedService: [{ med_service: { id: 1 } }, { med_service: { id: 3 } }],
      calcEmployeePosition: [],
      calcResource: [{ id: 1 }, { id: 2 }],
    });

    const removed = await call('DELETE', `/tariff/calc/${calc.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/tariff/calc/${calc.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', '/tariff/calc', { ...fullForm(), id: calc.id })).statusCode).toBe(404);
  });

  it('refuses a save of a calc written since it was read (409) and writes nothing', async () => {
    const calc = (await call('POST', '/tariff/calc', fullForm())).json() as Calc;
    expect(calc.version).toMatch(/^\d+$/);
    expect(((await call('GET', `/tariff/calc/${calc.id}`)).json() as Calc).version).toBe(calc.version);
    const listed = (await call('GET', '/tariff/calc?per-page=100&sort=-id')).json() as Calc[];
    expect(listed.find((item) => item.id === calc.id)?.version).toBe(calc.version);
    // The first user changes only a list, with the version read: accepted, and the calc row is written too, so the
    // answer carries a new version.
    const first = await call('PATCH', '/tariff/calc', {
      ...fullForm(),
      id: calc.id,
      calc_resource_id: [1],
      version: calc.version,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as Calc;
    expect(saved.calcResource.map((r) => r.id)).toEqual([1]);
    expect(saved.version).not.toBe(calc.version);
    // The second user read the same version: refused, nothing of theirs written (the row nor the lists).
    const stale = await call('PATCH', '/tariff/calc', {
      ...fullForm(),
      id: calc.id,
      coeff: 3,
      calc_employee_position_id: [],
      version: calc.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    expect((await call('GET', `/tariff/calc/${calc.id}`)).json()).toEqual(saved);
    // Two saves of one version sent together: exactly one is accepted (the interleaving: src/server/db/rowVersion.test.ts).
    const both = await Promise.all(
      [2, 3].map((coeff) =>
        call('PATCH', '/tariff/calc', { ...fullForm(), id: calc.id, coeff, version: saved.version }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the save is not checked; a malformed one is a 422 on its field.
    expect((await call('PATCH', '/tariff/calc', { ...fullForm(), id: calc.id })).statusCode).toBe(200);
    const malformed = await call('PATCH', '/tariff/calc', { ...fullForm(), id: calc.id, version: 'abc' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    // A version of a deleted calc: 404, as without one.
    expect((await call('DELETE', `/tariff/calc/${calc.id}`)).statusCode).toBe(204);
    const gone = await call('PATCH', '/tariff/calc', { ...fullForm(), id: calc.id, version: saved.version });
    expect(gone.statusCode).toBe(404);
  });

  it('answers the demo calcs in pages with the pagination headers', async () => {
    const res = await call('GET', '/tariff/calc?per-page=10&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-pagination-total-count']).toBe('37');
    expect(res.headers['x-pagination-page-count']).toBe('4');
    expect(res.headers['x-pagination-current-page']).toBe('2');
    expect(res.json().map((c: Calc) => c.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const sources = new Set(
      (await call('GET', '/tariff/calc?per-page=100')).json().map((c: Calc) => c.calcSourceType),
    );
    expect(sources).toEqual(new Set([1, 2, 3]));
  });
});

describe('grid filters and sorts', () => {
  const list = async (query: string) => {
    const res = await call('GET', `/tariff/calc?per-page=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Calc[];
  };
  // Both databases sort in Russian order (the embedded one by the `ru_order` of migration 0026).
  const russian = (a: string, b: string) => new Intl.Collator('ru', { sensitivity: 'base' }).compare(a, b);

  it('filters by every column', async () => {
    const cases: [string, (c: Calc) => boolean][] = [
      [
        `filter[name_ru]=${encodeURIComponent('трап')}`,
        (c) => c.service.name_ru.toLowerCase().includes('трап'),
      ],
      [
        `filter[name_en]=${encodeURIComponent('lounge')}`,
        (c) => (c.service.name_en ?? '').toLowerCase().includes('lounge'),
      ],
      [`filter[id_1c]=${encodeURIComponent('bag')}`, (c) => c.service.id_1c === 'BAG'],
      [
        `filter[start_job]=${encodeURIComponent('багаж')}`,
        (c) => c.calcJob.some((j) => j.start_job.name.includes('багаж')),
      ],
      [
        `filter[end_job]=${encodeURIComponent('Выдача')}`,
        (c) => c.calcJob.some((j) => j.end_job?.name.includes('Выдача')),
      ],
      [
        `filter[med_service]=${encodeURIComponent('помощ')}`,
        (c) => c.calcMedService.some((m) => m.med_service.name.includes('помощ')),
      ],
      [
        `filter[vip_service]=${encodeURIComponent('бизнес')}`,
        (c) => c.calcVipService.some((m) => m.vip_service.name.includes('бизнес')),
      ],
      [
        `filter[job_indicator]=${encodeURIComponent('вес')}`,
        (c) => c.calcJob.some((j) => j.job_indicator?.indicator_name.startsWith('Вес')),
      ],
      [
        `filter[employee_position]=${encodeURIComponent('трап')}`,
        (c) => c.calcEmployeePosition.some((p) => p.name.includes('трап')),
      ],
      [
        `filter[resource_type]=${encodeURIComponent('Деайсер')}`,
        (c) => c.calcResourceType.some((t) => t.name === 'Деайсер'),
      ],
      [`filter[resource]=${encodeURIComponent('№')}`, (c) => c.calcResource.length > 0],
      [`filter[calc_type]=${encodeURIComponent('3')}`, (c) => c.calc_type.id === 3],
      ['filter[format][]=1&filter[format][]=2', (c) => c.format.id === 1 || c.format.id === 2],
    ];
    const all = await list('');
    for (const [query, expected] of cases) {
      const got = await list(query);
      const want = all.filter(expected).map((c) => c.id);
      expect(want.length, query).toBeGreaterThan(0);
      expect(
        got.map((c) => c.id),
        query,
      ).toEqual(want);
    }
  });

  it('sorts by every column both ways, empty lists last', async () => {
    const firstName: Record<string, (c: Calc) => string | number | undefined> = {
      id: (c) => c.id,
      name_ru: (c) => c.service.name_ru,
      name_en: (c) => c.service.name_en ?? undefined,
      id_1c: (c) => c.service.id_1c,
      start_job: (c) => c.calcJob.map((j) => j.start_job.name).sort(russian)[0],
      end_job: (c) => c.calcJob.flatMap((j) => (j.end_job ? [j.end_job.name] : [])).sort(russian)[0],
      med_service: (c) => c.calcMedService.map((m) => m.med_service.name).sort(russian)[0],
      vip_service: (c) => c.calcVipService.map((m) => m.vip_service.name).sort(russian)[0],
      job_indicator: (c) =>
        c.calcJob.flatMap((j) => (j.job_indicator ? [j.job_indicator.indicator_name] : [])).sort(russian)[0],
      employee_position: (c) => c.calcEmployeePosition.map((p) => p.name).sort(russian)[0],
      resource_type: (c) => c.calcResourceType.map((p) => p.name).sort(russian)[0],
      resource: (c) => c.calcResource.map((p) => p.name).sort(russian)[0],
      calc_type: (c) => c.calc_type.name,
      format: (c) => c.format.name_full,
    };
    expect(Object.keys(firstName).sort()).toEqual([...CALC_SORT_KEYS].sort());
    for (const key of CALC_SORT_KEYS) {
      for (const desc of [false, true]) {
        const rows = await list(`sort=${desc ? '-' : ''}${key}`);
        const values = rows.map(firstName[key]);
        const present = values.filter((v) => v !== undefined);
        // Empty lists come last whichever the direction.
        expect(
          values.slice(present.length).every((v) => v === undefined),
          key,
        ).toBe(true);
        const compare = (a: string | number | undefined, b: string | number | undefined) =>
          typeof a === 'number' ? a - (b as number) : russian(String(a), String(b));
        for (let i = 1; i < present.length; i += 1) {
          const order = compare(present[i - 1], present[i]);
          expect(desc ? order >= 0 : order <= 0, `${key} ${desc ? 'desc' : 'asc'} at ${i}`).toBe(true);
        }
      }
    }
  });

  it('refuses an unknown filter or sort with a 400', async () => {
    expect((await call('GET', '/tariff/calc?filter[nope]=1')).statusCode).toBe(400);
    expect((await call('GET', '/tariff/calc?sort=nope')).statusCode).toBe(400);
    expect((await call('GET', '/tariff/calc?filter[calc_type]=x')).statusCode).toBe(400);
  });
});

describe('rules', () => {
  it('lets a viewer read but not create, update or delete (403), and nothing changes', async () => {
    const before = await countCalcs();
    expect((await call('GET', '/tariff/calc', undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/tariff/calc/1', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/tariff/calc', fullForm(), viewer)).statusCode).toBe(403);
    expect((await call('PATCH', '/tariff/calc', { ...fullForm(), id: 2 }, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', '/tariff/calc/3', undefined, viewer)).statusCode).toBe(403);
    expect(await countCalcs()).toBe(before);
    expect((await call('GET', '/tariff/calc', undefined, {})).statusCode).toBe(401);
  });
});

describe('validation', () => {
  it('answers 422 with the shared schema messages on the spec paths, and writes nothing', async () => {
    const before = await countCalcs();
    const bodies: [string, unknown][] = [
      ['empty', {}],
      ['no names', { ...fullForm(), service: { name_ru: ' ', id_1c: '' } }],
      ['no type', { ...fullForm(), calc_type_id: -1 }],
      ['no jobs', { ...fullForm(), calcJob: [] }],
      ['no directions', { ...fullForm(), calc_direction_id: [] }],
      ['no med', { ...fullForm(), calcSourceType: 2, calc_type_id: 2, calcJob: [] }],
      ['no vip', { ...fullForm(), calcSourceType: 3, calc_type_id: 2, calcJob: [] }],
      ['vip not operations', { ...fullForm(), calcSourceType: 3, calcVipService: [1], calcJob: [] }],
      [
        'need change',
        {
          ...fullForm(),
          calcJob: [{ start_job_id: steps, start_param: 2, end_job_id: steps, end_param: 2 }],
        },
      ],
      ['duplicate', { ...fullForm(), calcJob: [fullForm().calcJob[0], fullForm().calcJob[0]] }],
      ['incomplete entry', { ...fullForm(), calcJob: [{ start_job_id: steps }] }],
      ['negative', { ...fullForm(), coeff: -1 }],
    ];
    for (const [name, body] of bodies) {
      const res = await call('POST', '/tariff/calc', body);
      expect(res.statusCode, name).toBe(422);
      const shared = calcCreateSchema.safeParse(body);
      expect(shared.success, name).toBe(false);
      const expected: Record<string, string[]> = {};
      for (const issue of shared.error?.issues ?? []) {
        const path = issue.path.join('.');
        expected[path] = [...(expected[path] ?? []), issue.message];
      }
      expect(res.json().fields, name).toEqual(expected);
    }
    const fields = (await call('POST', '/tariff/calc', {})).json().fields;
    expect(fields['service.name_ru']).toEqual([CALC_MESSAGES.required]);
    expect(fields['service.id_1c']).toEqual([CALC_MESSAGES.required]);
    expect(fields.calc_type_id).toEqual([CALC_MESSAGES.required]);
    const needChange = await call('POST', '/tariff/calc', bodies[8][1]);
    expect(needChange.json().fields['calcJob.0']).toEqual([CALC_MESSAGES.needChange]);
    const duplicate = await call('POST', '/tariff/calc', bodies[9][1]);
    expect(duplicate.json().fields['calcJob.1']).toEqual([CALC_MESSAGES.youTrying]);
    expect(await countCalcs()).toBe(before);
  });

  it('refuses unknown link ids with a 422 on the list field, writing nothing', async () => {
    const before = await countCalcs();
    const [{ n: services }] = await dbh.query<{ n: string }>('select count(*) n from services');
    const cases: [string, object][] = [
      ['calcJob', { calcJob: [{ start_job_id: 99999, start_param: 1, end_job_id: steps, end_param: 2 }] }],
      ['calc_employee_position_id', { calc_employee_position_id: [1, 99999] }],
      ['calc_resource_type_id', { calc_resource_type_id: [99999] }],
      ['calc_resource_id', { calc_resource_id: [99999] }],
      ['format_id', { format_id: 99999 }],
      ['rounding_id', { rounding_id: 99999 }],
    ];
    for (const [field, change] of cases) {
      const res = await call('POST', '/tariff/calc', {
        ...fullForm(),
        service: { ...fullForm().service, id_1c: 'NEW-1C' },
        ...change,
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().fields, field).toEqual({ [field]: [CALC_MESSAGES.unknownIds] });
    }
    const med = await call('POST', '/tariff/calc', {
      ...fullForm(),
      calcSourceType: 2,
      calc_type_id: 2,
      calcJob: [],
      calcMedService: [99999],
    });
    expect(med.json().fields).toEqual({ calcMedService: [CALC_MESSAGES.unknownIds] });
    const patch = await call('PATCH', '/tariff/calc', { ...fullForm(), id: 1, calc_resource_id: [99999] });
    expect(patch.statusCode).toBe(422);
    expect(await countCalcs()).toBe(before);
    // The service of a refused calc is not created either: the whole request is one transaction.
    expect((await dbh.query<{ n: string }>('select count(*) n from services'))[0].n).toBe(services);
    expect((await call('GET', '/tariff/calc/1')).json().calcResource).toEqual([]);
  });

  it('refuses an indicator of another job', async () => {
    const res = await call('POST', '/tariff/calc', {
      ...fullForm(),
      calc_type_id: 3,
      calcJob: [{ start_job_id: steps, job_indicator_id: passengers }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ 'calcJob.0.job_indicator_id': [CALC_MESSAGES.indicatorOfOtherJob] });
  });
});

describe('delete', () => {
  it('refuses a calc that has billing charges with a 409 in Russian, deleting nothing', async () => {
    const [{ calc_id: calcId, n }] = await dbh.query<{ calc_id: number; n: string }>(
      'select calc_id, count(*) n from tariff_calc_charges group by calc_id order by calc_id limit 1',
    );
    const res = await call('DELETE', `/tariff/calc/${calcId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CALC_MESSAGES.deleteReferenced(Number(n)));
    expect(res.json().message).toMatch(/^Расчёт нельзя удалить: по нему есть \d+ начислени/);
    expect((await call('GET', `/tariff/calc/${calcId}`)).statusCode).toBe(200);
    const [{ jobs }] = await dbh.query<{ jobs: string }>(
      'select count(*) jobs from tariff_calc_jobs where calc_id = $1',
      [calcId],
    );
    expect(Number(jobs)).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown calc', async () => {
    expect((await call('DELETE', '/tariff/calc/99999')).statusCode).toBe(404);
  });
});

describe('evaluation on a demo turnaround', () => {
  /** A finished turnaround (both legs) whose arrival had the steps brought, with fact times. */
  async function turnaround() {
    const [row] = await dbh.query<{ aid: number; arr: number; dep: number }>(
      `select t.aid, t.arrival_flight_id arr, t.departure_flight_id dep from turnarounds t
        where exists (select 1 from tasks k where k.flight_id = t.arrival_flight_id and k.job_id = $1 and k.fact_end_at is not null)
          and t.departure_flight_id is not null
        order by t.aid limit 1`,
      [steps],
    );
    return row;
  }
  /** Minutes of the first task of the job on the leg, fact when both fact times are known, else plan; 0 when none. */
  const minutesOf = async (flightId: number, jobId: number) => {
    const rows = await dbh.query<{ m: string }>(
      `select extract(epoch from case when fact_begin_at is null or fact_end_at is null
          then plan_end_at - plan_begin_at else fact_end_at - fact_begin_at end) / 60 m
        from tasks where flight_id = $1 and job_id = $2 order by plan_begin_at limit 1`,
      [flightId, jobId],
    );
    return rows.length ? Number(rows[0].m) : 0;
  };
  const create = async (form: object) => {
    const res = await call('POST', '/tariff/calc', { ...fullForm(), ...form });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };

  it('measures a Duration in fact minutes, then hours rounded up', async () => {
    const { aid, arr, dep } = await turnaround();
    const id = await create({
      calcServiceMapType: [],
      calc_employee_position_id: [],
      calc_resource_type_id: [],
      calc_resource_id: [],
      format_id: 1,
      rounding_id: 1,
      is_using_plan_time: false,
      group_type: 1,
      coeff: null,
      minimum_amount: null,
      calcJob: [{ start_job_id: steps, start_param: 1, end_job_id: steps, end_param: 2 }],
    });
    const res = await call('GET', `/tariff/calc/${id}/evaluate?flight_aid=${aid}`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    // The steps' fact minutes on each leg, read straight from the tasks.
    const expected = (await minutesOf(arr, steps)) + (await minutesOf(dep, steps));
    expect(result.raw).toBeCloseTo(expected, 6);
    expect(result.result).toBeCloseTo(expected, 6);
    expect(expected).toBeGreaterThan(0);
    expect(result.arrival.id).toBe(arr);
    expect(result.departure.id).toBe(dep);
    // Hours rounded up, then × 1.25, then one place: e.g. 24 min → 0.4 h → 1 → 1.25 → 1.3.
    await call('PATCH', '/tariff/calc', {
      ...fullForm(),
      id,
      calcServiceMapType: [],
      calc_employee_position_id: [],
      calc_resource_type_id: [],
      calc_resource_id: [],
      format_id: 2,
      rounding_id: 2,
      accuracy: 1,
      coeff: 1.25,
      minimum_amount: null,
      group_type: 1,
      is_rounding_first: true,
      is_accuracy_first: false,
      is_using_plan_time: false,
      calcJob: [{ start_job_id: steps, start_param: 1, end_job_id: steps, end_param: 2 }],
    });
    const hours = (await call('GET', `/tariff/calc/${id}/evaluate?flight_aid=${aid}`)).json();
    const rounded = Math.ceil(expected / 60);
    expect(hours.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'raw',
      'units',
      'rounding',
      'coeff',
      'accuracy',
    ]);
    expect(hours.result).toBeCloseTo(Math.round(rounded * 1.25 * 10) / 10, 6);
  });

  it('counts Operations: the bussing and steps tasks of the turnaround', async () => {
    const { aid, arr, dep } = await turnaround();
    const id = await create({
      calcServiceMapType: [],
      calc_employee_position_id: [],
      calc_resource_type_id: [],
      calc_resource_id: [],
      calc_type_id: 2,
      format_id: 3,
      rounding_id: 1,
      coeff: 2,
      minimum_amount: null,
      group_type: 1,
      calcJob: [{ start_job_id: steps }, { start_job_id: bus }],
    });
    const [{ n }] = await dbh.query<{ n: string }>(
      'select count(*) n from tasks where flight_id in ($1, $2) and job_id in ($3, $4)',
      [arr, dep, steps, bus],
    );
    const result = (await call('GET', `/tariff/calc/${id}/evaluate?flight_aid=${aid}`)).json();
    expect(result.raw).toBe(Number(n));
    expect(result.result).toBe(Number(n) * 2);
    expect(result.tasks).toHaveLength(Number(n));
  });

  it('reads Indicators from the flight: passengers of the departure where check-in was done', async () => {
    const [row] = await dbh.query<{ aid: number; passengers: number }>(
      `select t.aid, f.passengers from turnarounds t join flights f on f.id = t.departure_flight_id
        where exists (select 1 from tasks k where k.flight_id = f.id and k.job_id = $1) order by t.aid limit 1`,
      [meet],
    );
    const id = await create({
      calcServiceMapType: [],
      calc_employee_position_id: [],
      calc_resource_type_id: [],
      calc_resource_id: [],
      calc_type_id: 3,
      format_id: 4,
      rounding_id: 1,
      coeff: null,
      minimum_amount: 10_000,
      group_type: 1,
      calcJob: [{ start_job_id: meet, job_indicator_id: passengers }],
    });
    const result = (await call('GET', `/tariff/calc/${id}/evaluate?flight_aid=${row.aid}`)).json();
    expect(result.raw).toBe(row.passengers);
    // Below the minimum of 10,000: raised to it.
    expect(result.result).toBe(row.passengers > 0 ? 10_000 : 0);
    expect(result.steps.at(-1).kind).toBe(row.passengers > 0 ? 'minimum' : 'raw');
  });

  it('answers 404 for an unknown turnaround and 400 without one', async () => {
    expect((await call('GET', '/tariff/calc/1/evaluate?flight_aid=999999')).statusCode).toBe(404);
    expect((await call('GET', '/tariff/calc/1/evaluate')).statusCode).toBe(400);
  });
});
