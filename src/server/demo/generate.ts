import { wallClockToInstant } from '../../shared/wallClock.ts';
import { buildAllocations } from './allocation.ts';
import { buildBaggage } from './baggage.ts';
import { buildBrsConfig } from './brsConfig.ts';
import { LocalCalendar } from './calendar.ts';
import { buildDelayEmployees } from './delayEmployee.ts';
import { buildDelayReasonsConfig } from './delayReasons.ts';
import { AIRPORTS, HOME_IATA } from './facts/geo.ts';
import { WORKPLACE_KIND } from './facts/lists.ts';
import { buildFlights } from './flights.ts';
import { buildOperations } from './operations.ts';
import { buildPostalStatements } from './postalStatements.ts';
import { createRng, mixSeed } from './random.ts';
import { buildReferences } from './references.ts';
import { buildSkillAccess } from './skillAccess.ts';
import { buildStaff } from './staff.ts';
import type { DemoTable } from './table.ts';
import { buildTariffCalcs } from './tariffCalc.ts';
import { buildVipFields } from './tariffVip.ts';
import { buildTasks } from './tasks.ts';
import { buildWorkplaceDistances } from './workplace.ts';

/** The zone of the home airport: the demo's days, shifts and flight times are its wall clock. */
export const HOME_ZONE = AIRPORTS.find((a) => a.iata === HOME_IATA)!.timeZone;

export interface DemoOptions {
  /** Same seed, same data. Default 1. */
  seed?: number;
  /** Multiplies flights, staff and vehicles. Default 1. */
  scale?: number;
  /** Days of flights before and after the reference day. Default 60. */
  days?: number;
  /** The moment "now" of the demo: facts before it, plans after it. Default the current time. */
  referenceDate?: Date | string;
}

export interface DemoData {
  seed: number;
  scale: number;
  days: number;
  referenceAt: Date;
  /** Tables in foreign-key order. */
  tables: DemoTable[];
}

/** Reads the options with their defaults; a date-only string means noon at the home airport. Example: `demoSettings({}).days` → 60. */
function demoSettings(options: DemoOptions = {}) {
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 1;
  const days = options.days ?? 60;
  if (!Number.isInteger(seed)) throw new Error('seed must be a whole number');
  if (!(scale > 0)) throw new Error('scale must be positive');
  if (!Number.isInteger(days) || days < 0) throw new Error('days must be a whole number ≥ 0');
  const ref = options.referenceDate ?? new Date();
  const referenceAt =
    typeof ref === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(ref)
      ? wallClockToInstant(`${ref} 12:00:00`, HOME_ZONE)
      : new Date(ref);
  if (referenceAt === null || Number.isNaN(referenceAt.getTime()))
    throw new Error('referenceDate is not a date');
  return { seed, scale, days, referenceAt };
}

/**
 * Generates the whole demo airport in memory, deterministically from the options.
 * Example: `generateDemoAirport({seed: 1, days: 1, referenceDate: '2026-01-15'})` → ~1,050 legs.
 */
export function generateDemoAirport(options: DemoOptions = {}): DemoData {
  const { seed, scale, days, referenceAt } = demoSettings(options);
  const now = referenceAt.getTime();
  const refs = buildReferences();
  const staff = buildStaff(createRng(mixSeed(seed, 2)), scale, refs.contractors);
  const ops = buildOperations(createRng(mixSeed(seed, 3)), scale, staff.positionId, staff.departmentId);
  const calendar = new LocalCalendar(HOME_ZONE);
  const standCount = refs.workplaces.rows.filter((row) => row.kind === WORKPLACE_KIND.stand).length;
  const flights = buildFlights({
    seed,
    scale,
    days,
    calendar,
    now,
    tgoByKey: ops.tgoByKey,
    standCount,
  });
  const tasks = buildTasks({
    seed,
    now,
    legs: flights.legs,
    tgoJobs: ops.tgoJobs,
    employeesByPosition: staff.employeesByPosition,
    rosters: staff.rosters,
    resourcesByType: ops.resourcesByType,
    calendar,
  });
  return {
    seed,
    scale,
    days,
    referenceAt,
    tables: [
      ...refs.before,
      ...staff.tables,
      ...ops.tables,
      ...flights.tables,
      ...tasks.tables,
      ...buildVipFields(),
      ...buildBrsConfig(),
      ...buildDelayReasonsConfig(now),
      ...buildWorkplaceDistances(refs.workplaces),
      ...buildAllocations(staff.tables),
      ...buildSkillAccess([...refs.before, ...staff.tables, ...ops.tables]),
      ...buildPostalStatements(staff.tables),
      ...buildDelayEmployees(seed, now, flights.legs, [...refs.before, ...staff.tables]),
      ...buildBaggage(seed, now, HOME_ZONE, flights.legs, [...refs.before, ...flights.tables]),
      ...buildTariffCalcs(
        [...refs.before, ...staff.tables, ...ops.tables, ...flights.tables, ...tasks.tables],
        now,
      ),
    ],
  };
}
