import { describe, expect, it } from 'vitest';
import { coeffBasis, coefficients, withAbsence } from './coeff.ts';

const position = (demand: number[], staffHours: number) => ({
  employee_position_id: 1,
  name: 'Грузчик',
  status: 'optimal' as const,
  gap: 0,
  distinct_gap: null,
  solve_ms: 1,
  demand,
  cover: demand,
  staff_hours: staffHours,
  shifts: [],
});

describe('the basis of the coefficients', () => {
  it('counts demand staff-hours by slot length, paid staff-hours and employees per 40-hour week per position', () => {
    const basis = coeffBasis({
      slot_minutes: 15,
      positions: [position([2, 2, 2, 2, 0], 8), position([1, 1], 80.00000000001)],
    });
    expect(basis.planTotal).toBeCloseTo(2.5);
    expect(basis.calcPlanTotal).toBeCloseTo(88);
    // ceil(8 / 40) = 1 and ceil(80 / 40) = 2: a position is staffed by whole people of its own.
    expect(basis.persKol).toBe(3);
  });

  it('needs nobody for an empty schedule', () => {
    expect(coeffBasis({ slot_minutes: 15, positions: [] })).toEqual({
      planTotal: 0,
      calcPlanTotal: 0,
      persKol: 0,
    });
  });
});

describe('the coefficients of spec 3', () => {
  it('adds the absence share rounded up and the extra employees, and compares with the staff list', () => {
    const figures = coefficients(
      { planTotal: 300, calcPlanTotal: 400, persKol: 10 },
      { absenceCoeff: 10, addEmpCount: 2, empFactTotal: 12 },
    );
    expect(figures).toEqual({
      plan_total: 300,
      calc_plan_total: 400,
      effect_coeff: 0.75,
      pers_kol: 10,
      required_emp: 13,
      emp_fact_total: 12,
      emp_dif: -1,
    });
  });

  it('answers no efficiency for an empty schedule instead of dividing by zero', () => {
    const figures = coefficients(
      { planTotal: 0, calcPlanTotal: 0, persKol: 0 },
      { absenceCoeff: 0, addEmpCount: 0, empFactTotal: 5 },
    );
    expect(figures.effect_coeff).toBeNull();
    expect(figures.emp_dif).toBe(5);
  });

  it('rounds the absence share up in whole numbers, free of float error', () => {
    expect(withAbsence(10, 10)).toBe(11);
    expect(withAbsence(10, 10.01)).toBe(12);
    expect(withAbsence(7, 0)).toBe(7);
    expect(withAbsence(3, 33.33)).toBe(4);
    expect(withAbsence(100, 0.5)).toBe(101);
    expect(withAbsence(0, 100)).toBe(0);
  });
});
