/**
 * A VIP field checked against a real turnaround (beyond the spec; DOMAIN.md, Tariffs). `flight_aid` is the
 * turnaround's `aid` (an arrival and the departure of one aircraft, or a single leg). Each leg is checked on what
 * the flight data holds: airline, direction, flight class and flight type; a leg matches when all four are among
 * the field's choices. Passenger conditions (hall, category, travel class, access, loyalty card, bank card, payment)
 * need passenger data the airport does not have, so they are listed unchecked rather than guessed. The field
 * applies to the turnaround when any leg matches: it bills that leg's passengers who meet the passenger conditions.
 */
import { eq, inArray } from 'drizzle-orm';
import type { VipField, VipFieldEvaluation, VipLinkKey } from '../../../shared/tariff-vip.ts';
import { instantToWallClock, wallClockText } from '../../../shared/wallClock.ts';
import type { Db } from '../../db/client.ts';
import { airlines, flightClasses, flights, flightTypes, turnarounds } from '../../db/schema/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { directionName, LINK_DEFS } from './links.ts';

type Step = VipFieldEvaluation['passenger_steps'][number];

const UNCHECKED = 'не проверяется: нет данных о пассажирах';
const ANY = 'любое значение';

/** The conditions a flight leg answers, with the leg's id and name for each. */
const FLIGHT_CONDITIONS: readonly VipLinkKey[] = [
  'vipFieldAviacompany',
  'vipFieldDirection',
  'vipFieldFlightClass',
  'vipFieldFlightType',
];

interface Leg {
  flightId: number;
  direction: number;
  airlineId: number;
  airline: string;
  code: string;
  flightNumber: string;
  flightClassId: number;
  flightClass: string;
  flightTypeId: number;
  flightType: string;
  planAt: Date;
}

/** The chosen `{id, name}` of one list of an answer. */
function chosen(field: VipField, key: VipLinkKey): { id: number; name: string }[] {
  const link = LINK_DEFS.find((item) => item.key === key)!;
  return (field[key] as unknown as Record<string, { id: number; name: string }>[]).map(
    (entry) => entry[link.nested],
  );
}

const labelOf = (key: VipLinkKey) => LINK_DEFS.find((item) => item.key === key)!.label;

/** One flight condition: the leg's value among the field's choices (an empty list takes any value). */
function flightStep(field: VipField, key: VipLinkKey, actual: { id: number; name: string }): Step {
  const choices = chosen(field, key);
  const base = { condition: key, label: labelOf(key), actual: actual.name };
  if (choices.length === 0) return { ...base, expected: ANY, status: 'match', note: 'условие не задано' };
  const match = choices.some((choice) => choice.id === actual.id);
  return {
    ...base,
    expected: choices.map((choice) => choice.name).join(', '),
    status: match ? 'match' : 'mismatch',
    note: match ? 'совпадает' : 'не совпадает',
  };
}

/** A passenger condition: unchecked, or met by anyone when the field sets none. */
function passengerStep(field: VipField, key: VipLinkKey): Step {
  const choices = chosen(field, key);
  const base = { condition: key, label: labelOf(key), actual: null };
  if (choices.length === 0) return { ...base, expected: ANY, status: 'match', note: 'условие не задано' };
  return { ...base, expected: choices.map((c) => c.name).join(', '), status: 'unchecked', note: UNCHECKED };
}

/** 'DD.MM.YYYY HH:mm' of an instant in a zone. Example: 2026-03-12 07:15Z in Europe/Moscow → '12.03.2026 10:15'. */
function shownTime(instant: Date, zone: string): string {
  return wallClockText(instantToWallClock(instant, zone));
}

export interface VipEvaluationDeps {
  db: Db;
  /** The field's answer (404 when there is none). */
  field: (id: number) => Promise<VipField>;
}

export function createVipEvaluation({ db, field: readField }: VipEvaluationDeps) {
  async function legsOf(aid: number): Promise<Leg[]> {
    const [turnaround] = await db.select().from(turnarounds).where(eq(turnarounds.aid, aid));
    if (!turnaround) throw new NotFoundError(`Разворот (рейс) ${aid} не найден`);
    const ids = [turnaround.arrivalFlightId, turnaround.departureFlightId].filter((id) => id !== null);
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        flightId: flights.id,
        direction: flights.direction,
        airlineId: flights.airlineId,
        airline: airlines.nameRu,
        iata: airlines.iataCode,
        icao: airlines.icaoCode,
        flightNumber: flights.flightNumber,
        flightClassId: flights.flightClassId,
        flightClass: flightClasses.name,
        flightTypeId: flights.flightTypeId,
        flightType: flightTypes.name,
        planAt: flights.planAt,
      })
      .from(flights)
      .innerJoin(airlines, eq(flights.airlineId, airlines.id))
      .innerJoin(flightClasses, eq(flights.flightClassId, flightClasses.id))
      .innerJoin(flightTypes, eq(flights.flightTypeId, flightTypes.id))
      .where(inArray(flights.id, ids));
    // Arrival first, as the turnaround happens.
    return rows
      .map(({ iata, icao, ...row }) => ({ ...row, code: iata ?? icao ?? '' }))
      .sort((a, b) => b.direction - a.direction);
  }

  return {
    /**
     * The field checked against each leg of the turnaround `aid`, with its steps; times in `zone`.
     * Example: an arrival of Aeroflot against a departures-only field → the leg does not match on direction.
     */
    async evaluate(id: number, aid: number, zone: string): Promise<VipFieldEvaluation> {
      const field = await readField(id);
      const legs = (await legsOf(aid)).map((leg) => {
        const steps = [
          flightStep(field, 'vipFieldAviacompany', { id: leg.airlineId, name: leg.airline }),
          flightStep(field, 'vipFieldDirection', { id: leg.direction, name: directionName(leg.direction) }),
          flightStep(field, 'vipFieldFlightClass', { id: leg.flightClassId, name: leg.flightClass }),
          flightStep(field, 'vipFieldFlightType', { id: leg.flightTypeId, name: leg.flightType }),
        ];
        return {
          flight_id: leg.flightId,
          title: `${directionName(leg.direction)} ${leg.code} ${leg.flightNumber}, ${shownTime(leg.planAt, zone)}`,
          matches: steps.every((step) => step.status === 'match'),
          steps,
        };
      });
      const passengerSteps = LINK_DEFS.filter((link) => !FLIGHT_CONDITIONS.includes(link.key)).map((link) =>
        passengerStep(field, link.key),
      );
      const matching = legs.filter((leg) => leg.matches);
      const summary =
        matching.length > 0
          ? `Поле применяется: ${matching.map((leg) => leg.title).join('; ')} — авиакомпания, направление, класс и тип рейса подходят; условия о пассажирах не проверяются (нет данных о пассажирах)`
          : 'Поле не применяется: ни один рейс разворота не подходит по авиакомпании, направлению, классу и типу рейса';
      return {
        vip_field: { id: field.id, name: field.name, description: field.description },
        flight_aid: aid,
        legs,
        passenger_steps: passengerSteps,
        matches: matching.length > 0,
        summary,
      };
    },
  };
}
