import { describe, expect, it } from 'vitest';
import { IdIndex, readDigests, type TaskTable } from './flightTasks.ts';

const emptyTable = (): TaskTable => ({
  index: new IdIndex(),
  id: [],
  flight: [],
  job: [],
  begin: [],
  end: [],
  positions: [],
  resources: [],
  employees: [],
});

describe('readDigests', () => {
  it('reads each digest into the task columns, empty lists as undefined', () => {
    const table = emptyTable();
    readDigests('7,3,1,60,120|4,2,5,1||9;8,3,2,1700000000,1700000900|||;9,4,1,0,60|4,1|12,13|21,22', table);
    expect(table.id).toEqual([7, 8, 9]);
    expect(table.flight).toEqual([3, 3, 4]);
    expect(table.job).toEqual([1, 2, 1]);
    expect(table.begin).toEqual([60, 1700000000, 0]);
    expect(table.end).toEqual([120, 1700000900, 60]);
    expect(table.positions).toEqual([[4, 2, 5, 1], undefined, [4, 1]]);
    expect(table.resources).toEqual([undefined, undefined, [12, 13]]);
    expect(table.employees).toEqual([[9], undefined, [21, 22]]);
    expect(table.index.get(8)).toBe(1);
  });

  it('skips a task it already holds and reads nothing from null', () => {
    const table = emptyTable();
    readDigests('7,3,1,60,120|4,2||9', table);
    readDigests('7,3,1,60,999|4,9||1;10,3,1,0,1|||', table);
    readDigests(null, table);
    expect(table.id).toEqual([7, 10]);
    expect(table.end).toEqual([120, 1]);
    expect(table.positions).toEqual([[4, 2], undefined]);
    expect(table.employees).toEqual([[9], undefined]);
  });
});
