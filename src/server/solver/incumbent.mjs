// A whole-number cover near the LP relaxation, to start HiGHS's branch and bound from a good incumbent (and to prove
// the optimum outright when it costs no more than the relaxation's bound). Plain JavaScript so the solver worker
// loads it without a TypeScript loader; pure, tested in incumbent.test.ts.

/**
 * The cover activity of every row for column values `x` of a CSC model with unit coefficients.
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array}} m
 * @param {ArrayLike<number>} x
 */
function activity(m, x) {
  const rows = new Float64Array(m.numRows);
  for (let j = 0; j < m.numCols; j++) {
    if (x[j] === 0) continue;
    for (let k = m.starts[j]; k < m.starts[j + 1]; k++) rows[m.indices[k]] += x[j];
  }
  return rows;
}

/**
 * Drops what is not needed: the most expensive columns first, each lowered while every row it covers stays at or
 * above its demand. Mutates and answers `x`.
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array, rowLower: Float64Array, colCost: Float64Array}} m
 * @param {Float64Array} x
 */
function trim(m, x) {
  const rows = activity(m, x);
  const order = [];
  for (let j = 0; j < m.numCols; j++) if (x[j] > 0) order.push(j);
  order.sort((a, b) => m.colCost[b] - m.colCost[a] || a - b);
  for (const j of order) {
    let spare = x[j];
    for (let k = m.starts[j]; k < m.starts[j + 1] && spare > 0; k++) {
      spare = Math.min(spare, rows[m.indices[k]] - m.rowLower[m.indices[k]]);
    }
    if (spare <= 0) continue;
    x[j] -= spare;
    for (let k = m.starts[j]; k < m.starts[j + 1]; k++) rows[m.indices[k]] -= spare;
  }
  return x;
}

/**
 * Rows still short after rounding down are repaired one at a time with the column covering it that covers the most
 * shortfall per cost; then the cover is trimmed.
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array, rowLower: Float64Array, colCost: Float64Array}} m
 * @param {Float64Array} x
 */
function repair(m, x) {
  const rows = activity(m, x);
  const byRow = Array.from({ length: m.numRows }, () => []);
  for (let j = 0; j < m.numCols; j++)
    for (let k = m.starts[j]; k < m.starts[j + 1]; k++) byRow[m.indices[k]].push(j);
  for (let i = 0; i < m.numRows; i++) {
    while (rows[i] < m.rowLower[i]) {
      let best = -1;
      let bestValue = -1;
      for (const j of byRow[i]) {
        let gain = 0;
        for (let k = m.starts[j]; k < m.starts[j + 1]; k++)
          if (rows[m.indices[k]] < m.rowLower[m.indices[k]]) gain++;
        const value = gain / m.colCost[j];
        if (value > bestValue) {
          bestValue = value;
          best = j;
        }
      }
      if (best < 0) return null;
      x[best] += 1;
      for (let k = m.starts[best]; k < m.starts[best + 1]; k++) rows[m.indices[k]] += 1;
    }
  }
  return trim(m, x);
}

/**
 * The cheaper of two whole covers built from LP values `lp`: every value rounded up then trimmed, and every value
 * rounded down then repaired and trimmed. Answers the column values and their cost (null when no cover exists).
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array, rowLower: Float64Array, colCost: Float64Array}} m
 * @param {ArrayLike<number>} lp
 * @returns {{x: Float64Array, cost: number} | null}
 */
export function roundCover(m, lp) {
  const up = trim(
    m,
    Float64Array.from(lp, (v) => Math.ceil(v - 1e-6)),
  );
  const down = repair(
    m,
    Float64Array.from(lp, (v) => Math.floor(v + 1e-6)),
  );
  const cost = (x) => x.reduce((sum, v, j) => sum + v * m.colCost[j], 0);
  // Rounding up covers only when the LP values did (a relaxation's optimum does; arbitrary values may not).
  const covers = (x) => activity(m, x).every((r, i) => r >= m.rowLower[i] - 1e-9);
  const candidates = [up, down].filter((x) => x !== null && covers(x));
  if (candidates.length === 0) return null;
  const best = candidates.reduce((a, b) => (cost(b) < cost(a) ? b : a));
  return { x: best, cost: cost(best) };
}

/**
 * Fewer distinct shifts at the same cost: the count of a used column moves wholly onto another used column of the
 * same cost when every row it alone covers keeps its demand; the smallest counts move first. Never raises the cost
 * or the number of columns used, and keeps the cover. Mutates and answers `x`.
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array, rowLower: Float64Array, colCost: Float64Array}} m
 * @param {Float64Array} x
 */
export function mergeShifts(m, x) {
  const rows = activity(m, x);
  const mark = new Int32Array(m.numRows).fill(-1);
  const used = [];
  for (let j = 0; j < m.numCols; j++) if (x[j] > 0) used.push(j);
  used.sort((a, b) => x[a] - x[b] || a - b);
  for (const j of used) {
    if (x[j] === 0) continue;
    for (const k of used) {
      if (k === j || x[k] === 0 || m.colCost[k] !== m.colCost[j]) continue;
      for (let p = m.starts[k]; p < m.starts[k + 1]; p++) mark[m.indices[p]] = k;
      let fits = true;
      for (let p = m.starts[j]; p < m.starts[j + 1] && fits; p++) {
        const row = m.indices[p];
        if (mark[row] !== k && rows[row] - x[j] < m.rowLower[row]) fits = false;
      }
      if (!fits) continue;
      for (let p = m.starts[j]; p < m.starts[j + 1]; p++) rows[m.indices[p]] -= x[j];
      for (let p = m.starts[k]; p < m.starts[k + 1]; p++) rows[m.indices[p]] += x[j];
      x[k] += x[j];
      x[j] = 0;
      break;
    }
  }
  return x;
}
