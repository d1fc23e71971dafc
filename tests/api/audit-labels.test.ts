/**
 * The audit screen's Russian names against the database's own columns: a column or a listed code that an audited
 * table gains without a Russian name fails here, not in front of an auditor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeName, columnLabel } from '../../src/app/audit/labels.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { auditEntityLabel } from '../../src/shared/audit.ts';
import { openTestDb } from '../support/testApp.ts';

let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

/** Codes that are names already: a template's printer language reads `pdf` or `zpl` on the printing screen too. */
const NAMED_AS_STORED = new Set(['pectab_layouts.language']);

/** The audited tables (those the triggers watch: every table not in `audit_skip`) with their columns. */
const auditedColumns = () =>
  db.query<{ entity: string; column: string }>(
    `select c.table_name as entity, c.column_name as "column"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name not in (select entity from audit_skip)
      order by 1, 2`,
  );

describe('the Russian names of the audited tables', () => {
  it('name every table and every column of it, no two columns of a table alike', async () => {
    const columns = await auditedColumns();
    expect(columns.length).toBeGreaterThan(400);
    const tables = [...new Set(columns.map((row) => row.entity))];
    expect(tables.filter((entity) => auditEntityLabel(entity) === entity)).toEqual([]);
    const unnamed = columns.filter((row) => columnLabel(row.entity, row.column) === row.column);
    expect(unnamed.map((row) => `${row.entity}.${row.column}`)).toEqual([]);
    const seen = new Map<string, string>();
    const twins = columns.flatMap((row) => {
      const key = `${row.entity}: ${columnLabel(row.entity, row.column)}`;
      const twin = seen.get(key);
      seen.set(key, row.column);
      return twin ? [`${key} (${twin}, ${row.column})`] : [];
    });
    expect(twins).toEqual([]);
  });

  it('name every code a check constraint of an audited table allows', async () => {
    const checks = await db.query<{ entity: string; definition: string }>(
      `select conrelid::regclass::text as entity, pg_get_constraintdef(oid) as definition
         from pg_constraint
        where contype = 'c' and connamespace = 'public'::regnamespace
          and conrelid::regclass::text not in (select entity from audit_skip)`,
    );
    // 'CHECK ((status = ANY (ARRAY['checked'::text, 'loaded'::text])))' or '(kind = ANY (ARRAY[1, 2]))'.
    const lists = checks.flatMap(({ entity, definition }) =>
      [...definition.matchAll(/\((\w+) = ANY \(ARRAY\[([^\]]+)\]\)\)/g)].map(([, column, values]) => ({
        entity,
        column,
        codes: values.split(',').map((value) => value.trim().replace(/^'(.*)'::text$/, '$1')),
      })),
    );
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const unnamed = lists
      .filter((list) => !NAMED_AS_STORED.has(`${list.entity}.${list.column}`))
      .flatMap((list) =>
        list.codes
          .filter(
            (code) =>
              codeName(list.entity, list.column, /^\d+$/.test(code) ? Number(code) : code) === undefined,
          )
          .map((code) => `${list.entity}.${list.column} = ${code}`),
      );
    expect(unnamed).toEqual([]);
  });
});
