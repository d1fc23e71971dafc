// The standard shift schedule as an integer program (DOMAIN Staff planning: Standard shift schedule), pure: the
// candidate shifts, the two models handed to HiGHS (minimum paid staff-hours; then the fewest distinct shifts at that
// total), the cover of a schedule and a greedy cover for when the solver gives nothing. Plain JavaScript so the solver
// worker, which builds the models (position.mjs), loads it without a TypeScript loader; types in model.d.mts.
//
// A week has `slots` slots (672 of 15 minutes) and wraps: a shift started on Sunday evening works on into Monday
// morning of the same typical week. A candidate is a shift pattern started at a slot; it works `lengthSlots` slots from
// its start except its break, `breakSlots` slots in the middle (starting `breakOffset` slots in), which cover nothing.
// It costs its paid minutes, length − break.

/**
 * The pattern in slots: length and break rounded up to whole slots, the break centred (rounded down).
 * Example: 720 min with a 60 min break on 15-min slots → { lengthSlots 48, breakOffset 22, breakSlots 4 }.
 * @param {{lengthMinutes: number, breakMinutes: number}} pattern
 * @param {number} index
 * @param {number} slotMinutes
 */
export function slotPattern(pattern, index, slotMinutes) {
  const lengthSlots = Math.ceil(pattern.lengthMinutes / slotMinutes);
  const breakSlots = Math.ceil(Math.max(0, pattern.breakMinutes) / slotMinutes);
  const paidMinutes = pattern.lengthMinutes - Math.max(0, pattern.breakMinutes);
  if (lengthSlots <= 0 || paidMinutes <= 0 || lengthSlots - breakSlots < 1) return null;
  const breakOffset = breakSlots > 0 ? Math.max(1, Math.floor((lengthSlots - breakSlots) / 2)) : 0;
  return { pattern: index, lengthSlots, breakOffset, breakSlots, paidMinutes };
}

/**
 * Whether the k-th slot of a started shift is worked (not before its end, not in its break).
 * @param {{lengthSlots: number, breakOffset: number, breakSlots: number}} p
 * @param {number} k
 */
function works(p, k) {
  return k >= 0 && k < p.lengthSlots && (k < p.breakOffset || k >= p.breakOffset + p.breakSlots);
}

/**
 * Patterns with the same slots and pay are the same column: only the first of them is kept (the others would only
 * multiply equal solutions). Candidates that work no slot with demand are dropped: they cannot be in a cheapest
 * cover. A pattern longer than the week is left out.
 * @param {ArrayLike<number>} demand
 * @param {{lengthMinutes: number, breakMinutes: number}[]} shifts
 * @param {number} slotMinutes
 */
export function buildCandidates(demand, shifts, slotMinutes) {
  const slots = demand.length;
  const seen = new Set();
  const patterns = [];
  shifts.forEach((shift, index) => {
    const p = slotPattern(shift, index, slotMinutes);
    // A shift longer than the week would work a slot twice.
    if (!p || p.lengthSlots > slots) return;
    const key = `${p.lengthSlots}:${p.breakOffset}:${p.breakSlots}:${p.paidMinutes}`;
    if (seen.has(key)) return;
    seen.add(key);
    patterns.push(p);
  });
  const patternOf = [];
  const startOf = [];
  const bound = [];
  patterns.forEach((p, pi) => {
    for (let start = 0; start < slots; start++) {
      let most = 0;
      for (let k = 0; k < p.lengthSlots; k++) {
        if (!works(p, k)) continue;
        const d = demand[(start + k) % slots];
        if (d > most) most = d;
      }
      if (most <= 0) continue;
      patternOf.push(pi);
      startOf.push(start);
      bound.push(Math.ceil(most));
    }
  });
  return {
    patterns,
    patternOf: Int32Array.from(patternOf),
    startOf: Int32Array.from(startOf),
    bound: Int32Array.from(bound),
  };
}

/**
 * Greatest common divisor. Example: gcd(450, 660) → 30.
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Slots with demand, numbered as rows.
 * @param {ArrayLike<number>} demand
 */
function demandRows(demand) {
  const rowOf = new Int32Array(demand.length).fill(-1);
  let rows = 0;
  for (let s = 0; s < demand.length; s++) if (demand[s] > 0) rowOf[s] = rows++;
  return rowOf;
}

/**
 * Cover rows of one candidate: the rows of the demand slots it works, ascending.
 * @param {import('./model.d.mts').Candidates} c
 * @param {number} j
 * @param {Int32Array} rowOf
 */
function coverRowsOf(c, j, rowOf) {
  const p = c.patterns[c.patternOf[j]];
  const slots = rowOf.length;
  const rows = [];
  for (let k = 0; k < p.lengthSlots; k++) {
    if (!works(p, k)) continue;
    const row = rowOf[(c.startOf[j] + k) % slots];
    if (row >= 0) rows.push(row);
  }
  return rows.sort((a, b) => a - b);
}

/**
 * Step 1: minimise paid staff-time subject to cover ≥ demand in every slot; integer counts 0..bound.
 * Example: demand [1, 1] on 15-min slots and one 30-min shift → one column, one cost unit, rows ≥ 1.
 * @param {ArrayLike<number>} demand
 * @param {import('./model.d.mts').Candidates} c
 */
export function staffHoursModel(demand, c) {
  const rowOf = demandRows(demand);
  const numRows = rowOf.reduce((n, row) => (row >= 0 ? n + 1 : n), 0);
  const unit = c.patterns.reduce((g, p) => gcd(g, p.paidMinutes), 0) || 1;
  const numCols = c.patternOf.length;
  const starts = new Int32Array(numCols + 1);
  const indices = [];
  for (let j = 0; j < numCols; j++) {
    for (const row of coverRowsOf(c, j, rowOf)) indices.push(row);
    starts[j + 1] = indices.length;
  }
  const rowLower = new Float64Array(numRows);
  for (let s = 0; s < demand.length; s++) if (rowOf[s] >= 0) rowLower[rowOf[s]] = Math.ceil(demand[s]);
  return {
    numCols,
    numRows,
    colCost: Float64Array.from(c.patternOf, (pi) => c.patterns[pi].paidMinutes / unit),
    colLower: new Float64Array(numCols),
    colUpper: Float64Array.from(c.bound),
    rowLower,
    rowUpper: new Float64Array(numRows).fill(Number.POSITIVE_INFINITY),
    starts,
    indices: Int32Array.from(indices),
    values: new Float64Array(indices.length).fill(1),
    integrality: new Int32Array(numCols).fill(1),
    unitMinutes: unit,
    countCols: numCols,
    totalRow: -1,
  };
}

/**
 * Step 2: the same cover with the staff-time total ≤ the optimum (solve.mjs sets the bound of `totalRow`), and a
 * binary y per (pattern, start) with x ≤ bound·y; minimise Σ y, the distinct shifts used. Columns: the n counts,
 * then the n flags. Rows: the cover rows, then the total, then one link row per count.
 * @param {import('./model.d.mts').CoverModel} base
 */
export function distinctShiftsModel(base) {
  const n = base.numCols;
  const totalRow = base.numRows;
  const numRows = base.numRows + 1 + n;
  const numCols = 2 * n;
  const starts = new Int32Array(numCols + 1);
  const indices = [];
  const values = [];
  for (let j = 0; j < n; j++) {
    for (let k = base.starts[j]; k < base.starts[j + 1]; k++) {
      indices.push(base.indices[k]);
      values.push(1);
    }
    indices.push(totalRow, totalRow + 1 + j);
    values.push(base.colCost[j], 1);
    starts[j + 1] = indices.length;
  }
  for (let j = 0; j < n; j++) {
    indices.push(totalRow + 1 + j);
    values.push(-Math.max(1, base.colUpper[j]));
    starts[n + j + 1] = indices.length;
  }
  const rowLower = new Float64Array(numRows).fill(Number.NEGATIVE_INFINITY);
  const rowUpper = new Float64Array(numRows).fill(Number.POSITIVE_INFINITY);
  rowLower.set(base.rowLower);
  rowUpper[totalRow] = Number.POSITIVE_INFINITY;
  for (let j = 0; j < n; j++) rowUpper[totalRow + 1 + j] = 0;
  const colCost = new Float64Array(numCols);
  colCost.fill(1, n);
  const colUpper = new Float64Array(numCols);
  colUpper.set(base.colUpper);
  colUpper.fill(1, n);
  return {
    numCols,
    numRows,
    colCost,
    colLower: new Float64Array(numCols),
    colUpper,
    rowLower,
    rowUpper,
    starts,
    indices: Int32Array.from(indices),
    values: Float64Array.from(values),
    integrality: new Int32Array(numCols).fill(1),
    unitMinutes: base.unitMinutes,
    countCols: n,
    totalRow,
  };
}

/**
 * Staff on duty per slot for the counts of the candidates (breaks excluded, wrapping over the week's end).
 * Example: one 30-min shift at slot 3 of a 4-slot week on 15-min slots → [1, 0, 0, 1].
 * @param {import('./model.d.mts').Candidates} c
 * @param {ArrayLike<number>} counts
 * @param {number} slots
 */
export function coverOf(c, counts, slots) {
  const cover = new Int32Array(slots);
  for (let j = 0; j < counts.length; j++) {
    const n = Math.round(counts[j]);
    if (n <= 0) continue;
    const p = c.patterns[c.patternOf[j]];
    for (let k = 0; k < p.lengthSlots; k++) if (works(p, k)) cover[(c.startOf[j] + k) % slots] += n;
  }
  return cover;
}

/**
 * Paid minutes of a schedule.
 * @param {import('./model.d.mts').Candidates} c
 * @param {ArrayLike<number>} counts
 */
export function paidMinutesOf(c, counts) {
  let total = 0;
  for (let j = 0; j < counts.length; j++)
    total += Math.round(counts[j]) * c.patterns[c.patternOf[j]].paidMinutes;
  return total;
}

/**
 * A cover without the solver: walking the week from its first slot with demand, each slot still short gets its
 * shortfall of the candidate starting there that covers the most remaining shortfall per paid minute. Always
 * covers (a shift works its first slot); used only when HiGHS returns no solution in time.
 * @param {ArrayLike<number>} demand
 * @param {import('./model.d.mts').Candidates} c
 */
export function greedyCover(demand, c) {
  const slots = demand.length;
  const counts = new Int32Array(c.patternOf.length);
  const short = Float64Array.from(demand, (d) => Math.max(0, Math.ceil(d)));
  const byStart = new Map();
  for (let j = 0; j < c.startOf.length; j++) {
    const list = byStart.get(c.startOf[j]) ?? [];
    list.push(j);
    byStart.set(c.startOf[j], list);
  }
  for (let s = 0; s < slots; s++) {
    if (short[s] <= 0) continue;
    let best = -1;
    let bestValue = -1;
    for (const j of byStart.get(s) ?? []) {
      const p = c.patterns[c.patternOf[j]];
      if (!works(p, 0)) continue;
      let gain = 0;
      for (let k = 0; k < p.lengthSlots; k++) if (works(p, k)) gain += Math.min(1, short[(s + k) % slots]);
      const value = gain / p.paidMinutes;
      if (value > bestValue) {
        bestValue = value;
        best = j;
      }
    }
    if (best < 0) continue;
    const n = short[s];
    counts[best] += n;
    const p = c.patterns[c.patternOf[best]];
    for (let k = 0; k < p.lengthSlots; k++) if (works(p, k)) short[(s + k) % slots] -= n;
  }
  return counts;
}
