/**
 * The small settings form of the delay reasons page: the minutes an unfinished task stays shown. It loads the
 * stored value with its version, checks an edit with the shared schema before sending it with that version, keeps
 * the server's field text on a 422 and the edit with the message on a 409 (another user saved since), and takes the
 * new version from a save's answer.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { fieldMessage, parseApiError } from '../app/api/errors.ts';
import { loadUnfinishedTasksTime, saveUnfinishedTasksTime } from '../app/delay-reasons/api.ts';
import { CONFIG_SCHEMAS, type ConfigSave, type UnfinishedTasksConfig } from '../shared/delay-reasons.ts';
import { MESSAGES } from '../shared/messages.ts';
import { sentVersion } from '../shared/rowVersion.ts';

export interface DelayReasonsConfigContext {
  stored: number | null;
  /** The version of the stored value read (null before the load), sent back with a save. */
  version: string | null;
  value: number | null;
  /** The message under the input: the schema's or the server's. */
  error: string | null;
  /** The text of a failed load or save. */
  message: string | null;
}

export type DelayReasonsConfigEvent =
  | { type: 'VALUE.CHANGE'; value: number | null }
  | { type: 'FORM.SUBMIT' }
  | { type: 'LOAD.RETRY' };

const schema = CONFIG_SCHEMAS['time-show-unfinished-tasks'];

/** Why the value cannot be sent, or null. Example: `valueError(-1)` → 'От 0 до 1440 минут'. */
export function valueError(value: number | null): string | null {
  if (value === null) return MESSAGES.required;
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.validation);
}

export const delayReasonsConfigMachine = setup({
  types: {
    context: {} as DelayReasonsConfigContext,
    events: {} as DelayReasonsConfigEvent,
  },
  actors: {
    loadConfig: fromPromise<UnfinishedTasksConfig>(() => loadUnfinishedTasksTime()),
    saveConfig: fromPromise<UnfinishedTasksConfig, ConfigSave>(({ input }) => saveUnfinishedTasksTime(input)),
  },
  guards: {
    'isValid?': ({ context }) => valueError(context.value) === null,
  },
  actions: {
    storeValue: assign((_, config: UnfinishedTasksConfig) => ({
      stored: config.value,
      version: config.version,
      value: config.value,
      error: null,
      message: null,
    })),
    changeValue: assign(({ event }) => {
      assertEvent(event, 'VALUE.CHANGE');
      return { value: event.value, error: null };
    }),
    storeInvalid: assign(({ context }) => ({ error: valueError(context.value) })),
    storeFailure: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { message: failure.message, error: fieldMessage(failure.fields, 'value') };
    }),
  },
}).createMachine({
  id: 'delayReasonsConfig',
  context: { stored: null, version: null, value: null, error: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadConfig',
        onDone: { target: 'editing', actions: { type: 'storeValue', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: { on: { 'LOAD.RETRY': 'loading' } },
    editing: {
      on: {
        'VALUE.CHANGE': { actions: 'changeValue' },
        'FORM.SUBMIT': [{ guard: 'isValid?', target: 'saving' }, { actions: 'storeInvalid' }],
      },
      initial: 'idle',
      states: {
        idle: {},
        saved: { tags: ['saved'], on: { 'VALUE.CHANGE': { target: 'idle', actions: 'changeValue' } } },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveConfig',
        input: ({ context }) => ({
          value: context.value ?? 0,
          ...sentVersion(context.version),
        }),
        onDone: {
          target: 'editing.saved',
          actions: { type: 'storeValue', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
  },
});
