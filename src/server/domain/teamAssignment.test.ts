import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Member,
  planAssignment,
  planHandOver,
  skillsAllow,
  type TaskToStaff,
} from './teamAssignment.ts';
import { type HeldTask, overlappingHolds } from './teamConflicts.ts';
import type { Interval } from './tgoTasks.ts';

const LOADER = 10;
const CLEANER = 11;
const task = (id: number, begin: number, end: number, needs: TaskToStaff['needs']): TaskToStaff => ({
  id,
  begin,
  end,
  needs,
  staff: [],
});
const everyone = () => true;

describe('planAssignment', () => {
  it('gives every task of a team position to members of that position, main first', () => {
    const members: Member[] = [
      { employeeId: 1, positionId: LOADER, isMain: false },
      { employeeId: 2, positionId: LOADER, isMain: true },
      { employeeId: 3, positionId: CLEANER, isMain: false },
    ];
    const plan = planAssignment({
      tasks: [
        task(1, 0, 10, [{ positionId: LOADER, count: 1 }]),
        task(2, 20, 30, [{ positionId: CLEANER, count: 1 }]),
      ],
      members,
      busy: new Map(),
      allowed: everyone,
    });
    expect(plan.added).toEqual([
      { taskId: 1, employeeId: 2, positionId: LOADER },
      { taskId: 2, employeeId: 3, positionId: CLEANER },
    ]);
    expect(plan.short).toEqual([]);
  });

  it('prefers the member holding fewest tasks and never overlaps a task he holds elsewhere', () => {
    const members: Member[] = [
      { employeeId: 1, positionId: LOADER, isMain: false },
      { employeeId: 2, positionId: LOADER, isMain: false },
    ];
    const busy = new Map<number, Interval[]>([
      [1, [{ begin: 100, end: 110 }]],
      [
        2,
        [
          { begin: 5, end: 8 },
          { begin: 200, end: 210 },
        ],
      ],
    ]);
    const plan = planAssignment({
      tasks: [
        task(1, 0, 10, [{ positionId: LOADER, count: 1 }]),
        task(2, 50, 60, [{ positionId: LOADER, count: 1 }]),
      ],
      members,
      busy,
      allowed: everyone,
    });
    expect(plan.added.map((a) => [a.taskId, a.employeeId])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('leaves a need short, marked none, when skills allow nobody', () => {
    const plan = planAssignment({
      tasks: [task(1, 0, 10, [{ positionId: LOADER, count: 2 }])],
      members: [{ employeeId: 1, positionId: LOADER, isMain: true }],
      busy: new Map(),
      allowed: () => false,
    });
    expect(plan.added).toEqual([]);
    expect(plan.short).toEqual([{ taskId: 1, positionId: LOADER, missing: 2, none: true }]);
  });

  it('ignores needs of positions the team does not have', () => {
    const plan = planAssignment({
      tasks: [task(1, 0, 10, [{ positionId: CLEANER, count: 1 }])],
      members: [{ employeeId: 1, positionId: LOADER, isMain: true }],
      busy: new Map(),
      allowed: everyone,
    });
    expect(plan).toEqual({ added: [], short: [] });
  });
});

describe('skillsAllow', () => {
  it('opens an item no skill grants to everyone and restricts one that skills grant', () => {
    expect(skillsAllow(undefined, new Set())).toBe(true);
    expect(skillsAllow(new Set([2, 3]), new Set([1, 3]))).toBe(true);
    expect(skillsAllow(new Set([2, 3]), new Set([1]))).toBe(false);
  });
});

/** A model of the store: task staff and team-flight links, changed only through planAssignment. */
interface Flight {
  tasks: TaskToStaff[];
}

function simulate(flights: Flight[], teams: Member[][], ops: [number, number, number, number][]) {
  const staff = new Map<number, { employeeId: number; positionId: number }[]>();
  const link = new Map<number, number>();
  const taskById = new Map(flights.flatMap((f) => f.tasks.map((t) => [t.id, t] as const)));
  const holds = (): HeldTask[] =>
    [...staff].flatMap(([taskId, rows]) =>
      rows.map((r) => ({
        employeeId: r.employeeId,
        taskId,
        begin: taskById.get(taskId)!.begin,
        end: taskById.get(taskId)!.end,
      })),
    );
  const deassign = (f: number, t: number) => {
    const members = new Set(teams[t].map((m) => m.employeeId));
    for (const tk of flights[f].tasks)
      staff.set(
        tk.id,
        (staff.get(tk.id) ?? []).filter((s) => !members.has(s.employeeId)),
      );
    link.delete(f);
  };
  const assign = (f: number, t: number) => {
    const members = teams[t];
    const ids = new Set(members.map((m) => m.employeeId));
    const positions = new Set(members.map((m) => m.positionId));
    for (const tk of flights[f].tasks)
      staff.set(
        tk.id,
        (staff.get(tk.id) ?? []).filter((s) => ids.has(s.employeeId) || !positions.has(s.positionId)),
      );
    const busy = new Map<number, Interval[]>();
    for (const h of holds())
      if (ids.has(h.employeeId)) busy.set(h.employeeId, [...(busy.get(h.employeeId) ?? []), h]);
    const plan = planAssignment({
      tasks: flights[f].tasks.map((tk) => ({ ...tk, staff: staff.get(tk.id) ?? [] })),
      members,
      busy,
      allowed: (e, tk) => (e + tk) % 5 !== 0,
    });
    for (const a of plan.added) staff.set(a.taskId, [...(staff.get(a.taskId) ?? []), a]);
    link.set(f, t);
  };
  for (const [kind, f0, t0, t1] of ops) {
    const f = f0 % flights.length;
    const t = t0 % teams.length;
    const to = t1 % teams.length;
    const current = link.get(f);
    if (kind === 0 && current === undefined) assign(f, t);
    if (kind === 1 && current !== undefined) deassign(f, current);
    if (kind === 2 && current !== undefined && current !== to) {
      deassign(f, current);
      assign(f, to);
    }
    expect(overlappingHolds(holds()).size).toBe(0);
  }
}

describe('after any sequence of assign, deassign and reassign', () => {
  it('no employee holds overlapping tasks', () => {
    let nextTask = 1;
    const flightArb = fc
      .array(
        fc.record({
          begin: fc.integer({ min: 0, max: 200 }),
          length: fc.integer({ min: 1, max: 60 }),
          position: fc.constantFrom(LOADER, CLEANER),
          count: fc.integer({ min: 1, max: 3 }),
        }),
        { minLength: 1, maxLength: 5 },
      )
      .map((rows) => ({
        tasks: rows.map((r) =>
          task(nextTask++, r.begin, r.begin + r.length, [{ positionId: r.position, count: r.count }]),
        ),
      }));
    const memberArb = fc.record({
      employeeId: fc.integer({ min: 1, max: 8 }),
      isMain: fc.boolean(),
    });
    const teamArb = fc
      .uniqueArray(memberArb, { selector: (m) => m.employeeId, minLength: 1, maxLength: 4 })
      .map((rows) => rows.map((m) => ({ ...m, positionId: m.employeeId % 2 ? LOADER : CLEANER })));
    fc.assert(
      fc.property(
        fc.array(flightArb, { minLength: 1, maxLength: 5 }),
        fc.array(teamArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(2), fc.nat(10), fc.nat(10), fc.nat(10)), { maxLength: 30 }),
        (flights, teams, ops) => simulate(flights, teams, ops),
      ),
      { numRuns: 300 },
    );
  });
});

describe('planAssignment for a rule nobody holds', () => {
  it('leaves the tasks of that position short with none given, so the assignment is refused', () => {
    const plan = planAssignment({
      tasks: [task(1, 0, 10, [{ positionId: LOADER, count: 2 }])],
      members: [],
      positions: [LOADER],
      busy: new Map(),
      allowed: everyone,
    });
    expect(plan.added).toEqual([]);
    expect(plan.short).toEqual([{ taskId: 1, positionId: LOADER, missing: 2, none: true }]);
  });
});

describe('planHandOver', () => {
  const shift = { begin: 0, end: 100 };
  it('hands over every task the substitute is free, skilled and on shift for', () => {
    const tasks = [
      { id: 1, begin: 10, end: 20 },
      { id: 2, begin: 20, end: 30 },
    ];
    expect(planHandOver({ tasks, busy: [], shift, allowed: everyone })).toEqual({ handed: [1, 2], left: [] });
  });

  it('leaves uncovered a task overlapping one he holds or one just handed to him', () => {
    const tasks = [
      { id: 3, begin: 40, end: 50 },
      { id: 1, begin: 10, end: 20 },
      { id: 2, begin: 15, end: 25 },
    ];
    const plan = planHandOver({ tasks, busy: [{ begin: 45, end: 60 }], shift, allowed: everyone });
    expect(plan).toEqual({ handed: [1], left: [2, 3] });
  });

  it('leaves uncovered a task his skills do not allow or one outside the team shift', () => {
    const tasks = [
      { id: 1, begin: 10, end: 20 },
      { id: 2, begin: 30, end: 40 },
      { id: 3, begin: 90, end: 110 },
    ];
    const plan = planHandOver({ tasks, busy: [], shift, allowed: (id) => id !== 2 });
    expect(plan).toEqual({ handed: [1], left: [2, 3] });
  });

  it('never gives the substitute overlapping tasks, and accounts for every task once', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 40 }))
      .map(([begin, length]) => ({ begin, end: begin + length }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 12 }),
        fc.array(interval, { maxLength: 5 }),
        (spans, busy) => {
          const tasks = spans.map((span, i) => ({ id: i + 1, ...span }));
          const plan = planHandOver({ tasks, busy, shift: { begin: 0, end: 250 }, allowed: everyone });
          expect([...plan.handed, ...plan.left].sort((a, b) => a - b)).toEqual(tasks.map((t) => t.id));
          const taken = [...busy, ...tasks.filter((t) => plan.handed.includes(t.id))];
          for (const [i, a] of taken.entries())
            for (const b of taken.slice(i + 1)) {
              const bothBusy = busy.includes(a) && busy.includes(b);
              if (!bothBusy) expect(a.begin < b.end && b.begin < a.end).toBe(false);
            }
        },
      ),
    );
  });
});
