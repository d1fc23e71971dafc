// One position's schedule, run in the solver worker: the candidates and both models built from the position's demand
// (model.mjs), solved (solve.mjs, passed in), a greedy cover when HiGHS held nothing, then the cover and the shifts
// used. Everything here grows with slots × shifts (21 positions of a 15-minute week and 7 working shifts: about 0.6 s
// of CPU before a single solve), so it runs off the HTTP thread; schedule.ts only sends the demand and names the
// shifts of the answer. Plain JavaScript so the worker loads it without a TypeScript loader; types in position.d.mts.
import {
  buildCandidates,
  coverOf,
  distinctShiftsModel,
  greedyCover,
  paidMinutesOf,
  staffHoursModel,
} from './model.mjs';

/**
 * The schedule of one typical week: the models to `solveModels` (solve.mjs's `solve` in the worker), the answer read
 * back; greedy when HiGHS held nothing. A week without candidates (no demand) answers an empty, optimal schedule
 * without a solve. `ms` is the time of all of it (not a wait in the pool's queue).
 * Example: demand 1 in slots 32–33 of a 672-slot week, one 30-min shift → one shift started at slot 32, 30 minutes.
 * @param {import('./position.d.mts').PositionJob} job
 * @param {(job: import('./solve.d.mts').SolveJob) => import('./solve.d.mts').SolveAnswer} solveModels
 * @returns {import('./position.d.mts').PositionAnswer}
 */
export function solvePosition(job, solveModels) {
  const started = performance.now();
  const { demand } = job;
  const c = buildCandidates(demand, job.shifts, job.slotMinutes);
  let status = 'optimal';
  let gap = 0;
  let distinctGap = null;
  /** @type {ArrayLike<number>} */
  let counts = new Int32Array(c.patternOf.length);
  if (c.patternOf.length > 0) {
    const staffHours = staffHoursModel(demand, c);
    const answer = solveModels({
      staffHours,
      distinct: job.distinctSeconds > 0 ? distinctShiftsModel(staffHours) : null,
      seconds: job.seconds,
      distinctSeconds: job.distinctSeconds,
      deadline: job.deadline,
    });
    if (answer.counts && answer.status !== 'none') {
      status = answer.status;
      gap = answer.gap;
      distinctGap = answer.distinctGap;
      counts = answer.counts;
    } else {
      status = 'greedy';
      gap = null;
      counts = greedyCover(demand, c);
    }
  }
  const used = [];
  for (let j = 0; j < counts.length; j++) if (Math.round(counts[j]) > 0) used.push(j);
  return {
    status,
    gap,
    distinctGap,
    cover: coverOf(c, counts, demand.length),
    paidMinutes: paidMinutesOf(c, counts),
    shifts: {
      shift: Int32Array.from(used, (j) => c.patterns[c.patternOf[j]].pattern),
      start: Int32Array.from(used, (j) => c.startOf[j]),
      count: Int32Array.from(used, (j) => Math.round(counts[j])),
    },
    ms: Math.round(performance.now() - started),
  };
}

/**
 * The buffers of an answer, to transfer instead of copying.
 * @param {import('./position.d.mts').PositionAnswer} answer
 */
export function answerBuffers(answer) {
  return [
    answer.cover.buffer,
    answer.shifts.shift.buffer,
    answer.shifts.start.buffer,
    answer.shifts.count.buffer,
  ];
}
