/**
 * The task digests of migration 0019 (what `GET /planning/flight` reads instead of the tasks and their link tables):
 * the statement triggers keep each digest equal to the view that defines it through every kind of write, and the
 * grouped rebuild after a bulk load writes the same texts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { openTestDb } from '../support/testApp.ts';

let db: DbHandle;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Digests that differ from the view's text, or tasks without one, or digests without a task. */
async function drift() {
  return rows<{ task_id: number }>(sql`
    select coalesce(d.task_id, s.task_id) task_id from task_digests d
    full join task_digest_source s on s.task_id = d.task_id
    where d.task_id is null or s.task_id is null or d.digest <> s.digest or d.flight_id <> s.flight_id`);
}

async function digestOf(taskId: number) {
  const [row] = await rows<{ digest: string }>(
    sql`select digest from task_digests where task_id = ${taskId}`,
  );
  return row?.digest;
}

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 2, referenceDate: '2026-03-10' });
}, 120_000);

afterAll(async () => {
  await db.close();
});

describe('task digests', () => {
  it('are all written by the demo load, one per task, equal to the view', async () => {
    const [{ tasks, digests }] = await rows<{ tasks: number; digests: number }>(
      sql`select (select count(*)::int from tasks) tasks, (select count(*)::int from task_digests) digests`,
    );
    expect(tasks).toBeGreaterThan(100);
    expect(digests).toBe(tasks);
    expect(await drift()).toEqual([]);
  });

  it('follow a task through new staff, positions, resources, new times, removals and its deletion', async () => {
    const [task] = await rows<{ id: number; flight_id: number }>(
      sql`select id, flight_id from tasks order by id desc limit 1`,
    );
    const before = await digestOf(task.id);
    expect(before?.startsWith(`${task.id},${task.flight_id},`)).toBe(true);

    const [employee] = await rows<{ id: number; position: number }>(sql`
      select e.id, e.employee_position_id position from employees e
      where not exists (select 1 from task_employees te where te.task_id = ${task.id} and te.employee_id = e.id)
      order by e.id limit 1`);
    await db.db.execute(sql`insert into task_employees (task_id, employee_id, employee_position_id)
      values (${task.id}, ${employee.id}, ${employee.position})`);
    expect((await digestOf(task.id))?.split('|')[3].split(',')).toContain(String(employee.id));

    await db.db.execute(sql`update task_positions set count = count + 5 where task_id = ${task.id}`);
    await db.db.execute(sql`insert into task_resources (task_id, resource_type_id)
      select ${task.id}, id from resource_types order by id limit 1`);
    await db.db.execute(
      sql`update tasks set plan_begin_at = plan_begin_at - interval '10 minutes' where id = ${task.id}`,
    );
    expect(await drift()).toEqual([]);
    expect(await digestOf(task.id)).not.toBe(before);

    await db.db.execute(sql`delete from task_employees where task_id = ${task.id}`);
    await db.db.execute(sql`delete from task_resources where task_id = ${task.id}`);
    await db.db.execute(sql`delete from task_positions where task_id = ${task.id}`);
    expect(await digestOf(task.id)).toMatch(/\|\|\|$/);
    expect(await drift()).toEqual([]);

    await db.db.execute(sql`delete from tasks where id = ${task.id}`);
    expect(await digestOf(task.id)).toBeUndefined();
    expect(await drift()).toEqual([]);
  });

  it('follow a bulk write inside a transaction (one statement over many tasks)', async () => {
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`update tasks set plan_end_at = plan_end_at + interval '1 minute'
        where id in (select id from tasks order by id limit 50)`);
      await tx.execute(
        sql`delete from task_employees where task_id in (select id from tasks order by id limit 20)`,
      );
    });
    expect(await drift()).toEqual([]);
  });

  it('are rebuilt by the grouped pass to exactly the texts the view defines', async () => {
    const sample = await rows<{ task_id: number; digest: string }>(
      sql`select task_id, digest from task_digests order by task_id limit 200`,
    );
    await db.db.execute(sql`select rebuild_task_digests()`);
    expect(await drift()).toEqual([]);
    const again = await rows<{ task_id: number; digest: string }>(
      sql`select task_id, digest from task_digests order by task_id limit 200`,
    );
    expect(again).toEqual(sample);
  });
});
