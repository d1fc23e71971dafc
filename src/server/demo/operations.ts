import { AIRCRAFT_TYPES } from './facts/geo.ts';
import { JOBS, tgoJobNames } from './facts/jobs.ts';
import { RESOURCE_TYPES } from './facts/staff.ts';
import type { Rng } from './random.ts';
import { Table } from './table.ts';

/** One job of a TGO as the task generator uses it. */
export interface TgoJobPlan {
  tgoJobId: number;
  jobId: number;
  offset: number;
  duration: number;
  positions: [number, number][];
  resourceTypes: number[];
}

export interface OperationsData {
  tables: Table[];
  /** TGO template id by `${direction}:${flightType}:${category}`. */
  tgoByKey: Map<string, number>;
  /** The jobs of each TGO template id, in order. */
  tgoJobs: Map<number, TgoJobPlan[]>;
  /** Resource ids per resource type id. */
  resourcesByType: Map<number, number[]>;
}

const PLATE_LETTERS = 'АВЕКМНОРСТУХ';

/** TGO key of a leg. Example: `tgoKey(2, 1, 2)` → '2:1:2' (arrival, domestic, narrow body). */
export function tgoKey(direction: number, flightType: number, category: number): string {
  return `${direction}:${flightType}:${category}`;
}

/** Resource types and units, jobs with indicators, and 16 TGO templates (direction × flight type × category). */
export function buildOperations(
  rng: Rng,
  scale: number,
  positionId: Map<string, number>,
  departmentId: Map<string, number>,
): OperationsData {
  const resourceTypes = new Table('resource_types', ['id', 'name', 'department_id']);
  const resources = new Table('resources', ['id', 'name', 'resource_type_id', 'board_number', 'is_active']);
  const typeId = new Map<string, number>();
  const resourcesByType = new Map<number, number[]>();
  for (const [name, count, unit, dep] of RESOURCE_TYPES) {
    const type = resourceTypes.add(resourceTypes.rows.length + 1, name, departmentId.get(dep) ?? null);
    typeId.set(name, type);
    const list: number[] = [];
    for (let i = 1; i <= Math.max(1, Math.round(count * scale)); i += 1) {
      const plate = `${rng.pick([...PLATE_LETTERS])}${rng.int(100, 999)}${rng.pick([...PLATE_LETTERS])}${rng.pick([...PLATE_LETTERS])} 116`;
      list.push(resources.add(resources.rows.length + 1, `${unit} №${i}`, type, plate, rng.chance(0.95)));
    }
    resourcesByType.set(type, list);
  }

  const jobs = new Table('jobs', ['id', 'name', 'name_en', 'direction_kind', 'color']);
  const indicators = new Table('job_indicators', ['id', 'job_id', 'indicator_name', 'unit']);
  const jobPositions = new Table('job_positions', ['job_id', 'employee_position_id'], null);
  const jobResourceTypes = new Table('job_resource_types', ['job_id', 'resource_type_id'], null);
  const jobId = new Map<string, number>();
  for (const job of JOBS) {
    const id = jobs.add(jobs.rows.length + 1, job.name, job.nameEn, job.direction, job.color);
    jobId.set(job.name, id);
    for (const [name, unit] of job.indicators) indicators.add(indicators.rows.length + 1, id, name, unit);
    for (const [pos] of job.positions) jobPositions.add(id, mustGet(positionId, pos));
    for (const type of job.resourceTypes) jobResourceTypes.add(id, mustGet(typeId, type));
  }

  const templates = new Table('tgo_templates', ['id', 'name', 'direction', 'flight_type_id', 'is_active']);
  const templateTypes = new Table('tgo_aircraft_types', ['tgo_template_id', 'aircraft_type_id'], null);
  const tgoJobsTable = new Table('tgo_jobs', [
    'id',
    'tgo_template_id',
    'job_id',
    'offset_minutes',
    'duration_minutes',
    'sort',
  ]);
  const tgoPositions = new Table('tgo_job_positions', ['tgo_job_id', 'employee_position_id', 'count'], null);
  const tgoResources = new Table('tgo_job_resource_types', ['tgo_job_id', 'resource_type_id', 'count'], null);
  const tgoByKey = new Map<string, number>();
  const tgoJobs = new Map<number, TgoJobPlan[]>();
  const categoryName = [
    '',
    'широкофюзеляжные ВС',
    'узкофюзеляжные ВС',
    'региональные ВС',
    'турбовинтовые ВС',
  ];
  for (const direction of [2, 1]) {
    for (const flightType of [1, 2]) {
      for (const category of [1, 2, 3, 4]) {
        const name = `ТГО ${direction === 2 ? 'прилёт' : 'вылет'}, ${flightType === 1 ? 'ВВЛ' : 'МВЛ'}, ${categoryName[category]}`;
        const id = templates.add(templates.rows.length + 1, name, direction, flightType, true);
        tgoByKey.set(tgoKey(direction, flightType, category), id);
        AIRCRAFT_TYPES.forEach((t, i) => {
          if (t.category === category) templateTypes.add(id, i + 1);
        });
        const plans: TgoJobPlan[] = [];
        const stretch = category === 1 ? 1.4 : category === 2 ? 1 : 0.75;
        tgoJobNames(direction, flightType === 2, category).forEach((jobName, sort) => {
          const job = JOBS.find((j) => j.name === jobName)!;
          const extraCheckIn = direction === 1 && flightType === 2 && job.offset < -100 ? -30 : 0;
          const offset = Math.round((job.offset * (direction === 1 ? stretch : 1) + extraCheckIn) / 5) * 5;
          const duration = Math.max(5, Math.round((job.duration * stretch) / 5) * 5);
          const tgoJobId = tgoJobsTable.add(
            tgoJobsTable.rows.length + 1,
            id,
            mustGet(jobId, jobName),
            offset,
            duration,
            sort + 1,
          );
          const plan: TgoJobPlan = {
            tgoJobId,
            jobId: mustGet(jobId, jobName),
            offset,
            duration,
            positions: [],
            resourceTypes: [],
          };
          for (const [pos, count] of job.positions) {
            const n = category === 1 && count > 1 ? count * 2 : count;
            tgoPositions.add(tgoJobId, mustGet(positionId, pos), n);
            plan.positions.push([mustGet(positionId, pos), n]);
          }
          for (const type of job.resourceTypes) {
            const n = category === 1 && type === 'Перронный автобус' ? 3 : 1;
            tgoResources.add(tgoJobId, mustGet(typeId, type), n);
            for (let k = 0; k < n; k += 1) plan.resourceTypes.push(mustGet(typeId, type));
          }
          plans.push(plan);
        });
        tgoJobs.set(id, plans);
      }
    }
  }
  return {
    tables: [
      resourceTypes,
      resources,
      jobs,
      indicators,
      jobPositions,
      jobResourceTypes,
      templates,
      templateTypes,
      tgoJobsTable,
      tgoPositions,
      tgoResources,
    ],
    tgoByKey,
    tgoJobs,
    resourcesByType,
  };
}

function mustGet<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: unknown ${String(key)}`);
  return value;
}
