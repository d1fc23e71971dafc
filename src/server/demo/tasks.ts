import * as schema from '../db/schema/index.ts';
import { planTaskInterval } from '../domain/tgoTasks.ts';
import type { LocalCalendar } from './calendar.ts';
import type { Leg } from './flights.ts';
import type { TgoJobPlan } from './operations.ts';
import { createRng, mixSeed } from './random.ts';
import { isOnDuty, type Roster } from './staff.ts';
import { iso, MS_PER_DAY, MS_PER_MINUTE, Table } from './table.ts';

export interface TasksInput {
  seed: number;
  now: number;
  legs: Leg[];
  tgoJobs: Map<number, TgoJobPlan[]>;
  employeesByPosition: Map<number, number[]>;
  rosters: Map<number, Roster>;
  resourcesByType: Map<number, number[]>;
  /** The home airport's calendar, on which the rosters' shifts are laid. */
  calendar: LocalCalendar;
}

/** Minutes a person or a vehicle needs between two tasks. */
const GAP = 5 * MS_PER_MINUTE;

/** Hands out the member of a pool that has been free the longest, round-robin from a moving start. */
class Pool {
  private readonly freeAt: number[];
  private cursor = 0;

  constructor(
    readonly ids: number[],
    private readonly available: (id: number, begin: number, end: number) => boolean = () => true,
  ) {
    this.freeAt = ids.map(() => Number.NEGATIVE_INFINITY);
  }

  /** Takes a member free at `begin` until `end` + gap; null when all are busy. */
  take(begin: number, end: number): number | null {
    const n = this.ids.length;
    for (let k = 0; k < n; k += 1) {
      const i = (this.cursor + k) % n;
      if (this.freeAt[i] <= begin && this.available(this.ids[i], begin, end)) {
        this.freeAt[i] = end + GAP;
        this.cursor = (i + 1) % n;
        return this.ids[i];
      }
    }
    return null;
  }
}

/**
 * Tasks from the TGO of each leg, with their positions and resource needs. Tasks that start before
 * now + 1 day get employees on duty and resources, in start order, to whoever is free (some stay short).
 */
export function buildTasks(input: TasksInput) {
  const { now, legs, tgoJobs } = input;
  const rng = createRng(mixSeed(input.seed, 7));
  const tasks = new Table(schema.tasks);
  const positions = new Table(schema.taskPositions);
  const resources = new Table(schema.taskResources);
  const taskEmployees = new Table(schema.taskEmployees);
  /** [begin, end, task id, plan] of tasks to staff, sorted by begin afterwards. */
  const toStaff: [number, number, number, TgoJobPlan][] = [];
  for (const leg of legs) {
    const plans = leg.tgoTemplateId === null ? [] : (tgoJobs.get(leg.tgoTemplateId) ?? []);
    const shift = leg.calc - leg.plan;
    for (const plan of plans) {
      const { begin: planBegin, end: planEnd } = planTaskInterval(leg.plan, plan);
      let factBegin = Number.NaN;
      let factEnd = Number.NaN;
      if (!Number.isNaN(leg.fact)) {
        factBegin = leg.fact + (plan.offset + rng.int(-3, 3)) * MS_PER_MINUTE;
        factEnd =
          factBegin + Math.max(5, Math.round(plan.duration * (0.8 + rng.next() * 0.4))) * MS_PER_MINUTE;
        if (factEnd > now) factEnd = Number.NaN;
        if (factBegin > now) factBegin = Number.NaN;
      }
      const begin = Number.isNaN(factBegin) ? planBegin + shift : factBegin;
      const end = Number.isNaN(factEnd)
        ? Math.max(begin + plan.duration * MS_PER_MINUTE, begin + MS_PER_MINUTE)
        : factEnd;
      const id = tasks.add({
        id: tasks.nextId,
        flightId: leg.id,
        jobId: plan.jobId,
        tgoJobId: plan.tgoJobId,
        beginAt: iso(begin),
        endAt: iso(end),
        planBeginAt: iso(planBegin),
        planEndAt: iso(planEnd),
        factBeginAt: Number.isNaN(factBegin) ? null : iso(factBegin),
        factEndAt: Number.isNaN(factEnd) ? null : iso(factEnd),
      });
      for (const [position, count] of plan.positions)
        positions.add({ taskId: id, employeePositionId: position, count });
      if (begin < now + MS_PER_DAY) toStaff.push([begin, end, id, plan]);
      else
        for (const type of plan.resourceTypes)
          resources.add({ id: resources.nextId, taskId: id, resourceTypeId: type, resourceId: null });
    }
  }

  toStaff.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
  const people = new Map<number, Pool>();
  const onDuty = (id: number, begin: number, end: number) => {
    const roster = input.rosters.get(id);
    return roster !== undefined && isOnDuty(roster, begin, end, input.calendar);
  };
  for (const [position, ids] of input.employeesByPosition) people.set(position, new Pool(ids, onDuty));
  const vehicles = new Map<number, Pool>();
  for (const [type, ids] of input.resourcesByType) vehicles.set(type, new Pool(ids));
  for (const [begin, end, id, plan] of toStaff) {
    for (const [position, count] of plan.positions) {
      const pool = people.get(position);
      for (let k = 0; pool && k < count; k += 1) {
        const employee = pool.take(begin, end);
        if (employee !== null)
          taskEmployees.add({
            id: taskEmployees.nextId,
            taskId: id,
            employeeId: employee,
            employeePositionId: position,
          });
      }
    }
    for (const type of plan.resourceTypes) {
      resources.add({
        id: resources.nextId,
        taskId: id,
        resourceTypeId: type,
        resourceId: vehicles.get(type)?.take(begin, end) ?? null,
      });
    }
  }
  return { tables: [tasks, positions, resources, taskEmployees] };
}
