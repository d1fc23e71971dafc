// Solves the shift models of src/server/solver/model.mjs with HiGHS: step 1 (staff-time, proven optimal or up to its
// time limit), then step 2 (fewest distinct shifts with the total fixed at the optimum) within what is left of its own
// limit. The models arrive built (position.mjs builds them in the same worker); this file only runs them. Plain
// JavaScript so the worker thread (solverWorker.mjs, which only passes messages) loads it with no TypeScript loader;
// tests and the solver lab import it directly.
import loadHighs from 'highs';
import { differenced, modelData } from './differenced.mjs';
import { mergeShifts, roundCover } from './incumbent.mjs';

const highs = await loadHighs();
const { modelStatus } = highs.constants;
/** primal_solution_status: 2 = a feasible primal solution is held. */
const FEASIBLE_POINT = 2;

/** Fractional columns rounded up per dive step: 1 in DIVE_SHARE of them (measured: 40 gave the best incumbents). */
const DIVE_SHARE = 40;
const DIVE_STEPS = 200;

/**
 * The LP relaxation (on the differenced model: the same optimum, a several times faster simplex), then a dive: the
 * most fractional-up columns get their LP value rounded up as a lower bound, a few at a time, and the LP is solved
 * again (warm, a few ms) until it is whole or the steps run out. Answers the relaxation's objective, the counts' values
 * and reduced costs, and the dive's last counts (null when the LP did not finish).
 */
function relax(data, seconds, started) {
  const n = data.numCols;
  const model = highs.createModel(differenced(data));
  try {
    model.options.set({ output_flag: false, time_limit: Math.max(0.05, seconds) });
    model.run();
    if (model.getModelStatus() !== modelStatus.optimal) return null;
    const solution = model.getSolution();
    const lp = {
      objective: model.getObjectiveValue(),
      values: solution.colValue.subarray(0, n),
      reduced: solution.colDual.subarray(0, n),
    };
    let x = lp.values;
    for (let step = 0; step < DIVE_STEPS && (performance.now() - started) / 1000 < seconds / 2; step++) {
      const fractional = [];
      for (let j = 0; j < n; j++) {
        const part = x[j] - Math.floor(x[j] + 1e-9);
        if (part > 1e-6 && part < 1 - 1e-6) fractional.push(j);
      }
      if (fractional.length === 0) break;
      const part = (j) => x[j] - Math.floor(x[j]);
      fractional.sort((a, b) => part(b) - part(a));
      for (const j of fractional.slice(0, Math.ceil(fractional.length / DIVE_SHARE)))
        model.changeColBounds(j, Math.ceil(x[j]), data.colUpper[j]);
      model.run();
      if (model.getModelStatus() !== modelStatus.optimal) break;
      x = model.getSolution().colValue.subarray(0, n);
    }
    return { ...lp, dived: x };
  } finally {
    model.dispose();
  }
}

/**
 * Step 1, staff-time. The LP relaxation first: when it is whole, or a cover rounded from it costs no more than its
 * bound (the objective is a whole number), that cover is proven optimal without branching.
 *
 * Otherwise the optimum is bracketed: `low` (proven: no cover is cheaper) starts at ceil(LP), the incumbent is the
 * rounded cover. Each round asks whether a cover of cost `low` exists, by branch and bound over only the columns that
 * could be in one: a column at 0 in the LP whose reduced cost exceeds `low` − LP cannot be in any cover costing
 * `low` or less (cost ≥ LP + Σ reduced cost × count), so it is fixed at 0 — with the LP's gap below 1 this keeps a
 * quarter of the columns or fewer. That restricted problem solved to its optimum r proves the optimum is at least
 * min(r, `low` + 1), and r is a cover: when r ≤ `low` + 1 it is the optimum; else `low` rises by one and the next
 * round keeps a few more columns. Asking the smallest question first is what makes it fast: branch and bound over
 * every column, started from the incumbent, spends most of its time finding a cover it could have been told is the
 * only one left to look for. Out of time, the incumbent stands with the gap to the bound reached.
 */
export function staffTime(data, seconds, started) {
  const elapsed = () => (performance.now() - started) / 1000;
  const lp = relax(data, seconds, started);
  if (!lp) return run(data, seconds - elapsed(), null);
  const fromLp = roundCover(data, lp.values);
  const fromDive = roundCover(data, lp.dived);
  let best = fromDive && (!fromLp || fromDive.cost < fromLp.cost) ? fromDive : fromLp;
  if (!best) return run(data, seconds - elapsed(), null);
  let low = Math.ceil(lp.objective - 1e-6);
  let status = 'optimal';
  while (best.cost > low + 1e-6) {
    const left = seconds - elapsed();
    if (left < 0.05) {
      status = 'feasible';
      break;
    }
    const colUpper = Float64Array.from(data.colUpper);
    for (let j = 0; j < colUpper.length; j++) if (lp.reduced[j] > low - lp.objective + 1e-6) colUpper[j] = 0;
    const fits = best.x.every((v, j) => v === 0 || colUpper[j] > 0);
    const round = run({ ...data, colUpper }, left, fits ? best.x : null);
    if (round.values && round.objective < best.cost - 1e-6) best = { x: round.values, cost: round.objective };
    if (round.status === 'optimal' || round.status === 'infeasible') {
      // Every cover costing `low` or less lies in the restricted problem, which has none cheaper than its optimum.
      low = round.values ? Math.min(round.objective, low + 1) : low + 1;
    } else {
      // Out of time: the restricted bound holds for covers up to `low`, so it lifts `low` only up to `low` + 1.
      if (round.bound !== null) low = Math.max(low, Math.min(Math.ceil(round.bound - 1e-3), low + 1));
      status = 'feasible';
      break;
    }
  }
  if (status === 'optimal') return { status, gap: 0, values: best.x, objective: best.cost };
  return { status, gap: Math.max(0, (best.cost - low) / best.cost), values: best.x, objective: best.cost };
}

/** Cost added to column j: TINY × (1 + j mod 7) (see `run`). */
const TINY = 1e-8;

/**
 * Runs one model; answers the status word (infeasible: proven to have no solution), the relative gap, the dual bound,
 * the column values (null without a solution) and their cost.
 *
 * The objective is a whole number (model.mjs), so an absolute gap below 1 proves the optimum. HiGHS knows that too when
 * every cost is whole, and then prunes every node whose LP bound exceeds the incumbent − 1 by more than 1e-6 — an
 * absolute tolerance, while the LP bound of a 10,000-unit objective carries errors well above it. On the demo's
 * hardest position this lost the cover costing exactly the incumbent − 1 and reported the incumbent as optimal (seen
 * twice in one restricted problem holding a cover of 10,573: «optimal» 10,574). So the costs of a MIP get a
 * perturbation of at most 7e-8 each (below 1e-3 on any cover of fewer than 10,000 shifts), HiGHS then searches for
 * anything cheaper than the incumbent, and the proof is an absolute gap of 0.99 (the rest is margin).
 */
function run(data, seconds, start) {
  const perturbed = data.integrality
    ? Float64Array.from(data.colCost, (cost, j) => cost + TINY * (1 + (j % 7)))
    : data.colCost;
  const model = highs.createModel(modelData({ ...data, colCost: perturbed }));
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, seconds),
      mip_rel_gap: 0,
      mip_abs_gap: 0.99,
    });
    if (start) model.setSolution({ colValue: start });
    model.run();
    const status = model.getModelStatus();
    const dual = Number(model.info.get('mip_dual_bound'));
    const bound = Number.isFinite(dual) ? dual : null;
    const held = Number(model.info.get('primal_solution_status')) === FEASIBLE_POINT;
    if (!held) {
      // A cover model has bounded columns, so "infeasible or unbounded" is infeasible.
      const infeasible = status === modelStatus.infeasible || status === modelStatus.unboundedOrInfeasible;
      return { status: infeasible ? 'infeasible' : 'none', gap: null, bound, values: null, objective: null };
    }
    const values = Float64Array.from(model.getSolution().colValue, (v, j) =>
      data.integrality?.[j] ? Math.round(v) : v,
    );
    let objective = 0;
    for (let j = 0; j < values.length; j++) objective += values[j] * data.colCost[j];
    const optimal = status === modelStatus.optimal;
    const gap = optimal
      ? 0
      : bound === null
        ? null
        : Math.max(0, (objective - Math.ceil(bound - 1e-3)) / objective);
    return { status: optimal ? 'optimal' : 'feasible', gap, bound, values, objective };
  } finally {
    model.dispose();
  }
}

/** Both steps of one position's job; answers what the worker posts back. */
export function solve(job) {
  const started = performance.now();
  // The request's deadline bounds both steps: a job that waited in the queue gets only what is left.
  const seconds = Math.min(job.seconds, (job.deadline - Date.now()) / 1000);
  const first = staffTime(job.staffHours, seconds, started);
  // Whole counts moved onto other used shifts of the same pay: the same staff-time with fewer distinct shifts, and
  // a better start for step 2.
  const merged = first.values
    ? mergeShifts(
        job.staffHours,
        Float64Array.from(first.values.subarray(0, job.staffHours.numCols), Math.round),
      )
    : null;
  const result = {
    status: first.values ? first.status : 'none',
    gap: first.gap,
    distinctGap: null,
    counts: merged,
    ms: 0,
  };
  const left = seconds - (performance.now() - started) / 1000;
  const distinctSeconds = Math.min(job.distinctSeconds, left);
  if (first.values && job.distinct && distinctSeconds >= 0.05) {
    const distinct = job.distinct;
    const n = job.staffHours.numCols;
    distinct.rowUpper[distinct.totalRow] = Math.round(first.objective) + 1e-6;
    const start = new Float64Array(2 * n);
    for (let j = 0; j < n; j++) {
      const x = merged[j];
      start[j] = x;
      start[n + j] = x > 0 ? 1 : 0;
    }
    const second = run(distinct, distinctSeconds, start);
    if (second.values) {
      result.counts = second.values.slice(0, n);
      result.distinctGap = second.gap;
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
