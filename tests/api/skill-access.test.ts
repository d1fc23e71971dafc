/** Skill access over HTTP (spec 7): each call, its rules (403), bad input (422, nothing written). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { skillAccesses } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import {
  SKILL_ACCESS_MESSAGES,
  type SkillAccessItem,
  type SkillLink,
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

  it('answers the demo links of each tab with the target of the tab', async () => {
    for (const path of ['job', 'resource-type', 'resource', 'aircraft-type']) {
      const res = await call('GET', `/v2/skill-access/${path}`, 'index');
      expect(res.statusCode).toBe(200);
      const links = res.json() as SkillLink[];
      expect(links.length).toBeGreaterThan(0);
      expect(links.every((l) => l.target_id > 0)).toBe(true);
    }
  });

  it('refuses a user without skill-access-index (403)', async () => {
    for (const as of ['viewer', 'update'])
      for (const path of ['/v2/skill-access/skill', '/v2/skill-access/job', '/v2/aircraft-type'])
        expect((await call('GET', path, as)).statusCode).toBe(403);
  });
});

describe('POST /v2/skill-access/update-access', () => {
  it('adds and removes links of one tab in one call and answers the tab', async () => {
    const [first] = (await call('GET', '/v2/skill-access/aircraft-type')).json() as SkillLink[];
    const skills = (await call('GET', '/v2/skill-access/skill')).json() as SkillAccessItem[];
    const types = (await call('GET', '/v2/aircraft-type')).json() as SkillAccessItem[];
    const skill = skills.find((s) => s.name === 'Английский язык');
    const fresh = { skill_id: skill?.id ?? 0, target_id: types[0].id };
    const res = await call('POST', UPDATE, 'admin', {
      tab: 'aircraftTypes',
      add: [fresh],
      remove: [{ skill_id: first.skill_id, target_id: first.target_id }],
    });
    expect(res.statusCode).toBe(200);
    const keys = (res.json() as SkillLink[]).map((l) => `${l.skill_id}:${l.target_id}`);
    expect(keys).toContain(`${fresh.skill_id}:${fresh.target_id}`);
    expect(keys).not.toContain(`${first.skill_id}:${first.target_id}`);
    const again = (await call('GET', '/v2/skill-access/aircraft-type')).json() as SkillLink[];
    expect(again.map((l) => `${l.skill_id}:${l.target_id}`)).toEqual(keys);
  });

  it('changes nothing when a stored link is added again or an absent one removed', async () => {
    const [link] = (await call('GET', '/v2/skill-access/job')).json() as SkillLink[];
    const before = await stored();
    const res = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: link.skill_id, target_id: link.target_id }],
    });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toBe(before);
  });

  it('refuses a user without skill-access-update (403) and writes nothing', async () => {
    const before = await stored();
    for (const as of ['viewer', 'index']) {
      const res = await call('POST', UPDATE, as, { tab: 'jobs', add: [{ skill_id: 1, target_id: 1 }] });
      expect(res.statusCode).toBe(403);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses unknown skills and items with fields by path (422) and writes nothing', async () => {
    const [link] = (await call('GET', '/v2/skill-access/resource')).json() as SkillLink[];
    const before = await stored();
    const res = await call('POST', UPDATE, 'update', {
      tab: 'resources',
      add: [{ skill_id: 1, target_id: 999_999 }],
      remove: [
        { skill_id: link.skill_id, target_id: link.target_id },
        { skill_id: 999_998, target_id: 1 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      'add.0.target_id': [SKILL_ACCESS_MESSAGES.unknownTarget(999_999)],
      'remove.1.skill_id': [SKILL_ACCESS_MESSAGES.unknownSkill(999_998)],
    });
    expect(await stored()).toBe(before);
  });

  it('refuses a malformed body (422): unknown tab, empty lists, a pair twice', async () => {
    const before = await stored();
    const bad = await call('POST', UPDATE, 'admin', { tab: 'planes', add: [{ skill_id: 1, target_id: 1 }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(['tab']);
    const empty = await call('POST', UPDATE, 'admin', { tab: 'jobs' });
    expect(empty.json().fields).toEqual({ add: [SKILL_ACCESS_MESSAGES.empty] });
    const twice = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: 1, target_id: 1 }],
      remove: [{ skill_id: 1, target_id: 1 }],
    });
    expect(twice.json().fields).toEqual({ 'remove.0.target_id': [SKILL_ACCESS_MESSAGES.duplicate] });
    expect(await stored()).toBe(before);
  });
});
