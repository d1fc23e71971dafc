/**
 * Holding a team to its department (spec 2: edit-department-team changes the teams of the writer's own department).
 * Without team-all a writer may give a team only rules for positions of the team's department and members who belong
 * to it. An employee belongs to a department when both his own record (`employees.department_id`) and his position
 * (`employee_positions.department_id`) say so: the team form offers the positions of the team's department and, per
 * rule, the employees holding that position, and the employee list filters by `employees.department_id`; whoever
 * passes both is his department's. A team-all writer may mix departments, as he could before.
 */
import { eq, inArray } from 'drizzle-orm';
import { departments, employeePositions, employees } from '../../db/schema/index.ts';
import { inScope, type TeamScope } from './scope.ts';
import type { Reader } from './tx.ts';

/**
 * The department a team of `departmentId` is held to, or undefined when the writer may mix departments (team-all) or
 * may not write the team at all (another department: the 403 of `requireScope` answers that, not the team's people).
 * Example: `heldTo({all: false, departmentId: 1}, 1)` → 1; `heldTo({all: true}, 1)` → undefined.
 */
export function heldTo(scope: TeamScope, departmentId: number): number | undefined {
  return inScope(scope, departmentId) && !scope.all ? departmentId : undefined;
}

/**
 * The foreign department of each employee who does not belong to `departmentId` (his own department when that
 * differs, else his position's). Employees not found are left out: the callers refuse them already.
 */
export async function foreignEmployees(
  reader: Reader,
  employeeIds: readonly number[],
  departmentId: number,
): Promise<Map<number, number>> {
  const foreign = new Map<number, number>();
  if (employeeIds.length === 0) return foreign;
  const rows = await reader
    .select({
      id: employees.id,
      departmentId: employees.departmentId,
      positionDepartmentId: employeePositions.departmentId,
    })
    .from(employees)
    .innerJoin(employeePositions, eq(employeePositions.id, employees.employeePositionId))
    .where(inArray(employees.id, [...employeeIds]));
  for (const row of rows) {
    if (row.departmentId !== departmentId) foreign.set(row.id, row.departmentId);
    else if (row.positionDepartmentId !== departmentId) foreign.set(row.id, row.positionDepartmentId);
  }
  return foreign;
}

/** The names of the departments. Example: `departmentNames(db, [4])` → Map {4 → 'СПП'}. */
export async function departmentNames(reader: Reader, ids: Iterable<number>): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await reader
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(inArray(departments.id, list));
  return new Map(rows.map((r) => [r.id, r.name]));
}
