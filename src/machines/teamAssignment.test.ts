import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { AssignResult } from '../shared/team-planning.ts';
import {
  ASSIGNMENT_ERROR_TITLES,
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

/** The machine on a fake server: `post` decides the answer; posts and refreshes are counted. */
function start(post: (request: TeamAssignmentRequest) => Promise<unknown> = async () => RESULT) {
  const calls = { posts: [] as TeamAssignmentRequest[], refreshes: 0 };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const logic = teamAssignmentMachine.provide({
    actors: {
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

describe('when a drop or a menu choice asks for an assignment', () => {
  it('shows the confirmation with the summary and posts nothing yet', () => {
    const { actor, calls } = start();
    actor.send({ type: 'ASSIGNMENT.ASK', request: ASSIGN, summary: 'SU 1234 → Бригада 1' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('confirming')).toBe(true);
    expect(snapshot.hasTag('posting')).toBe(false);
    expect(snapshot.context.summary).toBe('SU 1234 → Бригада 1');
    expect(calls.posts).toEqual([]);
  });

  it('closes without posting when cancelled', () => {
    const { actor, calls } = start();
    actor.send({ type: 'ASSIGNMENT.ASK', request: ASSIGN, summary: '' });
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
      actor.send({ type: 'ASSIGNMENT.ASK', request, summary: '' });
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
    actor.send({ type: 'ASSIGNMENT.ASK', request: ASSIGN, summary: '' });
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
      actor.send({ type: 'ASSIGNMENT.ASK', request, summary: '' });
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
    actor.send({ type: 'ASSIGNMENT.ASK', request: REASSIGN, summary: '' });
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
