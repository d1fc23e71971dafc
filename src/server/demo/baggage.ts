/**
 * Demo checked baggage for the rush-baggage page: the bags of the home airport's departures from three days back to
 * a day ahead, about a third of a bag per passenger, each with a route of one to three legs on real airports and
 * airlines (the first leg the flight itself), some with a minor piece, and 3 % of the departed ones mishandled
 * (left behind, waiting for a rush). Names are printed as on a tag: 'IVANOV/SERGEI'. Tags are '0' + the carrier's
 * numeric code + a serial, so they never clash with rush tags ('2…').
 */
import { instantToDay } from '../../shared/wallClock.ts';
import { bagRoutes, bags, minorBags } from '../db/schema/baggage.ts';
import { FEMALE_NAMES, femaleSurname, MALE_NAMES, SURNAMES } from './facts/names.ts';
import type { Leg } from './flights.ts';
import { createRng, mixSeed } from './random.ts';
import { type DemoTable, MS_PER_DAY, Table } from './table.ts';

const DEPARTURE = 1;
/** Days of departures with bags, before and after the reference instant. */
const DAYS_BACK = 3;
const DAYS_AHEAD = 1;
/** Share of a departed flight's bags that were left behind. */
const MISHANDLED = 0.03;

const LATIN: Record<string, string> = {
  а: 'A',
  б: 'B',
  в: 'V',
  г: 'G',
  д: 'D',
  е: 'E',
  ё: 'E',
  ж: 'ZH',
  з: 'Z',
  и: 'I',
  й: 'I',
  к: 'K',
  л: 'L',
  м: 'M',
  н: 'N',
  о: 'O',
  п: 'P',
  р: 'R',
  с: 'S',
  т: 'T',
  у: 'U',
  ф: 'F',
  х: 'KH',
  ц: 'TS',
  ч: 'CH',
  ш: 'SH',
  щ: 'SHCH',
  ъ: 'IE',
  ы: 'Y',
  ь: '',
  э: 'E',
  ю: 'IU',
  я: 'IA',
};

/** A Russian name in the Latin letters of a passport (ICAO 9303). Example: `latin('Фёдор')` → 'FEDOR'. */
function latin(text: string): string {
  return [...text.toLowerCase()].map((c) => LATIN[c] ?? c.toUpperCase()).join('');
}

/** The bags of the demo's departures, read from the generated flights, airports and airlines. */
export function buildBaggage(
  seed: number,
  now: number,
  zone: string,
  legs: readonly Leg[],
  tables: readonly DemoTable[],
): DemoTable[] {
  const rng = createRng(mixSeed(seed, 14));
  const byName = (name: string) => {
    const table = tables.find((t) => t.name === name);
    if (!table) throw new Error(`demo baggage: no table ${name}`);
    return table.rows;
  };
  const flightRows = byName('flights');
  const airportIds = byName('airports')
    .filter((row) => row.isHome !== true)
    .map((row) => Number(row.id));
  const airlineRows = byName('airlines').filter((row) => row.isDeleted !== true);
  const numericOf = new Map(byName('airlines').map((row) => [Number(row.id), String(row.numericCode ?? '')]));
  const serials = new Map<number, number>();
  const tagOf = (airlineId: number) => {
    const serial = (serials.get(airlineId) ?? rng.int(1, 90_000)) + 1;
    serials.set(airlineId, serial);
    const code = /^\d{3}$/.test(numericOf.get(airlineId) ?? '') ? numericOf.get(airlineId) : '999';
    return `0${code}${String(serial).padStart(6, '0')}`;
  };

  const bagTable = new Table(bags);
  const routeTable = new Table(bagRoutes);
  const minorTable = new Table(minorBags);
  for (const leg of legs) {
    if (leg.direction !== DEPARTURE) continue;
    if (leg.plan < now - DAYS_BACK * MS_PER_DAY || leg.plan > now + DAYS_AHEAD * MS_PER_DAY) continue;
    const flight = flightRows[leg.id - 1];
    const passengers = Number(flight.passengers);
    if (passengers === 0) continue;
    const airlineId = Number(flight.airlineId);
    const destination = Number(flight.arrivalAirportId);
    const day = instantToDay(leg.plan, zone);
    const departed = leg.plan < now;
    const count = Math.round(passengers * (0.25 + rng.next() * 0.15));
    for (let i = 0; i < count; i += 1) {
      const male = rng.chance(0.55);
      const surname = rng.pick(SURNAMES);
      const name = `${latin(male ? surname : femaleSurname(surname))}/${latin(rng.pick(male ? MALE_NAMES : FEMALE_NAMES))}`;
      const status = departed ? (rng.chance(MISHANDLED) ? 'mishandled' : 'loaded') : 'checked';
      const bagId = bagTable.add({
        id: bagTable.nextId,
        flightId: leg.id,
        airlineId,
        passengerName: name,
        tag: tagOf(airlineId),
        status,
      });
      routeTable.add({
        id: routeTable.nextId,
        bagId,
        airlineId,
        airportId: destination,
        flightNumber: String(flight.flightNumber),
        numberInRoute: 1,
        date: day,
      });
      const onward = rng.chance(0.2) ? (rng.chance(0.15) ? 2 : 1) : 0;
      let at = destination;
      let date = day;
      for (let n = 0; n < onward; n += 1) {
        let next = rng.pick(airportIds);
        while (next === at || next === destination) next = rng.pick(airportIds);
        const carrier = rng.chance(0.6) ? airlineId : Number(rng.pick(airlineRows).id);
        if (rng.chance(0.4)) date = instantToDay(Date.parse(`${date}T12:00:00Z`) + MS_PER_DAY, 'UTC');
        routeTable.add({
          id: routeTable.nextId,
          bagId,
          airlineId: carrier,
          airportId: next,
          flightNumber: String(rng.int(100, 9999)),
          numberInRoute: n + 2,
          date,
        });
        at = next;
      }
      if (rng.chance(0.08))
        minorTable.add({ id: minorTable.nextId, majorBagId: bagId, tag: tagOf(airlineId) });
    }
  }
  return [bagTable, routeTable, minorTable];
}
