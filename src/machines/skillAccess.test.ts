import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import {
  NO_LINKS_VERSION,
  SKILL_ACCESS_MESSAGES,
  type SkillAccessTab,
  type SkillAccessUpdate,
  type SkillLink,
} from '../shared/skill-access.ts';
import { isLinked, saveBody, skillAccessMachine } from './skillAccess.ts';

const SKILLS = [
  { id: 1, name: 'Допуск на перрон' },
  { id: 2, name: 'Английский язык' },
];
const ITEMS = [
  { id: 10, name: 'Перронный контроль' },
  { id: 11, name: 'Посадка пассажиров' },
];
/**
 * The stored links each tab's load answers: skill 1 grants item 10, under the tab's key, its links on the tab at
 * version '2712047081'; skill 2 has none there.
 */
const V1 = '2712047081';
const STORED: Record<SkillAccessTab, SkillLink[]> = {
  jobs: [{ id: 100, skill_id: 1, job_id: 10, version: V1 }],
  resourceTypes: [{ id: 101, skill_id: 1, resource_type_id: 10, version: V1 }],
  resources: [{ id: 102, skill_id: 1, resource_id: 10, version: V1 }],
  aircraftTypes: [{ id: 103, skill_id: 1, aircraft_type_id: 10, version: V1 }],
};

/**
 * The screen's machine on fakes: `save` decides how the server answers, `links` what a load answers (by the
 * number of loads before it); loads and saves are recorded.
 */
function start(
  save: (body: SkillAccessUpdate) => Promise<SkillLink[]> = async () => [],
  links: (tab: SkillAccessTab, before: number) => SkillLink[] = (tab) => STORED[tab],
) {
  const calls = { loads: [] as SkillAccessTab[], saves: [] as SkillAccessUpdate[] };
  const logic = skillAccessMachine.provide({
    actors: {
      loadTab: fromPromise(async ({ input }: { input: { tab: SkillAccessTab } }) => {
        calls.loads.push(input.tab);
        return { skills: SKILLS, items: ITEMS, links: links(input.tab, calls.loads.length - 1) };
      }),
      saveTab: fromPromise(async ({ input }: { input: SkillAccessUpdate }) => {
        calls.saves.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(logic).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
const linked = (actor: Actor, skill: number, target: number) =>
  isLinked(actor.getSnapshot().context, skill, target);

describe('when the screen opens', () => {
  it('loads the jobs tab and picks the first skill', async () => {
    const { actor, calls } = start();
    await ready(actor);
    expect(calls.loads).toEqual(['jobs']);
    expect(actor.getSnapshot().context.skillId).toBe(1);
    expect(linked(actor, 1, 10)).toBe(true);
    expect(linked(actor, 1, 11)).toBe(false);
  });

  it('shows the server text when the load fails and loads again on retry', async () => {
    const logic = skillAccessMachine.provide({
      actors: {
        loadTab: fromPromise(
          (): Promise<{ skills: typeof SKILLS; items: typeof ITEMS; links: SkillLink[] }> =>
            Promise.reject(new ApiError('Сервер недоступен', {}, 500)),
        ),
      },
    });
    const actor = createActor(logic).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Сервер недоступен');
    actor.send({ type: 'LOAD.RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });
});

describe('when ticking links on a tab', () => {
  it('adds an absent link and removes a stored one for the chosen skill', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    const { added, removed } = actor.getSnapshot().context;
    expect(added).toEqual([{ skill_id: 1, job_id: 11 }]);
    expect(removed).toEqual([{ skill_id: 1, job_id: 10 }]);
    expect(linked(actor, 1, 11)).toBe(true);
    expect(linked(actor, 1, 10)).toBe(false);
  });

  it('drops a pending change when it is toggled back', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    expect(actor.getSnapshot().context.added).toEqual([]);
    expect(actor.getSnapshot().context.removed).toEqual([]);
  });

  it('links per skill: another skill has its own ticks', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'SKILL.SELECT', skillId: 2 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    expect(actor.getSnapshot().context.added).toEqual([{ skill_id: 2, job_id: 10 }]);
    expect(linked(actor, 1, 10)).toBe(true);
  });

  it('loads the other tab afresh and drops unsaved changes when the tab changes', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'TAB.SELECT', tab: 'aircraftTypes' });
    await ready(actor);
    expect(calls.loads).toEqual(['jobs', 'aircraftTypes']);
    expect(actor.getSnapshot().context.tab).toBe('aircraftTypes');
    expect(actor.getSnapshot().context.added).toEqual([]);
    expect(linked(actor, 1, 10)).toBe(true);
  });

  it("keys the pending pairs by the tab's item key", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'TAB.SELECT', tab: 'resourceTypes' });
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    const { added, removed } = actor.getSnapshot().context;
    expect(added).toEqual([{ skill_id: 1, resource_type_id: 11 }]);
    expect(removed).toEqual([{ skill_id: 1, resource_type_id: 10 }]);
  });
});

describe('when saving', () => {
  it('does nothing without changes', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    expect(calls.saves).toEqual([]);
  });

  it("sends the tab's added and removed links with their skill's version, stores the answer and shows 'Сохранено'", async () => {
    const answer: SkillLink[] = [{ id: 104, skill_id: 1, job_id: 11, version: '901' }];
    const { actor, calls } = start(async () => answer);
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('saved'));
    expect(calls.saves).toEqual([
      {
        tab: 'jobs',
        add: [{ skill_id: 1, job_id: 11 }],
        remove: [{ skill_id: 1, job_id: 10 }],
        versions: [{ skill_id: 1, version: V1 }],
      },
    ]);
    const { context } = actor.getSnapshot();
    expect(context.stored).toEqual(['1:11']);
    expect(context.versions).toEqual({ 1: '901' });
    expect(context.added).toEqual([]);
    expect(context.removed).toEqual([]);
  });

  it('keeps the changes and shows the server text when the save is refused', async () => {
    const { actor } = start(async () => {
      throw new ApiError('Недостаточно прав', {}, 403);
    });
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.context.message !== null);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Недостаточно прав');
    expect(actor.getSnapshot().context.added).toEqual([{ skill_id: 1, job_id: 11 }]);
  });

  it('sends the aircraft-types tab under aircraft_type_id and ticks by the answered links', async () => {
    const answer: SkillLink[] = [{ id: 105, skill_id: 2, aircraft_type_id: 11, version: '902' }];
    const { actor, calls } = start(async () => answer);
    await ready(actor);
    actor.send({ type: 'TAB.SELECT', tab: 'aircraftTypes' });
    await ready(actor);
    actor.send({ type: 'SKILL.SELECT', skillId: 2 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.hasTag('saved'));
    expect(calls.saves).toEqual([
      {
        tab: 'aircraftTypes',
        add: [{ skill_id: 2, aircraft_type_id: 11 }],
        remove: [],
        versions: [{ skill_id: 2, version: NO_LINKS_VERSION }],
      },
    ]);
    expect(linked(actor, 2, 11)).toBe(true);
    expect(linked(actor, 1, 10)).toBe(false);
  });

  it('sends one version per changed skill, and the new versions of the answer with the next save', async () => {
    const answer: SkillLink[] = [
      { id: 100, skill_id: 1, job_id: 10, version: V1 },
      { id: 106, skill_id: 2, job_id: 10, version: '903' },
      { id: 107, skill_id: 2, job_id: 11, version: '903' },
    ];
    const { actor, calls } = start(async () => answer);
    await ready(actor);
    actor.send({ type: 'SKILL.SELECT', skillId: 2 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    expect(saveBody(actor.getSnapshot().context).versions).toEqual([
      { skill_id: 2, version: NO_LINKS_VERSION },
    ]);
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.hasTag('saved'));
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'SKILL.SELECT', skillId: 1 });
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, () => calls.saves.length === 2);
    expect(calls.saves[1]).toEqual({
      tab: 'jobs',
      add: [{ skill_id: 1, job_id: 11 }],
      remove: [{ skill_id: 2, job_id: 11 }],
      versions: [
        { skill_id: 1, version: V1 },
        { skill_id: 2, version: '903' },
      ],
    });
  });

  it('keeps the changes and shows the message naming the skill when another user changed its links first (409)', async () => {
    const refused = new ApiError(
      MESSAGES.staleEdit,
      { 'versions.0.version': [SKILL_ACCESS_MESSAGES.changed('Допуск на перрон')] },
      409,
    );
    const { actor, calls } = start(() => Promise.reject(refused));
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 11 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.message !== null);
    const { context } = actor.getSnapshot();
    expect(context.message).toBe(
      `${MESSAGES.staleEdit}. ${SKILL_ACCESS_MESSAGES.changed('Допуск на перрон')}`,
    );
    expect(context.added).toEqual([{ skill_id: 1, job_id: 11 }]);
    expect(context.stored).toEqual(['1:10']);
    expect(calls.loads).toEqual(['jobs']);
    // Opening the tab again loads what the other user saved, with its versions.
    actor.send({ type: 'TAB.SELECT', tab: 'resources' });
    actor.send({ type: 'TAB.SELECT', tab: 'jobs' });
    await ready(actor);
    expect(actor.getSnapshot().context).toMatchObject({ added: [], message: null, versions: { 1: V1 } });
  });

  it('cancelling after a refused save drops the changes and loads the tab again, with the other user’s links', async () => {
    const refused = new ApiError(MESSAGES.staleEdit, {}, 409);
    const theirs: SkillLink[] = [...STORED.jobs, { id: 104, skill_id: 1, job_id: 11, version: '2712047999' }];
    const { actor, calls } = start(
      () => Promise.reject(refused),
      (tab, before) => (before === 0 ? STORED[tab] : theirs),
    );
    await ready(actor);
    actor.send({ type: 'LINK.TOGGLE', targetId: 10 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.message !== null);
    actor.send({ type: 'CHANGES.CANCEL' });
    await ready(actor);
    expect(calls.loads).toEqual(['jobs', 'jobs']);
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'jobs', added: [], removed: [], message: null });
    expect(linked(actor, 1, 10)).toBe(true);
    expect(linked(actor, 1, 11)).toBe(true);
  });
});
