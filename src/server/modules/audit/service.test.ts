/** The audit triggers and the trail's reading, without HTTP: who, what and when is recorded, in the writing transaction. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { auditLog, skills, users } from '../../db/schema/index.ts';
import { runAsActor, withoutAudit } from '../../db/writeContext.ts';
import { auditPeriod, createAuditService, isoInZone } from './service.ts';

let dbh: DbHandle;

beforeAll(async () => {
  dbh = await openTestDb();
});
afterAll(() => dbh.close());

/** The trail's rows of one table and key, oldest first. */
const trail = (entity: string, entityId: string) =>
  dbh.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entity} = ${entity} and ${auditLog.entityId} = ${entityId}`)
    .orderBy(auditLog.id);

describe('the audit triggers', () => {
  it('record an insert, an update of only the changed columns and a delete, each with the user of the transaction', async () => {
    const id = await runAsActor(41, () =>
      dbh.db.transaction(async (tx) => {
        const [row] = await tx.insert(skills).values({ name: 'Аудит: вставка' }).returning();
        return row.id;
      }),
    );
    await runAsActor(42, () =>
      dbh.db.transaction((tx) => tx.update(skills).set({ name: 'Аудит: правка' }).where(eq(skills.id, id))),
    );
    await runAsActor(43, () => dbh.db.transaction((tx) => tx.delete(skills).where(eq(skills.id, id))));
    const rows = await trail('skills', String(id));
    expect(rows.map((r) => [r.action, r.userId])).toEqual([
      ['insert', 41],
      ['update', 42],
      ['delete', 43],
    ]);
    expect(rows[0].change).toEqual({ id, name: 'Аудит: вставка' });
    expect(rows[1].change).toEqual({ name: ['Аудит: вставка', 'Аудит: правка'] });
    expect(rows[2].change).toEqual({ id, name: 'Аудит: правка' });
  });

  it('name the user of a write made outside a transaction, which runs in a transaction of its own', async () => {
    // execute(): a query builder runs when awaited, and the await here is outside the context.
    const [row] = await runAsActor(44, () =>
      dbh.db.insert(skills).values({ name: 'Аудит: одиночная запись' }).returning().execute(),
    );
    await runAsActor(45, () =>
      dbh.query('update skills set name = $1 where id = $2', ['Аудит: сырой SQL', row.id]),
    );
    expect((await trail('skills', String(row.id))).map((r) => [r.action, r.userId])).toEqual([
      ['insert', 44],
      ['update', 45],
    ]);
  });

  it('leave no row for a write that is rolled back', async () => {
    const before = (await dbh.query<{ n: number }>('select count(*)::int n from audit_log'))[0].n;
    await expect(
      runAsActor(46, () =>
        dbh.db.transaction(async (tx) => {
          await tx.insert(skills).values({ name: 'Аудит: откат' });
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    const after = (await dbh.query<{ n: number }>('select count(*)::int n from audit_log'))[0].n;
    expect(after).toBe(before);
    expect(await dbh.db.select().from(skills).where(eq(skills.name, 'Аудит: откат'))).toEqual([]);
  });

  it('record a write outside any request as the system (user null)', async () => {
    const [row] = await dbh.db.insert(skills).values({ name: 'Аудит: система' }).returning();
    const rows = await trail('skills', String(row.id));
    expect(rows.map((r) => [r.action, r.userId])).toEqual([['insert', null]]);
  });

  it('record nothing while the audit is off (the demo load), in or outside a transaction', async () => {
    const id = await withoutAudit(async () => {
      const [row] = await dbh.db.insert(skills).values({ name: 'Аудит: выключен' }).returning();
      await dbh.db.transaction((tx) =>
        tx.update(skills).set({ name: 'Аудит: выключен 2' }).where(eq(skills.id, row.id)),
      );
      return row.id;
    });
    expect(await trail('skills', String(id))).toEqual([]);
  });

  it('record an update that changes nothing as no change at all', async () => {
    const [row] = await dbh.db.insert(skills).values({ name: 'Аудит: без изменений' }).returning();
    await runAsActor(47, () =>
      dbh.db.update(skills).set({ name: 'Аудит: без изменений' }).where(eq(skills.id, row.id)).execute(),
    );
    expect((await trail('skills', String(row.id))).map((r) => r.action)).toEqual(['insert']);
  });

  it('record one row per written row of a many-row statement, composite keys joined by a comma', async () => {
    await runAsActor(48, () =>
      dbh.query(
        `insert into role_rules (role_id, rule_name) select r.id, 'audit-index' from roles r where r.name in ('planner', 'tariff')`,
      ),
    );
    const roles = await dbh.query<{ id: number }>(
      `select id from roles where name in ('planner', 'tariff') order by id`,
    );
    for (const role of roles) {
      const rows = await trail('role_rules', `${role.id},audit-index`);
      expect(rows.map((r) => [r.action, r.userId])).toEqual([['insert', 48]]);
    }
  });

  it('read a changed key as the old row deleted and the new one inserted', async () => {
    const [row] = await dbh.db.insert(skills).values({ name: 'Аудит: ключ' }).returning();
    await runAsActor(49, () =>
      dbh.db
        .update(skills)
        .set({ id: row.id + 100_000 })
        .where(eq(skills.id, row.id))
        .execute(),
    );
    expect((await trail('skills', String(row.id))).map((r) => [r.action, r.userId])).toEqual([
      ['insert', null],
      ['delete', 49],
    ]);
    expect((await trail('skills', String(row.id + 100_000))).map((r) => r.action)).toEqual(['insert']);
  });

  it('hide secrets: a password change reads as changed, never as its hashes', async () => {
    const [user] = await dbh.db
      .insert(users)
      .values({ login: 'audit-secret', name: 'Секрет', passwordHash: 'hash-one' })
      .returning();
    await runAsActor(user.id, () =>
      dbh.db.update(users).set({ passwordHash: 'hash-two' }).where(eq(users.id, user.id)).execute(),
    );
    const rows = await trail('users', String(user.id));
    expect((rows[0].change as Record<string, unknown>).password_hash).toBe('***');
    expect(rows[1].change).toEqual({ password_hash: ['***', '***'] });
    expect(JSON.stringify(rows)).not.toContain('hash-one');
  });

  it('keep only the size of a saved schedule’s result, on insert, update and delete, and everything else whole', async () => {
    const result = JSON.stringify({ positions: Array.from({ length: 2000 }, (_, i) => i) });
    const bytes = Number(
      (await dbh.query<{ n: number }>('select octet_length($1::jsonb::text) as n', [result]))[0].n,
    );
    const [calc] = await runAsActor(50, () =>
      dbh.query<{ id: number }>(
        `insert into planning_calcs (name, begin, "end", params, result, solve_ms)
         values ('Аудит: расчёт', '2030-01-01', '2030-01-07', '{"workers": 2}', $1, 5) returning id`,
        [result],
      ),
    );
    await runAsActor(50, () =>
      dbh.query(
        `update planning_calcs set name = 'Аудит: переименован', result = '{"positions": []}' where id = $1`,
        [calc.id],
      ),
    );
    await runAsActor(50, () => dbh.query('delete from planning_calcs where id = $1', [calc.id]));
    const rows = await trail('planning_calcs', String(calc.id));
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update', 'delete']);
    const [inserted, updated, deleted] = rows.map((r) => r.change as Record<string, unknown>);
    expect(inserted).toMatchObject({
      name: 'Аудит: расчёт',
      params: { workers: 2 },
      result: { omitted: bytes },
    });
    expect(updated).toEqual({
      name: ['Аудит: расчёт', 'Аудит: переименован'],
      result: [{ omitted: bytes }, { omitted: '{"positions": []}'.length }],
    });
    expect(deleted.result).toEqual({ omitted: '{"positions": []}'.length });
    expect(JSON.stringify(rows)).not.toContain('1999');
  });

  it('cover every table of the schema but the technical ones of audit_skip, each with a primary key', async () => {
    const tables = await dbh.query<{ name: string; audited: boolean; skipped: boolean; keyed: boolean }>(
      `select c.relname as name,
              exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'audit_insert') as audited,
              exists (select 1 from audit_skip s where s.entity = c.relname) as skipped,
              exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary) as keyed
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const wrong = tables.filter((t) => t.audited === t.skipped || (t.audited && !t.keyed)).map((t) => t.name);
    expect(wrong).toEqual([]);
    const skipped = tables.filter((t) => t.skipped).map((t) => t.name);
    expect(skipped.sort()).toEqual(
      [
        'audit_log',
        'audit_skip',
        'demo_loads',
        'login_failures',
        'mail_outbox',
        'print_files',
        'print_jobs',
        'rush_tag_counters',
        'sessions',
        'task_digests',
      ].sort(),
    );
    expect(tables.find((t) => t.name === 'flights')?.audited).toBe(true);
  });

  it('give a table created by a later migration the triggers when the migrations run again', async () => {
    await dbh.exec('create table audit_probe (id serial primary key, note text)');
    await dbh.migrate();
    await runAsActor(50, () => dbh.query(`insert into audit_probe (note) values ('x')`));
    expect((await trail('audit_probe', '1')).map((r) => r.userId)).toEqual([50]);
    await dbh.exec('drop table audit_probe');
  });
});

describe('the trail service', () => {
  it('answers a page newest first with the user, the offset of the zone and the total', async () => {
    const service = createAuditService(dbh);
    const [row] = await runAsActor(51, () =>
      dbh.db.insert(skills).values({ name: 'Аудит: страница' }).returning().execute(),
    );
    await runAsActor(52, () =>
      dbh.db.update(skills).set({ name: 'Аудит: страница 2' }).where(eq(skills.id, row.id)).execute(),
    );
    const page = await service.list(
      { filters: { entity: 'skills', entity_id: String(row.id) }, sort: null, page: 1, perPage: 1 },
      'Asia/Yekaterinburg',
    );
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      action: 'update',
      entity: 'skills',
      entity_id: String(row.id),
      user: { id: 52, login: '', name: '#52' },
    });
    expect(page.items[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:00$/);
  });

  it('lists the audited tables with Russian names and without the technical ones', async () => {
    const entities = await createAuditService(dbh).entities();
    expect(entities).toContainEqual({ entity: 'flights', label: 'Рейсы' });
    expect(entities.map((e) => e.entity)).not.toContain('sessions');
  });
});

describe('the period of a query', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is the last seven days when the query names none', () => {
    expect(auditPeriod({}, 'UTC', now)).toEqual({ begin: new Date('2026-03-03T12:00:00Z'), end: now });
  });
  it('reads days in the zone, the last day included', () => {
    expect(auditPeriod({ from: '2026-03-01', to: '2026-03-02' }, 'Europe/Moscow', now)).toEqual({
      begin: new Date('2026-02-28T21:00:00Z'),
      end: new Date('2026-03-02T21:00:00Z'),
    });
  });
  it('refuses a reversed period and one longer than 93 days on filter.to', () => {
    expect(() => auditPeriod({ from: '2026-03-02', to: '2026-03-01 00:00:00' }, 'UTC', now)).toThrow(
      'раньше',
    );
    expect(() => auditPeriod({ from: '2026-01-01', to: '2026-04-04' }, 'UTC', now)).toThrow('93');
    expect(() => auditPeriod({ from: '2026-01-01', to: '2026-04-02' }, 'UTC', now)).not.toThrow();
  });
  it('writes instants as ISO 8601 with the offset of the zone', () => {
    expect(isoInZone(new Date('2026-03-01T09:00:00Z'), 'Europe/Moscow')).toBe('2026-03-01T12:00:00+03:00');
    expect(isoInZone(new Date('2026-03-01T09:00:00Z'), 'America/St_Johns')).toBe('2026-03-01T05:30:00-03:30');
  });
});
