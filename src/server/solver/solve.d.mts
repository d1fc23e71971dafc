/** Types of solve.mjs (plain JavaScript so the solver worker loads it without a TypeScript loader). */
import type { CoverModel } from './model.d.mts';

/** One position's models and time: step 1 gets `seconds` in all, step 2 at most `distinctSeconds` of what is left. */
export interface SolveJob {
  staffHours: CoverModel;
  /** The fewest-distinct-shifts model, or null to skip step 2. */
  distinct: CoverModel | null;
  seconds: number;
  distinctSeconds: number;
  /** Epoch ms after which neither step may run (the request's budget). */
  deadline: number;
}

export interface SolveAnswer {
  /** none = HiGHS held no solution when its time ran out. */
  status: 'optimal' | 'feasible' | 'none';
  gap: number | null;
  distinctGap: number | null;
  /** Count per candidate column (null with status none). */
  counts: Float64Array | null;
  ms: number;
}

/** Step 1 of a job: the staff-time model proven optimal, or stopped by `seconds` with the gap to the bound reached. */
export function staffTime(
  data: CoverModel,
  seconds: number,
  started: number,
): {
  status: 'optimal' | 'feasible' | 'infeasible' | 'none';
  gap: number | null;
  values: Float64Array | null;
  objective: number | null;
};

/** Both steps of one position's job. */
export function solve(job: SolveJob): SolveAnswer;
