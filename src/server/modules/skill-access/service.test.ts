/** The skill access service without HTTP, on a one-day demo airport (its skills and seeded links). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import {
  linkKey,
  pairOf,
  type SkillAccessTab,
  type SkillLink,
  targetOf,
} from '../../../shared/skill-access.ts';
import type { DbHandle } from '../../db/client.ts';
import { skillAccesses } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { ConflictError, ValidationError } from '../../domain/errors.ts';
import { createSkillAccessService } from './service.ts';

let dbh: DbHandle;
let service: ReturnType<typeof createSkillAccessService>;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createSkillAccessService(dbh);
});
afterAll(() => dbh.close());

const stored = async () => (await dbh.db.select({ n: count() }).from(skillAccesses))[0].n;
const keys = (tab: SkillAccessTab, links: SkillLink[]) => links.map((link) => linkKey(tab, link));

describe('the demo airport', () => {
  it('links the stair-driving skill to self-propelled stairs, type and units', async () => {
    const skill = (await service.skills()).find((s) => s.name === 'Допуск к управлению трапом');
    const types = await service.items('resourceTypes');
    const stairs = types.find((t) => t.name === 'Самоходный трап');
    const links = keys('resourceTypes', await service.links('resourceTypes'));
    expect(links).toContain(`${skill?.id}:${stairs?.id}`);
    expect((await service.links('resources')).some((l) => l.skill_id === skill?.id)).toBe(true);
  });
});

describe('links', () => {
  it("answers each tab's item under the spec's key of the tab, and no target_id", async () => {
    const [job] = await service.links('jobs');
    expect(Object.keys(job)).toEqual(['id', 'skill_id', 'job_id', 'version']);
    const [type] = await service.links('aircraftTypes');
    expect(Object.keys(type)).toEqual(['id', 'skill_id', 'aircraft_type_id', 'version']);
  });
});

describe('update', () => {
  it('adds and removes in one call and answers the tab', async () => {
    const [first] = await service.links('jobs');
    const jobs = await service.items('jobs');
    const linked = new Set(keys('jobs', await service.links('jobs')));
    const free = jobs.find((j) => !linked.has(`${first.skill_id}:${j.id}`));
    const fresh = pairOf('jobs', first.skill_id, free?.id ?? 0);
    const gone = pairOf('jobs', first.skill_id, targetOf('jobs', first));
    const after = keys('jobs', await service.update({ tab: 'jobs', add: [fresh], remove: [gone] }));
    expect(after).toContain(linkKey('jobs', fresh));
    expect(after).not.toContain(linkKey('jobs', gone));
  });

  it('refuses an unknown item under the tab key and leaves the stored links as they were', async () => {
    const before = await stored();
    const [link] = await service.links('aircraftTypes');
    const error = await service
      .update({
        tab: 'aircraftTypes',
        add: [pairOf('aircraftTypes', link.skill_id, 999_999)],
        remove: [link],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields ?? {})).toEqual(['add.0.aircraft_type_id']);
    expect(await stored()).toBe(before);
    expect(keys('aircraftTypes', await service.links('aircraftTypes'))).toContain(
      linkKey('aircraftTypes', link),
    );
  });

  it("refuses a save that waited for another's save of the same skill: the skill row is locked, not only its links", async () => {
    const links = await service.links('resources');
    const skillId = links[0].skill_id;
    const version = links[0].version;
    const linked = new Set(keys('resources', links));
    const [a, b] = (await service.items('resources')).filter((r) => !linked.has(`${skillId}:${r.id}`));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let saved = () => {};
    const wrote = new Promise<void>((resolve) => {
      saved = resolve;
    });
    // The first save writes a new link of the skill and holds its transaction open.
    const first = dbh.db.transaction(async (tx) => {
      await createSkillAccessService({ db: tx, kind: dbh.kind }).update({
        tab: 'resources',
        add: [pairOf('resources', skillId, a.id)],
        remove: [],
        versions: [{ skill_id: skillId, version }],
      });
      saved();
      await held;
    });
    await wrote;
    // The second, with the same version, starts meanwhile: no row of the links it reads is locked (the first
    // only added one), so only the skill's lock makes it wait (on PostgreSQL; PGlite runs one transaction at a time).
    const second = service.update({
      tab: 'resources',
      add: [pairOf('resources', skillId, b.id)],
      remove: [],
      versions: [{ skill_id: skillId, version }],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    await expect(second).rejects.toBeInstanceOf(ConflictError);
    const after = keys('resources', await service.links('resources'));
    expect(after).toContain(`${skillId}:${a.id}`);
    expect(after).not.toContain(`${skillId}:${b.id}`);
  });
});
