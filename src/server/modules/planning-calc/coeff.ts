/**
 * The planning coefficients of a saved calculation (spec 3, DOMAIN.md "Coefficients"), as pure arithmetic over the
 * optimiser's answer, so the formulas are tested without a database.
 */
import type { ShiftScheduleResult } from '../../../shared/shift-schedules.ts';
import { STANDARD_WEEK_HOURS } from '../../../shared/shift-schedules.ts';

/** What the coefficients are computed from. */
export interface CoeffBasis {
  /** Staff-hours the typical week's demand needs: Σ demand per slot × slot length in hours. */
  planTotal: number;
  /** Staff-hours the schedule pays: Σ staff_hours of the positions. */
  calcPlanTotal: number;
  /** Employees the schedule needs: Σ over positions of ceil(staff_hours ÷ 40). */
  persKol: number;
}

/** Rounds to 2 decimals for the answer (hours and the ratio); the integers stay exact. Example: 1.23456 → 1.23. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** ceil that forgives the float dust of a sum: 80.00000000001 ÷ 40 → 2, not 3. */
const ceilExact = (value: number) => Math.ceil(value - 1e-9);

/**
 * The basis of the coefficients from the result. Example: one position with demand 2 staff in four 15-minute slots
 * (2 staff-hours) and one 8-hour shift without break → planTotal 2, calcPlanTotal 8, persKol 1.
 */
export function coeffBasis(result: Pick<ShiftScheduleResult, 'slot_minutes' | 'positions'>): CoeffBasis {
  let planTotal = 0;
  let calcPlanTotal = 0;
  let persKol = 0;
  for (const position of result.positions) {
    let demandSlots = 0;
    for (const value of position.demand) demandSlots += value;
    planTotal += (demandSlots * result.slot_minutes) / 60;
    calcPlanTotal += position.staff_hours;
    persKol += ceilExact(position.staff_hours / STANDARD_WEEK_HOURS);
  }
  return { planTotal, calcPlanTotal, persKol };
}

/**
 * ceil(persKol × (1 + absence ÷ 100)) in whole numbers (absence has at most 2 decimals), so 10 staff with 10 %
 * absence need 11, not the 12 that 10 × 1.1 = 11.000000000000002 would give.
 */
export function withAbsence(persKol: number, absenceCoeff: number): number {
  const scaled = persKol * (10_000 + Math.round(absenceCoeff * 100));
  return Math.floor((scaled + 9_999) / 10_000);
}

/** The figures of spec 3 from the basis, the user's inputs and the staff list. */
export function coefficients(
  basis: CoeffBasis,
  inputs: { absenceCoeff: number; addEmpCount: number; empFactTotal: number },
) {
  const requiredEmp = withAbsence(basis.persKol, inputs.absenceCoeff) + inputs.addEmpCount;
  return {
    plan_total: round2(basis.planTotal),
    calc_plan_total: round2(basis.calcPlanTotal),
    effect_coeff:
      basis.calcPlanTotal > 0 ? Math.round((basis.planTotal / basis.calcPlanTotal) * 1e4) / 1e4 : null,
    pers_kol: basis.persKol,
    required_emp: requiredEmp,
    emp_fact_total: inputs.empFactTotal,
    emp_dif: inputs.empFactTotal - requiredEmp,
  };
}

/** The description of `GET /planning/coeff` for the API docs: every formula. */
export const COEFF_DESCRIPTION = `Коэффициенты сохранённого расчёта (calc_id). Входы: absence_coeff — процент отсутствующих (0…100, до 2 знаков, по умолчанию 0), add_emp_count — дополнительные сотрудники (0…10000, по умолчанию 0). Формулы по ответу оптимизатора (result) за типовую неделю: plan_total = Σ по должностям Σ по слотам demand × slot_minutes ÷ 60 (человеко-часы, нужные по потребности); calc_plan_total = Σ staff_hours (оплачиваемые человеко-часы графика); effect_coeff = plan_total ÷ calc_plan_total (4 знака; null, если график пуст); pers_kol = Σ по должностям ceil(staff_hours ÷ ${STANDARD_WEEK_HOURS}) — сотрудники при ${STANDARD_WEEK_HOURS}-часовой рабочей неделе; required_emp = ceil(pers_kol × (1 + absence_coeff ÷ 100)) + add_emp_count; emp_fact_total — активные сотрудники штатного списка на должностях расчёта; emp_dif = emp_fact_total − required_emp (отрицательное — нехватка). Часы округлены до 2 знаков.`;
