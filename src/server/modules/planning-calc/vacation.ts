import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  checkVacationPlan,
  VACATION_DAYS_DEFAULT,
  VACATION_STAFF_LIMIT,
  type VacationAnswer,
  type VacationEmployee,
  type VacationPlanEntry,
  type VacationSaveBody,
} from '../../../shared/planning-calc.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { employeePositions, employees, planningVacationDays } from '../../db/schema/index.ts';
import { ValidationError } from '../../domain/errors.ts';
import { sortKey } from '../../http/filters.ts';
import { requiredByWeekday, vacationProfit } from './profit.ts';
import { readCalc } from './service.ts';

/** A page of the planner as asked: name filter, sort (`fio`, `vacation_left`, minus for descending), paging. */
export interface VacationQuery {
  employee?: string;
  sort: { key: 'fio' | 'vacation_left'; desc: boolean } | null;
  page: number;
  perPage: number;
}

export type VacationDeps = Pick<DbHandle, 'db' | 'kind'>;

export interface VacationOptions {
  /** Vacation days an employee may plan in one calculation (spec 9 totalLeft). */
  totalLeft?: number;
}

type Staff = { id: number; name: string; position: string };

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'ru') || a.id - b.id;

/** The vacation planner of a saved calculation: read with a what-if plan, and save plans. */
export function createVacationService({ db, kind }: VacationDeps, options: VacationOptions = {}) {
  const totalLeft = options.totalLeft ?? VACATION_DAYS_DEFAULT;

  /** Active employees of the positions, by name. */
  async function staffOf(executor: Db, positionIds: number[]): Promise<Staff[]> {
    if (positionIds.length === 0) return [];
    return executor
      .select({ id: employees.id, name: employees.name, position: employeePositions.name })
      .from(employees)
      .innerJoin(employeePositions, eq(employeePositions.id, employees.employeePositionId))
      .where(and(inArray(employees.employeePositionId, positionIds), eq(employees.isActive, true)))
      .orderBy(asc(sortKey(employees.name, kind)), asc(employees.id))
      .limit(VACATION_STAFF_LIMIT);
  }

  /** The saved plans of a calculation: days by employee, in order. */
  async function savedPlans(executor: Db, calcId: number): Promise<Map<number, string[]>> {
    const rows = await executor
      .select({ employeeId: planningVacationDays.employeeId, day: planningVacationDays.day })
      .from(planningVacationDays)
      .where(eq(planningVacationDays.calcId, calcId))
      .orderBy(asc(planningVacationDays.employeeId), asc(planningVacationDays.day));
    const plans = new Map<number, string[]>();
    for (const row of rows) {
      const days = plans.get(row.employeeId) ?? [];
      days.push(row.day);
      plans.set(row.employeeId, days);
    }
    return plans;
  }

  /** The calculation, its staff and the refusals of a plan against them (empty when it may be applied). */
  async function checked(executor: Db, calcId: number, plan: readonly VacationPlanEntry[]) {
    const calc = await readCalc(executor, calcId);
    const staff = await staffOf(executor, calc.positionIds);
    const known = new Set(staff.map((employee) => employee.id));
    const fields = checkVacationPlan(plan, {
      begin: calc.begin,
      end: calc.end,
      totalLeft,
      isKnownEmployee: (id) => known.has(id),
    });
    return { calc, staff, fields };
  }

  return {
    totalLeft,

    /**
     * The planner: employees (filtered, sorted, paged) with their plan days and days left, and employeeProfit for
     * every day of the calculation's period over all its employees, as if `whatIf` replaced the listed employees'
     * plans (nothing is written). A refused what-if throws ValidationError with the payload paths.
     */
    async read(
      calcId: number,
      query: VacationQuery,
      whatIf: readonly VacationPlanEntry[],
    ): Promise<{ answer: VacationAnswer; total: number }> {
      const { calc, staff, fields } = await checked(db, calcId, whatIf);
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
      const plans = await savedPlans(db, calcId);
      for (const entry of whatIf) plans.set(entry.employee_id, [...entry.dates].sort());
      const rows: VacationEmployee[] = staff.map((employee) => {
        const planDates = plans.get(employee.id) ?? [];
        return { ...employee, planDates, vacation_left: totalLeft - planDates.length };
      });
      const employeeProfit = vacationProfit(
        calc,
        staff.length,
        rows.map((row) => row.planDates),
        requiredByWeekday(calc.result),
      );
      const needle = query.employee?.toLocaleLowerCase('ru');
      const shown = needle ? rows.filter((row) => row.name.toLocaleLowerCase('ru').includes(needle)) : rows;
      const sort = query.sort ?? { key: 'vacation_left', desc: true };
      const sign = sort.desc ? -1 : 1;
      shown.sort((a, b) =>
        sort.key === 'fio' ? sign * byName(a, b) : sign * (a.vacation_left - b.vacation_left) || byName(a, b),
      );
      const from = (query.page - 1) * query.perPage;
      return {
        total: shown.length,
        answer: {
          calc: { id: calc.id, name: calc.name, begin: calc.begin, end: calc.end },
          total_left: totalLeft,
          employees: shown.slice(from, from + query.perPage),
          employeeProfit,
        },
      };
    },

    /**
     * Saves the plans of the listed employees (each replaces that employee's plan in the calculation; the others
     * stay) in one transaction; 404 for an unknown calculation, 422 on the payload paths, nothing written.
     */
    async save(body: VacationSaveBody): Promise<{ saved: number }> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const { fields } = await checked(tx, body.calc_id, body.vacation_plan);
        if (Object.keys(fields).length > 0) throw new ValidationError(fields);
        const ids = body.vacation_plan.map((entry) => entry.employee_id);
        if (ids.length === 0) return { saved: 0 };
        await tx
          .delete(planningVacationDays)
          .where(
            and(eq(planningVacationDays.calcId, body.calc_id), inArray(planningVacationDays.employeeId, ids)),
          );
        const rows = body.vacation_plan.flatMap((entry) =>
          entry.dates.map((day) => ({ calcId: body.calc_id, employeeId: entry.employee_id, day })),
        );
        // Three parameters a row: chunks stay far below PostgreSQL's 65,535 bind parameters.
        for (let at = 0; at < rows.length; at += 5000)
          await tx.insert(planningVacationDays).values(rows.slice(at, at + 5000));
        return { saved: ids.length };
      });
    },
  };
}
