/**
 * Team planning's assign, deassign and reassign (spec 4 "Team planning", 8): a drop or a menu choice asks for
 * confirmation; confirming posts (the `posting` tag is the spec's posting flag); success closes the confirmation and
 * refreshes the board; any failure closes the confirmation and opens the error dialog of the action, whose text is
 * the distinct field messages joined by '. ' (the server's message when it sent no fields).
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import {
  assignTeam,
  deassignTeam,
  reassignTeam,
  type TeamFlightAssign,
  type TeamFlightReassign,
} from '../app/team-planning/api.ts';
import type { AssignResult } from '../shared/team-planning.ts';

/** One of the three writes and its body. */
export type TeamAssignmentRequest =
  | { action: 'assign'; body: TeamFlightAssign }
  | { action: 'deassign'; body: TeamFlightAssign }
  | { action: 'reassign'; body: TeamFlightReassign };
export type TeamAssignmentAction = TeamAssignmentRequest['action'];

/** Spec 8: the title of the error dialog per action. */
export const ASSIGNMENT_ERROR_TITLES: Record<TeamAssignmentAction, string> = {
  assign: 'Назначение на рейс недоступно',
  deassign: 'Снятие с бригады недоступно',
  reassign: 'Переназначение на рейс недоступно',
};

/** The question of the confirmation dialog per action. */
export const ASSIGNMENT_CONFIRM_TITLES: Record<TeamAssignmentAction, string> = {
  assign: 'Назначить бригаду на рейс?',
  deassign: 'Снять бригаду с рейса?',
  reassign: 'Переназначить рейс на другую бригаду?',
};

/**
 * The text of a refusal: the distinct messages of every field in order, joined by '. '; the message when there are
 * none. Example: `{team_id: ['Нет грузчика'], flight_aid: ['Нет грузчика', 'Бригада не на смене']}` →
 * 'Нет грузчика. Бригада не на смене'.
 */
export function refusalText(error: unknown): string {
  const failure = parseApiError(error);
  const messages = [...new Set(Object.values(failure.fields).flat())].filter((text) => text.trim() !== '');
  return messages.length > 0 ? messages.join('. ') : failure.message;
}

export interface TeamAssignmentContext {
  request: TeamAssignmentRequest | null;
  /** What the confirmation says about the flight and the teams (built by the screen). */
  summary: string;
  error: { title: string; text: string } | null;
}

export type TeamAssignmentEvent =
  | { type: 'ASSIGNMENT.ASK'; request: TeamAssignmentRequest; summary: string }
  | { type: 'ASSIGNMENT.CONFIRM' }
  | { type: 'ASSIGNMENT.CANCEL' }
  | { type: 'ERROR.CLOSE' };

/**
 * States: `idle`, `confirming` (tag `confirming`), `posting` (tags `confirming`, `posting`: the dialog stays, its
 * buttons are off), `failed` (tag `failed`: the error dialog). The screen provides `refresh`.
 */
export const teamAssignmentMachine = setup({
  types: { context: {} as TeamAssignmentContext, events: {} as TeamAssignmentEvent },
  actors: {
    post: fromPromise<AssignResult, TeamAssignmentRequest>(({ input }) => {
      if (input.action === 'assign') return assignTeam(input.body);
      if (input.action === 'deassign') return deassignTeam(input.body);
      return reassignTeam(input.body);
    }),
  },
  actions: {
    remember: assign(({ event }) => {
      assertEvent(event, 'ASSIGNMENT.ASK');
      return { request: event.request, summary: event.summary, error: null };
    }),
    forget: assign({ request: null, summary: '' }),
    storeRefusal: assign(({ context, event }) => {
      const error = (event as unknown as ErrorActorEvent).error;
      const action = context.request?.action ?? 'assign';
      return {
        request: null,
        summary: '',
        error: { title: ASSIGNMENT_ERROR_TITLES[action], text: refusalText(error) },
      };
    }),
    clearError: assign({ error: null }),
    /** The screen provides this: it loads the board again. */
    refresh: () => undefined,
  },
}).createMachine({
  id: 'teamAssignment',
  context: { request: null, summary: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'ASSIGNMENT.ASK': { target: 'confirming', actions: 'remember' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'ASSIGNMENT.CONFIRM': { target: 'posting' },
        'ASSIGNMENT.CANCEL': { target: 'idle', actions: 'forget' },
      },
    },
    posting: {
      tags: ['confirming', 'posting'],
      invoke: {
        src: 'post',
        input: ({ context }) => context.request as TeamAssignmentRequest,
        onDone: { target: 'idle', actions: ['forget', 'refresh'] },
        onError: { target: 'failed', actions: 'storeRefusal' },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'ERROR.CLOSE': { target: 'idle', actions: 'clearError' },
        'ASSIGNMENT.ASK': { target: 'confirming', actions: 'remember' },
      },
    },
  },
});
