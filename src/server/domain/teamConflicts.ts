/**
 * Conflicts of team planning (DOMAIN "Team planning"): an employee holding overlapping tasks, a task lacking staff
 * of the team's positions, a task done by someone outside the team. Pure, so the service, the demo and the property
 * tests share one definition.
 */

/** One task held by one employee, times in epoch ms. */
export interface HeldTask {
  employeeId: number;
  taskId: number;
  begin: number;
  end: number;
}

/** The key of a held task in the answer of `overlappingHolds`. Example: `holdKey(7, 12)` → '7:12'. */
export function holdKey(employeeId: number, taskId: number): string {
  return `${employeeId}:${taskId}`;
}

/**
 * The held tasks that overlap another task of the same employee (open intervals: one ending at 10:00 and one
 * starting at 10:00 do not overlap). A sweep per employee over the tasks in begin order, keeping the ones still
 * running: O(n log n + overlaps).
 * Example: employee 1 holding [0, 10] and [5, 15] → {'1:a', '1:b'}; holding [0, 10] and [10, 20] → {}.
 */
export function overlappingHolds(holds: readonly HeldTask[]): Set<string> {
  const out = new Set<string>();
  const sorted = [...holds].sort(
    (a, b) => a.employeeId - b.employeeId || a.begin - b.begin || a.end - b.end || a.taskId - b.taskId,
  );
  let active: HeldTask[] = [];
  let employee = Number.NaN;
  for (const hold of sorted) {
    if (hold.employeeId !== employee) {
      employee = hold.employeeId;
      active = [];
    }
    active = active.filter((other) => other.end > hold.begin);
    const clashing = active.filter((other) => other.begin < hold.end);
    if (clashing.length > 0) {
      out.add(holdKey(hold.employeeId, hold.taskId));
      for (const other of clashing) out.add(holdKey(other.employeeId, other.taskId));
    }
    active.push(hold);
  }
  return out;
}

/** A task of a flight with the staff it needs per position and the staff it has. */
export interface FlightTask {
  id: number;
  needs: readonly { positionId: number; count: number }[];
  staff: readonly { employeeId: number; positionId: number }[];
}

/** The conflict counts of one flight of a team (`teams-with-flights`). */
export interface FlightConflicts {
  conflict: 0 | 1;
  task_without_employee: number;
  task_with_employee_diff_team: number;
  employee_overlap: number;
}

/**
 * Counts the flight's tasks in each conflict kind for a team: lacking staff of one of the team's positions; done (in
 * one of the team's positions) by someone not in the team; staffed in one of the team's positions by someone holding an
 * overlapping task (`overlaps` from `overlappingHolds` over everyone's tasks). `conflict` is 1 when any count is above zero.
 * Example: a task needing 2 loaders with 1 team loader → task_without_employee 1, conflict 1.
 */
export function flightConflicts(
  tasks: readonly FlightTask[],
  team: { members: ReadonlySet<number>; positions: ReadonlySet<number> },
  overlaps: ReadonlySet<string>,
): FlightConflicts {
  let without = 0;
  let diff = 0;
  let overlap = 0;
  for (const task of tasks) {
    const lacking = task.needs.some(
      (need) =>
        team.positions.has(need.positionId) &&
        task.staff.filter((s) => s.positionId === need.positionId).length < need.count,
    );
    if (lacking) without += 1;
    if (task.staff.some((s) => team.positions.has(s.positionId) && !team.members.has(s.employeeId)))
      diff += 1;
    if (
      task.staff.some((s) => team.positions.has(s.positionId) && overlaps.has(holdKey(s.employeeId, task.id)))
    )
      overlap += 1;
  }
  return {
    conflict: without + diff + overlap > 0 ? 1 : 0,
    task_without_employee: without,
    task_with_employee_diff_team: diff,
    employee_overlap: overlap,
  };
}
