/**
 * Demo delays for the delay-employee screen: departures that left 30 minutes or more after their plan get the
 * delay recorded (a few percent of all legs), with IATA codes (AHM 730) drawn in proportions near those airports
 * report — reactionary 93 first, then passengers, technics, ATC, crew and ground handling. Long delays are split
 * between two codes. Delays of earlier days mostly have an answerable employee; today's wait for the dispatcher.
 */
import { flightDelays } from '../db/schema/delayEmployee.ts';
import type { Leg } from './flights.ts';
import { createRng, mixSeed } from './random.ts';
import { type DemoTable, MS_PER_DAY, MS_PER_MINUTE, Table } from './table.ts';

/** Departure delay (minutes) from which a delay is recorded with its code. */
const RECORDED_FROM = 30;

/** AHM 730 numeric codes with their weight in the mix. */
const CODE_MIX: [code: string, weight: number][] = [
  ['93', 24],
  ['15', 8],
  ['41', 8],
  ['81', 7],
  ['89', 6],
  ['32', 6],
  ['63', 5],
  ['12', 4],
  ['18', 4],
  ['11', 3],
  ['33', 3],
  ['35', 3],
  ['36', 3],
  ['37', 3],
  ['71', 3],
  ['75', 2],
  ['31', 2],
  ['64', 2],
  ['87', 2],
  ['99', 2],
  ['96', 1],
];

const DEPARTURE = 1;

/** The recorded delays of the past departures, codes and employees read from the generated tables. */
export function buildDelayEmployees(
  seed: number,
  now: number,
  legs: readonly Leg[],
  tables: readonly DemoTable[],
): DemoTable[] {
  const rng = createRng(mixSeed(seed, 12));
  const byName = (name: string) => {
    const table = tables.find((t) => t.name === name);
    if (!table) throw new Error(`demo delays: no table ${name}`);
    return table;
  };
  const codeId = new Map(
    byName('delay_iata_codes').rows.map((row) => [String(row.numberCode), Number(row.id)]),
  );
  const mix = CODE_MIX.flatMap(([code, weight]) => {
    const id = codeId.get(code);
    return id === undefined ? [] : [{ id, weight }];
  });
  if (mix.length === 0) throw new Error('demo delays: no seeded IATA delay code of the mix');
  const employees = byName('employees').rows.map((row) => Number(row.id));
  const delays = new Table(flightDelays);
  for (const leg of legs) {
    if (leg.direction !== DEPARTURE || Number.isNaN(leg.fact) || leg.fact >= now) continue;
    const minutes = Math.round((leg.fact - leg.plan) / MS_PER_MINUTE);
    if (minutes < RECORDED_FROM) continue;
    const first = rng.weighted(mix, (code) => code.weight).id;
    const split = minutes >= 60 && rng.chance(0.3) ? rng.int(15, minutes - 15) : minutes;
    const assigned = () =>
      now - leg.fact > MS_PER_DAY && employees.length > 0 && rng.chance(0.6) ? rng.pick(employees) : null;
    delays.add({
      id: delays.nextId,
      flightId: leg.id,
      delayIataCodeId: first,
      minutes: split,
      employeeId: assigned(),
    });
    if (split < minutes) {
      const second = rng.weighted(mix, (code) => code.weight).id;
      delays.add({
        id: delays.nextId,
        flightId: leg.id,
        delayIataCodeId: second,
        minutes: minutes - split,
        employeeId: assigned(),
      });
    }
  }
  return [delays];
}
