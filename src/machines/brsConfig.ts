/**
 * The airline baggage-register settings screen (spec 4, "Airline baggage register"): the airline list searched,
 * sorted and paged, and an inline edit of one airline at a time. Two regions: `list` loads pages (a newer search,
 * sort or page restarts the invoke, which aborts the older request through its signal), `edit` holds the one open
 * edit; saving creates the settings row when the airline has none and updates it otherwise. A successful save
 * clears the errors and leaves edit mode; field errors stay under the edited airline.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError, zodFieldErrors } from '../app/api/errors.ts';
import { createBrsRegister, loadBrsAirlines, updateBrsRegister } from '../app/brs-config/api.ts';
import {
  BRS_DEFAULTS,
  type BrsAirline,
  type BrsRegister,
  type BrsSettings,
  brsSettingsSchema,
} from '../shared/brs-config.ts';
import { sentVersion } from '../shared/rowVersion.ts';
import type { LoadPageParams, LoadPageResult } from './grid.ts';

/** The settings as the form holds them: a number being typed may be empty. */
type BrsDraft = {
  [K in keyof BrsSettings]: BrsSettings[K] extends number ? number | null : BrsSettings[K];
};

/** The open inline edit: whose settings, the row to update (null: create), the draft and its errors. */
export interface BrsEdit {
  airlineId: number;
  registerId: number | null;
  /** The version of the row read, sent back so a save over another user's is refused (409); null when new. */
  version: string | null;
  draft: BrsDraft;
  errors: FieldErrors;
  message: string | null;
}

/** The default page size; spec 9 does not give one. */
const BRS_PAGE_SIZE = 20;

export interface BrsConfigContext {
  canRead: boolean;
  /** The search as typed; `params.filters.search` is it trimmed. */
  searchText: string;
  params: LoadPageParams;
  page: LoadPageResult<BrsAirline>;
  loadError: string | null;
  edit: BrsEdit | null;
}

export type BrsConfigEvent =
  | { type: 'SEARCH.CHANGE'; text: string }
  | { type: 'SORT.TOGGLE'; key: string }
  | { type: 'PAGE.GO'; page: number }
  | { type: 'PAGE_SIZE.SET'; perPage: number }
  | { type: 'GRID.RELOAD' }
  | { type: 'EDIT.START'; airlineId: number }
  | { type: 'EDIT.CHANGE'; field: keyof BrsSettings; value: BrsDraft[keyof BrsSettings] }
  | { type: 'EDIT.CANCEL' }
  | { type: 'EDIT.SAVE' };

interface SaveInput {
  airlineId: number;
  registerId: number | null;
  /** Every setting, and on an update the version of the row read. */
  body: BrsSettings & { version?: string };
}

/** Field errors of a draft by the shared schema: `{}` when it may be sent. */
function draftErrors(draft: BrsDraft): FieldErrors {
  // An emptied number is missing, not a wrong number: 'Поле обязательно для заполнения'.
  const filled = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== null));
  const result = brsSettingsSchema.safeParse(filled);
  return result.success ? {} : zodFieldErrors(result.error);
}

/** `nextSort('name_ru', 'name_ru')` → '-name_ru'; any other key sorts ascending by it. */
function nextSort(current: string | null, key: string): string {
  return current === key ? `-${key}` : key;
}

/**
 * A list change (re)starts the load, aborting a running one. Declared on each state of the list region, not on the
 * region: a re-entering transition of the region itself would re-enter the whole machine and reset the edit.
 */
const LIST_CHANGES = {
  'SEARCH.CHANGE': { target: '#brsConfig.list.loading', reenter: true, actions: 'setSearch' },
  'SORT.TOGGLE': { target: '#brsConfig.list.loading', reenter: true, actions: 'setSort' },
  'PAGE.GO': { target: '#brsConfig.list.loading', reenter: true, actions: 'setPage' },
  'PAGE_SIZE.SET': { target: '#brsConfig.list.loading', reenter: true, actions: 'setPageSize' },
  'GRID.RELOAD': { target: '#brsConfig.list.loading', reenter: true },
} as const;

export const brsConfigMachine = setup({
  types: {
    context: {} as BrsConfigContext,
    events: {} as BrsConfigEvent,
    input: {} as { canRead: boolean; search?: string },
  },
  actors: {
    loadAirlines: fromPromise<LoadPageResult<BrsAirline>, { params: LoadPageParams; canRead: boolean }>(
      ({ input, signal }) => loadBrsAirlines(input.params, input.canRead, signal),
    ),
    saveSettings: fromPromise<BrsRegister, SaveInput>(({ input }) =>
      input.registerId === null
        ? createBrsRegister({ aviacompany_id: input.airlineId, ...input.body })
        : updateBrsRegister(input.registerId, input.body),
    ),
  },
  guards: {
    'isDraftValid?': ({ context }) =>
      context.edit !== null && Object.keys(draftErrors(context.edit.draft)).length === 0,
    'isAirlineOnPage?': ({ context, event }) => {
      assertEvent(event, 'EDIT.START');
      return context.page.items.some((airline) => airline.id === event.airlineId);
    },
  },
  actions: {
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'SEARCH.CHANGE');
      return {
        searchText: event.text,
        params: { ...context.params, filters: { search: event.text.trim() }, page: 1 },
      };
    }),
    setSort: assign(({ context, event }) => {
      assertEvent(event, 'SORT.TOGGLE');
      return { params: { ...context.params, sort: nextSort(context.params.sort, event.key), page: 1 } };
    }),
    setPage: assign(({ context, event }) => {
      assertEvent(event, 'PAGE.GO');
      return { params: { ...context.params, page: event.page } };
    }),
    setPageSize: assign(({ context, event }) => {
      assertEvent(event, 'PAGE_SIZE.SET');
      return { params: { ...context.params, perPage: event.perPage, page: 1 } };
    }),
    storePage: assign((_, page: LoadPageResult<BrsAirline>) => ({ page, loadError: null })),
    storeLoadError: assign((_, error: unknown) => ({ loadError: parseApiError(error).message })),
    openEdit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT.START');
      const airline = context.page.items.find((item) => item.id === event.airlineId) as BrsAirline;
      const {
        id,
        aviacompany_id: _airline,
        version,
        ...stored
      } = airline.aviacompanyBaggageRegister ?? {
        id: null,
        aviacompany_id: airline.id,
        version: null,
        ...BRS_DEFAULTS,
      };
      return {
        edit: { airlineId: airline.id, registerId: id, version, draft: stored, errors: {}, message: null },
      };
    }),
    changeDraft: assign(({ context, event }) => {
      assertEvent(event, 'EDIT.CHANGE');
      if (!context.edit) return {};
      const { [event.field]: _cleared, ...errors } = context.edit.errors;
      return {
        edit: { ...context.edit, draft: { ...context.edit.draft, [event.field]: event.value }, errors },
      };
    }),
    closeEdit: assign({ edit: null }),
    storeDraftErrors: assign(({ context }) =>
      context.edit
        ? { edit: { ...context.edit, errors: draftErrors(context.edit.draft), message: null } }
        : {},
    ),
    storeSaveFailure: assign(({ context }, error: unknown) => {
      if (!context.edit) return {};
      const failure = parseApiError(error);
      return { edit: { ...context.edit, errors: failure.fields, message: failure.message } };
    }),
    /** The saved row replaces the airline's settings on the page; the edit closes. */
    storeSaved: assign(({ context }, saved: BrsRegister) => ({
      edit: null,
      page: {
        ...context.page,
        items: context.page.items.map((airline) =>
          airline.id === saved.aviacompany_id ? { ...airline, aviacompanyBaggageRegister: saved } : airline,
        ),
      },
    })),
  },
}).createMachine({
  id: 'brsConfig',
  type: 'parallel',
  context: ({ input }) => ({
    canRead: input.canRead,
    searchText: input.search ?? '',
    params: { filters: { search: input.search ?? '' }, sort: 'name_ru', page: 1, perPage: BRS_PAGE_SIZE },
    page: { items: [], totalCount: 0, pageCount: 1, currentPage: 1, perPage: BRS_PAGE_SIZE },
    loadError: null,
    edit: null,
  }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          on: LIST_CHANGES,
          invoke: {
            src: 'loadAirlines',
            input: ({ context }) => ({ params: context.params, canRead: context.canRead }),
            onDone: {
              target: 'ready',
              actions: { type: 'storePage', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'storeLoadError',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
        ready: { on: LIST_CHANGES },
        failed: { on: LIST_CHANGES },
      },
    },
    edit: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'EDIT.START': { guard: 'isAirlineOnPage?', target: 'editing', actions: 'openEdit' } },
        },
        editing: {
          tags: ['editing'],
          on: {
            'EDIT.CHANGE': { actions: 'changeDraft' },
            'EDIT.CANCEL': { target: 'closed', actions: 'closeEdit' },
            'EDIT.SAVE': [{ guard: 'isDraftValid?', target: 'saving' }, { actions: 'storeDraftErrors' }],
            // A list change drops an unsaved edit: its row may leave the page.
            'SEARCH.CHANGE': { target: 'closed', actions: 'closeEdit' },
            'SORT.TOGGLE': { target: 'closed', actions: 'closeEdit' },
            'PAGE.GO': { target: 'closed', actions: 'closeEdit' },
            'PAGE_SIZE.SET': { target: 'closed', actions: 'closeEdit' },
          },
        },
        saving: {
          tags: ['editing', 'saving'],
          invoke: {
            src: 'saveSettings',
            input: ({ context }) => {
              const edit = context.edit as BrsEdit;
              return {
                airlineId: edit.airlineId,
                registerId: edit.registerId,
                body: {
                  ...brsSettingsSchema.parse(edit.draft),
                  ...sentVersion(edit.version),
                },
              };
            },
            onDone: {
              target: 'closed',
              actions: { type: 'storeSaved', params: ({ event }) => event.output },
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'storeSaveFailure',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            },
          },
        },
      },
    },
  },
});
