import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { evaluateVipField } from '../app/tariff-vip/api.ts';
import { idSchema } from '../shared/reference.ts';
import type { VipFieldEvaluation } from '../shared/tariff-vip.ts';

export const VIP_CHECK_MESSAGES = {
  flightAid: 'Укажите номер оборота: целое число больше 0',
} as const;

export interface VipFieldCheckContext {
  fieldId: number;
  /** The turnaround (`aid`) as typed. */
  flightAid: string;
  result: VipFieldEvaluation | null;
  /** Under the input: a bad number, or the server's refusal (404, 422). */
  error: string | null;
}

export type VipFieldCheckEvent = { type: 'CHECK.FLIGHT'; value: string } | { type: 'CHECK.RUN' };

interface CheckInput {
  fieldId: number;
  flightAid: number;
}

/**
 * The turnaround id typed by the user, or null: plain digits within the id range.
 * Example: `flightAidOf('123')` is 123; `flightAidOf('1e3')` and `flightAidOf('0')` are null.
 */
export function flightAidOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const parsed = idSchema.safeParse(Number(trimmed));
  return parsed.success ? parsed.data : null;
}

/**
 * «Проверить на рейсе» in the VIP modal: the saved field evaluated on a turnaround (`GET …/evaluate?flight_aid=`),
 * with the steps that led to the verdict. A new check replaces the last answer; a failed one clears it.
 */
export const vipFieldCheckMachine = setup({
  types: {
    context: {} as VipFieldCheckContext,
    events: {} as VipFieldCheckEvent,
    input: {} as { fieldId: number },
  },
  actors: {
    evaluate: fromPromise<VipFieldEvaluation, CheckInput>(({ input }) =>
      evaluateVipField(input.fieldId, input.flightAid),
    ),
  },
  guards: {
    'isFlightAid?': ({ context }) => flightAidOf(context.flightAid) !== null,
  },
  actions: {
    changeFlight: assign(({ event }) => {
      assertEvent(event, 'CHECK.FLIGHT');
      return { flightAid: event.value, error: null };
    }),
    refuseFlight: assign({ error: VIP_CHECK_MESSAGES.flightAid, result: null }),
    clearResult: assign({ result: null, error: null }),
    storeResult: assign((_, result: VipFieldEvaluation) => ({ result, error: null })),
    storeFailure: assign((_, error: unknown) => ({ result: null, error: parseApiError(error).message })),
  },
}).createMachine({
  id: 'vipFieldCheck',
  context: ({ input }) => ({ fieldId: input.fieldId, flightAid: '', result: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'CHECK.FLIGHT': { actions: 'changeFlight' },
        'CHECK.RUN': [
          { guard: 'isFlightAid?', target: 'running', actions: 'clearResult' },
          { actions: 'refuseFlight' },
        ],
      },
    },
    running: {
      tags: ['running'],
      invoke: {
        src: 'evaluate',
        input: ({ context }) => ({
          fieldId: context.fieldId,
          flightAid: flightAidOf(context.flightAid) ?? 0,
        }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'storeResult',
            params: ({ event }: { event: DoneActorEvent<VipFieldEvaluation> }) => event.output,
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
  },
});
