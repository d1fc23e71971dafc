/**
 * The rush modal's draft as pure data (spec 3 "Rush payload"): which pieces travel, the rush flight, station, code,
 * act and claim numbers, comment, e-mails and the new route; how it starts from the chosen bags and how it becomes
 * the payload of `POST /baggage/rush`. The `rushBaggage` machine holds one; tests call these directly.
 */
import type { FieldErrors } from '../app/api/errors.ts';
import { zodFieldErrors } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import {
  type Baggage,
  type BaggageRoute,
  type FlightSearchItem,
  RUSH_MESSAGES,
  type RushPayload,
  rushPayloadSchema,
  sameRoute,
} from '../shared/rush-baggage.ts';
import { withoutFields } from './fieldErrors.ts';
import type { SearchOption } from './searchSelect.ts';

/** One piece that may travel: a major bag's own tag or one of its minor pieces' tags. */
interface PieceChoice {
  majorId: number;
  tag: string;
  minor: boolean;
  chosen: boolean;
}

/** One leg of the new route as edited; `date` is 'YYYY-MM-DD' or '' while unset. */
export interface LegDraft {
  key: number;
  airline: SearchOption | null;
  airport: SearchOption | null;
  flightNumber: string;
  date: string;
}

export interface RushDraft {
  pieces: PieceChoice[];
  /** The day whose flights the rush-flight select lists. */
  flightDate: string;
  rushFlight: SearchOption | null;
  airport: SearchOption | null;
  code: SearchOption | null;
  actNumber: string;
  claimNumber: string;
  comment: string;
  emails: string[];
  route: LegDraft[];
  /** The next leg key: keys keep React rows apart when legs are added and removed. */
  nextKey: number;
  /** Where the bag's own route went first (its first leg's airport), which a rush flight elsewhere must still reach. */
  firstStop: SearchOption | null;
  /** The blank onward leg to `firstStop` that choosing a rush flight elsewhere added, while it is still blank. */
  onwardKey: number | null;
}

/** Names of airports and airlines by id, for legs that arrive as bare ids. */
export interface Directory {
  airports: Record<number, string>;
  airlines: Record<number, string>;
}

export type DraftField = 'flightDate' | 'actNumber' | 'claimNumber' | 'comment';
export type DraftChoice = 'airport' | 'code';
export type LegField = 'airline' | 'airport' | 'flightNumber' | 'date';
export type LegValue = SearchOption | null | string;

/** An id as an option with its known name: `named(5, {5: 'SVO'})` is {id: 5, name: 'SVO'}; unknown ids read '№ 5'. */
function named(id: number, names: Record<number, string>): SearchOption {
  return { id, name: names[id] ?? `№ ${id}` };
}

/** The legs of a stored route in order, as the editor holds them. */
function legsOfRoute(route: readonly BaggageRoute[], directory: Directory, firstKey = 1): LegDraft[] {
  return [...route]
    .sort((a, b) => a.number_in_route - b.number_in_route)
    .map((leg, index) => ({
      key: firstKey + index,
      airline: named(leg.aviacompany_id, directory.airlines),
      airport: named(leg.airport_id, directory.airports),
      flightNumber: leg.flight_number,
      date: leg.date,
    }));
}

/** Every piece of the chosen bags, all chosen: each major bag first, then its minor pieces. */
function piecesOf(bags: readonly Baggage[]): PieceChoice[] {
  return bags.flatMap((bag) => [
    { majorId: bag.id, tag: bag.tag, minor: false, chosen: true },
    ...bag.minorBaggage.map((piece) => ({ majorId: bag.id, tag: piece.tag, minor: true, chosen: true })),
  ]);
}

/**
 * The draft a rush starts from: every piece chosen, the station is the page flight's home end (departure airport
 * of a departure, arrival airport of an arrival), the rush flight is searched on `today`, the new route starts as
 * a copy of the first bag's route. Bags of different routes may start a draft; `mixedRoutes` then holds it back.
 */
export function initialDraft(
  bags: readonly Baggage[],
  flight: FlightSearchItem,
  directory: Directory,
  today: string,
): RushDraft {
  const station = flight.direction_id === 1 ? flight.departure_airport : flight.arrival_airport;
  const route = legsOfRoute(bags[0]?.baggageRoute ?? [], directory);
  return {
    pieces: piecesOf(bags),
    flightDate: today,
    rushFlight: null,
    airport: {
      id: station.id,
      name: station.iata_code ? `${station.iata_code} — ${station.name}` : station.name,
    },
    code: null,
    actNumber: '',
    claimNumber: '',
    comment: '',
    emails: [],
    route,
    nextKey: route.length + 1,
    firstStop: route[0]?.airport ?? null,
    onwardKey: null,
  };
}

/** The bags with at least one chosen piece, in the order they were chosen. */
function travelling(draft: RushDraft, bags: readonly Baggage[]): Baggage[] {
  return bags.filter((bag) => draft.pieces.some((piece) => piece.majorId === bag.id && piece.chosen));
}

/**
 * The bag whose route the rush starts from and sends as `originBaggageRoute`: the first bag with a chosen piece
 * (the first bag when none is chosen).
 */
function leadBag(draft: RushDraft, bags: readonly Baggage[]): Baggage | undefined {
  return travelling(draft, bags)[0] ?? bags[0];
}

/**
 * True when the bags with a chosen piece do not all travel on one route (`sameRoute`): one rush sends one origin
 * route for all its pieces, so such bags must go in separate rushes.
 */
export function mixedRoutes(draft: RushDraft, bags: readonly Baggage[]): boolean {
  const [first, ...rest] = travelling(draft, bags);
  return first !== undefined && rest.some((bag) => !sameRoute(bag.baggageRoute, first.baggageRoute));
}

/**
 * The draft with piece `tag` chosen or left out. When that changes the lead bag to one of another route (the
 * first bag of a mixed choice left out), the new route starts again as a copy of the new lead bag's route, with
 * the rush flight, if chosen, as its first leg: the legs shown were another route's.
 */
export function togglePiece(
  draft: RushDraft,
  tag: string,
  bags: readonly Baggage[],
  directory: Directory,
): RushDraft {
  const before = leadBag(draft, bags);
  const toggled: RushDraft = {
    ...draft,
    pieces: draft.pieces.map((piece) => (piece.tag === tag ? { ...piece, chosen: !piece.chosen } : piece)),
  };
  const after = leadBag(toggled, bags);
  if (!before || !after || sameRoute(before.baggageRoute, after.baggageRoute)) return toggled;
  const route = legsOfRoute(after.baggageRoute, directory, draft.nextKey);
  const restarted = {
    ...toggled,
    route,
    nextKey: draft.nextKey + route.length,
    firstStop: route[0]?.airport ?? null,
    onwardKey: null,
  };
  return toggled.rushFlight ? chooseRushFlight(restarted, toggled.rushFlight) : restarted;
}

/** A blank leg, dated like the last leg so a connection is quick to enter. */
export function addLeg(draft: RushDraft): RushDraft {
  const last = draft.route.at(-1);
  const leg: LegDraft = {
    key: draft.nextKey,
    airline: null,
    airport: null,
    flightNumber: '',
    date: last?.date ?? '',
  };
  return { ...draft, route: [...draft.route, leg], nextKey: draft.nextKey + 1 };
}

/** The draft without leg `index`; the legs after it move up, so `number_in_route` stays 1, 2, … */
export function removeLeg(draft: RushDraft, index: number): RushDraft {
  return { ...draft, route: draft.route.filter((_, at) => at !== index) };
}

/** The draft with one field of leg `index` changed. */
export function setLeg(draft: RushDraft, index: number, field: LegField, value: LegValue): RushDraft {
  return {
    ...draft,
    route: draft.route.map((leg, at) => (at === index ? { ...leg, [field]: value } : leg)),
  };
}

/** A leg nobody has filled in beyond its airport: the onward leg as it was added. */
const blankLeg = (leg: LegDraft) => leg.airline === null && leg.flightNumber === '';

/**
 * The draft after choosing the rush flight: its first leg becomes that flight (carrier, destination, number without
 * the carrier code, departure day), and its day becomes the searched day. A flight to another airport than the bag's
 * route went first (`firstStop`) would lose that stop: a blank onward leg to it follows the rush leg, for the
 * connection to be filled in (or removed, if the bag is really to stay there); choosing again drops it while blank.
 * Clearing the flight leaves the route.
 * Example: route SU 1263 → SVO, SU 30 → LED; a rush flight to KZN → KZN, (blank) → SVO, SU 30 → LED.
 */
export function chooseRushFlight(draft: RushDraft, option: SearchOption | null): RushDraft {
  if (option === null) return { ...draft, rushFlight: null };
  const flight = option.value as FlightSearchItem | undefined;
  if (!flight) return { ...draft, rushFlight: option };
  const to = flight.arrival_airport;
  const first: LegDraft = {
    key: draft.route[0]?.key ?? draft.nextKey,
    airline: { id: flight.aviacompany.id, name: flight.aviacompany.code ?? flight.aviacompany.name },
    airport: { id: to.id, name: to.iata_code ? `${to.iata_code} — ${to.name}` : to.name },
    flightNumber: flight.flight_number,
    date: flight.plan_departure_datetime.slice(0, 10),
  };
  const rest = draft.route.slice(1).filter((leg) => !(leg.key === draft.onwardKey && blankLeg(leg)));
  let nextKey = Math.max(draft.nextKey, first.key + 1);
  const stop = draft.firstStop;
  const detour = stop !== null && stop.id !== to.id && !rest.some((leg) => leg.airport?.id === stop.id);
  const onward: LegDraft | null = detour
    ? { key: nextKey, airline: null, airport: stop, flightNumber: '', date: first.date }
    : null;
  if (onward) nextKey += 1;
  const route = draft.route.length === 0 ? [first] : [first, ...(onward ? [onward] : []), ...rest];
  return { ...draft, rushFlight: option, route, nextKey, onwardKey: onward?.key ?? null };
}

/**
 * What the form says while the onward leg that a rush flight elsewhere added is still blank: where the flight goes,
 * where the bag was going, and what to do; null once that leg is filled in or removed (or there is none).
 * Example: 'Рейс досылки летит в KZN, а багаж следовал в SVO: укажите стыковочный рейс или удалите этот участок'.
 */
export function rushDetour(draft: RushDraft): string | null {
  const flight = draft.rushFlight?.value as FlightSearchItem | undefined;
  const onward = draft.route.find((leg) => leg.key === draft.onwardKey);
  if (!flight || !draft.firstStop || !onward || !blankLeg(onward)) return null;
  const to = flight.arrival_airport.iata_code || flight.arrival_airport.name;
  return `Рейс досылки летит в ${to}, а багаж следовал в ${draft.firstStop.name.split(' — ')[0]}: укажите стыковочный рейс или удалите этот участок`;
}

/** `legInput` of a stored route: what `originBaggageRoute` sends. */
function storedLegs(route: readonly BaggageRoute[]): RushPayload['originBaggageRoute'] {
  return [...route]
    .sort((a, b) => a.number_in_route - b.number_in_route)
    .map((leg, index) => ({
      aviacompany_id: leg.aviacompany_id,
      airport_id: leg.airport_id,
      flight_number: leg.flight_number,
      number_in_route: index + 1,
      date: leg.date,
    }));
}

/**
 * The payload of `POST /baggage/rush`, unchecked (the shared schema judges it): unset choices are sent as 0 so the
 * schema names the field, legs are numbered by their place, e-mail rows keep their places (errors name them).
 */
export function toPayload(draft: RushDraft, bags: readonly Baggage[]): RushPayload {
  return {
    baggageRelations: draft.pieces
      .filter((piece) => piece.chosen)
      .map((piece) => ({ major_baggage_id: piece.majorId, tag: piece.tag })),
    rushBaggageInfo: {
      airport_id: draft.airport?.id ?? 0,
      rush_baggage_code_id: draft.code?.id ?? 0,
      act_number: draft.actNumber,
      claim_number: draft.claimNumber,
      comment: draft.comment,
    },
    rush_flight_id: draft.rushFlight?.id ?? 0,
    emailAddresses: draft.emails.map((email) => email.trim()),
    originBaggageRoute: storedLegs(leadBag(draft, bags)?.baggageRoute ?? []),
    rushBaggageRoute: draft.route.map((leg, index) => ({
      aviacompany_id: leg.airline?.id ?? 0,
      airport_id: leg.airport?.id ?? 0,
      flight_number: leg.flightNumber.trim().toUpperCase(),
      number_in_route: index + 1,
      date: leg.date,
    })),
  };
}

/** What a draft would send, blank address rows left out: the input that closing the form would lose. */
function sentInput(draft: RushDraft, bags: readonly Baggage[]): string {
  const payload = toPayload(draft, bags);
  const emailAddresses = (payload.emailAddresses ?? []).filter((email) => email !== '');
  return JSON.stringify({ ...payload, emailAddresses });
}

/**
 * True when the draft would send other than it started with (typing and erasing again is no change, nor is an empty
 * address row): `isDraftChanged({...start, actNumber: 'АКТ-1'}, start, bags)` is true.
 */
export function isDraftChanged(draft: RushDraft, start: RushDraft, bags: readonly Baggage[]): boolean {
  return sentInput(draft, bags) !== sentInput(start, bags);
}

/**
 * Field errors of a draft by the shared schema, keyed as the server keys them (`rushBaggageRoute.0.date`,
 * `emailAddresses.1`); a choice not made reads 'Поле обязательно для заполнения'. `{}` when it may be sent.
 */
export function draftErrors(draft: RushDraft, bags: readonly Baggage[]): FieldErrors {
  const result = rushPayloadSchema.safeParse(toPayload(draft, bags));
  const fields = result.success ? {} : zodFieldErrors(result.error);
  const missing = (path: string, absent: boolean) => {
    if (absent) fields[path] = [MESSAGES.required];
  };
  missing('rushBaggageInfo.airport_id', draft.airport === null);
  missing('rushBaggageInfo.rush_baggage_code_id', draft.code === null);
  missing('rush_flight_id', draft.rushFlight === null);
  draft.route.forEach((leg, index) => {
    missing(`rushBaggageRoute.${index}.aviacompany_id`, leg.airline === null);
    missing(`rushBaggageRoute.${index}.airport_id`, leg.airport === null);
    missing(`rushBaggageRoute.${index}.flight_number`, leg.flightNumber.trim() === '');
    missing(`rushBaggageRoute.${index}.date`, leg.date === '');
  });
  if (!draft.pieces.some((piece) => piece.chosen)) fields.baggageRelations = [RUSH_MESSAGES.noPieces];
  else if (mixedRoutes(draft, bags)) fields.baggageRelations = [RUSH_MESSAGES.mixedRoutes];
  return fields;
}

/** The errors left once the user changes what `path` names: its own and those under it (`rushBaggageRoute.1.*`). */
export function withoutErrors(fields: FieldErrors, path: string): FieldErrors {
  return withoutFields(fields, [path]);
}
