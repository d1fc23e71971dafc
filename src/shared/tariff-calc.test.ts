import { describe, expect, it } from 'vitest';
import { CALC_MESSAGES, type Calc, calcCreateSchema, calcToForm, emptyCalcForm } from './tariff-calc.ts';

/** The messages of a refused form by path. */
function errors(form: unknown): Record<string, string[]> {
  const result = calcCreateSchema.safeParse(form);
  const fields: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    fields[path] = [...(fields[path] ?? []), issue.message];
  }
  return fields;
}

const duration = (calcJob: object[]) => ({
  ...emptyCalcForm(1, 1),
  calcSourceType: 1,
  service: { name_ru: 'Трап', name_en: null, id_1c: 'TRAP' },
  calc_type_id: 1,
  calcJob,
});
const entry = { start_job_id: 2, start_param: 1, end_job_id: 2, end_param: 2, job_indicator_id: null };

describe('the calc form rules of spec 5', () => {
  it('flags every required field of a fresh form at once', () => {
    const fields = errors(emptyCalcForm(1, 1));
    expect(fields).toEqual({
      'service.name_ru': [CALC_MESSAGES.required],
      'service.id_1c': [CALC_MESSAGES.required],
      calcSourceType: [CALC_MESSAGES.required],
      calc_type_id: [CALC_MESSAGES.required],
    });
  });

  it('asks for at least one job, medical or VIP service by source, and one direction', () => {
    expect(errors(duration([]))).toEqual({ calcJob: [CALC_MESSAGES.required] });
    expect(errors({ ...duration([]), calcSourceType: 2, calc_type_id: 2 })).toEqual({
      calcMedService: [CALC_MESSAGES.required],
    });
    expect(errors({ ...duration([entry]), calc_direction_id: [] })).toEqual({
      calc_direction_id: [CALC_MESSAGES.required],
    });
  });

  it('needs start and end job and params in every Duration entry', () => {
    expect(errors(duration([{ start_job_id: -1 }]))).toEqual({
      'calcJob.0.start_job_id': [CALC_MESSAGES.required],
      'calcJob.0.start_param': [CALC_MESSAGES.required],
      'calcJob.0.end_job_id': [CALC_MESSAGES.required],
      'calcJob.0.end_param': [CALC_MESSAGES.required],
    });
  });

  it('asks to change the job or param when start and end are the same (error.needChange)', () => {
    expect(errors(duration([{ ...entry, end_param: 1 }]))).toEqual({
      'calcJob.0': [CALC_MESSAGES.needChange],
    });
  });

  it('refuses a duplicate duration entry (error.youTrying)', () => {
    expect(errors(duration([entry, { ...entry, end_job_id: 3 }, entry]))).toEqual({
      'calcJob.2': [CALC_MESSAGES.youTrying],
    });
  });

  it('allows only Operations for medical and VIP services', () => {
    expect(errors({ ...duration([]), calcSourceType: 3, calcVipService: [1] })).toEqual({
      calc_type_id: [CALC_MESSAGES.operationsOnly],
    });
  });

  it('refuses negative numbers and takes empty as null', () => {
    expect(errors({ ...duration([entry]), coeff: -0.5 })).toEqual({ coeff: [CALC_MESSAGES.nonNegative] });
    expect(calcCreateSchema.parse({ ...duration([entry]), coeff: null }).coeff).toBeNull();
  });
});

describe('a loaded calc back to the form', () => {
  it('keeps every field and list', () => {
    const calc: Calc = {
      id: 7,
      calcSourceType: 1,
      service: { id: 1, name_ru: 'Трап', name_en: 'Steps', id_1c: 'TRAP' },
      calc_type: { id: 1, name: 'Продолжительность' },
      format: { id: 2, name: 'ч', name_full: 'Часы' },
      rounding: { id: 2, name: 'Вверх', name_full: 'Округление в большую сторону' },
      group_type: 1,
      accuracy: 1,
      coeff: 1.5,
      minimum_amount: 2,
      is_rounding_first: false,
      is_accuracy_first: true,
      is_using_plan_time: true,
      calcServiceMapType: [{ id: 3, name: 'Оборот' }],
      calcVipService: [],
      calcMedService: [],
      calcJob: [
        {
          start_job: { id: 2, name: 'Подача трапа' },
          start_param: 1,
          end_job: { id: 2, name: 'Подача трапа' },
          end_param: 2,
          job_indicator: null,
        },
      ],
      calcDirection: [{ direction: { id: 1, name: 'Вылет' } }],
      calcEmployeePosition: [{ id: 4, name: 'Водитель трапа' }],
      calcResourceType: [{ id: 5, name: 'Самоходный трап' }],
      calcResource: [{ id: 6, name: 'Трап №1' }],
      version: '1543',
    };
    const form = calcToForm(calc);
    expect(form).toMatchObject({
      id: 7,
      version: '1543',
      calc_type_id: 1,
      calc_direction_id: [1],
      calcServiceMapType: [3],
      calcJob: [entry],
      calc_employee_position_id: [4],
      calc_resource_type_id: [5],
      calc_resource_id: [6],
    });
    expect(calcCreateSchema.safeParse(form).success).toBe(true);
  });
});
