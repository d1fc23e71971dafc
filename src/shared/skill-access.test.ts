import { describe, expect, it } from 'vitest';
import { linkKey, SKILL_ACCESS_MESSAGES, skillAccessUpdateSchema } from './skill-access.ts';

/** The messages of a refused body by path. */
function issues(body: unknown) {
  const result = skillAccessUpdateSchema.safeParse(body);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the update-access body', () => {
  it('accepts the added and removed links of one tab, either list left out', () => {
    expect(skillAccessUpdateSchema.parse({ tab: 'resources', add: [{ skill_id: 1, target_id: 2 }] })).toEqual(
      {
        tab: 'resources',
        add: [{ skill_id: 1, target_id: 2 }],
        remove: [],
      },
    );
  });

  it('refuses a body with nothing to save', () => {
    expect(issues({ tab: 'jobs', add: [], remove: [] })).toEqual({ add: SKILL_ACCESS_MESSAGES.empty });
  });

  it('refuses a pair twice, also across the two lists', () => {
    const pair = { skill_id: 1, target_id: 2 };
    expect(issues({ tab: 'jobs', add: [pair, pair] })).toEqual({
      'add.1.target_id': SKILL_ACCESS_MESSAGES.duplicate,
    });
    expect(issues({ tab: 'jobs', add: [pair], remove: [pair] })).toEqual({
      'remove.0.target_id': SKILL_ACCESS_MESSAGES.duplicate,
    });
  });

  it('refuses an unknown tab and ids that are not positive whole numbers', () => {
    expect(Object.keys(issues({ tab: 'planes', add: [{ skill_id: 0, target_id: 1.5 }] }))).toEqual([
      'tab',
      'add.0.skill_id',
      'add.0.target_id',
    ]);
  });
});

describe('linkKey', () => {
  it('joins skill and item', () => {
    expect(linkKey({ skill_id: 3, target_id: 7 })).toBe('3:7');
  });
});
