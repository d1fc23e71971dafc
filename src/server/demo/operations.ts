import { AIRCRAFT_CATEGORIES } from '../../shared/reference.ts';
import * as schema from '../db/schema/index.ts';
import { AIRCRAFT_TYPES } from './facts/geo.ts';
import { JOBS, tgoJobNames } from './facts/jobs.ts';
import { DIRECTION, FLIGHT_TYPE } from './facts/lists.ts';
import { RESOURCE_TYPES } from './facts/staff.ts';
import type { Rng } from './random.ts';
import { type DemoTable, Table } from './table.ts';

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
  tables: DemoTable[];
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
  const resourceTypes = new Table(schema.resourceTypes);
  const resources = new Table(schema.resources);
  const typeId = new Map<string, number>();
  const resourcesByType = new Map<number, number[]>();
  for (const [name, count, unit, dep] of RESOURCE_TYPES) {
    const type = resourceTypes.add({
      id: resourceTypes.nextId,
      name,
      departmentId: departmentId.get(dep) ?? null,
    });
    typeId.set(name, type);
    const list: number[] = [];
    for (let i = 1; i <= Math.max(1, Math.round(count * scale)); i += 1) {
      const plate = `${rng.pick([...PLATE_LETTERS])}${rng.int(100, 999)}${rng.pick([...PLATE_LETTERS])}${rng.pick([...PLATE_LETTERS])} 116`;
      list.push(
        resources.add({
          id: resources.nextId,
          name: `${unit} №${i}`,
          resourceTypeId: type,
          boardNumber: plate,
          isActive: rng.chance(0.95),
        }),
      );
    }
    resourcesByType.set(type, list);
  }

  const jobs = new Table(schema.jobs);
  const indicators = new Table(schema.jobIndicators);
  const jobPositions = new Table(schema.jobPositions);
  const jobResourceTypes = new Table(schema.jobResourceTypes);
  const jobId = new Map<string, number>();
  for (const job of JOBS) {
    const id = jobs.add({
      id: jobs.nextId,
      name: job.name,
      nameEn: job.nameEn,
      directionKind: job.direction,
      color: job.color,
    });
    jobId.set(job.name, id);
    for (const [indicatorName, unit] of job.indicators)
      indicators.add({ id: indicators.nextId, jobId: id, indicatorName, unit });
    for (const [pos] of job.positions)
      jobPositions.add({ jobId: id, employeePositionId: mustGet(positionId, pos) });
    for (const type of job.resourceTypes)
      jobResourceTypes.add({ jobId: id, resourceTypeId: mustGet(typeId, type) });
  }

  const templates = new Table(schema.tgoTemplates);
  const templateTypes = new Table(schema.tgoAircraftTypes);
  const tgoJobsTable = new Table(schema.tgoJobs);
  const tgoPositions = new Table(schema.tgoJobPositions);
  const tgoResources = new Table(schema.tgoJobResourceTypes);
  const tgoByKey = new Map<string, number>();
  const tgoJobs = new Map<number, TgoJobPlan[]>();
  for (const direction of [DIRECTION.arrival, DIRECTION.departure]) {
    for (const flightTypeId of [FLIGHT_TYPE.domestic, FLIGHT_TYPE.international]) {
      const international = flightTypeId === FLIGHT_TYPE.international;
      for (const category of [1, 2, 3, 4]) {
        const name = `ТГО ${direction === DIRECTION.arrival ? 'прилёт' : 'вылет'}, ${international ? 'МВЛ' : 'ВВЛ'}, ${AIRCRAFT_CATEGORIES[category]}`;
        const id = templates.add({ id: templates.nextId, name, direction, flightTypeId, isActive: true });
        tgoByKey.set(tgoKey(direction, flightTypeId, category), id);
        AIRCRAFT_TYPES.forEach((t, i) => {
          if (t.category === category) templateTypes.add({ tgoTemplateId: id, aircraftTypeId: i + 1 });
        });
        const plans: TgoJobPlan[] = [];
        const stretch = category === 1 ? 1.4 : category === 2 ? 1 : 0.75;
        tgoJobNames(direction, international, category).forEach((jobName, sort) => {
          const job = JOBS.find((j) => j.name === jobName)!;
          const departure = direction === DIRECTION.departure;
          const extraCheckIn = departure && international && job.offset < -100 ? -30 : 0;
          const offset = Math.round((job.offset * (departure ? stretch : 1) + extraCheckIn) / 5) * 5;
          const duration = Math.max(5, Math.round((job.duration * stretch) / 5) * 5);
          const tgoJobId = tgoJobsTable.add({
            id: tgoJobsTable.nextId,
            tgoTemplateId: id,
            jobId: mustGet(jobId, jobName),
            offsetMinutes: offset,
            durationMinutes: duration,
            sort: sort + 1,
          });
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
            tgoPositions.add({ tgoJobId, employeePositionId: mustGet(positionId, pos), count: n });
            plan.positions.push([mustGet(positionId, pos), n]);
          }
          for (const type of job.resourceTypes) {
            const n = category === 1 && type === 'Перронный автобус' ? 3 : 1;
            tgoResources.add({ tgoJobId, resourceTypeId: mustGet(typeId, type), count: n });
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
