import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { AssignPreview } from '../app/team-planning/api.ts';
import type { AssignResult } from '../shared/team-planning.ts';
import {
  ASSIGNMENT_ERROR_TITLES,
  previewLines,
  refusalText,
  type TeamAssignmentRequest,
  teamAssignmentMachine,
} from './teamAssignment.ts';

const ASSIGN: TeamAssignmentRequest = { action: 'assign', body: { flight_aid: 7, team_id: 3 } };
const DEASSIGN: TeamAssignmentRequest = { action: 'deassign', body: { flight_aid: 7, team_id: 3 } };
const REASSIGN: TeamAssignmentRequest = {
  action: 'reassign',
  body: { flight_aid: 7, from_team_id: 3, to_team_id: 4 },
};
const RESULT: AssignResult = { team_flight_id: 1, tasks: 2, assignments: 2 };
/** The dry run of the reviewer's case: four cleaners outside the team make way for its one cleaner. */
const REPLACING: AssignPreview = {
  possible: true,
  reasons: [],
  removed: 4,
  added: 1,
  shortage: [{ position: { id: 5, name: 'Уборщик салона ВС' }, missing: 3 }],
  tasks: [
    {
      task_id: 138791,
      job: 'Уборка салона',
      begin: '2026-03-10 08:00:00',
      end: '2026-03-10 08:40:00',
      removed: 4,
      added: 1,
      needed: 4,
      staffed: 1,
    },
    {
      task_id: 138792,
      job: 'Вывоз мусора',
      begin: '2026-03-10 08:40:00',
      end: '2026-03-10 08:50:00',
      removed: 0,
      added: 1,
      needed: 1,
      staffed: 1,
    },
  ],
};
const FINE: AssignPreview = { ...REPLACING, removed: 0, added: 2, shortage: [], tasks: [] };

/**
 * The machine on a fake server: `post` decides the write's answer, `preview` the dry run's; posts, previews and
 * refreshes are counted.
 */
function start(
  post: (request: TeamAssignmentRequest) => Promise<unknown> = async () => RESULT,
  preview: (request: TeamAssignmentRequest) => Promise<AssignPreview> = async () => FINE,
) {
  const calls = {
    posts: [] as TeamAssignmentRequest[],
    previews: [] as TeamAssignmentRequest[],
    refreshes: 0,
  };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const logic = teamAssignmentMachine.provide({
    actors: {
      preview: fromPromise(async ({ input }: { input: TeamAssignmentRequest }) => {
        calls.previews.push(input);
        return preview(input);
      }),
      post: fromPromise(async ({ input }: { input: TeamAssignmentRequest }) => {
        calls.posts.push(input);
        await gate;
        return (await post(input)) as AssignResult;
      }),
    },
    actions: { refresh: () => void calls.refreshes++ },
  });
  const actor = createActor(logic).start();
  return { actor, calls, release };
}

/** Asks and waits for the confirmation (assign and reassign pass the dry run first). */
async function ask(actor: ReturnType<typeof start>['actor'], request: TeamAssignmentRequest, summary = '') {
  actor.send({ type: 'ASSIGNMENT.ASK', request, summary });
  await waitFor(actor, (s) => s.hasTag('confirming') || s.hasTag('failed'));
}

describe('when a drop or a menu choice asks for an assignment', () => {
  it('checks it with the server, then shows the confirmation with the summary and posts nothing yet', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'ASSIGNMENT.ASK', request: ASSIGN, summary: 'SU 1234 → Бригада 1' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('confirming'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('confirming')).toBe(true);
    expect(snapshot.hasTag('posting')).toBe(false);
    expect(snapshot.context.summary).toBe('SU 1234 → Бригада 1');
    expect(snapshot.context.preview).toEqual(FINE);
    expect(calls.previews).toEqual([ASSIGN]);
    expect(calls.posts).toEqual([]);
  });

  it('confirms a deassign at once, without a dry run', () => {
    const { actor, calls } = start();
    actor.send({ type: 'ASSIGNMENT.ASK', request: DEASSIGN, summary: '' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(calls.previews).toEqual([]);
  });

  it('refuses an impossible assignment at once, with the reasons, and asks nothing', async () => {
    const { actor, calls } = start(undefined, async () => ({
      ...FINE,
      possible: false,
      reasons: [
        'Бригада не на смене во время рейса (10.03.2026 08:00 – 10.03.2026 09:00)',
        'Нет: грузчик ×4',
      ],
    }));
    await ask(actor, REASSIGN);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('failed')).toBe(true);
    expect(snapshot.hasTag('confirming')).toBe(false);
    expect(snapshot.context.error).toEqual({
      title: 'Переназначение на рейс недоступно',
      text: 'Бригада не на смене во время рейса (10.03.2026 08:00 – 10.03.2026 09:00). Нет: грузчик ×4',
    });
    expect(calls.posts).toEqual([]);
  });

  it('opens the error dialog when the dry run itself fails', async () => {
    const { actor } = start(undefined, async () => {
      throw new ApiError('Недостаточно прав', {}, 403);
    });
    await ask(actor, ASSIGN);
    expect(actor.getSnapshot().context.error).toEqual({
      title: ASSIGNMENT_ERROR_TITLES.assign,
      text: 'Недостаточно прав',
    });
  });

  it('closes without posting when cancelled', async () => {
    const { actor, calls } = start();
    await ask(actor, ASSIGN);
    actor.send({ type: 'ASSIGNMENT.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.request).toBeNull();
    expect(calls.posts).toEqual([]);
  });
});

describe('when the user confirms', () => {
  it.each([ASSIGN, DEASSIGN, REASSIGN])(
    'posts the %o request with the posting flag on, ignoring a cancel meanwhile',
    async (request) => {
      const { actor, calls, release } = start();
      await ask(actor, request);
      actor.send({ type: 'ASSIGNMENT.CONFIRM' });
      expect(actor.getSnapshot().hasTag('posting')).toBe(true);
      actor.send({ type: 'ASSIGNMENT.CANCEL' });
      expect(actor.getSnapshot().hasTag('posting')).toBe(true);
      expect(calls.posts).toEqual([request]);
      release();
      await waitFor(actor, (s) => s.matches('idle'));
    },
  );

  it('closes the confirmation and refreshes the board on success', async () => {
    const { actor, calls, release } = start();
    await ask(actor, ASSIGN);
    actor.send({ type: 'ASSIGNMENT.CONFIRM' });
    release();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.refreshes).toBe(1);
  });
});

describe('when the server refuses', () => {
  const refusal = new ApiError(
    'Назначение невозможно',
    {
      'employeePositionRules.0': ['Нет свободного грузчика'],
      team_id: ['Бригада не на смене в это время', 'Нет свободного грузчика'],
    },
    422,
  );

  it.each([
    [ASSIGN, 'Назначение на рейс недоступно'],
    [DEASSIGN, 'Снятие с бригады недоступно'],
    [REASSIGN, 'Переназначение на рейс недоступно'],
  ] as const)(
    'closes the confirmation and opens the error dialog of %o titled %s',
    async (request, title) => {
      const { actor, calls, release } = start(async () => {
        throw refusal;
      });
      await ask(actor, request);
      actor.send({ type: 'ASSIGNMENT.CONFIRM' });
      release();
      await waitFor(actor, (s) => s.hasTag('failed'));
      const snapshot = actor.getSnapshot();
      expect(snapshot.hasTag('confirming')).toBe(false);
      expect(snapshot.context.error).toEqual({
        title,
        text: 'Нет свободного грузчика. Бригада не на смене в это время',
      });
      expect(calls.refreshes).toBe(0);
    },
  );

  it('shows the server message when the refusal carries no fields, and closes the dialog on request', async () => {
    const { actor, release } = start(async () => {
      throw new ApiError('Недостаточно прав', {}, 403);
    });
    await ask(actor, REASSIGN);
    actor.send({ type: 'ASSIGNMENT.CONFIRM' });
    release();
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.error).toEqual({
      title: ASSIGNMENT_ERROR_TITLES.reassign,
      text: 'Недостаточно прав',
    });
    actor.send({ type: 'ERROR.CLOSE' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('the refusal text', () => {
  it('keeps each distinct message once, in order, without empty ones', () => {
    const error = new ApiError('x', { a: ['Один', ''], b: ['Два', 'Один'] }, 422);
    expect(refusalText(error)).toBe('Один. Два');
  });
});

describe('the warning of the confirmation', () => {
  it('counts the staff removed and added, the people lacking, and names the tasks losing staff or left short', () => {
    expect(previewLines(REPLACING)).toEqual([
      'Будет снято сотрудников: 4, назначено: 1',
      'Не хватит сотрудников: уборщик салона ВС ×3',
      '«Уборка салона» 08:00–08:40: снято 4, назначено 1, будет 1 из 4',
    ]);
  });

  it('only counts what is added when nothing is removed and nothing is short', () => {
    expect(previewLines(FINE)).toEqual(['Будет назначено сотрудников: 2']);
  });

  it('says nothing without a possible dry run', () => {
    expect(previewLines(null)).toEqual([]);
    expect(previewLines({ ...REPLACING, possible: false })).toEqual([]);
  });
});
