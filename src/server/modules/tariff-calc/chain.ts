/**
 * From the raw quantity to the billable result: units, then coeff, rounding, accuracy and the minimum amount in the
 * order the calc's two sequence toggles set. Pure; the numbers are checked by hand in `evaluate.test.ts`.
 */
import { CALC_TYPE, type CalcStep, NO_ROUNDING_ID } from '../../../shared/tariff-calc.ts';
import type { EvalCalc } from './evaluate.ts';

/** Rounding ids of the reference list: 1 none, 2 up, 3 down, 4 half away from zero (mathematical). */
export const ROUNDING = { none: NO_ROUNDING_ID, up: 2, down: 3, math: 4 } as const;

/** Decimal text of a number for Russian labels: `ru(1.5)` → '1,5'. */
const ru = (value: number) => new Intl.NumberFormat('ru', { maximumFractionDigits: 6 }).format(value);

/** Removes binary noise before rounding: `clean(0.1 * 3)` → 0.3, so rounding up to 1 place gives 0.3, not 0.4. */
export const clean = (value: number) => Number(value.toPrecision(12));

/**
 * Decimal places beyond which rounding changes nothing: `clean` keeps 12 significant digits. An accuracy above it (the
 * form takes any non-negative number) rounds to it, so 10 ** places never overflows to Infinity (NaN in the answer).
 */
const MAX_PLACES = 12;

/**
 * Rounds by the mode to the given decimal places (away from zero for `math`).
 * Example: `roundBy(0.7834, ROUNDING.up, 0)` → 1; `roundBy(1.15, ROUNDING.math, 1)` → 1.2; `roundBy(2.5, 3, 0)` → 2.
 */
export function roundBy(value: number, mode: number, places: number): number {
  const factor = 10 ** Math.min(places, MAX_PLACES);
  const scaled = clean(value * factor);
  let rounded: number;
  if (mode === ROUNDING.up) rounded = Math.ceil(scaled);
  else if (mode === ROUNDING.down) rounded = Math.floor(scaled);
  else rounded = Math.sign(scaled) * Math.round(Math.abs(scaled));
  return clean(rounded / factor);
}

/** The chain's parameters: a subset of the calc. */
export type ChainParams = Pick<
  EvalCalc,
  | 'roundingId'
  | 'roundingName'
  | 'accuracy'
  | 'coeff'
  | 'minimumAmount'
  | 'isRoundingFirst'
  | 'isAccuracyFirst'
>;

/**
 * Coeff, rounding, accuracy and the minimum amount applied to a quantity in the calc's units.
 * Rounding (ids 2 up, 3 down, 4 mathematical) makes whole units; accuracy keeps that many decimal places
 * (mathematically); both are skipped when the rounding id is 1. Each stands before the coeff when its toggle is on
 * (rounding first when both are), after it otherwise. The minimum amount comes last and only for a quantity above
 * zero (a service not rendered is not billed).
 * Example: 0.7833 h, rounding up first, coeff 1.5, accuracy 1 after → 1 → 1.5 → 1.5.
 */
export function applyChain(
  quantity: number,
  params: ChainParams,
  prefix = '',
): { steps: CalcStep[]; result: number } {
  const steps: CalcStep[] = [];
  let value = quantity;
  const push = (kind: CalcStep['kind'], label: string, after: number) => {
    steps.push({ kind, label: prefix + label, before: value, after });
    value = after;
  };
  const rounds = params.roundingId !== ROUNDING.none;
  const places = params.accuracy === null ? null : Math.floor(params.accuracy);
  const rounding = () => {
    if (rounds)
      push(
        'rounding',
        `Округление: ${params.roundingName.toLowerCase()}, до целых`,
        roundBy(value, params.roundingId, 0),
      );
  };
  const accuracy = () => {
    if (rounds && places !== null)
      push('accuracy', `Точность: ${ru(places)} зн. после запятой`, roundBy(value, ROUNDING.math, places));
  };
  const coeff = () => {
    if (params.coeff !== null) push('coeff', `Коэффициент ${ru(params.coeff)}`, clean(value * params.coeff));
  };
  if (params.isRoundingFirst) rounding();
  if (params.isAccuracyFirst) accuracy();
  coeff();
  if (!params.isRoundingFirst) rounding();
  if (!params.isAccuracyFirst) accuracy();
  if (params.minimumAmount !== null && value > 0 && value < params.minimumAmount)
    push('minimum', `Минимальное значение ${ru(params.minimumAmount)}`, params.minimumAmount);
  return { steps, result: value };
}

/** The raw step's label by calc type: `rawLabel(CALC_TYPE.operations)` → 'Количество операций'. */
export function rawLabel(calcTypeId: number): string {
  if (calcTypeId === CALC_TYPE.duration) return 'Продолжительность, мин';
  if (calcTypeId === CALC_TYPE.operations) return 'Количество операций';
  return 'Значение показателя';
}

/** Duration minutes in the calc's format: hours divide by 60; minutes and every other unit keep minutes. */
export function unitsOf(calc: EvalCalc): { divisor: number; label: string; note: string | null } {
  if (calc.calcTypeId !== CALC_TYPE.duration) return { divisor: 1, label: '', note: null };
  if (calc.format.name === 'ч') return { divisor: 60, label: 'Перевод в часы: ÷ 60', note: null };
  if (calc.format.name === 'мин') return { divisor: 1, label: '', note: null };
  return {
    divisor: 1,
    label: '',
    note: `Единица «${calc.format.name_full}» не единица времени: продолжительность считается в минутах`,
  };
}
