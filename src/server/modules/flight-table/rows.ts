/**
 * The flight table's rows from the turnarounds' legs, and their filtering and sorting: pure, so that the list, the
 * export and the tests see the same texts. Filters match the text the dispatcher sees; sorts use the underlying
 * values (times as instants, text in Russian order).
 */
import {
  COMBINE_TYPES,
  FLIGHT_TABLE_COLUMN_KEYS,
  type FlightTableColumn,
  type RACE_TEXT_FILTERS,
  type RaceRow,
} from '../../../shared/flight-table.ts';
import { zoneOffset } from '../../../shared/wallClock.ts';

/** One leg as the table needs it; `home*` times are those at the home airport (on-block / off-block). */
export interface LegData {
  id: number;
  /** 1 departure, 2 arrival. */
  direction: number;
  flight: string;
  aircraftTypeId: number;
  aircraftType: string;
  board: string | null;
  stand: string | null;
  departureAirport: string;
  arrivalAirport: string;
  /** The remote airport (origin of an arrival, destination of a departure): id and city. */
  remoteAirportId: number;
  remoteCity: string;
  planAt: Date;
  calcAt: Date | null;
  factAt: Date | null;
  takeoffAt: Date | null;
  flightTypeId: number;
  flightType: string;
  statusId: number;
  status: string;
  tgoId: number | null;
  tgo: string | null;
  codeShare: string | null;
}

export interface TurnaroundData {
  aid: number;
  isConfirmed: boolean;
  arrival: LegData | null;
  departure: LegData | null;
}

/** The combine type of a row: 1 paired, 2 arrival only, 3 departure only. */
export function combineTypeOf(t: Pick<TurnaroundData, 'arrival' | 'departure'>): number {
  if (t.arrival && t.departure) return 1;
  return t.arrival ? 2 : 3;
}

/**
 * 'YYYY-MM-DD HH:mm' of an instant in a zone (the offset comes from zoneOffset's cache per quarter hour).
 * Example: `wallText(Date.parse('2026-03-10T09:00:00Z'), 'Europe/Moscow')` → '2026-03-10 12:00'.
 */
export function wallText(ms: number, zone: string): string {
  const wall = new Date(ms + zoneOffset(ms, zone)).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
}

/** A row with what its filters and sorts read. */
export interface RowEntry {
  row: RaceRow;
  /** Sort value per column: a number (instant, flag) or a text. */
  sort: Record<FlightTableColumn, number | string>;
  /** Ids of the list filters. */
  lists: { direction: number[]; type: number[]; status: number[]; link: number[] };
  /** The first leg's plan time: the default order. */
  first: number;
  /** What the export writes as dates: the row's day 'YYYY-MM-DD' and the instants (ms) of each leg and take-off. */
  moments: RowMoments;
}

/** A leg's times (ms since the epoch, null when unknown): on-block of an arrival, off-block of a departure. */
interface LegMoments {
  plan: number | null;
  calculated: number | null;
  fact: number | null;
}

/** The export's dates of a row: its day in the zone, the arrival's and the departure's times, the take-off. */
interface RowMoments {
  day: string;
  arrival: LegMoments | null;
  departure: LegMoments | null;
  takeoff: number | null;
}

const legMoments = (leg: LegData | null): LegMoments | null =>
  leg && {
    plan: leg.planAt.getTime(),
    calculated: leg.calcAt?.getTime() ?? null,
    fact: leg.factAt?.getTime() ?? null,
  };

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => Boolean(v))),
];
const joined = (values: (string | null | undefined)[], separator = ' / ') => unique(values).join(separator);

/** The first leg's instant of a time column; missing times sort last. */
const firstTime = (values: (Date | null | undefined)[]) =>
  values.find((value): value is Date => value instanceof Date)?.getTime() ?? Number.POSITIVE_INFINITY;

/**
 * The table row of a turnaround in a zone.
 * Example: arrival SU 1234 on-block 14:20 and departure SU 1235 off-block 15:30 on 10.03.2026 →
 * `{flight: 'SU 1234 / SU 1235', date: '10.03.2026', plan: '14:20 / 15:30', link: 'Прилёт – вылет', ...}`.
 */
export function rowEntryOf(t: TurnaroundData, zone: string): RowEntry {
  const legs = [t.arrival, t.departure].filter((leg): leg is LegData => leg !== null);
  const first = legs[0];
  const day = wallText(first.planAt.getTime(), zone).slice(0, 10);
  const time = (instant: Date | null) => {
    if (!instant) return '';
    const wall = wallText(instant.getTime(), zone);
    return wall.slice(0, 10) === day
      ? wall.slice(11, 16)
      : `${wall.slice(8, 10)}.${wall.slice(5, 7)} ${wall.slice(11, 16)}`;
  };
  /** 'a / d' of a paired row ('—' for a missing side), one value for a single leg, '' when none. */
  const times = (pick: (leg: LegData) => Date | null) => {
    const texts = legs.map((leg) => time(pick(leg)));
    if (texts.every((text) => text === '')) return '';
    return texts.map((text) => text || '—').join(' / ');
  };
  const link = combineTypeOf(t);
  const departure = t.departure ?? t.arrival;
  const takeoff = t.arrival ? t.arrival.takeoffAt : (t.departure?.factAt ?? null);
  const row: RaceRow = {
    aid: t.aid,
    arrival_flight_id: t.arrival?.id ?? null,
    departure_flight_id: t.departure?.id ?? null,
    flight: legs.map((leg) => leg.flight).join(' / '),
    aircraft_type: departure?.aircraftType ?? '',
    date: `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`,
    board: joined(legs.map((leg) => leg.board)),
    stand: joined(legs.map((leg) => leg.stand)),
    plan: times((leg) => leg.planAt),
    calculated: times((leg) => leg.calcAt),
    fact: times((leg) => leg.factAt),
    departure_airport: first.departureAirport,
    arrival_airport: (t.departure ?? first).arrivalAirport,
    code_share: joined(legs.map((leg) => leg.codeShare)),
    takeoff: time(takeoff),
    direction: joined(
      legs.map((leg) => leg.remoteCity),
      ' – ',
    ),
    type: joined(legs.map((leg) => leg.flightType)),
    status: joined(legs.map((leg) => leg.status)),
    link: COMBINE_TYPES[link - 1].name,
    tgo: joined(legs.map((leg) => leg.tgo)),
    arrival_model: t.arrival?.aircraftType ?? '',
    confirmed: t.isConfirmed,
  };
  const sort = {} as Record<FlightTableColumn, number | string>;
  for (const key of FLIGHT_TABLE_COLUMN_KEYS) sort[key] = row[key] as string;
  sort.date = first.planAt.getTime();
  sort.plan = first.planAt.getTime();
  sort.calculated = firstTime(legs.map((leg) => leg.calcAt));
  sort.fact = firstTime(legs.map((leg) => leg.factAt));
  sort.takeoff = takeoff?.getTime() ?? Number.POSITIVE_INFINITY;
  sort.link = link;
  sort.confirmed = t.isConfirmed ? 1 : 0;
  return {
    row,
    sort,
    lists: {
      direction: legs.map((leg) => leg.remoteAirportId),
      type: legs.map((leg) => leg.flightTypeId),
      status: legs.map((leg) => leg.statusId),
      link: [link],
    },
    first: first.planAt.getTime(),
    moments: {
      day,
      arrival: legMoments(t.arrival),
      departure: legMoments(t.departure),
      takeoff: takeoff?.getTime() ?? null,
    },
  };
}

/** The filters of the list, parsed. */
export interface RaceFilters {
  text: Partial<Record<(typeof RACE_TEXT_FILTERS)[number], string>>;
  lists: Partial<Record<keyof RowEntry['lists'], number[]>>;
  confirmed?: boolean;
}

/** Text as the filters compare it: lower case, ё as е. Example: `folded('ЁЛКА')` → 'елка'. */
export function folded(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
}

/** The entries passing every filter. */
export function filterEntries(entries: RowEntry[], filters: RaceFilters): RowEntry[] {
  const texts = Object.entries(filters.text).map(([key, value]) => [key, folded(value as string)] as const);
  const lists = Object.entries(filters.lists) as [keyof RowEntry['lists'], number[]][];
  return entries.filter(
    (entry) =>
      (filters.confirmed === undefined || entry.row.confirmed === filters.confirmed) &&
      texts.every(([key, needle]) => folded(String(entry.row[key as FlightTableColumn])).includes(needle)) &&
      lists.every(([key, ids]) => entry.lists[key].some((id) => ids.includes(id))),
  );
}

const collator = new Intl.Collator('ru-RU', { sensitivity: 'base', numeric: true });

/** Sorted by the column (ties by the first leg's plan time, then aid); the default is the first leg's plan time. */
export function sortEntries(
  entries: RowEntry[],
  sort: { key: FlightTableColumn; desc: boolean } | null,
): RowEntry[] {
  const tie = (a: RowEntry, b: RowEntry) => a.first - b.first || a.row.aid - b.row.aid;
  if (!sort) return [...entries].sort(tie);
  const sign = sort.desc ? -1 : 1;
  const compare = (a: number | string, b: number | string) => {
    if (typeof a === 'number' && typeof b === 'number') {
      // Missing times (infinite) last whichever the direction, as empty texts are.
      if (a === Number.POSITIVE_INFINITY || b === Number.POSITIVE_INFINITY)
        return a === b ? 0 : a === Number.POSITIVE_INFINITY ? sign : -sign;
      return a === b ? 0 : a < b ? -1 : 1;
    }
    const x = String(a);
    const y = String(b);
    // Empty texts last whichever the direction, as missing times are.
    if (x === '' || y === '') return x === y ? 0 : x === '' ? sign : -sign;
    return collator.compare(x, y);
  };
  return [...entries].sort((a, b) => sign * compare(a.sort[sort.key], b.sort[sort.key]) || tie(a, b));
}
