import type { Leg } from './flights.ts';
import type { TgoJobPlan } from './operations.ts';
import { createRng, mixSeed } from './random.ts';
import { isOnDuty, type Roster } from './staff.ts';
import { DAY, iso, MINUTE, Table } from './table.ts';

export interface TasksInput {
  seed: number;
  now: number;
  legs: Leg[];
  tgoJobs: Map<number, TgoJobPlan[]>;
  employeesByPosition: Map<number, number[]>;
  rosters: Map<number, Roster>;
  resourcesByType: Map<number, number[]>;
}

/** Minutes a person or a vehicle needs between two tasks. */
const GAP = 5 * MINUTE;

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
  const tasks = new Table('tasks', [
    'id',
    'flight_id',
    'job_id',
    'tgo_job_id',
    'begin_at',
    'end_at',
    'plan_begin_at',
    'plan_end_at',
    'fact_begin_at',
    'fact_end_at',
  ]);
  const positions = new Table('task_positions', ['task_id', 'employee_position_id', 'count'], null);
  const resources = new Table('task_resources', ['id', 'task_id', 'resource_type_id', 'resource_id']);
  const taskEmployees = new Table('task_employees', ['id', 'task_id', 'employee_id', 'employee_position_id']);
  /** [begin, end, task id, plan] of tasks to staff, sorted by begin afterwards. */
  const toStaff: [number, number, number, TgoJobPlan][] = [];
  for (const leg of legs) {
    const plans = leg.tgoTemplateId === null ? [] : (tgoJobs.get(leg.tgoTemplateId) ?? []);
    const shift = leg.calc - leg.plan;
    for (const plan of plans) {
      const planBegin = leg.plan + plan.offset * MINUTE;
      const planEnd = planBegin + plan.duration * MINUTE;
      let factBegin = Number.NaN;
      let factEnd = Number.NaN;
      if (!Number.isNaN(leg.fact)) {
        factBegin = leg.fact + (plan.offset + rng.int(-3, 3)) * MINUTE;
        factEnd = factBegin + Math.max(5, Math.round(plan.duration * (0.8 + rng.next() * 0.4))) * MINUTE;
        if (factEnd > now) factEnd = Number.NaN;
        if (factBegin > now) factBegin = Number.NaN;
      }
      const begin = Number.isNaN(factBegin) ? planBegin + shift : factBegin;
      const end = Number.isNaN(factEnd) ? Math.max(begin + plan.duration * MINUTE, begin + MINUTE) : factEnd;
      const id = tasks.add(
        tasks.rows.length + 1,
        leg.id,
        plan.jobId,
        plan.tgoJobId,
        iso(begin),
        iso(end),
        iso(planBegin),
        iso(planEnd),
        Number.isNaN(factBegin) ? null : iso(factBegin),
        Number.isNaN(factEnd) ? null : iso(factEnd),
      );
      for (const [position, count] of plan.positions) positions.add(id, position, count);
      if (begin < now + DAY) toStaff.push([begin, end, id, plan]);
      else for (const type of plan.resourceTypes) resources.add(resources.rows.length + 1, id, type, null);
    }
  }

  toStaff.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
  const people = new Map<number, Pool>();
  const onDuty = (id: number, begin: number, end: number) => {
    const roster = input.rosters.get(id);
    return roster !== undefined && isOnDuty(roster, begin, end);
  };
  for (const [position, ids] of input.employeesByPosition) people.set(position, new Pool(ids, onDuty));
  const vehicles = new Map<number, Pool>();
  for (const [type, ids] of input.resourcesByType) vehicles.set(type, new Pool(ids));
  for (const [begin, end, id, plan] of toStaff) {
    for (const [position, count] of plan.positions) {
      const pool = people.get(position);
      for (let k = 0; pool && k < count; k += 1) {
        const employee = pool.take(begin, end);
        if (employee !== null) taskEmployees.add(taskEmployees.rows.length + 1, id, employee, position);
      }
    }
    for (const type of plan.resourceTypes) {
      resources.add(resources.rows.length + 1, id, type, vehicles.get(type)?.take(begin, end) ?? null);
    }
  }
  return { tables: [tasks, positions, resources, taskEmployees] };
}
