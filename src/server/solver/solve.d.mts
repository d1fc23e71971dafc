/** Types of solve.mjs (plain JavaScript so the solver worker loads it without a TypeScript loader). */
import type { CoverModel } from './model.ts';

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
