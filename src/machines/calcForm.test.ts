import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { CALC_MESSAGES, type CalcForm, emptyCalcForm } from '../shared/tariff-calc.ts';
import { calcFormErrors, EMPTY_ENTRY, withCalcType, withJobs, withSource } from './calcForm.ts';

/** A new calc of jobs with the names filled, under the given calc type. */
function ofJobs(calcType: 1 | 2 | 3): CalcForm {
  const named = { ...emptyCalcForm(4, 1), service: { name_ru: 'Буксировка', name_en: null, id_1c: 'BUKS' } };
  return withCalcType(withSource(named, 1), calcType, []);
}

describe('when checking a calc of jobs with no job chosen', () => {
  it('asks for jobs under the job selection only, not under the empty Duration entry', () => {
    const form = ofJobs(1);
    expect(form.calcJob).toEqual([EMPTY_ENTRY]);
    expect(calcFormErrors(form, [])).toEqual({ calcJob: [MESSAGES.required] });
  });

  it('keeps the other missing fields beside it', () => {
    const form = { ...ofJobs(1), service: { name_ru: '', name_en: null, id_1c: '' }, calc_direction_id: [] };
    expect(calcFormErrors(form, [])).toEqual({
      'service.name_ru': [MESSAGES.required],
      'service.id_1c': [MESSAGES.required],
      calc_direction_id: [MESSAGES.required],
      calcJob: [MESSAGES.required],
    });
  });

  it.each([2, 3] as const)('asks for jobs under the job selection for calc type %i as well', (calcType) => {
    expect(calcFormErrors(ofJobs(calcType), [])).toEqual({ calcJob: [MESSAGES.required] });
  });
});

describe('when checking a calc of jobs with jobs chosen', () => {
  it('flags every missing part of an empty Duration entry under that part', () => {
    const form = withJobs(ofJobs(1), [101, 102]);
    expect(calcFormErrors(form, [101, 102])).toEqual({
      'calcJob.0.start_job_id': [MESSAGES.required],
      'calcJob.0.start_param': [MESSAGES.required],
      'calcJob.0.end_job_id': [MESSAGES.required],
      'calcJob.0.end_param': [MESSAGES.required],
    });
  });

  it('accepts a complete Duration entry and refuses equal jobs with equal params', () => {
    const entry = {
      start_job_id: 101,
      start_param: 1,
      end_job_id: 102,
      end_param: 2,
      job_indicator_id: null,
    };
    const form = { ...ofJobs(1), calcJob: [entry] } as CalcForm;
    expect(calcFormErrors(form, [101, 102])).toEqual({});
    const same = { ...form, calcJob: [{ ...entry, end_job_id: 101, end_param: 1 }] } as CalcForm;
    expect(calcFormErrors(same, [101, 102])).toEqual({ 'calcJob.0': [CALC_MESSAGES.needChange] });
  });
});

describe('when checking a calc of medical services', () => {
  it('asks for medical services, whatever the job selection', () => {
    const form = withSource(ofJobs(1), 2);
    expect(calcFormErrors(form, [])).toEqual({ calcMedService: [MESSAGES.required] });
  });
});
