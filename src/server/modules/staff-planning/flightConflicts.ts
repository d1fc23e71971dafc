/**
 * Double-booking: every assignment of the span, the read tasks' and any other flight's, swept per employee (sorted
 * by begin), never pairs.
 */
import type { TaskTable } from './flightTasks.ts';

/** Sorts the rows of one employee by begin and marks each that overlaps another: O(n log n). */
export function sweepEmployee(rows: number[], begins: number[], ends: number[], conflict: Uint8Array): void {
  rows.sort((a, b) => begins[a] - begins[b]);
  let maxEnd = Number.NEGATIVE_INFINITY;
  let maxRow = -1;
  for (const row of rows) {
    if (begins[row] >= ends[row]) continue; // an instant overlaps nothing
    // Any earlier row ending after this one begins overlaps it; the one ending last does, and is marked too.
    // An earlier row overlapping a later one is always caught: either it holds the latest end then, or a row
    // that began before it ends after it began, which marked it in its own turn.
    if (begins[row] < maxEnd) {
      conflict[row] = 1;
      conflict[maxRow] = 1;
    }
    if (ends[row] > maxEnd) {
      maxEnd = ends[row];
      maxRow = row;
    }
  }
}

/**
 * 1 at the index of a task (of those read) that one of its employees is double-booked on, counting the
 * assignments of `tasks` and `others` (task, employee, begin, end; flat) that touch [spanBegin, spanEnd].
 */
export function conflictingTasks(
  table: TaskTable,
  others: Float64Array,
  spanBegin: number,
  spanEnd: number,
): Uint8Array {
  const { index: taskIndex, id: tId, begin: tBegin, end: tEnd, staff, staffEnd } = table;
  const conflictTask = new Uint8Array(table.count);
  const begins: number[] = [];
  const ends: number[] = [];
  const taskOf: number[] = [];
  const byEmployee = new Map<number, number[]>();
  const add = (task: number, employee: number, begin: number, end: number) => {
    if (end < spanBegin || begin > spanEnd) return;
    const row = begins.length;
    begins.push(begin);
    ends.push(end);
    taskOf.push(task);
    let list = byEmployee.get(employee);
    if (!list) {
      list = [];
      byEmployee.set(employee, list);
    }
    list.push(row);
  };
  for (let index = 0, k = 0; index < table.count; index++) {
    for (; k < staffEnd[index]; k++) add(tId[index], staff[k], tBegin[index], tEnd[index]);
  }
  for (let i = 0; i < others.length; i += 4) add(others[i], others[i + 1], others[i + 2], others[i + 3]);
  const conflict = new Uint8Array(begins.length);
  for (const list of byEmployee.values()) sweepEmployee(list, begins, ends, conflict);
  for (let row = 0; row < conflict.length; row++) {
    const index = conflict[row] ? taskIndex.get(taskOf[row]) : -1;
    if (index >= 0) conflictTask[index] = 1;
  }
  return conflictTask;
}
