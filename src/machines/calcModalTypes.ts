/**
 * The calc modal machine's context, events and emitted event, apart from the machine (calcModal.ts), with the empty
 * values it starts from and resets to: no reference lists, no job options, no evaluation, and the fresh form of the
 * lists loaded (their first format and rounding).
 */
import type { CalcReferences, JobOptions } from '../app/tariff-calc/api.ts';
import { type CalcEvaluation, emptyCalcForm } from '../shared/tariff-calc.ts';
import type { CalcEditEvent, CalcEditState, CalcPristine } from './calcModalEdits.ts';

interface EvaluationState {
  flightAid: number | null;
  result: CalcEvaluation | null;
  message: string | null;
}

export interface CalcModalContext extends CalcEditState {
  refs: CalcReferences;
  /** The calc an edit asked for; one asked while the reference lists load is read once they are in. */
  editId: number | null;
  /** Options of the chosen jobs: the check block's lists and the indicators. */
  options: JobOptions;
  /** A failed save's message, for the line above the buttons. */
  message: string | null;
  evaluation: EvaluationState;
  /** The form and jobs as the modal opened: closing asks first once they differ (`hasUnsavedCalc`). */
  pristine: CalcPristine;
}

export type CalcModalEvent =
  | CalcEditEvent
  | { type: 'CALC.ADD' }
  | { type: 'CALC.EDIT'; id: number }
  | { type: 'REFERENCES.RETRY' }
  | { type: 'CALC.CLOSE' }
  | { type: 'CHECK.LOAD' }
  | { type: 'FORM.SUBMIT' }
  | { type: 'EVALUATION.FLIGHT'; flightAid: number | null }
  | { type: 'EVALUATION.RUN' };

export type CalcModalEmitted = { type: 'CALC.SAVED' };

export const NO_REFS: CalcReferences = {
  calcTypes: [],
  formats: [],
  roundings: [],
  medServices: [],
  vipServices: [],
  services: [],
  jobs: [],
};
export const NO_OPTIONS: JobOptions = { positions: [], resourceTypes: [], resources: [], indicators: [] };
export const NO_EVALUATION: EvaluationState = { flightAid: null, result: null, message: null };

/** The empty form of the lists loaded: their first format and rounding (none while the lists are empty). */
export const freshForm = (refs: CalcReferences) =>
  emptyCalcForm(refs.formats[0]?.id ?? null, refs.roundings[0]?.id ?? null);
