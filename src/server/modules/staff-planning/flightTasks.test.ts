import { describe, expect, it } from 'vitest';
import { readDigests, TaskTable } from './flightTasks.ts';

/** The table's tasks as plain rows: what each column says of each task. */
const rowsOf = (table: TaskTable) =>
  Array.from({ length: table.count }, (_, index) => {
    const kind = table.kinds[table.kind[index]];
    return {
      id: table.id[index],
      flight: table.flight[index],
      job: kind.job,
      begin: table.begin[index],
      end: table.end[index],
      positions: kind.positions,
      resources: kind.resources,
      employees: [...table.staff.subarray(table.staffBegin(index), table.staffEnd[index])],
    };
  });

describe('readDigests', () => {
  it('reads each digest into the task columns, a missing list as empty', () => {
    const table = new TaskTable();
    readDigests('7,3,1,60,120|4,2,5,1||9;8,3,2,1700000000,1700000900|||;9,4,1,0,60|4,1|12,13|21,22', table);
    expect(rowsOf(table)).toEqual([
      {
        id: 7,
        flight: 3,
        job: 1,
        begin: 60,
        end: 120,
        positions: [4, 2, 5, 1],
        resources: [],
        employees: [9],
      },
      {
        id: 8,
        flight: 3,
        job: 2,
        begin: 1700000000,
        end: 1700000900,
        positions: [],
        resources: [],
        employees: [],
      },
      {
        id: 9,
        flight: 4,
        job: 1,
        begin: 0,
        end: 60,
        positions: [4, 1],
        resources: [12, 13],
        employees: [21, 22],
      },
    ]);
    expect(table.index.get(8)).toBe(1);
  });

  it('skips a task it already holds and reads nothing from null', () => {
    const table = new TaskTable();
    readDigests('7,3,1,60,120|4,2||9', table);
    readDigests('7,3,1,60,999|4,9||1;10,3,1,0,1|||', table);
    readDigests(null, table);
    expect(
      rowsOf(table).map(({ id, end, positions, employees }) => ({ id, end, positions, employees })),
    ).toEqual([
      { id: 7, end: 120, positions: [4, 2], employees: [9] },
      { id: 10, end: 1, positions: [], employees: [] },
    ]);
  });

  it('shares one kind between tasks with the same job and lists, and tells apart any difference', () => {
    const table = new TaskTable();
    readDigests(
      '1,1,5,0,60|4,2|7|9;2,1,5,0,60|4,2|7|;3,1,6,0,60|4,2|7|;4,1,5,0,60|4,3|7|;5,1,5,0,60|4,2||;6,2,5,9,99|4,2|7|1,2',
      table,
    );
    expect([...table.kind.subarray(0, table.count)]).toEqual([0, 0, 1, 2, 3, 0]);
    expect(table.kinds.map(({ job, positions, resources }) => ({ job, positions, resources }))).toEqual([
      { job: 5, positions: [4, 2], resources: [7] },
      { job: 6, positions: [4, 2], resources: [7] },
      { job: 5, positions: [4, 3], resources: [7] },
      { job: 5, positions: [4, 2], resources: [] },
    ]);
  });

  it('grows past its first columns and keeps every task and employee', () => {
    const table = new TaskTable();
    const digests = Array.from(
      { length: 10_000 },
      (_, i) => `${i + 1},${i >> 3},${i % 7},${i * 60},${i * 60 + 900}|${i % 5},1||${i},${i + 1}`,
    );
    readDigests(digests.join(';'), table);
    expect(table.count).toBe(10_000);
    const rows = rowsOf(table);
    expect(rows[9_999]).toEqual({
      id: 10_000,
      flight: 9_999 >> 3,
      job: 9_999 % 7,
      begin: 9_999 * 60,
      end: 9_999 * 60 + 900,
      positions: [9_999 % 5, 1],
      resources: [],
      employees: [9_999, 10_000],
    });
    expect(table.kinds.length).toBe(35);
  });
});
