import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import { RULE_NAMES } from '../../shared/rules.ts';
import type { DbHandle } from '../db/client.ts';
import { syncCatalogue } from './catalogue.ts';

let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
  await syncCatalogue(db);
});
afterAll(() => db.close());

const auditRows = async () =>
  Number(
    (
      await db.query<{ n: string }>(
        "select count(*)::text as n from audit_log where entity in ('rules', 'roles', 'role_rules')",
      )
    )[0].n,
  );
const rulesOf = async (role: string) =>
  (
    await db.query<{ rule_name: string }>(
      'select rule_name from role_rules join roles on roles.id = role_id where roles.name = $1 order by rule_name',
      [role],
    )
  ).map((row) => row.rule_name);

describe('syncCatalogue', () => {
  it('writes nothing, and so audits nothing, when the catalogue is already in place', async () => {
    const before = await auditRows();
    await syncCatalogue(db);
    expect(await auditRows()).toBe(before);
  });

  it('puts back exactly the built-in rules of a role whose rules were changed by hand', async () => {
    const expected = await rulesOf('planner');
    expect(expected).toContain('calc-index');
    await db.query(
      "delete from role_rules where rule_name = 'calc-index' and role_id = (select id from roles where name = 'planner')",
    );
    await db.query(
      "insert into role_rules (role_id, rule_name) select id, 'tariff-calc-create' from roles where name = 'planner'",
    );
    await db.query("update rules set title = 'changed' where name = 'calc-index'");
    await syncCatalogue(db);
    expect(await rulesOf('planner')).toEqual(expected);
    expect(await rulesOf('admin')).toHaveLength(RULE_NAMES.length);
    const [title] = await db.query<{ title: string }>("select title from rules where name = 'calc-index'");
    expect(title.title).not.toBe('changed');
  });
});
