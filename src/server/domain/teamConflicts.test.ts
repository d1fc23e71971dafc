import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flightConflicts, type HeldTask, holdKey, overlappingHolds } from './teamConflicts.ts';

/** Every pair compared: the reference the sweep must agree with. */
function bruteForce(holds: readonly HeldTask[]): Set<string> {
  const out = new Set<string>();
  for (const a of holds)
    for (const b of holds)
      if (a !== b && a.employeeId === b.employeeId && a.begin < b.end && b.begin < a.end) {
        out.add(holdKey(a.employeeId, a.taskId));
        out.add(holdKey(b.employeeId, b.taskId));
      }
  return out;
}

const holdsArb = fc
  .array(
    fc.record({
      employeeId: fc.integer({ min: 1, max: 4 }),
      begin: fc.integer({ min: 0, max: 100 }),
      length: fc.integer({ min: 0, max: 40 }),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map((r, i) => ({
      employeeId: r.employeeId,
      taskId: i + 1,
      begin: r.begin,
      end: r.begin + r.length,
    })),
  );

describe('overlappingHolds', () => {
  it('marks both tasks of an employee that overlap', () => {
    const found = overlappingHolds([
      { employeeId: 1, taskId: 1, begin: 0, end: 10 },
      { employeeId: 1, taskId: 2, begin: 5, end: 15 },
      { employeeId: 2, taskId: 3, begin: 5, end: 15 },
    ]);
    expect([...found].sort()).toEqual(['1:1', '1:2']);
  });

  it('does not count a task starting when the other ends', () => {
    expect(
      overlappingHolds([
        { employeeId: 1, taskId: 1, begin: 0, end: 10 },
        { employeeId: 1, taskId: 2, begin: 10, end: 20 },
      ]).size,
    ).toBe(0);
  });

  it('agrees with comparing every pair', () => {
    fc.assert(
      fc.property(holdsArb, (holds) => {
        expect([...overlappingHolds(holds)].sort()).toEqual([...bruteForce(holds)].sort());
      }),
      { numRuns: 500 },
    );
  });
});

describe('flightConflicts', () => {
  const team = { members: new Set([1, 2]), positions: new Set([10]) };

  it('counts a task lacking staff of a team position', () => {
    const result = flightConflicts(
      [{ id: 1, needs: [{ positionId: 10, count: 2 }], staff: [{ employeeId: 1, positionId: 10 }] }],
      team,
      new Set(),
    );
    expect(result).toEqual({
      conflict: 1,
      task_without_employee: 1,
      task_with_employee_diff_team: 0,
      employee_overlap: 0,
    });
  });

  it('ignores a lack of a position the team does not have', () => {
    const result = flightConflicts(
      [{ id: 1, needs: [{ positionId: 11, count: 2 }], staff: [] }],
      team,
      new Set(),
    );
    expect(result.conflict).toBe(0);
  });

  it('counts a task done by someone outside the team in a team position', () => {
    const result = flightConflicts(
      [{ id: 1, needs: [{ positionId: 10, count: 1 }], staff: [{ employeeId: 9, positionId: 10 }] }],
      team,
      new Set(),
    );
    expect(result).toMatchObject({ conflict: 1, task_with_employee_diff_team: 1, task_without_employee: 0 });
  });

  it('counts a task whose employee holds an overlapping task', () => {
    const result = flightConflicts(
      [{ id: 5, needs: [{ positionId: 10, count: 1 }], staff: [{ employeeId: 1, positionId: 10 }] }],
      team,
      new Set([holdKey(1, 5)]),
    );
    expect(result).toMatchObject({ conflict: 1, employee_overlap: 1, task_without_employee: 0 });
  });
});
