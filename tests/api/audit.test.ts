/**
 * The audit trail over HTTP: a write is found under its user, filters and paging, 400 on bad filters, 403 without the
 * rule, and the rows a change refers to by their names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { runAsActor } from '../../src/server/db/writeContext.ts';
import type { AuditEntry } from '../../src/shared/audit.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await openTestDb();
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'planner', 'viewer']) {
    tokens[login] = bearer(await loginAs(app, login));
    ids[login] = (await app.inject({ url: '/api/auth/me', headers: tokens[login] })).json().id;
  }
});
afterAll(() => app.close());

const get = (url: string, as = 'admin') => app.inject({ url: `/api${url}`, headers: tokens[as] });
const setMinutes = (value: number, as: string) =>
  app.inject({
    method: 'PATCH',
    url: '/api/v2/config/time-show-unfinished-tasks',
    headers: tokens[as],
    payload: { value },
  });
const CONFIG = 'filter[entity]=app_config&filter[entity_id]=time-show-unfinished-tasks';

describe('GET /api/audit: composite keys', () => {
  it('splits a composite key into its columns and names the rows they point at', async () => {
    const [role] = await db.query<{ id: number; title: string | null; name: string }>(
      `select id, title, name from roles where name = 'tariff'`,
    );
    await db.query(`delete from role_rules where role_id = $1 and rule_name = 'audit-index'`, [role.id]);
    await runAsActor(ids.admin, () =>
      db.query(`insert into role_rules (role_id, rule_name) values ($1, 'audit-index')`, [role.id]),
    );
    const res = await get(`/audit?filter[entity]=role_rules&filter[entity_id]=${role.id},audit-index`);
    const [entry] = res.json() as AuditEntry[];
    expect(entry.key).toEqual({ role_id: String(role.id), rule_name: 'audit-index' });
    // The role as the trail names roles: its title, else its name.
    expect(entry.refs.role_id).toEqual({ [role.id]: role.title || role.name });
    await db.query(`delete from role_rules where role_id = $1 and rule_name = 'audit-index'`, [role.id]);
    // A one-column key (a setting's) is not split.
    expect((await setMinutes(45, 'admin')).statusCode).toBe(200);
    const one = (await get(`/audit?filter[entity]=app_config`)).json() as AuditEntry[];
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((row) => row.key === undefined)).toBe(true);
  });
});

describe('GET /api/audit', () => {
  it('finds a write under the user who made it, with the change, newest first', async () => {
    expect((await setMinutes(40, 'viewer')).statusCode).toBe(200);
    expect((await setMinutes(55, 'planner')).statusCode).toBe(200);
    const res = await get(`/audit?${CONFIG}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as AuditEntry[];
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity: 'app_config',
      entity_id: 'time-show-unfinished-tasks',
      user: { id: ids.planner, login: 'planner' },
    });
    expect((rows[0].change as Record<string, unknown[]>).value?.[1]).toBe(55);
    expect(rows.some((row) => row.user?.id === ids.viewer)).toBe(true);
    expect(rows[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('narrows by user and writes the time in the zone of the request', async () => {
    await setMinutes(41, 'viewer');
    const res = await app.inject({
      url: `/api/audit?${CONFIG}&filter[user_id]=${ids.viewer}`,
      headers: { ...tokens.admin, 'time-zone': 'Asia/Kolkata' },
    });
    const rows = res.json() as AuditEntry[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.user?.id === ids.viewer)).toBe(true);
    expect(rows[0].at.endsWith('+05:30')).toBe(true);
  });

  it('pages with the four pagination headers', async () => {
    const res = await get(`/audit?${CONFIG}&per-page=1&page=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    const total = Number(res.headers['x-pagination-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(res.headers['x-pagination-page-count']).toBe(String(total));
    expect(res.headers['x-pagination-current-page']).toBe('2');
    expect(res.headers['x-pagination-per-page']).toBe('1');
    const perPage = await get(`/audit?per-page=5000`);
    expect(perPage.headers['x-pagination-per-page']).toBe('100');
  });

  it('finds nothing outside the period and everything of today within it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = await get(`/audit?${CONFIG}&filter[from]=2020-01-01&filter[to]=2020-01-31`);
    expect(old.json()).toEqual([]);
    const now = await app.inject({
      url: `/api/audit?${CONFIG}&filter[from]=${today}&filter[to]=${today}`,
      headers: { ...tokens.admin, 'time-zone': 'UTC' },
    });
    expect((now.json() as AuditEntry[]).length).toBeGreaterThan(0);
  });

  it.each([
    ['filter[from]=yesterday', 'filter.from'],
    ['filter[to]=2026-13-45', 'filter.to'],
    ['filter[from]=2026-03-02&filter[to]=2026-02-28', 'filter.to'],
    ['filter[from]=2026-01-01&filter[to]=2026-06-01', 'filter.to'],
    ['filter[user_id]=abc', 'filter.user_id'],
    ['filter[entity]=Robert%27);drop', 'filter.entity'],
    ['filter[nope]=1', 'filter.nope'],
    ['sort=at', 'sort'],
    ['page=0', 'page'],
  ])('refuses %s with 400 on %s', async (query, field) => {
    const res = await get(`/audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('is closed to users without audit-index', async () => {
    for (const url of ['/audit', '/audit/entities', '/audit/users']) {
      expect((await get(url, 'planner')).statusCode).toBe(403);
      expect((await app.inject({ url: `/api${url}` })).statusCode).toBe(401);
    }
  });

  it('does not record reading it', async () => {
    const before = Number((await get('/audit?per-page=1')).headers['x-pagination-total-count']);
    await get('/audit/entities');
    await get('/audit/users');
    const after = Number((await get('/audit?per-page=1')).headers['x-pagination-total-count']);
    expect(after).toBe(before);
  });
});

describe('GET /api/audit/entities and /api/audit/users', () => {
  it('answers the audited tables with Russian names, technical tables left out', async () => {
    const entities = (await get('/audit/entities')).json() as { entity: string; label: string }[];
    expect(entities).toContainEqual({ entity: 'app_config', label: 'Операционные настройки' });
    expect(entities.map((e) => e.entity)).not.toContain('sessions');
  });

  it('answers the users for the filter', async () => {
    const list = (await get('/audit/users')).json() as { id: number; login: string }[];
    expect(list).toContainEqual(expect.objectContaining({ id: ids.planner, login: 'planner' }));
  });
});

describe('the names of the rows a change refers to', () => {
  const id = async (text: string, params: unknown[]) => (await db.query<{ id: number }>(text, params))[0].id;
  const department = (name: string, contractor: number) =>
    id('insert into departments (name, full_name, contractor_id) values ($1, $1, $2) returning id', [
      name,
      contractor,
    ]);
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await app.inject({ method, url: `/api${url}`, headers: tokens.admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers each referenced id and the row itself with its name as of now, a row deleted since as null', async () => {
    const contractor = await id(
      `insert into contractors (name, inn) values ('ООО «Аудит»', '1659999999') returning id`,
      [],
    );
    const first = await department('Аудит-А', contractor);
    const gone = await department('Аудит-В', contractor);
    const last = await department('Аудит-Б', contractor);
    const body = { contractor_id: contractor, is_priority_set: false, is_provide_set: false, coefs: [] };
    const created = await send('POST', '/v2/allocation', { ...body, department_id: first });
    await send('PATCH', `/v2/allocation/${created.id}`, { ...body, department_id: gone });
    await send('PATCH', `/v2/allocation/${created.id}`, { ...body, department_id: last });
    await db.query('delete from departments where id = $1', [gone]);
    await db.query(`update departments set name = 'Аудит-Б (новое имя)' where id = $1`, [last]);

    const res = await get(`/audit?filter[entity]=allocations&filter[entity_id]=${created.id}`);
    const [latest, earlier, insert] = res.json() as AuditEntry[];
    expect(latest.change).toEqual({ department_id: [gone, last] });
    // The allocation itself by its contractor and department as they are now.
    const own = { id: { [created.id]: 'ООО «Аудит» — Аудит-Б (новое имя)' } };
    expect(latest.refs).toEqual({ department_id: { [gone]: null, [last]: 'Аудит-Б (новое имя)' }, ...own });
    expect(earlier.refs).toEqual({ department_id: { [first]: 'Аудит-А', [gone]: null }, ...own });
    expect(insert.action).toBe('insert');
    expect(insert.refs).toEqual({
      contractor_id: { [contractor]: 'ООО «Аудит»' },
      department_id: { [first]: 'Аудит-А' },
      ...own,
    });
  });

  it('answers no names for a change without references', async () => {
    await setMinutes(42, 'planner');
    const [row] = (await get(`/audit?${CONFIG}`)).json() as AuditEntry[];
    expect(row.refs).toEqual({});
  });
});
