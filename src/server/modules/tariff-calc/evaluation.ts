/**
 * Loads what `evaluateCalc` needs for one turnaround (its legs, their tasks with positions and resources) and turns
 * the pure result into the answer of `GET /tariff/calc/{id}/evaluate`.
 */
import { asc, eq } from 'drizzle-orm';
import type { Calc, CalcEvaluation } from '../../../shared/tariff-calc.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  airlines,
  flights,
  jobs,
  taskPositions,
  taskResources,
  tasks,
  turnarounds,
} from '../../db/schema/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type EvalCalc, type EvalLeg, type EvalTask, evaluateCalc } from './evaluate.ts';

interface EvaluationDeps extends Pick<DbHandle, 'db'> {
  get(calcId: number): Promise<Calc>;
}

/** The pure function's view of a calc. */
function toEvalCalc(calc: Calc): EvalCalc {
  return {
    calcTypeId: calc.calc_type.id,
    source: calc.calcSourceType,
    format: calc.format,
    roundingId: calc.rounding.id,
    roundingName: calc.rounding.name_full,
    accuracy: calc.accuracy,
    coeff: calc.coeff,
    minimumAmount: calc.minimum_amount,
    groupType: calc.group_type,
    isRoundingFirst: calc.is_rounding_first,
    isAccuracyFirst: calc.is_accuracy_first,
    isUsingPlanTime: calc.is_using_plan_time,
    directions: calc.calcDirection.map((d) => d.direction.id),
    serviceMapTypes: calc.calcServiceMapType.map((t) => t.id),
    entries: calc.calcJob.map((entry) => ({
      startJob: entry.start_job,
      startParam: entry.start_param,
      endJob: entry.end_job,
      endParam: entry.end_param,
      indicator: entry.job_indicator
        ? { id: entry.job_indicator.id, name: entry.job_indicator.indicator_name }
        : null,
    })),
    positionIds: calc.calcEmployeePosition.map((p) => p.id),
    resourceTypeIds: calc.calcResourceType.map((t) => t.id),
    resourceIds: calc.calcResource.map((r) => r.id),
  };
}

const weight = (value: string | null) => (value === null ? null : Number(value));

export function createEvaluation({ db, get }: EvaluationDeps) {
  return {
    /**
     * The billable result of a calc on the turnaround `aid` (a pair or a single leg), with its steps; wall-clock
     * times in `zone`. 404 for an unknown calc or turnaround.
     */
    async evaluate(calcId: number, aid: number, zone: string): Promise<CalcEvaluation> {
      const calc = await get(calcId);
      const [pair] = await db.select().from(turnarounds).where(eq(turnarounds.aid, aid));
      if (!pair) throw new NotFoundError('Рейс не найден');
      const legIds = [pair.arrivalFlightId, pair.departureFlightId].filter((id): id is number => id !== null);
      const legRows = legIds.length
        ? await db
            .select({
              id: flights.id,
              direction: flights.direction,
              code: airlines.iataCode,
              icao: airlines.icaoCode,
              number: flights.flightNumber,
              planAt: flights.planAt,
              passengers: flights.passengers,
              baggageWeight: flights.baggageWeight,
              cargoWeight: flights.cargoWeight,
              mailWeight: flights.mailWeight,
            })
            .from(flights)
            .innerJoin(airlines, eq(airlines.id, flights.airlineId))
            .where(anyOf(flights.id, legIds))
        : [];
      const legs: EvalLeg[] = legRows.map((leg) => ({
        id: leg.id,
        direction: leg.direction as 1 | 2,
        flightNumber: `${leg.code ?? leg.icao ?? ''} ${leg.number}`.trim(),
        planAt: leg.planAt,
        passengers: leg.passengers,
        baggageWeight: weight(leg.baggageWeight),
        cargoWeight: weight(leg.cargoWeight),
        mailWeight: weight(leg.mailWeight),
      }));
      const taskRows = legIds.length
        ? await db
            .select({
              id: tasks.id,
              flightId: tasks.flightId,
              jobId: jobs.id,
              jobName: jobs.name,
              planBegin: tasks.planBeginAt,
              planEnd: tasks.planEndAt,
              factBegin: tasks.factBeginAt,
              factEnd: tasks.factEndAt,
            })
            .from(tasks)
            .innerJoin(jobs, eq(jobs.id, tasks.jobId))
            .where(anyOf(tasks.flightId, legIds))
            .orderBy(asc(tasks.planBeginAt), asc(tasks.id))
        : [];
      const taskIds = taskRows.map((task) => task.id);
      const [positions, units] = taskIds.length
        ? await Promise.all([
            db.select().from(taskPositions).where(anyOf(taskPositions.taskId, taskIds)),
            db.select().from(taskResources).where(anyOf(taskResources.taskId, taskIds)),
          ])
        : [[], []];
      const evalTasks: EvalTask[] = taskRows.map((task) => ({
        id: task.id,
        flightId: task.flightId,
        job: { id: task.jobId, name: task.jobName },
        planBegin: task.planBegin,
        planEnd: task.planEnd,
        factBegin: task.factBegin,
        factEnd: task.factEnd,
        positionIds: positions.filter((p) => p.taskId === task.id).map((p) => p.employeePositionId),
        resourceTypeIds: units.filter((r) => r.taskId === task.id).map((r) => r.resourceTypeId),
        resourceIds: units.flatMap((r) =>
          r.taskId === task.id && r.resourceId !== null ? [r.resourceId] : [],
        ),
      }));
      const result = evaluateCalc({ calc: toEvalCalc(calc), legs, tasks: evalTasks });
      const wall = (at: Date) => instantToWallClock(at, zone);
      const leg = (direction: 1 | 2) => {
        const found = legs.find((l) => l.direction === direction);
        return found
          ? { id: found.id, flight_number: found.flightNumber, direction, plan_at: wall(found.planAt) }
          : null;
      };
      return {
        calc_id: calc.id,
        flight_aid: aid,
        arrival: leg(2),
        departure: leg(1),
        tasks: result.tasks.map(({ task, begin, end, plan }) => ({
          id: task.id,
          flight_id: task.flightId,
          job: task.job,
          begin: wall(begin),
          end: wall(end),
          plan,
        })),
        entries: result.entries.map((entry) => ({
          start_job: entry.startJob,
          start_param: entry.startParam,
          end_job: entry.endJob,
          end_param: entry.endParam,
          from: entry.from ? wall(entry.from) : null,
          to: entry.to ? wall(entry.to) : null,
          minutes: entry.minutes,
          note: entry.note,
        })),
        raw: result.raw,
        raw_unit: result.rawUnit,
        steps: result.steps,
        result: result.result,
        format: calc.format,
        notes: result.notes,
      };
    },
  };
}
