/** Skill access over HTTP (spec 7): each call, its rules (403), bad input (422, nothing written). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { skillAccesses } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { MESSAGES, z } from '../../src/shared/messages.ts';
import {
  NO_LINKS_VERSION,
  SKILL_ACCESS_MESSAGES,
  SKILL_LINK_SCHEMAS,
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

/** A link as the wire has it: the tab's item under the tab's key (spec 3), and its skill's version on the tab. */
type Link = Record<string, number> & { version?: string };
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
        expect(Object.keys(link).sort()).toEqual(['id', target, 'skill_id', 'version'].sort());
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

  it("refuses a save over another user's change of a skill's links on the tab (409), not over other skills or tabs", async () => {
    const jobLinks = z.array(SKILL_LINK_SCHEMAS.jobs);
    const readJobs = async () => jobLinks.parse((await call('GET', '/v2/skill-access/job')).json());
    const versionOf = (links: { skill_id: number; version: string }[], skillId: number) =>
      links.find((l) => l.skill_id === skillId)?.version ?? NO_LINKS_VERSION;
    const skills = (await call('GET', '/v2/skill-access/skill')).json() as SkillAccessItem[];
    const jobs = (await call('GET', '/v2/job')).json() as SkillAccessItem[];
    const read = await readJobs();
    const [a, b] = [...new Set(read.map((l) => l.skill_id))];
    const empty = skills.find((s) => !read.some((l) => l.skill_id === s.id)) as SkillAccessItem;
    expect(empty).toBeDefined();
    const nameOf = (id: number) => skills.find((s) => s.id === id)?.name ?? '';
    const freeJob = (skillId: number, links = read) =>
      jobs.find((j) => !links.some((l) => l.skill_id === skillId && l.job_id === j.id))?.id ?? 0;
    // Every link of a skill carries the one version of the skill's links on the tab.
    const va = versionOf(read, a);
    expect(va).toMatch(/^\d+$/);
    expect(read.filter((l) => l.skill_id === a).every((l) => l.version === va)).toBe(true);
    const typesBefore = (await call('GET', '/v2/skill-access/aircraft-type')).json() as Link[];

    // The first user adds a link of skill a with the version read: accepted, the answer carries a's new version.
    const first = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: a, job_id: freeJob(a) }],
      versions: [{ skill_id: a, version: va }],
    });
    expect(first.statusCode).toBe(200);
    const saved = jobLinks.parse(first.json());
    const va2 = versionOf(saved, a);
    expect(va2).not.toBe(va);
    // Other skills of the tab and the other tabs keep their versions.
    expect(saved.filter((l) => l.skill_id !== a)).toEqual(read.filter((l) => l.skill_id !== a));
    expect((await call('GET', '/v2/skill-access/aircraft-type')).json()).toEqual(typesBefore);

    // The second user read a's old version: refused, naming a, and nothing of theirs written (b's change neither).
    const before = await stored();
    const stale = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: b, job_id: freeJob(b) }],
      remove: [{ skill_id: a, job_id: read.find((l) => l.skill_id === a)?.job_id ?? 0 }],
      versions: [
        { skill_id: b, version: versionOf(read, b) },
        { skill_id: a, version: va },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: MESSAGES.staleEdit,
      fields: { 'versions.1.version': [SKILL_ACCESS_MESSAGES.changed(nameOf(a))] },
    });
    expect(await stored()).toBe(before);
    expect(await readJobs()).toEqual(saved);

    // A save of another skill read before a's change is not refused by it.
    const other = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: b, job_id: freeJob(b) }],
      versions: [{ skill_id: b, version: versionOf(read, b) }],
    });
    expect(other.statusCode).toBe(200);
    const afterB = jobLinks.parse(other.json());
    expect(versionOf(afterB, a)).toBe(va2);

    // A removal changes the version too: a save with the version before it is refused.
    const removed = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      remove: [{ skill_id: a, job_id: freeJob(a, read) }],
      versions: [{ skill_id: a, version: va2 }],
    });
    expect(removed.statusCode).toBe(200);
    const va3 = versionOf(jobLinks.parse(removed.json()), a);
    expect(va3).toBe(va);
    const afterRemoval = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [{ skill_id: a, job_id: freeJob(a) }],
      versions: [{ skill_id: a, version: va2 }],
    });
    expect(afterRemoval.statusCode).toBe(409);

    // A skill without links on the tab has NO_LINKS_VERSION: accepted once, refused once another user linked it.
    const linkEmpty = (job: number) =>
      call('POST', UPDATE, 'admin', {
        tab: 'jobs',
        add: [{ skill_id: empty.id, job_id: job }],
        versions: [{ skill_id: empty.id, version: NO_LINKS_VERSION }],
      });
    expect((await linkEmpty(jobs[0].id)).statusCode).toBe(200);
    const late = await linkEmpty(jobs[1].id);
    expect(late.statusCode).toBe(409);
    expect(late.json().fields).toEqual({ 'versions.0.version': [SKILL_ACCESS_MESSAGES.changed(empty.name)] });

    // Two saves of one version sent together: exactly one is accepted.
    const now = await readJobs();
    const both = await Promise.all(
      [jobs[2].id, jobs[3].id].map((job) =>
        call('POST', UPDATE, 'admin', {
          tab: 'jobs',
          remove: [{ skill_id: empty.id, job_id: job }],
          add: [{ skill_id: empty.id, job_id: job === jobs[2].id ? jobs[3].id : jobs[2].id }],
          versions: [{ skill_id: empty.id, version: versionOf(now, empty.id) }],
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);

    // Without versions (the spec's body) nothing is checked.
    const unchecked = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      remove: [{ skill_id: empty.id, job_id: jobs[0].id }],
    });
    expect(unchecked.statusCode).toBe(200);
  });

  it('refuses malformed versions (422): not digits, an unknown skill, a skill twice, and writes nothing', async () => {
    const before = await stored();
    const pair = { skill_id: 1, job_id: 1 };
    const malformed = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [pair],
      versions: [{ skill_id: 1, version: 'v1' }],
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ 'versions.0.version': [MESSAGES.rowVersionFormat] });
    const twice = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [pair],
      versions: [
        { skill_id: 1, version: '1' },
        { skill_id: 1, version: '1' },
      ],
    });
    expect(twice.json().fields).toEqual({ 'versions.1.skill_id': [SKILL_ACCESS_MESSAGES.duplicateVersion] });
    const unknown = await call('POST', UPDATE, 'admin', {
      tab: 'jobs',
      add: [pair],
      versions: [{ skill_id: 999_999, version: '1' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({
      'versions.0.skill_id': [SKILL_ACCESS_MESSAGES.unknownSkill(999_999)],
    });
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
