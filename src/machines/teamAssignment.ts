/**
 * Team planning's assign, deassign and reassign (spec 4 "Team planning", 8): a drop or a menu choice asks for
 * confirmation (assign and reassign first ask the server what they would do: an impossible one opens the error
 * dialog at once, a possible one is confirmed with what it would change); confirming posts (the `posting` tag is the spec's posting flag); success closes the confirmation and
 * refreshes the board; any failure closes the confirmation and opens the error dialog of the action, whose text is
 * the distinct field messages joined by '. ' (the server's message when it sent no fields).
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import {
  type AssignPreview,
  assignTeam,
  deassignTeam,
  previewAssignment,
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

/** 'Уборщик салона ВС' → 'уборщик салона ВС' inside a sentence; an abbreviation ('ВС техник') stays. */
function inText(name: string): string {
  const [first, second] = name;
  if (!first || !second || second !== second.toLowerCase()) return name;
  return first.toLowerCase() + name.slice(1);
}

/**
 * What the confirmation warns of, one line each: the staff rows removed and added, the people the team would lack,
 * then the tasks losing staff or left short. Example: a cleaning task staffed by 4 outsiders and a team of one
 * cleaner → ['Будет снято сотрудников: 4, назначено: 1', 'Не хватит сотрудников: уборщик салона ВС ×3',
 * '«Уборка салона» 08:00–08:40: снято 4, назначено 1, будет 1 из 4'].
 */
export function previewLines(preview: AssignPreview | null): string[] {
  if (!preview?.possible) return [];
  const lines: string[] = [];
  if (preview.removed > 0)
    lines.push(`Будет снято сотрудников: ${preview.removed}, назначено: ${preview.added}`);
  else if (preview.added > 0) lines.push(`Будет назначено сотрудников: ${preview.added}`);
  if (preview.shortage.length > 0)
    lines.push(
      `Не хватит сотрудников: ${preview.shortage.map((s) => `${inText(s.position.name)} ×${s.missing}`).join(', ')}`,
    );
  for (const task of preview.tasks) {
    if (task.removed === 0 && task.staffed >= task.needed) continue;
    const parts = [
      ...(task.removed > 0 ? [`снято ${task.removed}`] : []),
      `назначено ${task.added}`,
      `будет ${task.staffed} из ${task.needed}`,
    ];
    lines.push(`«${task.job}» ${task.begin.slice(11, 16)}–${task.end.slice(11, 16)}: ${parts.join(', ')}`);
  }
  return lines;
}

export interface TeamAssignmentContext {
  request: TeamAssignmentRequest | null;
  /** What the confirmation says about the flight and the teams (built by the screen). */
  summary: string;
  /** The server's dry run of the assign or reassign being confirmed (null for deassign). */
  preview: AssignPreview | null;
  error: { title: string; text: string } | null;
}

export type TeamAssignmentEvent =
  | { type: 'ASSIGNMENT.ASK'; request: TeamAssignmentRequest; summary: string }
  | { type: 'ASSIGNMENT.CONFIRM' }
  | { type: 'ASSIGNMENT.CANCEL' }
  | { type: 'ERROR.CLOSE' };

/**
 * States: `idle`, `checking` (tag `checking`: the dry run of an assign or reassign), `confirming` (tag `confirming`),
 * `posting` (tags `confirming`, `posting`: the dialog stays, its
 * buttons are off), `failed` (tag `failed`: the error dialog). The screen provides `refresh`.
 */
export const teamAssignmentMachine = setup({
  types: { context: {} as TeamAssignmentContext, events: {} as TeamAssignmentEvent },
  actors: {
    preview: fromPromise<AssignPreview, TeamAssignmentRequest>(({ input }) => previewAssignment(input.body)),
    post: fromPromise<AssignResult, TeamAssignmentRequest>(({ input }) => {
      if (input.action === 'assign') return assignTeam(input.body);
      if (input.action === 'deassign') return deassignTeam(input.body);
      return reassignTeam(input.body);
    }),
  },
  actions: {
    remember: assign(({ event }) => {
      assertEvent(event, 'ASSIGNMENT.ASK');
      return { request: event.request, summary: event.summary, preview: null, error: null };
    }),
    storePreview: assign(({ event }) => ({
      preview: (event as unknown as { output: AssignPreview }).output,
    })),
    /** An impossible assignment: the error dialog at once, with the reasons the server gave. */
    storeImpossible: assign(({ context, event }) => {
      const preview = (event as unknown as { output: AssignPreview }).output;
      const action = context.request?.action ?? 'assign';
      return {
        request: null,
        summary: '',
        preview: null,
        error: { title: ASSIGNMENT_ERROR_TITLES[action], text: preview.reasons.join('. ') },
      };
    }),
    forget: assign({ request: null, summary: '', preview: null }),
    storeRefusal: assign(({ context, event }) => {
      const error = (event as unknown as ErrorActorEvent).error;
      const action = context.request?.action ?? 'assign';
      return {
        request: null,
        summary: '',
        preview: null,
        error: { title: ASSIGNMENT_ERROR_TITLES[action], text: refusalText(error) },
      };
    }),
    clearError: assign({ error: null }),
    /** The screen provides this: it loads the board again. */
    refresh: () => undefined,
  },
}).createMachine({
  id: 'teamAssignment',
  context: { request: null, summary: '', preview: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'ASSIGNMENT.ASK': { target: 'asked', actions: 'remember' } },
    },
    /** Deassign is confirmed at once; assign and reassign are checked first. */
    asked: {
      always: [
        { guard: ({ context }) => context.request?.action === 'deassign', target: 'confirming' },
        { target: 'checking' },
      ],
    },
    checking: {
      tags: ['checking'],
      invoke: {
        src: 'preview',
        input: ({ context }) => context.request as TeamAssignmentRequest,
        onDone: [
          { guard: ({ event }) => event.output.possible, target: 'confirming', actions: 'storePreview' },
          { target: 'failed', actions: 'storeImpossible' },
        ],
        onError: { target: 'failed', actions: 'storeRefusal' },
      },
      on: { 'ASSIGNMENT.CANCEL': { target: 'idle', actions: 'forget' } },
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
        'ASSIGNMENT.ASK': { target: 'asked', actions: 'remember' },
      },
    },
  },
});
