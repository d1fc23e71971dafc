/**
 * The shift schedule page /shift-schedules/{id} (issue 15): reads the saved calculation, keeps the position shown in
 * the chart and the table (the first one at first), and exports the schedule as .xlsx. A failed read shows the
 * server's text with a retry (none when the calculation does not exist); a failed export keeps the page and says so. Tags: `loading`, `exporting`.
 */

import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { saveFile } from '../app/api/files.ts';
import { exportShiftSchedule, loadShiftSchedule, type ScheduleFile } from '../app/shift-schedules/api.ts';
import type { PlanningCalc } from '../shared/shift-schedules.ts';

export interface ShiftScheduleContext {
  id: number;
  calc: PlanningCalc | null;
  /** employee_position_id of the position shown. */
  positionId: number | null;
  /** The failed read's text. */
  message: string | null;
  /** The failed read found no such calculation (404): nothing to retry. */
  gone: boolean;
  /** The failed export's text. */
  exportMessage: string | null;
}

export type ShiftScheduleEvent =
  | { type: 'POSITION.SELECT'; positionId: number }
  | { type: 'EXPORT.START' }
  | { type: 'LOAD.RETRY' };

export const shiftScheduleMachine = setup({
  types: {
    context: {} as ShiftScheduleContext,
    events: {} as ShiftScheduleEvent,
    input: {} as { id: number },
  },
  actors: {
    loadSchedule: fromPromise<PlanningCalc, number>(({ input, signal }) => loadShiftSchedule(input, signal)),
    exportSchedule: fromPromise<ScheduleFile, number>(({ input, signal }) =>
      exportShiftSchedule(input, signal),
    ),
  },
  actions: {
    storeCalc: assign((_, calc: PlanningCalc) => ({
      calc,
      positionId: calc.result.positions[0]?.employee_position_id ?? null,
      message: null,
      gone: false,
    })),
    storeFailure: assign(({ event }) => {
      const failure = parseApiError((event as unknown as ErrorActorEvent).error);
      return { message: failure.message, gone: failure.status === 404 };
    }),
    storeExportFailure: assign(({ event }) => ({
      exportMessage: parseApiError((event as unknown as ErrorActorEvent).error).message,
    })),
    clearExportFailure: assign({ exportMessage: null }),
    selectPosition: assign(({ context, event }) => {
      assertEvent(event, 'POSITION.SELECT');
      const known = context.calc?.result.positions.some((p) => p.employee_position_id === event.positionId);
      return known ? { positionId: event.positionId } : {};
    }),
    /** Hands the built file to the browser; tests replace it. */
    saveFile: (_, file: ScheduleFile) => saveFile(file.blob, file.name),
  },
}).createMachine({
  id: 'shiftSchedule',
  initial: 'loading',
  context: ({ input }) => ({
    id: input.id,
    calc: null,
    positionId: null,
    message: null,
    gone: false,
    exportMessage: null,
  }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSchedule',
        input: ({ context }) => context.id,
        onDone: {
          target: 'ready',
          actions: {
            type: 'storeCalc',
            params: ({ event }: { event: DoneActorEvent<PlanningCalc> }) => event.output,
          },
        },
        onError: { target: 'failed', actions: 'storeFailure' },
      },
    },
    failed: { on: { 'LOAD.RETRY': 'loading' } },
    ready: {
      on: { 'POSITION.SELECT': { actions: 'selectPosition' } },
      initial: 'idle',
      states: {
        idle: { on: { 'EXPORT.START': { target: 'exporting', actions: 'clearExportFailure' } } },
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportSchedule',
            input: ({ context }) => context.id,
            onDone: {
              target: 'idle',
              actions: {
                type: 'saveFile',
                params: ({ event }: { event: DoneActorEvent<ScheduleFile> }) => event.output,
              },
            },
            onError: { target: 'idle', actions: 'storeExportFailure' },
          },
        },
      },
    },
  },
});
