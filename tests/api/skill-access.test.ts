/** Skill access over HTTP (spec 7): each call, its rules (403), bad input (422, nothing written). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { skillAccesses } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import {
  SKILL_ACCESS_MESSAGES,
  type SkillAccessItem,
  type SkillAccessTab,
  TAB_PATH,
  TARGET_KEY,
} from '../../src/shared/skill-access.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  tokens.index = bearer(await loginHolding(app, 'only-skill-access-index', ['skill-access-index']));
  tokens.update = bearer(await loginHolding(app, 'only-skill-access-update', ['skill-access-update']));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, as = 'admin', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });
const stored = async () => (await db.db.select({ n: count() }).from(skillAccesses))[0].n;
const UPDATE = '/v2/skill-access/update-access';

/** A link as the wire has it: the tab's item under the tab's key (spec 3). */
type Link = Record<string, number>;
const key = (link: Link, target: string) => `${link.skill_id}:${link[target]}`;

describe('the reads', () => {
  it('answers the skills and the items of every tab', async () => {
    const skills = (await call('GET', '/v2/skill-access/skill', 'index')).json() as SkillAccessItem[];
    expect(skills.map((s) => s.name)).toContain('Допуск на перрон');
    for (const path of ['/v2/resource-type', '/v2/resource', '/v2/aircraft-type']) {
      const res = await call('GET', path, 'index');
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeGreaterThan(0);
    }
  });

  it("answers the demo links of each tab as {id, skill_id} and the spec's key of the tab, no target_id", async () => {
    const expected = {
      job: 'job_id',
      'resource-type': 'resource_type_id',
      resource: 'resource_id',
      'aircraft-type': 'aircraft_type_id',
    };
    for (const [path, target] of Object.entries(expected)) {
      const res = await call('GET', `/v2/skill-access/${path}`, 'index');
      expect(res.statusCode).toBe(200);
      const links = res.json() as Link[];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(Object.keys(link).sort()).toEqual(['id', target, 'skill_id'].sort());
        expect(link[target]).toBeGreaterThan(0);
      }
    }
  });

  it('refuses a user without skill-access-index (403)', async () => {
    for (const as of ['viewer', 'update'])
      for (const path of ['/v2/skill-access/skill', '/v2/skill-access/job', '/v2/aircraft-type'])
        expect((await call('GET', path, as)).statusCode).toBe(403);
  });
});

describe('POST /v2/skill-access/update-access', () => {
  it("adds and removes links of one tab in one call under the tab's key and answers the tab", async () => {
    const [first] = (await call('GET', '/v2/skill-access/aircraft-type')).json() as Link[];
    const skills = (await call('GET', '/v2/skill-access/skill')).json() as SkillAccessItem[];
    const types = (await call('GET', '/v2/aircraft-type')).json() as SkillAccessItem[];
    const skill = skills.find((s) => s.name === 'Английский язык');
    const fresh = { skill_id: skill?.id ?? 0, aircraft_type_id: types[0].id };
    const res = await call('POST', UPDATE, 'admin', {
      tab: 'aircraftTypes',
      add: [fresh],
      remove: [{ skill_id: first.skill_id, aircraft_type_id: first.aircraft_type_id }],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Link[];
    expect(answer.every((l) => 'aircraft_type_id' in l && !('target_id' in l))).toBe(true);
    const keys = answer.map((l) => key(l, 'aircraft_type_id'));
    expect(keys).toContain(key(fresh, 'aircraft_type_id'));
    expect(keys).not.toContain(key(first, 'aircraft_type_id'));
    const again = (await call('GET', '/v2/skill-access/aircraft-type')).json() as Link[];
    expect(again.map((l) => key(l, 'aircraft_type_id'))).toEqual(keys);
  });

  it("saves every tab by its own key and answers that tab's links", async () => {
    const [skill] = (await call('GET', '/v2/skill-access/skill')).json() as SkillAccessItem[];
    for (const tab of Object.keys(TARGET_KEY) as SkillAccessTab[]) {
      const target = TARGET_KEY[tab];
      const path = TAB_PATH[tab];
      const items = (await call('GET', `/v2/${path}`)).json() as SkillAccessItem[];
      const linked = new Set(
        ((await call('GET', `/v2/skill-access/${path}`)).json() as Link[]).map((l) => key(l, target)),
      );
      const item = items.find((i) => !linked.has(`${skill.id}:${i.id}`));
      const pair = { skill_id: skill.id, [target]: item?.id ?? 0 };
      const res = await call('POST', UPDATE, 'admin', { tab, add: [pair] });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Link[]).map((l) => key(l, target))).toContain(key(pair, target));
    }
  });

  it('changes nothing when a stored link is added again or an absent one removed', async () => {
    const [link] = (await call('GET', '/v2/skill-access/job')).json() as Link[];
    const before = await stored();
    const res = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: link.skill_id, job_id: link.job_id }],
    });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toBe(before);
  });

  it('refuses a user without skill-access-update (403) and writes nothing', async () => {
    const before = await stored();
    for (const as of ['viewer', 'index']) {
      const res = await call('POST', UPDATE, as, { tab: 'jobs', add: [{ skill_id: 1, job_id: 1 }] });
      expect(res.statusCode).toBe(403);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses unknown skills and items with fields by path (422) and writes nothing', async () => {
    const [link] = (await call('GET', '/v2/skill-access/resource')).json() as Link[];
    const before = await stored();
    const res = await call('POST', UPDATE, 'update', {
      tab: 'resources',
      add: [{ skill_id: 1, resource_id: 999_999 }],
      remove: [
        { skill_id: link.skill_id, resource_id: link.resource_id },
        { skill_id: 999_998, resource_id: 1 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      'add.0.resource_id': [SKILL_ACCESS_MESSAGES.unknownTarget(999_999)],
      'remove.1.skill_id': [SKILL_ACCESS_MESSAGES.unknownSkill(999_998)],
    });
    expect(await stored()).toBe(before);
  });

  it("refuses the generic target_id and another tab's key (422, Russian, on the field) and writes nothing", async () => {
    const [link] = (await call('GET', '/v2/skill-access/job')).json() as Link[];
    const before = await stored();
    const old = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      remove: [{ skill_id: link.skill_id, target_id: link.job_id }],
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toMatch(/[а-яё]/i);
    const fields = old.json().fields as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual(['remove.0', 'remove.0.job_id']);
    expect(fields['remove.0.job_id'][0]).toMatch(/[а-яё]/i);
    expect(fields['remove.0']).toEqual([SKILL_ACCESS_MESSAGES.otherKey('jobs', ['target_id'])]);
    const other = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: link.skill_id, job_id: link.job_id, resource_id: 1 }],
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual({
      'add.0': [SKILL_ACCESS_MESSAGES.otherKey('jobs', ['resource_id'])],
    });
    expect(await stored()).toBe(before);
  });

  it('refuses a malformed body (422): unknown tab, empty lists, a pair twice', async () => {
    const before = await stored();
    const bad = await call('POST', UPDATE, 'admin', { tab: 'planes', add: [{ skill_id: 1, job_id: 1 }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ tab: [SKILL_ACCESS_MESSAGES.unknownTab] });
    const empty = await call('POST', UPDATE, 'admin', { tab: 'jobs' });
    expect(empty.json().fields).toEqual({ add: [SKILL_ACCESS_MESSAGES.empty] });
    const twice = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: 1, job_id: 1 }],
      remove: [{ skill_id: 1, job_id: 1 }],
    });
    expect(twice.json().fields).toEqual({ 'remove.0.job_id': [SKILL_ACCESS_MESSAGES.duplicate] });
    expect(await stored()).toBe(before);
  });
});
