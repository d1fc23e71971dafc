/** The skill access service without HTTP, on a one-day demo airport (its skills and seeded links). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { linkKey } from '../../../shared/skill-access.ts';
import type { DbHandle } from '../../db/client.ts';
import { skillAccesses } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { ValidationError } from '../../domain/errors.ts';
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

describe('the demo airport', () => {
  it('links the stair-driving skill to self-propelled stairs, type and units', async () => {
    const skill = (await service.skills()).find((s) => s.name === 'Допуск к управлению трапом');
    const types = await service.items('resourceTypes');
    const stairs = types.find((t) => t.name === 'Самоходный трап');
    const links = (await service.links('resourceTypes')).map(linkKey);
    expect(links).toContain(`${skill?.id}:${stairs?.id}`);
    expect((await service.links('resources')).some((l) => l.skill_id === skill?.id)).toBe(true);
  });
});

describe('update', () => {
  it('adds and removes in one call and answers the tab', async () => {
    const [first] = await service.links('jobs');
    const jobs = await service.items('jobs');
    const free = jobs.find((j) => j.id !== first.target_id);
    const fresh = { skill_id: first.skill_id, target_id: free?.id ?? 0 };
    const after = await service.update({
      tab: 'jobs',
      add: [fresh],
      remove: [{ skill_id: first.skill_id, target_id: first.target_id }],
    });
    expect(after.map(linkKey)).toContain(linkKey(fresh));
    expect(after.map(linkKey)).not.toContain(linkKey(first));
  });

  it('refuses an unknown item and leaves the stored links as they were', async () => {
    const before = await stored();
    const [link] = await service.links('aircraftTypes');
    await expect(
      service.update({
        tab: 'aircraftTypes',
        add: [{ skill_id: link.skill_id, target_id: 999_999 }],
        remove: [{ skill_id: link.skill_id, target_id: link.target_id }],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await stored()).toBe(before);
    expect((await service.links('aircraftTypes')).map(linkKey)).toContain(linkKey(link));
  });
});
