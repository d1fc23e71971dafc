/** Types of model.mjs (plain JavaScript so the solver worker builds the models without a TypeScript loader). */

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
 * The model data HiGHS takes (`highs` ModelData with CSC columns), kept free of the package's types. Row i is the
 * cover of the i-th slot with demand; the objective is paid minutes ÷ `unitMinutes`, a whole number, so an absolute
 * gap below 1 proves the optimum.
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

/**
 * The pattern in slots: length and break rounded up to whole slots, the break centred (rounded down).
 * Example: 720 min with a 60 min break on 15-min slots → { lengthSlots 48, breakOffset 22, breakSlots 4 }.
 */
export function slotPattern(pattern: ShiftPattern, index: number, slotMinutes: number): SlotPattern | null;

/** Every distinct pattern at every start working a slot with demand. Example: demand [1, 0], one 15-min shift → 1. */
export function buildCandidates(
  demand: ArrayLike<number>,
  shifts: ShiftPattern[],
  slotMinutes: number,
): Candidates;

/**
 * Step 1: minimise paid staff-time subject to cover ≥ demand in every slot; integer counts 0..bound.
 * Example: demand [1, 1] on 15-min slots and one 30-min shift → one column, one cost unit, rows ≥ 1.
 */
export function staffHoursModel(demand: ArrayLike<number>, c: Candidates): CoverModel;

/** Step 2: the step-1 cover plus a 0/1 flag per count and a total row; minimise the flags (distinct shifts). */
export function distinctShiftsModel(base: CoverModel): CoverModel;

/**
 * Staff on duty per slot for the counts of the candidates (breaks excluded, wrapping over the week's end).
 * Example: one 30-min shift at slot 3 of a 4-slot week on 15-min slots → [1, 0, 0, 1].
 */
export function coverOf(c: Candidates, counts: ArrayLike<number>, slots: number): Int32Array;

/** Paid minutes of a schedule. Example: two 30-min shifts without breaks → 60. */
export function paidMinutesOf(c: Candidates, counts: ArrayLike<number>): number;

/** A cover without the solver, walking the week; used only when HiGHS returns no solution in time. */
export function greedyCover(demand: ArrayLike<number>, c: Candidates): Int32Array;
