// The cover model rewritten with differenced rows, for a faster simplex. Plain JavaScript so the solver worker loads
// it without a TypeScript loader; pure, tested in differenced.test.ts.
//
// A shift works one or two runs of consecutive slots (its break splits it), so its column of the cover matrix holds
// up to ~44 ones in a row. With a surplus S_i ≥ 0 per cover row the cover is C_i − S_i = d_i; keeping row 0 and
// replacing every other row i by (row i) − (row i−1) is an invertible row operation, so the feasible set (and the LP
// relaxation's optimum) is unchanged, while a column now holds a +1 where a run starts and a −1 just after it ends:
// 2–6 entries (the week's end may split a run too) instead of ~30–44 (70,000 nonzeros → 10,000 for a week of 15-minute slots). Measured: the LP
// relaxation of a demo position in 20–80 ms of CPU instead of 50–700 ms.

/**
 * The differenced model of a cover model with 0/1 coefficients (rows ≥ rowLower): the same columns first (same
 * costs and bounds), then one surplus column per row (cost 0, continuous: whole whenever the counts are), and equality
 * rows. Answers HiGHS ModelData without `integrality` when `integer` is false.
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array, rowLower: Float64Array, colCost: Float64Array, colLower: Float64Array, colUpper: Float64Array}} m
 * @param {{integer?: boolean, colUpper?: Float64Array}} [options]
 */
export function differenced(m, options = {}) {
  const n = m.numCols;
  const rows = m.numRows;
  const numCols = n + rows;
  const starts = new Int32Array(numCols + 1);
  const indices = [];
  const values = [];
  const covered = new Uint8Array(rows);
  for (let j = 0; j < n; j++) {
    for (let k = m.starts[j]; k < m.starts[j + 1]; k++) covered[m.indices[k]] = 1;
    // Entries in ascending row order: a run starting at r gives +1 at r (row 0 always keeps its own coefficient), a run
    // ending at r gives −1 at r + 1 (nothing past the last row).
    for (let r = 0; r < rows; r++) {
      const now = covered[r];
      const before = r > 0 ? covered[r - 1] : 0;
      if (now !== before) {
        indices.push(r);
        values.push(now - before);
      }
    }
    for (let k = m.starts[j]; k < m.starts[j + 1]; k++) covered[m.indices[k]] = 0;
    starts[j + 1] = indices.length;
  }
  for (let r = 0; r < rows; r++) {
    indices.push(r);
    values.push(-1);
    if (r + 1 < rows) {
      indices.push(r + 1);
      values.push(1);
    }
    starts[n + r + 1] = indices.length;
  }
  const rhs = new Float64Array(rows);
  for (let r = 0; r < rows; r++) rhs[r] = r === 0 ? m.rowLower[0] : m.rowLower[r] - m.rowLower[r - 1];
  const colCost = new Float64Array(numCols);
  colCost.set(m.colCost);
  const colUpper = new Float64Array(numCols).fill(Number.POSITIVE_INFINITY);
  colUpper.set(options.colUpper ?? m.colUpper);
  const colLower = new Float64Array(numCols);
  colLower.set(m.colLower);
  const data = {
    numCols,
    numRows: rows,
    colCost,
    colLower,
    colUpper,
    rowLower: rhs,
    rowUpper: rhs,
    matrix: {
      format: 'csc',
      numRows: rows,
      numCols,
      starts,
      indices: Int32Array.from(indices),
      values: Float64Array.from(values),
    },
  };
  if (options.integer) {
    const integrality = new Int32Array(numCols);
    integrality.fill(1, 0, n);
    return { ...data, integrality };
  }
  return data;
}

/**
 * Column values of the differenced model for counts `x` of the cover model: the counts, then each row's surplus
 * (cover − demand). For a MIP start.
 * @param {{numRows: number, numCols: number, starts: Int32Array, indices: Int32Array, rowLower: Float64Array}} m
 * @param {ArrayLike<number>} x
 */
export function differencedStart(m, x) {
  const values = new Float64Array(m.numCols + m.numRows);
  for (let j = 0; j < m.numCols; j++) {
    values[j] = x[j];
    if (x[j] === 0) continue;
    for (let k = m.starts[j]; k < m.starts[j + 1]; k++) values[m.numCols + m.indices[k]] += x[j];
  }
  for (let r = 0; r < m.numRows; r++) values[m.numCols + r] -= m.rowLower[r];
  return values;
}

/**
 * HiGHS ModelData of the plain cover model (CSC columns as built by model.mjs), with its integrality unless `integer`
 * is false (the LP relaxation).
 */
export function modelData(m, options = {}) {
  const data = {
    numCols: m.numCols,
    numRows: m.numRows,
    colCost: m.colCost,
    colLower: m.colLower,
    colUpper: m.colUpper,
    rowLower: m.rowLower,
    rowUpper: m.rowUpper,
    matrix: {
      format: 'csc',
      numRows: m.numRows,
      numCols: m.numCols,
      starts: m.starts,
      indices: m.indices,
      values: m.values,
    },
  };
  return options.integer === false ? data : { ...data, integrality: m.integrality };
}
