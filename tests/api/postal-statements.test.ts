/** Postal statements over HTTP (spec 7): each call, its session rule (401), bad input (422, nothing written). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { patternDepartments, patternPositionExclusions, patterns } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { MESSAGES, z } from '../../src/shared/messages.ts';
import {
  PATTERN_MESSAGES,
  type Pattern,
  type PatternType,
  patternSchema,
} from '../../src/shared/postal-statements.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
interface Named {
  id: number;
  name: string;
  department_id?: number;
}
let departments: Named[];
let positions: Named[];

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  departments = (await call('GET', '/v2/department')).json();
  positions = (await call('GET', '/v3/employee-position')).json();
});
afterAll(() => app.close());

function call(method: 'GET' | 'POST', url: string, as = 'admin', payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: tokens[as] ?? {}, payload });
}
const department = (name: string) => departments.find((d) => d.name === name)!;
const positionOf = (departmentId: number) => positions.find((p) => p.department_id === departmentId)!;

/** Rows of the three pattern tables, to prove a refused call wrote nothing. */
async function stored() {
  const n = async (table: typeof patterns | typeof patternDepartments | typeof patternPositionExclusions) =>
    (await db.db.select({ n: count() }).from(table))[0].n;
  return [await n(patterns), await n(patternDepartments), await n(patternPositionExclusions)];
}

describe('the reads', () => {
  it('answers the pattern types and the demo patterns with departments, exclusions and covered positions', async () => {
    const types = (await call('GET', '/v2/pattern-type', 'viewer')).json() as PatternType[];
    expect(types.map((t) => t.id)).toContain(2);
    const res = await call('GET', '/v2/pattern', 'viewer');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Pattern[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    const first = list[0];
    expect(first.departmentsIds.map((d) => d.name).sort()).toEqual(['СНО', 'ССТ']);
    expect(first.patternEmpPosExclusions.map((e) => e.name)).toContain('Бригадир грузчиков');
    const excluded = new Set(first.patternEmpPosExclusions.map((e) => e.employee_position_id));
    expect(first.empPosPatternRelations.length).toBeGreaterThan(0);
    expect(first.empPosPatternRelations.some((r) => excluded.has(r.employee_position_id))).toBe(false);
  });

  it('filters the positions of the picker by the chosen departments', async () => {
    const chosen = department('ПДС').id;
    const res = await call('GET', `/v3/employee-position?filter[department_ids][]=${chosen}`);
    const list = res.json() as Named[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.department_id === chosen)).toBe(true);
  });

  it('refuses a caller without a session (401)', async () => {
    for (const path of ['/v2/pattern', '/v2/pattern-type'])
      expect((await call('GET', path, 'nobody')).statusCode).toBe(401);
  });
});

describe('stale edits of POST /v2/pattern', () => {
  /** A pattern as a body sends it back, with the version read. */
  const sent = (pattern: Pattern) => ({
    id: pattern.id,
    version: pattern.version,
    pattern_type_id: pattern.pattern_type_id,
    department_ids: pattern.departmentsIds.map((d) => d.id),
    excluded_position_ids: pattern.patternEmpPosExclusions.map((e) => e.employee_position_id),
  });
  const read = async () => z.array(patternSchema).parse((await call('GET', '/v2/pattern')).json());
  const flip = (pattern: Pattern) => ({
    ...sent(pattern),
    pattern_type_id: pattern.pattern_type_id === 1 ? 2 : 1,
  });

  it('accepts the versions read, moves those of the changed patterns, and refuses a save over them (409) writing nothing', async () => {
    const mine = await read();
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine[0].version).toMatch(/^\d+$/);
    // The other user changes the first pattern with the versions read: accepted; only its version moves.
    const first = await call('POST', '/v2/pattern', 'viewer', {
      patterns: [flip(mine[0]), ...mine.slice(1).map(sent)],
      removed: [],
    });
    expect(first.statusCode).toBe(200);
    const after = z.array(patternSchema).parse(first.json());
    expect(after[0].version).not.toBe(mine[0].version);
    expect(after.slice(1)).toEqual(mine.slice(1));
    // This user changes the second pattern over the first one's old version: refused, the first one named.
    const before = await stored();
    const stale = await call('POST', '/v2/pattern', 'admin', {
      patterns: [sent(mine[0]), flip(mine[1]), ...mine.slice(2).map(sent)],
      removed: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: MESSAGES.staleEdit,
      fields: { 'patterns.0.id': [PATTERN_MESSAGES.changed] },
    });
    // Removing the changed pattern at its old version is refused too, named under removed.
    const dropped = await call('POST', '/v2/pattern', 'admin', {
      patterns: mine.slice(1).map(sent),
      removed: [{ id: mine[0].id, version: mine[0].version }],
    });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().fields).toEqual({ 'removed.0.id': [PATTERN_MESSAGES.changed] });
    expect(await stored()).toEqual(before);
    expect(await read()).toEqual(after);
    // With the answer's versions the same change passes.
    const again = await call('POST', '/v2/pattern', 'admin', {
      patterns: [sent(after[0]), flip(after[1]), ...after.slice(2).map(sent)],
      removed: [],
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a save that would delete a pattern another user added since (409), unless removed is left out', async () => {
    const mine = await read();
    const pds = department('ПДС').id;
    const added = await call('POST', '/v2/pattern', 'viewer', {
      patterns: [...mine.map(sent), { pattern_type_id: 2, department_ids: [pds], excluded_position_ids: [] }],
      removed: [],
    });
    expect(added.statusCode).toBe(200);
    const before = await stored();
    const stale = await call('POST', '/v2/pattern', 'admin', { patterns: mine.map(sent), removed: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().fields).toEqual({ removed: [PATTERN_MESSAGES.added] });
    expect(await stored()).toEqual(before);
    // Without removed (the spec's body) the patterns left out are not checked, nor without versions the kept ones.
    const unchecked = await call('POST', '/v2/pattern', 'admin', {
      patterns: mine.map((pattern) => {
        const { version: _read, ...body } = sent(pattern);
        return body;
      }),
    });
    expect(unchecked.statusCode).toBe(200);
    expect(await read()).toHaveLength(mine.length);
  });

  it('accepts exactly one of two saves sent together over one version', async () => {
    const mine = await read();
    const body = { patterns: [flip(mine[0]), ...mine.slice(1).map(sent)], removed: [] };
    const both = await Promise.all([0, 1].map(() => call('POST', '/v2/pattern', 'admin', body)));
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a malformed version and a pattern both kept and removed (422), writing nothing', async () => {
    const mine = await read();
    const before = await stored();
    const res = await call('POST', '/v2/pattern', 'admin', {
      patterns: [{ ...sent(mine[0]), version: 'abc' }, sent(mine[1])],
      removed: [
        { id: mine[1].id, version: mine[1].version },
        { id: mine[2].id, version: '-1' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      'patterns.0.version': [MESSAGES.rowVersionFormat],
      'removed.0.id': [PATTERN_MESSAGES.keptAndRemoved],
      'removed.1.version': [MESSAGES.rowVersionFormat],
    });
    expect(await stored()).toEqual(before);
  });
});

describe('POST /v2/pattern', () => {
  it('replaces the whole set: keeps and rewrites a pattern, adds one, drops the others', async () => {
    const [kept] = (await call('GET', '/v2/pattern')).json() as Pattern[];
    const pds = department('ПДС').id;
    const sno = department('СНО').id;
    const excluded = positionOf(pds).id;
    const res = await call('POST', '/v2/pattern', 'viewer', {
      patterns: [
        { id: kept.id, pattern_type_id: 1, department_ids: [sno], excluded_position_ids: [] },
        { pattern_type_id: 2, department_ids: [pds], excluded_position_ids: [excluded] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const again = (await call('GET', '/v2/pattern')).json() as Pattern[];
    expect(again).toEqual(res.json());
    expect(again).toHaveLength(2);
    expect(again[0].id).toBe(kept.id);
    expect(again[0].departmentsIds.map((d) => d.id)).toEqual([sno]);
    expect(again[0].patternEmpPosExclusions).toEqual([]);
    expect(again[1].pattern_type_id).toBe(2);
    expect(again[1].patternEmpPosExclusions.map((e) => e.employee_position_id)).toEqual([excluded]);
    expect(await stored()).toEqual([2, 2, 1]);
  });

  it('refuses unknown ids and a position outside the chosen departments (422) and writes nothing', async () => {
    const before = await stored();
    const pds = department('ПДС').id;
    const foreign = positionOf(department('СНО').id);
    const res = await call('POST', '/v2/pattern', 'admin', {
      patterns: [
        { id: 999_999, pattern_type_id: 2, department_ids: [pds] },
        {
          pattern_type_id: 999,
          department_ids: [pds, 999_998],
          excluded_position_ids: [foreign.id, 999_997],
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      'patterns.0.id': [PATTERN_MESSAGES.unknownPattern(999_999)],
      'patterns.1.pattern_type_id': [PATTERN_MESSAGES.unknownType(999)],
      'patterns.1.department_ids.1': [PATTERN_MESSAGES.unknownDepartment(999_998)],
      'patterns.1.excluded_position_ids.0': [PATTERN_MESSAGES.foreignPosition(foreign.name)],
      'patterns.1.excluded_position_ids.1': [PATTERN_MESSAGES.unknownPosition(999_997)],
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a malformed body (422): no departments, an id twice, a wrong type', async () => {
    const before = await stored();
    const pds = department('ПДС').id;
    const res = await call('POST', '/v2/pattern', 'admin', {
      patterns: [
        { pattern_type_id: 2, department_ids: [] },
        { pattern_type_id: 2, department_ids: [pds, pds] },
        { pattern_type_id: 'два', department_ids: [pds] },
      ],
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().fields;
    expect(fields['patterns.0.department_ids']).toEqual([PATTERN_MESSAGES.noDepartment]);
    expect(fields['patterns.1.department_ids.1']).toEqual([PATTERN_MESSAGES.duplicate]);
    expect(Object.keys(fields)).toContain('patterns.2.pattern_type_id');
    expect((await call('POST', '/v2/pattern', 'admin', {})).statusCode).toBe(422);
    expect(await stored()).toEqual(before);
  });

  it('refuses a caller without a session (401) and writes nothing', async () => {
    const before = await stored();
    const res = await call('POST', '/v2/pattern', 'nobody', { patterns: [] });
    expect(res.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('empties the set when no pattern is sent', async () => {
    const res = await call('POST', '/v2/pattern', 'admin', { patterns: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await stored()).toEqual([0, 0, 0]);
  });
});
