/** Types of position.mjs (plain JavaScript so the solver worker loads it without a TypeScript loader). */
import type { ShiftPattern } from './model.d.mts';
import type { SolveAnswer, SolveJob } from './solve.d.mts';

/** What the HTTP thread sends for one position: its typical week, the working shifts and the time. */
export interface PositionJob {
  /** The typical week, one whole value per slot from Monday 00:00; transferred to the worker (detached here). */
  demand: Int32Array;
  /** The chosen working shifts (a shift of the answer is an index into them). */
  shifts: ShiftPattern[];
  slotMinutes: number;
  /** Longest step-1 solve, in seconds. */
  seconds: number;
  /** Longest step-2 (fewest distinct shifts) solve, in seconds; 0 skips it. */
  distinctSeconds: number;
  /** Epoch ms after which neither step may run (the request's budget). */
  deadline: number;
}

/** One position's schedule as the worker answers it: statuses, the cover and the shifts used, no model. */
export interface PositionAnswer {
  /** greedy = HiGHS held no solution when its time ran out: a greedy cover. */
  status: 'optimal' | 'feasible' | 'greedy';
  gap: number | null;
  distinctGap: number | null;
  /** Staff on duty per slot. */
  cover: Int32Array;
  paidMinutes: number;
  /** The shifts used, one entry per (pattern, start): the working shift (index into the job's), start slot, count. */
  shifts: { shift: Int32Array; start: Int32Array; count: Int32Array };
  /** Time in the worker: the models, both steps, the cover. */
  ms: number;
}

/** The schedule of one typical week, its models solved by `solveModels`. */
export function solvePosition(job: PositionJob, solveModels: (job: SolveJob) => SolveAnswer): PositionAnswer;

/** The buffers of an answer, to transfer instead of copying. */
export function answerBuffers(answer: PositionAnswer): ArrayBuffer[];
