/** Types of differenced.mjs (plain JavaScript so the solver worker loads it without a TypeScript loader). */
import type { RoundableModel } from './incumbent.d.mts';

export interface DifferencedSource extends RoundableModel {
  colLower: Float64Array;
  colUpper: Float64Array;
}

/** HiGHS model data of the differenced cover: the counts, then one surplus column per row; equality rows. */
export interface DifferencedModel {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  colLower: Float64Array;
  colUpper: Float64Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  matrix: {
    format: 'csc';
    numRows: number;
    numCols: number;
    starts: Int32Array;
    indices: Int32Array;
    values: Float64Array;
  };
  integrality?: Int32Array;
}

/** The cover model with row i (i ≥ 1) replaced by row i − row i−1 and a surplus column per row. */
export function differenced(
  m: DifferencedSource,
  options?: { integer?: boolean; colUpper?: Float64Array },
): DifferencedModel;

/** The differenced model's column values for counts `x`: the counts, then each row's cover − demand. */
export function differencedStart(m: RoundableModel, x: ArrayLike<number>): Float64Array;

/** HiGHS model data of the plain cover model, with its integrality unless `integer` is false. */
export function modelData(
  m: DifferencedSource & { integrality?: Int32Array },
  options?: { integer?: boolean },
): DifferencedModel;
