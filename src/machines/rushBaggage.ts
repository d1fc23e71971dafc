/**
 * The rush-baggage page of one flight (spec 2 `/flight/view/{id}`, `/baggage/flight/{id}`; spec 3, 4 "Rush baggage"):
 * the flight's bags are listed, the user chooses major bags and opens the rush modal, which fetches the chosen bags
 * afresh (routes and minor pieces), lets the draft be edited, checks it with the shared schema, sends it and shows
 * the new tags. Closing after a rush reloads the list. The flags of spec 4 are tags: `fetching` (list or bags
 * loading), `refresh` (the list reloading after a rush), `created` (the new tags shown); `submitting` while sending.
 */
import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError } from '../app/api/errors.ts';
import { loadBags, loadPage, type PageData, sendRush } from '../app/rush-baggage/api.ts';
import type { Baggage, FlightSearchItem, RushAnswer, RushPayload } from '../shared/rush-baggage.ts';
import {
  addLeg,
  chooseRushFlight,
  type Directory,
  type DraftChoice,
  type DraftField,
  draftErrors,
  initialDraft,
  isDraftChanged,
  type LegField,
  type LegValue,
  type RushDraft,
  removeLeg,
  setLeg,
  togglePiece,
  toPayload,
  withoutErrors,
} from './rushDraft.ts';
import type { SearchOption } from './searchSelect.ts';

export interface RushBaggageContext {
  flightId: number;
  /** Today in the user's zone, 'YYYY-MM-DD': the day the rush flight is first searched on. */
  today: string;
  flight: FlightSearchItem | null;
  bags: Baggage[];
  directory: Directory;
  /** Chosen major bags, by id, in the order chosen. */
  selected: number[];
  /** The list's load failure. */
  loadError: string | null;
  rushBags: Baggage[];
  draft: RushDraft | null;
  /** The draft as the form opened with it: closing asks first once the draft differs. */
  pristine: RushDraft | null;
  errors: FieldErrors;
  /** The modal's failure text (load or send). */
  message: string | null;
  answer: RushAnswer | null;
}

export type RushBaggageEvent =
  | { type: 'BAG.TOGGLE'; id: number }
  | { type: 'BAGS.CLEAR' }
  | { type: 'LOAD.RETRY' }
  | { type: 'BAGS.REFRESH' }
  | { type: 'RUSH.OPEN' }
  | { type: 'RUSH.CLOSE' }
  | { type: 'RUSH.SUBMIT' }
  | { type: 'PIECE.TOGGLE'; tag: string }
  | { type: 'DRAFT.TEXT'; field: DraftField; value: string }
  | { type: 'DRAFT.CHOOSE'; field: DraftChoice; option: SearchOption | null }
  | { type: 'DRAFT.FLIGHT'; option: SearchOption | null }
  | { type: 'LEG.ADD' }
  | { type: 'LEG.REMOVE'; index: number }
  | { type: 'LEG.SET'; index: number; field: LegField; value: LegValue }
  | { type: 'EMAIL.ADD' }
  | { type: 'EMAIL.REMOVE'; index: number }
  | { type: 'EMAIL.SET'; index: number; value: string };

/** The payload path each draft field is sent under, so an edit clears its own error. */
const FIELD_PATH: Record<DraftField | DraftChoice, string> = {
  flightDate: 'flightDate',
  actNumber: 'rushBaggageInfo.act_number',
  claimNumber: 'rushBaggageInfo.claim_number',
  comment: 'rushBaggageInfo.comment',
  airport: 'rushBaggageInfo.airport_id',
  code: 'rushBaggageInfo.rush_baggage_code_id',
};
const LEG_PATH: Record<LegField, string> = {
  airline: 'aviacompany_id',
  airport: 'airport_id',
  flightNumber: 'flight_number',
  date: 'date',
};

/** True while the rush form holds input that closing it would lose (`RushModal` then asks before closing). */
export function hasUnsavedDraft(snapshot: {
  context: RushBaggageContext;
  hasTag: (tag: 'editing') => boolean;
}): boolean {
  const { draft, pristine, rushBags } = snapshot.context;
  return (
    snapshot.hasTag('editing') &&
    draft !== null &&
    pristine !== null &&
    isDraftChanged(draft, pristine, rushBags)
  );
}

/** The draft of a context known to be editing. */
function draftOf(context: RushBaggageContext): RushDraft {
  return context.draft as RushDraft;
}

export const rushBaggageMachine = setup({
  types: {
    context: {} as RushBaggageContext,
    events: {} as RushBaggageEvent,
    input: {} as { flightId: number; today: string },
  },
  actors: {
    loadFlight: fromPromise<PageData, { flightId: number }>(({ input, signal }) =>
      loadPage(input.flightId, signal),
    ),
    loadRushBags: fromPromise<Baggage[], { ids: number[] }>(({ input, signal }) =>
      loadBags(input.ids, signal),
    ),
    sendRush: fromPromise<RushAnswer, RushPayload>(({ input }) => sendRush(input)),
  },
  guards: {
    'hasSelection?': ({ context }) => context.selected.length > 0,
    'isDraftValid?': ({ context }) =>
      Object.keys(draftErrors(draftOf(context), context.rushBags)).length === 0,
  },
  actions: {
    storeFlight: assign(({ context }, { page, directory }: PageData) => {
      const known = new Set(page.baggage.map((bag) => bag.id));
      return {
        flight: page.flight,
        bags: page.baggage,
        directory,
        selected: context.selected.filter((id) => known.has(id)),
        loadError: null,
      };
    }),
    storeLoadError: assign((_, error: unknown) => ({ loadError: parseApiError(error).message })),
    clearSelection: assign({ selected: [] }),
    toggleBag: assign(({ context, event }) => {
      assertEvent(event, 'BAG.TOGGLE');
      const selected = context.selected.includes(event.id)
        ? context.selected.filter((id) => id !== event.id)
        : [...context.selected, event.id];
      return { selected };
    }),
    resetRush: assign({ rushBags: [], draft: null, pristine: null, errors: {}, message: null, answer: null }),
    startDraft: assign(({ context }, bags: Baggage[]) => {
      const draft = initialDraft(bags, context.flight as FlightSearchItem, context.directory, context.today);
      return { rushBags: bags, draft, pristine: draft, errors: {}, message: null };
    }),
    storeRushError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { message: failure.message, errors: failure.fields };
    }),
    storeDraftErrors: assign(({ context }) => ({
      errors: draftErrors(draftOf(context), context.rushBags),
      message: null,
    })),
    storeAnswer: assign((_, answer: RushAnswer) => ({ answer, errors: {}, message: null })),
    togglePiece: assign(({ context, event }) => {
      assertEvent(event, 'PIECE.TOGGLE');
      return {
        draft: togglePiece(draftOf(context), event.tag, context.rushBags, context.directory),
        errors: withoutErrors(context.errors, 'baggageRelations'),
      };
    }),
    setText: assign(({ context, event }) => {
      assertEvent(event, 'DRAFT.TEXT');
      return {
        draft: { ...draftOf(context), [event.field]: event.value },
        errors: withoutErrors(context.errors, FIELD_PATH[event.field]),
      };
    }),
    setChoice: assign(({ context, event }) => {
      assertEvent(event, 'DRAFT.CHOOSE');
      return {
        draft: { ...draftOf(context), [event.field]: event.option },
        errors: withoutErrors(context.errors, FIELD_PATH[event.field]),
      };
    }),
    setFlight: assign(({ context, event }) => {
      assertEvent(event, 'DRAFT.FLIGHT');
      const errors = withoutErrors(context.errors, 'rush_flight_id');
      return {
        draft: chooseRushFlight(draftOf(context), event.option),
        errors: event.option ? withoutErrors(errors, 'rushBaggageRoute.0') : errors,
      };
    }),
    addLeg: assign(({ context }) => ({
      draft: addLeg(draftOf(context)),
      errors: withoutErrors(context.errors, 'rushBaggageRoute'),
    })),
    removeLeg: assign(({ context, event }) => {
      assertEvent(event, 'LEG.REMOVE');
      // The legs after it move up, so errors by index would land on the wrong leg: all route errors go.
      return {
        draft: removeLeg(draftOf(context), event.index),
        errors: withoutErrors(context.errors, 'rushBaggageRoute'),
      };
    }),
    setLeg: assign(({ context, event }) => {
      assertEvent(event, 'LEG.SET');
      return {
        draft: setLeg(draftOf(context), event.index, event.field, event.value),
        errors: withoutErrors(context.errors, `rushBaggageRoute.${event.index}.${LEG_PATH[event.field]}`),
      };
    }),
    addEmail: assign(({ context }) => {
      const draft = draftOf(context);
      return { draft: { ...draft, emails: [...draft.emails, ''] } };
    }),
    removeEmail: assign(({ context, event }) => {
      assertEvent(event, 'EMAIL.REMOVE');
      const draft = draftOf(context);
      return {
        draft: { ...draft, emails: draft.emails.filter((_, at) => at !== event.index) },
        errors: withoutErrors(context.errors, 'emailAddresses'),
      };
    }),
    setEmail: assign(({ context, event }) => {
      assertEvent(event, 'EMAIL.SET');
      const draft = draftOf(context);
      return {
        draft: {
          ...draft,
          emails: draft.emails.map((email, at) => (at === event.index ? event.value : email)),
        },
        errors: withoutErrors(
          withoutErrors(context.errors, `emailAddresses.${event.index}`),
          'emailAddresses',
        ),
      };
    }),
  },
}).createMachine({
  id: 'rushBaggage',
  context: ({ input }) => ({
    flightId: input.flightId,
    today: input.today,
    flight: null,
    bags: [],
    directory: { airports: {}, airlines: {} },
    selected: [],
    loadError: null,
    rushBags: [],
    draft: null,
    pristine: null,
    errors: {},
    message: null,
    answer: null,
  }),
  initial: 'loading',
  states: {
    // The first load (and a retry) and a refresh of the list read the same; only what the page shows differs.
    loading: {
      initial: 'first',
      states: {
        first: { tags: ['fetching'] },
        again: { tags: ['refresh'] },
      },
      invoke: {
        src: 'loadFlight',
        input: ({ context }) => ({ flightId: context.flightId }),
        onDone: {
          target: 'list',
          actions: {
            type: 'storeFlight',
            params: ({ event }: { event: DoneActorEvent<PageData> }) => event.output,
          },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeLoadError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    loadFailed: {
      on: { 'LOAD.RETRY': 'loading' },
    },
    list: {
      on: {
        'BAG.TOGGLE': { actions: 'toggleBag' },
        'BAGS.CLEAR': { actions: 'clearSelection' },
        'BAGS.REFRESH': 'loading.again',
        'RUSH.OPEN': { guard: 'hasSelection?', target: 'rush' },
      },
    },
    rush: {
      entry: 'resetRush',
      initial: 'fetching',
      states: {
        fetching: {
          tags: ['fetching'],
          on: { 'RUSH.CLOSE': '#rushBaggage.list' },
          invoke: {
            src: 'loadRushBags',
            input: ({ context }) => ({ ids: context.selected }),
            onDone: {
              target: 'editing',
              actions: {
                type: 'startDraft',
                params: ({ event }: { event: DoneActorEvent<Baggage[]> }) => event.output,
              },
            },
            onError: {
              target: 'fetchFailed',
              actions: {
                type: 'storeRushError',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
        fetchFailed: {
          on: { 'LOAD.RETRY': 'fetching', 'RUSH.CLOSE': '#rushBaggage.list' },
        },
        editing: {
          tags: ['editing'],
          on: {
            'RUSH.CLOSE': '#rushBaggage.list',
            'RUSH.SUBMIT': [
              { guard: 'isDraftValid?', target: 'submitting' },
              { actions: 'storeDraftErrors' },
            ],
            'PIECE.TOGGLE': { actions: 'togglePiece' },
            'DRAFT.TEXT': { actions: 'setText' },
            'DRAFT.CHOOSE': { actions: 'setChoice' },
            'DRAFT.FLIGHT': { actions: 'setFlight' },
            'LEG.ADD': { actions: 'addLeg' },
            'LEG.REMOVE': { actions: 'removeLeg' },
            'LEG.SET': { actions: 'setLeg' },
            'EMAIL.ADD': { actions: 'addEmail' },
            'EMAIL.REMOVE': { actions: 'removeEmail' },
            'EMAIL.SET': { actions: 'setEmail' },
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            src: 'sendRush',
            input: ({ context }) => toPayload(draftOf(context), context.rushBags),
            onDone: {
              target: 'created',
              actions: {
                type: 'storeAnswer',
                params: ({ event }: { event: DoneActorEvent<RushAnswer> }) => event.output,
              },
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'storeRushError',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
        created: {
          tags: ['created'],
          on: { 'RUSH.CLOSE': { target: '#rushBaggage.loading.again', actions: 'clearSelection' } },
        },
      },
    },
  },
});
