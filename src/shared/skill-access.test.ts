import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  linkKey,
  pairOf,
  SKILL_ACCESS_MESSAGES,
  SKILL_LINK_SCHEMAS,
  type SkillAccessTab,
  skillAccessUpdateSchema,
  TARGET_KEY,
  targetOf,
} from './skill-access.ts';

/** The messages of a refused body by path. */
function issues(body: unknown) {
  const result = skillAccessUpdateSchema.safeParse(body);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const TABS = Object.keys(TARGET_KEY) as SkillAccessTab[];
/** zod's own message for a missing key, in Russian (README, HTTP contract). */
const RUSSIAN = expect.stringMatching(/[а-яё]/i);

describe('the links of a tab', () => {
  it("reads each tab's item under the spec's key of that tab", () => {
    expect(SKILL_LINK_SCHEMAS.jobs.parse({ id: 1, skill_id: 2, job_id: 3, version: '1543' })).toEqual({
      id: 1,
      skill_id: 2,
      job_id: 3,
      version: '1543',
    });
    expect(
      TABS.map((tab) =>
        Object.keys(
          SKILL_LINK_SCHEMAS[tab].parse({ id: 1, skill_id: 2, [TARGET_KEY[tab]]: 3, version: '0' }),
        ),
      ),
    ).toEqual([
      ['id', 'skill_id', 'job_id', 'version'],
      ['id', 'skill_id', 'resource_type_id', 'version'],
      ['id', 'skill_id', 'resource_id', 'version'],
      ['id', 'skill_id', 'aircraft_type_id', 'version'],
    ]);
  });

  it('refuses a link with a generic target_id or with the key of another tab', () => {
    for (const tab of TABS)
      expect(
        SKILL_LINK_SCHEMAS[tab].safeParse({ id: 1, skill_id: 2, target_id: 3, version: '0' }).success,
      ).toBe(false);
    expect(
      SKILL_LINK_SCHEMAS.resources.safeParse({ id: 1, skill_id: 2, resource_type_id: 3, version: '0' })
        .success,
    ).toBe(false);
  });
});

describe('the update-access body', () => {
  it("accepts the added and removed links of one tab under the tab's key, either list left out", () => {
    expect(
      skillAccessUpdateSchema.parse({ tab: 'resources', add: [{ skill_id: 1, resource_id: 2 }] }),
    ).toEqual({
      tab: 'resources',
      add: [{ skill_id: 1, resource_id: 2 }],
      remove: [],
    });
    expect(
      skillAccessUpdateSchema.parse({ tab: 'aircraftTypes', remove: [{ skill_id: 1, aircraft_type_id: 2 }] }),
    ).toEqual({ tab: 'aircraftTypes', add: [], remove: [{ skill_id: 1, aircraft_type_id: 2 }] });
  });

  it('refuses the generic target_id: the tab key is required and the other key named', () => {
    expect(issues({ tab: 'resources', add: [{ skill_id: 1, target_id: 2 }] })).toEqual({
      'add.0.resource_id': RUSSIAN,
      'add.0': SKILL_ACCESS_MESSAGES.otherKey('resources', ['target_id']),
    });
    expect(SKILL_ACCESS_MESSAGES.otherKey('resources', ['target_id'])).toBe(
      'Лишнее поле target_id: связь вкладки «Ресурсы» задаёт resource_id',
    );
  });

  it("refuses another tab's key, also beside the tab's own", () => {
    expect(issues({ tab: 'jobs', remove: [{ skill_id: 1, resource_id: 2 }] })).toEqual({
      'remove.0.job_id': RUSSIAN,
      'remove.0': SKILL_ACCESS_MESSAGES.otherKey('jobs', ['resource_id']),
    });
    expect(issues({ tab: 'jobs', add: [{ skill_id: 1, job_id: 2, aircraft_type_id: 3 }] })).toEqual({
      'add.0': SKILL_ACCESS_MESSAGES.otherKey('jobs', ['aircraft_type_id']),
    });
  });

  it('refuses a body with nothing to save', () => {
    expect(issues({ tab: 'jobs', add: [], remove: [] })).toEqual({ add: SKILL_ACCESS_MESSAGES.empty });
  });

  it("refuses a pair twice, also across the two lists, under the tab's key", () => {
    const pair = { skill_id: 1, resource_type_id: 2 };
    expect(issues({ tab: 'resourceTypes', add: [pair, pair] })).toEqual({
      'add.1.resource_type_id': SKILL_ACCESS_MESSAGES.duplicate,
    });
    expect(issues({ tab: 'resourceTypes', add: [pair], remove: [pair] })).toEqual({
      'remove.0.resource_type_id': SKILL_ACCESS_MESSAGES.duplicate,
    });
  });

  it('refuses an unknown or missing tab on the tab alone', () => {
    expect(issues({ tab: 'planes', add: [{ skill_id: 1, job_id: 1 }] })).toEqual({
      tab: SKILL_ACCESS_MESSAGES.unknownTab,
    });
    expect(Object.keys(issues({ add: [{ skill_id: 1, job_id: 1 }] }))).toEqual(['tab']);
  });

  it('refuses ids that are not positive whole numbers', () => {
    expect(issues({ tab: 'jobs', add: [{ skill_id: 0, job_id: 1.5 }] })).toEqual({
      'add.0.skill_id': MESSAGES.idRange,
      'add.0.job_id': MESSAGES.idRange,
    });
  });
});

describe('pairs and keys', () => {
  it("builds a tab's pair under its key and reads the item back", () => {
    expect(pairOf('jobs', 3, 7)).toEqual({ skill_id: 3, job_id: 7 });
    expect(pairOf('aircraftTypes', 3, 7)).toEqual({ skill_id: 3, aircraft_type_id: 7 });
    expect(targetOf('resources', { skill_id: 3, resource_id: 7 })).toBe(7);
  });

  it('joins skill and item', () => {
    expect(linkKey('jobs', { skill_id: 3, job_id: 7 })).toBe('3:7');
    expect(linkKey('resourceTypes', { skill_id: 3, resource_type_id: 7 })).toBe('3:7');
  });
});
