import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
import {
  aircraftTypes,
  airlines,
  airports,
  departments,
  employeePositions,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flights,
  flightTypes,
  jobs,
  taskPositions,
  tasks,
} from '../../db/schema/index.ts';
import { createPlanningDemandService, rowsByPosition } from './demand.ts';

/** UTC times throughout: the service is asked in zone 'UTC'. */
const at = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00Z`);

let handle: DbHandle;

/** Tasks of one flight and job for a position: [begin, end, staff count], plan times equal to the times. */
async function addTasks(
  flightId: number,
  jobId: number,
  positionId: number,
  plan: readonly (readonly [string, string, number])[],
): Promise<void> {
  const { db } = handle;
  const made = await db
    .insert(tasks)
    .values(
      plan.map(([begin, end]) => ({
        flightId,
        jobId,
        beginAt: at(begin),
        endAt: at(end),
        planBeginAt: at(begin),
        planEndAt: at(end),
      })),
    )
    .returning();
  await db
    .insert(taskPositions)
    .values(made.map((task, i) => ({ taskId: task.id, employeePositionId: positionId, count: plan[i][2] })));
}
let service: ReturnType<typeof createPlanningDemandService>;
let position: number;

/**
 * Tasks of one position around two midnights, read a day at a time:
 * X 2030-06-02 22:00 → 06-03 02:00 ×4 (begins before the period), Y 06-03 23:00 → 06-04 01:00 ×2 (crosses the
 * midnight between two windows), Z 06-04 00:30 → 02:00 ×1. One flight of 40 passengers at 06-04 00:55.
 */
beforeAll(async () => {
  handle = await openTestDb();
  const { db } = handle;
  service = createPlanningDemandService(handle);
  await db.insert(flightTypes).values({ id: 1, name: 'Внутренний' });
  await db.insert(flightSchedules).values({ id: 1, name: 'Ежедневный' });
  await db.insert(flightStatuses).values({ id: 1, name: 'План' });
  await db.insert(flightClasses).values({ id: 1, name: 'Пассажирский' });
  const codes = { nameEn: 'Test', iataCode: 'ZZ', icaoCode: 'ZZZ', countryCode: 'RU' };
  const [airline] = await db
    .insert(airlines)
    .values({ nameRu: 'Тест', ...codes })
    .returning();
  const [airport] = await db
    .insert(airports)
    .values({ nameRu: 'Дом', ...codes, timeZone: 'UTC', city: 'Дом', isHome: true })
    .returning();
  const [aircraft] = await db
    .insert(aircraftTypes)
    .values({ name: 'A320', icaoCode: 'A320', category: 2, seats: 180 })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({ name: 'Погрузка', directionKind: 3, color: '#888' })
    .returning();
  const [department] = await db.insert(departments).values({ name: 'СОП', fullName: 'Служба' }).returning();
  [{ id: position }] = await db
    .insert(employeePositions)
    .values({ name: 'Грузчик', departmentId: department.id })
    .returning();
  const [flight] = await db
    .insert(flights)
    .values({
      airlineId: airline.id,
      flightNumber: '1',
      direction: 1,
      flightTypeId: 1,
      flightClassId: 1,
      flightScheduleId: 1,
      flightStatusId: 1,
      aircraftTypeId: aircraft.id,
      departureAirportId: airport.id,
      arrivalAirportId: airport.id,
      planAt: at('2030-06-04 00:55'),
      planDepartureAt: at('2030-06-04 00:55'),
      planArrivalAt: at('2030-06-04 03:00'),
      passengers: 40,
    })
    .returning();
  const plan = [
    ['2030-06-02 22:00', '2030-06-03 02:00', 4],
    ['2030-06-03 23:00', '2030-06-04 01:00', 2],
    ['2030-06-04 00:30', '2030-06-04 02:00', 1],
  ] as const;
  await addTasks(flight.id, job.id, position, plan);
});
afterAll(() => handle.close());

const period = (begin: string, end: string) => ({ begin: at(begin), end: at(end) });

describe('when the demand of a period is read a day at a time', () => {
  it('reads a task crossing midnight once and cuts one begun before the period', async () => {
    const [answer] = await service.maxDemands(
      {
        period: period('2030-06-03 00:00', '2030-06-05 00:00'),
        positionIds: [position],
        minTimeMinutes: 0,
        filter: {},
      },
      'UTC',
    );
    // Y read twice would make 2 + 2 + 1 = 5 at 00:30 on the 4th.
    expect(answer).toEqual({
      max_count: 4,
      begin: '2030-06-03 00:00:00',
      end: '2030-06-03 02:00:00',
      employee_position_id: position,
    });
    const [second] = await service.maxDemands(
      {
        period: period('2030-06-04 00:00', '2030-06-05 00:00'),
        positionIds: [position],
        minTimeMinutes: 0,
        filter: {},
      },
      'UTC',
    );
    expect(second).toMatchObject({
      max_count: 3,
      begin: '2030-06-04 00:30:00',
      end: '2030-06-04 01:00:00',
    });
  });

  it('answers the peak graph slots of a task crossing midnight on both days', async () => {
    const [graph] = await service.peakGraph(
      {
        firstDay: '2030-06-03',
        lastDay: '2030-06-04',
        period: period('2030-06-03 00:00', '2030-06-05 00:00'),
        positionIds: [position],
        stepMinutes: 60,
        repeat: 1,
        deviationPercent: 0,
      },
      'UTC',
    );
    const count = (datetime: string) => graph.points.find((p) => p.datetime === datetime)?.count;
    expect(count('2030-06-03 00:00:00')).toBe(4);
    expect(count('2030-06-03 23:00:00')).toBe(2);
    expect(count('2030-06-04 00:00:00')).toBe(3);
    expect(count('2030-06-04 01:00:00')).toBe(1);
  });

  it('stops when the caller has gone', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(
      service.maxDemands(
        {
          period: period('2030-06-03 00:00', '2030-06-05 00:00'),
          positionIds: [position],
          minTimeMinutes: 0,
          filter: {},
        },
        'UTC',
        gone.signal,
      ),
    ).rejects.toBeInstanceOf(WorkAbandonedError);
  });
});

describe('when a daylight-saving change falls in the peak graph (Europe/Berlin)', () => {
  let berlin: number;
  /**
   * Clocks back on 2030-10-27 at 01:00Z (03:00 CEST → 02:00 CET): A 00:00Z–01:00Z ×2 (the first 02:00–03:00),
   * B 01:00Z–02:00Z ×3 (the second), C 00:30Z–01:30Z ×1 over the change. Real demand: 2, 3, 4, 3 per half hour.
   * Clocks forward on 2030-03-31 at 01:00Z (02:00 CET → 03:00 CEST): D 00:30Z–01:30Z ×1 (01:30 → 03:30).
   */
  beforeAll(async () => {
    const { db } = handle;
    const [flight] = await db.select({ id: flights.id }).from(flights).limit(1);
    const [job] = await db.select({ id: jobs.id }).from(jobs).limit(1);
    const [department] = await db.select({ id: departments.id }).from(departments).limit(1);
    [{ id: berlin }] = await db
      .insert(employeePositions)
      .values({ name: 'Грузчик Берлин', departmentId: department.id })
      .returning();
    const plan = [
      ['2030-10-27 00:00', '2030-10-27 01:00', 2],
      ['2030-10-27 01:00', '2030-10-27 02:00', 3],
      ['2030-10-27 00:30', '2030-10-27 01:30', 1],
      ['2030-03-31 00:30', '2030-03-31 01:30', 1],
    ] as const;
    await addTasks(flight.id, job.id, berlin, plan);
  });

  const graphOf = async (day: string, begin: string, end: string, stepMinutes: number) => {
    const [graph] = await service.peakGraph(
      {
        firstDay: day,
        lastDay: day,
        period: period(begin, end),
        positionIds: [berlin],
        stepMinutes,
        repeat: 1,
        deviationPercent: 0,
      },
      'Europe/Berlin',
    );
    return (datetime: string) => graph.points.find((p) => p.datetime === datetime)?.count;
  };

  it('takes the peak of the two passes of the repeated hour, never their sum', async () => {
    // Was 5 (A and B added up in the same wall slot) with C lost (it ended at the wall time it began).
    const hourly = await graphOf('2030-10-27', '2030-10-26 22:00', '2030-10-27 23:00', 60);
    expect(hourly('2030-10-27 02:00:00')).toBe(4);
    const halves = await graphOf('2030-10-27', '2030-10-26 22:00', '2030-10-27 23:00', 30);
    expect(halves('2030-10-27 02:00:00')).toBe(4);
    expect(halves('2030-10-27 02:30:00')).toBe(3);
    expect(halves('2030-10-27 03:00:00')).toBe(0);
  });

  it('leaves the skipped hour empty and counts a task over it on both sides', async () => {
    const count = await graphOf('2030-03-31', '2030-03-30 23:00', '2030-03-31 22:00', 60);
    expect(count('2030-03-31 01:00:00')).toBe(1);
    expect(count('2030-03-31 02:00:00')).toBe(0);
    expect(count('2030-03-31 03:00:00')).toBe(1);
  });
});

describe('when counting passengers', () => {
  it('makes the last slot whole, so a flight after the period end but inside its slot counts', async () => {
    const [departures] = await service.passengerCount(
      {
        period: period('2030-06-04 00:00', '2030-06-04 00:50'),
        directions: [1],
        scaleMinutes: 60,
        filter: {},
      },
      'UTC',
    );
    expect(departures.intervals).toEqual([{ datetime: '2030-06-04 00:00:00', count: 40 }]);
  });

  it('labels the slots in the zone asked', async () => {
    const [departures] = await service.passengerCount(
      {
        period: period('2030-06-03 21:00', '2030-06-04 21:00'),
        directions: [1],
        scaleMinutes: 60,
        filter: {},
      },
      'Europe/Moscow',
    );
    expect(departures.intervals[0].datetime).toBe('2030-06-04 00:00:00');
    expect(departures.intervals.find((i) => i.count > 0)).toEqual({
      datetime: '2030-06-04 03:00:00',
      count: 40,
    });
  });
});

describe('rowsByPosition', () => {
  it('groups the row indexes of each position in one pass, in row order', () => {
    expect(rowsByPosition(Int32Array.from([7, 9, 7, 7, 3]))).toEqual(
      new Map([
        [7, [0, 2, 3]],
        [9, [1]],
        [3, [4]],
      ]),
    );
    expect(rowsByPosition([]).size).toBe(0);
  });
});
