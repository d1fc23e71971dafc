/**
 * The standard shift schedule as an integer program (DOMAIN Staff planning: Standard shift schedule), pure: the
 * candidate shifts, the two models handed to HiGHS (minimum paid staff-hours; then the fewest distinct shifts at
 * that total), the cover of a schedule and a greedy cover for when the solver gives nothing.
 *
 * A week has `slots` slots (672 of 15 minutes) and wraps: a shift started on Sunday evening works on into Monday
 * morning of the same typical week. A candidate is a shift pattern started at a slot; it works `lengthSlots` slots
 * from its start except its break, `breakSlots` slots in the middle (starting `breakOffset` slots in), which cover
 * nothing. It costs its paid minutes, length − break.
 */

/** A working shift as the model sees it: length and break in minutes (its clock start is not used). */
export interface ShiftPattern {
  id: number;
  lengthMinutes: number;
  breakMinutes: number;
}

/** A pattern in slots: what a candidate started at slot s works. */
export interface SlotPattern {
  /** Index into the caller's patterns. */
  pattern: number;
  lengthSlots: number;
  breakOffset: number;
  breakSlots: number;
  /** Paid minutes: length − break. */
  paidMinutes: number;
}

/**
 * The pattern in slots: length and break rounded up to whole slots, the break centred (rounded down).
 * Example: 720 min with a 60 min break on 15-min slots → { lengthSlots 48, breakOffset 22, breakSlots 4 }.
 */
export function slotPattern(pattern: ShiftPattern, index: number, slotMinutes: number): SlotPattern | null {
  const lengthSlots = Math.ceil(pattern.lengthMinutes / slotMinutes);
  const breakSlots = Math.ceil(Math.max(0, pattern.breakMinutes) / slotMinutes);
  const paidMinutes = pattern.lengthMinutes - Math.max(0, pattern.breakMinutes);
  if (lengthSlots <= 0 || paidMinutes <= 0 || lengthSlots - breakSlots < 1) return null;
  const breakOffset = breakSlots > 0 ? Math.max(1, Math.floor((lengthSlots - breakSlots) / 2)) : 0;
  return { pattern: index, lengthSlots, breakOffset, breakSlots, paidMinutes };
}

/** Whether the k-th slot of a started shift is worked (not before its end, not in its break). */
function works(p: SlotPattern, k: number): boolean {
  return k >= 0 && k < p.lengthSlots && (k < p.breakOffset || k >= p.breakOffset + p.breakSlots);
}

/** The candidates worth a column: every pattern at every start that works at least one slot with demand. */
export interface Candidates {
  patterns: SlotPattern[];
  /** Per candidate: index into `patterns` and start slot. */
  patternOf: Int32Array;
  startOf: Int32Array;
  /** Per candidate: the largest demand of a slot it works (an upper bound of its count in a cheapest cover). */
  bound: Int32Array;
}

/**
 * Patterns with the same slots and pay are the same column: only the first of them is kept (the others would only
 * multiply equal solutions). Candidates that work no slot with demand are dropped: they cannot be in a cheapest
 * cover. A pattern longer than the week is left out.
 */
export function buildCandidates(
  demand: ArrayLike<number>,
  shifts: ShiftPattern[],
  slotMinutes: number,
): Candidates {
  const slots = demand.length;
  const seen = new Set<string>();
  const patterns: SlotPattern[] = [];
  shifts.forEach((shift, index) => {
    const p = slotPattern(shift, index, slotMinutes);
    // A shift longer than the week would work a slot twice.
    if (!p || p.lengthSlots > slots) return;
    const key = `${p.lengthSlots}:${p.breakOffset}:${p.breakSlots}:${p.paidMinutes}`;
    if (seen.has(key)) return;
    seen.add(key);
    patterns.push(p);
  });
  const patternOf: number[] = [];
  const startOf: number[] = [];
  const bound: number[] = [];
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

/** Greatest common divisor. Example: gcd(450, 660) → 30. */
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The model data HiGHS takes (`highs` ModelData with CSC columns), kept free of the package's types so the worker
 * can post it as is. Row i is the cover of the i-th slot with demand; the objective is paid minutes ÷ `unitMinutes`,
 * a whole number, so an absolute gap below 1 proves the optimum.
 */
export interface CoverModel {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
  /** 1 integer, for every column. */
  integrality: Int32Array;
  /** Paid minutes per unit of the objective. */
  unitMinutes: number;
  /** Columns of the step-1 counts (the first `countCols` columns of either model). */
  countCols: number;
  /** Row of the staff-hours total in the distinct-shifts model (−1 in the staff-hours model). */
  totalRow: number;
}

/** Slots with demand, numbered as rows. */
function demandRows(demand: ArrayLike<number>): Int32Array {
  const rowOf = new Int32Array(demand.length).fill(-1);
  let rows = 0;
  for (let s = 0; s < demand.length; s++) if (demand[s] > 0) rowOf[s] = rows++;
  return rowOf;
}

/** Cover rows of one candidate: the rows of the demand slots it works, ascending. */
function coverRowsOf(c: Candidates, j: number, rowOf: Int32Array): number[] {
  const p = c.patterns[c.patternOf[j]];
  const slots = rowOf.length;
  const rows: number[] = [];
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
 */
export function staffHoursModel(demand: ArrayLike<number>, c: Candidates): CoverModel {
  const rowOf = demandRows(demand);
  const numRows = rowOf.reduce((n, row) => (row >= 0 ? n + 1 : n), 0);
  const unit = c.patterns.reduce((g, p) => gcd(g, p.paidMinutes), 0) || 1;
  const numCols = c.patternOf.length;
  const starts = new Int32Array(numCols + 1);
  const indices: number[] = [];
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
 * Step 2: the same cover with the staff-time total ≤ the optimum (the worker sets the bound of `totalRow`), and a
 * binary y per (pattern, start) with x ≤ bound·y; minimise Σ y, the distinct shifts used. Columns: the n counts,
 * then the n flags. Rows: the cover rows, then the total, then one link row per count.
 */
export function distinctShiftsModel(base: CoverModel): CoverModel {
  const n = base.numCols;
  const totalRow = base.numRows;
  const numRows = base.numRows + 1 + n;
  const numCols = 2 * n;
  const starts = new Int32Array(numCols + 1);
  const indices: number[] = [];
  const values: number[] = [];
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
 */
export function coverOf(c: Candidates, counts: ArrayLike<number>, slots: number): Int32Array {
  const cover = new Int32Array(slots);
  for (let j = 0; j < counts.length; j++) {
    const n = Math.round(counts[j]);
    if (n <= 0) continue;
    const p = c.patterns[c.patternOf[j]];
    for (let k = 0; k < p.lengthSlots; k++) if (works(p, k)) cover[(c.startOf[j] + k) % slots] += n;
  }
  return cover;
}

/** Paid minutes of a schedule. */
export function paidMinutesOf(c: Candidates, counts: ArrayLike<number>): number {
  let total = 0;
  for (let j = 0; j < counts.length; j++)
    total += Math.round(counts[j]) * c.patterns[c.patternOf[j]].paidMinutes;
  return total;
}

/**
 * A cover without the solver: walking the week from its first slot with demand, each slot still short gets its
 * shortfall of the candidate starting there that covers the most remaining shortfall per paid minute. Always
 * covers (a shift works its first slot); used only when HiGHS returns no solution in time.
 */
export function greedyCover(demand: ArrayLike<number>, c: Candidates): Int32Array {
  const slots = demand.length;
  const counts = new Int32Array(c.patternOf.length);
  const short = Float64Array.from(demand, (d) => Math.max(0, Math.ceil(d)));
  const byStart = new Map<number, number[]>();
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
