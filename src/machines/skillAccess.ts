/**
 * The skill access screen (spec 4, "Skill access"): four tabs, each the links of skills to its items. The user picks
 * a skill and ticks or unticks items of the current tab; the ticks gather as added and removed pairs (unticking a
 * pending addition drops it). Saving sends the tab's pairs with the versions read of their skills' links, stores the
 * answered links (and their new versions) and shows 'Сохранено'; a save refused because another user changed one of
 * those skills' links first (409) keeps the pairs and shows the message. Cancelling drops the pairs and loads the
 * tab afresh (after a 409: the other user's links). Switching tabs loads the tab afresh and drops unsaved pairs
 * too (the body of a save is one tab).
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { loadSkills, loadTabItems, loadTabLinks, saveTabLinks } from '../app/skill-access/api.ts';
import {
  linkKey,
  NO_LINKS_VERSION,
  pairOf,
  type SkillAccessItem,
  type SkillAccessTab,
  type SkillAccessUpdate,
  type SkillLink,
  type SkillLinkPair,
  type SkillVersion,
  tabUpdate,
} from '../shared/skill-access.ts';

export interface SkillAccessContext {
  tab: SkillAccessTab;
  skills: SkillAccessItem[];
  items: SkillAccessItem[];
  /** Stored links of the tab by pair key (`'3:7'`). */
  stored: string[];
  /** The version of each skill's links on the tab as read, by skill id; a skill without links has none here. */
  versions: Record<number, string>;
  skillId: number | null;
  /** Pending pairs of the tab, with its key (`{skill_id, job_id}` on jobs, …), as the save sends them. */
  added: SkillLinkPair[];
  removed: SkillLinkPair[];
  message: string | null;
}

export type SkillAccessEvent =
  | { type: 'TAB.SELECT'; tab: SkillAccessTab }
  | { type: 'SKILL.SELECT'; skillId: number }
  | { type: 'LINK.TOGGLE'; targetId: number }
  | { type: 'CHANGES.SAVE' }
  | { type: 'CHANGES.CANCEL' }
  | { type: 'LOAD.RETRY' };

interface TabData {
  skills: SkillAccessItem[];
  items: SkillAccessItem[];
  links: SkillLink[];
}

/** Whether the skill's link to the item of the current tab is ticked on screen: stored and not removed, or added. */
export function isLinked(context: SkillAccessContext, skillId: number, targetId: number): boolean {
  const key = linkKey(context.tab, pairOf(context.tab, skillId, targetId));
  const pending = (p: SkillLinkPair) => linkKey(context.tab, p) === key;
  if (context.added.some(pending)) return true;
  return context.stored.includes(key) && !context.removed.some(pending);
}

/** The pair toggled: a pending change is dropped, else a stored link is removed or an absent one added. */
function toggled(
  context: SkillAccessContext,
  pair: SkillLinkPair,
): Pick<SkillAccessContext, 'added' | 'removed'> {
  const key = linkKey(context.tab, pair);
  const other = (p: SkillLinkPair) => linkKey(context.tab, p) !== key;
  if (context.added.some((p) => !other(p)))
    return { added: context.added.filter(other), removed: context.removed };
  if (context.removed.some((p) => !other(p)))
    return { added: context.added, removed: context.removed.filter(other) };
  return context.stored.includes(key)
    ? { added: context.added, removed: [...context.removed, pair] }
    : { added: [...context.added, pair], removed: context.removed };
}

/** The links read of a tab: their pair keys, and the version of each skill's links. */
function readLinks(tab: SkillAccessTab, links: readonly SkillLink[]) {
  return {
    stored: links.map((link) => linkKey(tab, link)),
    versions: Object.fromEntries(links.map((link) => [link.skill_id, link.version])),
  };
}

/**
 * The body of the tab's save: its pairs, and the version read of each skill they change (`NO_LINKS_VERSION` for a
 * skill that had no links on the tab), in the order the skills first occur.
 */
export function saveBody(context: SkillAccessContext): SkillAccessUpdate {
  const skillIds = [...new Set([...context.added, ...context.removed].map((pair) => pair.skill_id))];
  const versions: SkillVersion[] = skillIds.map((skillId) => ({
    skill_id: skillId,
    version: context.versions[skillId] ?? NO_LINKS_VERSION,
  }));
  return tabUpdate(context.tab, context.added, context.removed, versions);
}

export const skillAccessMachine = setup({
  types: {
    context: {} as SkillAccessContext,
    events: {} as SkillAccessEvent,
  },
  actors: {
    loadTab: fromPromise<TabData, { tab: SkillAccessTab }>(async ({ input }) => {
      const [skills, items, links] = await Promise.all([
        loadSkills(),
        loadTabItems(input.tab),
        loadTabLinks(input.tab),
      ]);
      return { skills, items, links };
    }),
    saveTab: fromPromise<SkillLink[], SkillAccessUpdate>(({ input }) => saveTabLinks(input)),
  },
  guards: {
    'hasChanges?': ({ context }) => context.added.length + context.removed.length > 0,
    'isSkillChosen?': ({ context }) => context.skillId !== null,
    'isOtherTab?': ({ context, event }) => {
      assertEvent(event, 'TAB.SELECT');
      return event.tab !== context.tab;
    },
  },
  actions: {
    setTab: assign(({ event }) => {
      assertEvent(event, 'TAB.SELECT');
      return { tab: event.tab, added: [], removed: [], message: null };
    }),
    dropChanges: assign({ added: [], removed: [], message: null }),
    setSkill: assign(({ event }) => {
      assertEvent(event, 'SKILL.SELECT');
      return { skillId: event.skillId };
    }),
    toggleLink: assign(({ context, event }) => {
      assertEvent(event, 'LINK.TOGGLE');
      return toggled(context, pairOf(context.tab, context.skillId as number, event.targetId));
    }),
    storeTab: assign(({ context }, data: TabData) => ({
      skills: data.skills,
      items: data.items,
      ...readLinks(context.tab, data.links),
      skillId: context.skillId ?? data.skills[0]?.id ?? null,
      message: null,
    })),
    storeSaved: assign(({ context }, links: SkillLink[]) => ({
      ...readLinks(context.tab, links),
      added: [],
      removed: [],
      message: null,
    })),
    storeError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      // A stale save (409) names the skills another user changed: the screen has no field to show them under.
      const named = failure.status === 409 ? Object.values(failure.fields).flat() : [];
      return { message: [failure.message, ...named].join('. ') };
    }),
  },
}).createMachine({
  id: 'skillAccess',
  context: {
    tab: 'jobs',
    skills: [],
    items: [],
    stored: [],
    versions: {},
    skillId: null,
    added: [],
    removed: [],
    message: null,
  },
  initial: 'loading',
  on: {
    'TAB.SELECT': { guard: 'isOtherTab?', target: '.loading', actions: 'setTab' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadTab',
        input: ({ context }) => ({ tab: context.tab }),
        onDone: { target: 'ready', actions: { type: 'storeTab', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: {
      on: { 'LOAD.RETRY': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'SKILL.SELECT': { actions: 'setSkill' },
      },
      states: {
        idle: {
          on: {
            'LINK.TOGGLE': { guard: 'isSkillChosen?', actions: 'toggleLink' },
            'CHANGES.SAVE': { guard: 'hasChanges?', target: 'saving' },
            'CHANGES.CANCEL': { target: '#skillAccess.loading', actions: 'dropChanges' },
          },
        },
        saving: {
          tags: ['busy'],
          on: { 'TAB.SELECT': {} },
          invoke: {
            src: 'saveTab',
            input: ({ context }) => saveBody(context),
            onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        saved: {
          tags: ['saved'],
          after: { 4000: 'idle' },
          on: {
            'LINK.TOGGLE': { guard: 'isSkillChosen?', target: 'idle', actions: 'toggleLink' },
          },
        },
      },
    },
  },
});
