/** Types of incumbent.mjs (plain JavaScript so the solver worker loads it without a TypeScript loader). */
export interface RoundableModel {
  numRows: number;
  numCols: number;
  starts: Int32Array;
  indices: Int32Array;
  rowLower: Float64Array;
  colCost: Float64Array;
}

/** The cheaper of the up-rounded and the down-rounded-and-repaired covers, trimmed; null when neither covers. */
export function roundCover(
  m: RoundableModel,
  lp: ArrayLike<number>,
): { x: Float64Array; cost: number } | null;

/** Moves whole counts onto other used columns of the same cost while the cover holds: fewer distinct shifts. */
export function mergeShifts(m: RoundableModel, x: Float64Array): Float64Array;
