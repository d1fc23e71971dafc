/**
 * The postal statements screen (spec 4, "Postal statements"): the patterns as editable drafts, each with a type,
 * departments and excluded positions. A new pattern gets type 2 (spec 9); removing one drops it from the set.
 * Choosing departments reloads the positions the exclusion pickers offer (those of every chosen department) and
 * drops exclusions whose department is no longer chosen. Saving sends the whole set, each stored pattern with the
 * version it was read at and the dropped ones as `removed`, so a save over another user's change is refused (409)
 * with the drafts kept: the `saving` flag is on while it runs, then the machine rests in `saveSuccess` until the
 * next edit, holding the answer's patterns (their new versions); a refusal keeps the server's field errors.
 */
import { and, assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import {
  loadDepartmentPositions,
  loadPatternScreen,
  type PatternChoice,
  type PatternScreenData,
  savePatterns,
} from '../app/postal-statements/api.ts';
import {
  DEFAULT_PATTERN_TYPE,
  type Pattern,
  type PatternSave,
  type PatternType,
} from '../shared/postal-statements.ts';
import { sentVersion } from '../shared/rowVersion.ts';

/** A pattern as the screen edits it; `key` tells drafts apart before a new one has an id. */
export interface PatternDraft {
  key: string;
  id?: number;
  /** The stored pattern's version read (absent for a new draft). */
  version?: string;
  pattern_type_id: number;
  department_ids: number[];
  excluded_position_ids: number[];
}

/** A stored pattern as the screen read it: what a save must not overwrite unseen. */
interface ReadPattern {
  id: number;
  version: string;
}

export interface PostalStatementsContext {
  drafts: PatternDraft[];
  /** The stored patterns as last loaded or saved, with their versions. */
  read: ReadPattern[];
  types: PatternType[];
  departments: PatternChoice[];
  /** Positions of every chosen department, with their department. */
  positions: PatternChoice[];
  /** Whether a save is running (spec 4: "a saving flag"). */
  saving: boolean;
  /** Whether a draft differs from what was loaded or saved. */
  dirty: boolean;
  message: string | null;
  /** The refused save's field errors by body path (`patterns.0.department_ids`). */
  fields: Record<string, string[]>;
  /** The counter of new drafts' keys. */
  created: number;
}

export type PostalStatementsEvent =
  | { type: 'PATTERN.ADD' }
  | { type: 'PATTERN.REMOVE'; key: string }
  | { type: 'TYPE.CHANGE'; key: string; typeId: number }
  | { type: 'DEPARTMENTS.CHANGE'; key: string; ids: number[] }
  | { type: 'EXCLUSIONS.CHANGE'; key: string; ids: number[] }
  | { type: 'CHANGES.SAVE' }
  | { type: 'LOAD.RETRY' };

/** Drafts of the stored patterns, keyed by their ids. */
function draftsOf(patterns: readonly Pattern[]): PatternDraft[] {
  return patterns.map((pattern) => ({
    key: `p${pattern.id}`,
    id: pattern.id,
    version: pattern.version,
    pattern_type_id: pattern.pattern_type_id,
    department_ids: pattern.departmentsIds.map((d) => d.id),
    excluded_position_ids: pattern.patternEmpPosExclusions.map((e) => e.employee_position_id),
  }));
}

/** Every department some draft has chosen, each once, ascending. */
function chosenDepartments(drafts: readonly PatternDraft[]): number[] {
  return [...new Set(drafts.flatMap((draft) => draft.department_ids))].sort((a, b) => a - b);
}

/** The positions a draft's exclusion picker offers: those of its departments. */
export function positionsFor(context: PostalStatementsContext, draft: PatternDraft): PatternChoice[] {
  const chosen = new Set(draft.department_ids);
  return context.positions.filter((p) => p.department_id !== undefined && chosen.has(p.department_id));
}

/** The stored patterns read, with their versions. */
const readOf = (patterns: readonly Pattern[]): ReadPattern[] =>
  patterns.map(({ id, version }) => ({ id, version }));

/**
 * The body of `POST /v2/pattern`: the drafts in screen order, each stored one with its version, and as `removed`
 * the patterns read that no draft keeps.
 */
export function saveBody(drafts: readonly PatternDraft[], read: readonly ReadPattern[]): PatternSave {
  const kept = new Set(drafts.map((draft) => draft.id));
  return {
    patterns: drafts.map(({ id, version, pattern_type_id, department_ids, excluded_position_ids }) => ({
      ...(id === undefined ? {} : { id }),
      ...sentVersion(version),
      pattern_type_id,
      department_ids,
      excluded_position_ids,
    })),
    removed: read.filter((pattern) => !kept.has(pattern.id)),
  };
}

/** The drafts with one of them changed. */
function edit(drafts: PatternDraft[], key: string, change: (draft: PatternDraft) => PatternDraft) {
  return drafts.map((draft) => (draft.key === key ? change(draft) : draft));
}

export const postalStatementsMachine = setup({
  types: {
    context: {} as PostalStatementsContext,
    events: {} as PostalStatementsEvent,
  },
  actors: {
    loadScreen: fromPromise<PatternScreenData>(() => loadPatternScreen()),
    loadPositions: fromPromise<PatternChoice[], { departmentIds: number[] }>(({ input }) =>
      loadDepartmentPositions(input.departmentIds),
    ),
    savePatterns: fromPromise<Pattern[], PatternSave>(({ input }) => savePatterns(input)),
  },
  guards: {
    'notSaving?': ({ context }) => !context.saving,
    'departmentsChanged?': ({ context, event }) => {
      assertEvent(event, 'DEPARTMENTS.CHANGE');
      const chosen = chosenDepartments(context.drafts);
      const next = chosenDepartments(
        edit(context.drafts, event.key, (d) => ({ ...d, department_ids: event.ids })),
      );
      return chosen.join(',') !== next.join(',');
    },
  },
  actions: {
    addPattern: assign(({ context }) => ({
      drafts: [
        ...context.drafts,
        {
          key: `new${context.created + 1}`,
          pattern_type_id: DEFAULT_PATTERN_TYPE,
          department_ids: [],
          excluded_position_ids: [],
        },
      ],
      created: context.created + 1,
      dirty: true,
    })),
    removePattern: assign(({ context, event }) => {
      assertEvent(event, 'PATTERN.REMOVE');
      return { drafts: context.drafts.filter((draft) => draft.key !== event.key), dirty: true, fields: {} };
    }),
    changeType: assign(({ context, event }) => {
      assertEvent(event, 'TYPE.CHANGE');
      return {
        drafts: edit(context.drafts, event.key, (d) => ({ ...d, pattern_type_id: event.typeId })),
        dirty: true,
      };
    }),
    changeDepartments: assign(({ context, event }) => {
      assertEvent(event, 'DEPARTMENTS.CHANGE');
      const kept = new Set(event.ids);
      const departmentOf = new Map(context.positions.map((p) => [p.id, p.department_id]));
      return {
        drafts: edit(context.drafts, event.key, (draft) => ({
          ...draft,
          department_ids: event.ids,
          // An exclusion outside the remaining departments would be refused on save.
          excluded_position_ids: draft.excluded_position_ids.filter((id) => {
            const department = departmentOf.get(id);
            return department === undefined || kept.has(department);
          }),
        })),
        dirty: true,
      };
    }),
    changeExclusions: assign(({ context, event }) => {
      assertEvent(event, 'EXCLUSIONS.CHANGE');
      return {
        drafts: edit(context.drafts, event.key, (d) => ({ ...d, excluded_position_ids: event.ids })),
        dirty: true,
      };
    }),
    storeScreen: assign((_, data: PatternScreenData) => ({
      drafts: draftsOf(data.patterns),
      read: readOf(data.patterns),
      types: data.types,
      departments: data.departments,
      dirty: false,
      message: null,
      fields: {},
    })),
    storePositions: assign((_, positions: PatternChoice[]) => ({ positions })),
    startSaving: assign({ saving: true, message: null, fields: {} }),
    stopSaving: assign({ saving: false }),
    storeSaved: assign((_, patterns: Pattern[]) => ({
      drafts: draftsOf(patterns),
      read: readOf(patterns),
      dirty: false,
    })),
    storeError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { message: failure.message, fields: failure.fields };
    }),
  },
}).createMachine({
  id: 'postalStatements',
  context: {
    drafts: [],
    read: [],
    types: [],
    departments: [],
    positions: [],
    saving: false,
    dirty: false,
    message: null,
    fields: {},
    created: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadScreen',
        onDone: { target: 'ready', actions: { type: 'storeScreen', params: ({ event }) => event.output } },
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
      type: 'parallel',
      states: {
        positions: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['positions'],
              invoke: {
                src: 'loadPositions',
                input: ({ context }) => ({ departmentIds: chosenDepartments(context.drafts) }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storePositions', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'storeError',
                    params: ({ event }: { event: ErrorActorEvent }) => event.error,
                  },
                },
              },
            },
            idle: {},
          },
          on: {
            // A newer choice restarts the load, so the older answer never lands.
            'DEPARTMENTS.CHANGE': [
              {
                guard: and(['notSaving?', 'departmentsChanged?']),
                target: '.loading',
                reenter: true,
                actions: 'changeDepartments',
              },
              { guard: 'notSaving?', actions: 'changeDepartments' },
            ],
            'PATTERN.REMOVE': {
              guard: 'notSaving?',
              target: '.loading',
              reenter: true,
              actions: 'removePattern',
            },
          },
        },
        edit: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'PATTERN.ADD': { actions: 'addPattern' },
                'TYPE.CHANGE': { actions: 'changeType' },
                'EXCLUSIONS.CHANGE': { actions: 'changeExclusions' },
                'CHANGES.SAVE': 'saving',
              },
            },
            saving: {
              tags: ['saving'],
              entry: 'startSaving',
              exit: 'stopSaving',
              invoke: {
                src: 'savePatterns',
                input: ({ context }) => saveBody(context.drafts, context.read),
                onDone: {
                  target: 'saveSuccess',
                  actions: { type: 'storeSaved', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'storeError',
                    params: ({ event }: { event: ErrorActorEvent }) => event.error,
                  },
                },
              },
            },
            saveSuccess: {
              tags: ['saveSuccess'],
              on: {
                'PATTERN.ADD': { target: 'idle', actions: 'addPattern' },
                'TYPE.CHANGE': { target: 'idle', actions: 'changeType' },
                'EXCLUSIONS.CHANGE': { target: 'idle', actions: 'changeExclusions' },
                'DEPARTMENTS.CHANGE': 'idle',
                'PATTERN.REMOVE': 'idle',
                'CHANGES.SAVE': 'saving',
              },
            },
          },
        },
      },
    },
  },
});
