/**
 * The flight answer written as UTF-8 JSON bytes into one Buffer of the exact size (measured first, so the answer is
 * never copied into a tighter one), with the fragments that repeat (a task's name, count, resources and positions:
 * one per task kind) encoded once, every is_conflict 0 until the conflicts are known. Per task only its id, two
 * times and its employees are formatted, as bytes, with no string in between.
 */
import { flightNumberText } from '../../../shared/flight-table.ts';
import type { FlightNames, FlightRow } from './flightReads.ts';
import type { TaskTable } from './flightTasks.ts';
import { WALL_TIME_BYTES, wallClock } from './flightWallClock.ts';

const COMMA = 44;
const DIGIT_ONE = 49;
/** The is_conflict digit's place counted back from the end of a flight's head, `…"is_conflict":0,"tasks":[`. */
const CONFLICT_DIGIT_FROM_END = ',"tasks":['.length + 1;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;
const TASK_ID = Buffer.from('{"id":');
const TASK_BEGIN = Buffer.from(',"begin":');
const TASK_END = Buffer.from(',"end":');
const TASK_EMPLOYEES = Buffer.from(',"taskEmployee":[');
/** A task's bytes besides its id, times, kind and employees: the keys above, the closing ']}'. */
const TASK_KEY_BYTES = TASK_ID.length + TASK_BEGIN.length + TASK_END.length + TASK_EMPLOYEES.length + 2;

/** The JSON text of a string. */
const json = (text: string) => JSON.stringify(text);

/** Decimal digits of a non-negative integer. */
function digitsOf(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Writes a non-negative integer in decimal at `pos`; answers the position after it. */
function writeInt(buf: Buffer, pos: number, value: number): number {
  const end = pos + digitsOf(value);
  let at = end;
  let rest = value;
  while (rest >= 10) {
    const next = Math.floor(rest / 10);
    buf[--at] = 48 + rest - next * 10;
    rest = next;
  }
  buf[--at] = 48 + rest;
  return end;
}

/** Copies bytes at `pos`; answers the position after them. A call into set() costs more than a short copy by hand. */
function writeBytes(buf: Buffer, pos: number, bytes: Uint8Array): number {
  const length = bytes.length;
  if (length > 16) buf.set(bytes, pos);
  else for (let k = 0; k < length; k++) buf[pos + k] = bytes[k];
  return pos + length;
}

/** What the answer shows: the flights read, their shown tasks and which positions a task lists. */
export interface FlightJsonInput {
  timeZone: string;
  /** The flights read, in any order. */
  flights: FlightRow[];
  ref: FlightNames;
  table: TaskTable;
  /** Shown task indexes grouped by flight: flights[f]'s are `shown[groupEnd[f - 1] .. groupEnd[f])` (from 0 for f = 0). */
  shown: Int32Array;
  groupEnd: Int32Array;
  /** Whether any task filter applies: a flight with no shown task is then left out. */
  taskFiltered: boolean;
  /** Whether a position filter applies, and which positions it lets through. */
  positionFiltered: boolean;
  positionShown: (id: number) => boolean;
}

/** The answer, and where each flight's is_conflict digit is (by the flight's index; -1 for none written). */
export interface WrittenFlights {
  json: Buffer;
  flagAt: Int32Array;
}

/** The answer with every is_conflict 0, and where each flight's flag is, to set once the conflicts are known. */
export function writeFlightsJson(input: FlightJsonInput): WrittenFlights {
  const { flights, ref, shown, groupEnd, taskFiltered, positionFiltered, positionShown, table } = input;
  const { id: tId, begin: tBegin, end: tEnd, kind: tKind, staff, staffEnd, kinds } = table;
  const clock = wallClock(input.timeZone);

  // Each flight's tasks by begin, then id (a handful each: insertion sort), and its span.
  const count = flights.length;
  const begins = new Float64Array(count);
  const ends = new Float64Array(count);
  const order: number[] = [];
  for (let f = 0; f < count; f++) {
    const from = f === 0 ? 0 : groupEnd[f - 1];
    const to = groupEnd[f];
    if (taskFiltered && from === to) continue;
    for (let i = from + 1; i < to; i++) {
      const task = shown[i];
      let j = i - 1;
      while (
        j >= from &&
        (tBegin[shown[j]] > tBegin[task] || (tBegin[shown[j]] === tBegin[task] && tId[shown[j]] > tId[task]))
      ) {
        shown[j + 1] = shown[j];
        j--;
      }
      shown[j + 1] = task;
    }
    let begin = flights[f].plan;
    let end = flights[f].plan;
    if (to > from) {
      begin = Number.POSITIVE_INFINITY;
      end = Number.NEGATIVE_INFINITY;
      for (let i = from; i < to; i++) {
        const task = shown[i];
        if (tBegin[task] < begin) begin = tBegin[task];
        if (tEnd[task] > end) end = tEnd[task];
      }
    }
    begins[f] = begin;
    ends[f] = end;
    order.push(f);
  }
  order.sort((a, b) => begins[a] - begins[b] || flights[a].id - flights[b].id);

  // A kind's name, count, resources and positions (those shown), encoded the first time a shown task has it.
  const jobJson = new Map<number, string>();
  for (const job of ref.jobs.values()) jobJson.set(job.id, json(job.name));
  const middles: (Buffer | undefined)[] = new Array(kinds.length);
  const middleOf = (kind: number) => {
    let bytes = middles[kind];
    if (bytes) return bytes;
    const { job, positions, resources } = kinds[kind];
    const items: string[] = [];
    let staffCount = 0;
    for (let k = 0; k < positions.length; k += 2) {
      if (positionFiltered && !positionShown(positions[k])) continue;
      staffCount += positions[k + 1];
      const name = ref.positions.get(positions[k])?.name ?? '';
      items.push(`{"id":${positions[k]},"employeePositionName":${json(name)},"count":${positions[k + 1]}}`);
    }
    const resourceItems = resources.map(
      (type) => `{"id":${type},"resourceTypeName":${json(ref.resourceTypes.get(type)?.name ?? '')}}`,
    );
    bytes = Buffer.from(
      `,"name":${jobJson.get(job) ?? '""'},"count":${staffCount},"resources":[${resourceItems.join(',')}],"employee_positions":[${items.join(',')}]`,
    );
    middles[kind] = bytes;
    return bytes;
  };

  // The flights' heads (a few hundred bytes each) written as bytes into one buffer: built as 10,000 strings (names in
  // Cyrillic, so two bytes a character, and a rope of 30 parts each) they were a third of everything allocated.
  const heads = flightHeads(flights, order, begins, ends, ref, clock);
  const { headEnd } = heads;
  let size = 2 + heads.bytes.length + 2 * order.length; // '[', ']', and each flight's ']}'

  // The answer's exact size. Times take 21 bytes each on days the zone's offset holds (all of a month, in practice).
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const f of order) {
    if (begins[f] < first) first = begins[f];
    if (ends[f] > last) last = ends[f];
  }
  const steady = order.length > 0 && clock.steady(first, last);
  for (const f of order) {
    const from = f === 0 ? 0 : groupEnd[f - 1];
    const to = groupEnd[f];
    if (to > from) size += to - from - 1; // commas between tasks
    for (let i = from; i < to; i++) {
      const task = shown[i];
      size += TASK_KEY_BYTES + digitsOf(tId[task]) + middleOf(tKind[task]).length;
      size += steady ? 2 * WALL_TIME_BYTES : clock.length(tBegin[task]) + clock.length(tEnd[task]);
      const staffFrom = task === 0 ? 0 : staffEnd[task - 1];
      const staffTo = staffEnd[task];
      if (staffTo > staffFrom) size += staffTo - staffFrom - 1; // commas between
      for (let k = staffFrom; k < staffTo; k++) size += digitsOf(staff[k]);
    }
  }

  // UTF-8 written straight into the Buffer: the 70,000 tasks of a month become no intermediate strings. Never from
  // the shared pool (allocUnsafe's, for small sizes): the answer's memory is moved to the HTTP thread, not copied.
  const buf = Buffer.allocUnsafeSlow(size);
  const flagAt = new Int32Array(count).fill(-1);
  let pos = 0;
  buf[pos++] = OPEN_BRACKET;
  for (let n = 0; n < order.length; n++) {
    const f = order[n];
    pos += heads.bytes.copy(buf, pos, n === 0 ? 0 : headEnd[n - 1], headEnd[n]);
    const from = f === 0 ? 0 : groupEnd[f - 1];
    const to = groupEnd[f];
    if (to > from) flagAt[f] = pos - CONFLICT_DIGIT_FROM_END;
    for (let i = from; i < to; i++) {
      const task = shown[i];
      if (i > from) buf[pos++] = COMMA;
      pos = writeBytes(buf, pos, TASK_ID);
      pos = writeInt(buf, pos, tId[task]);
      pos = writeBytes(buf, pos, TASK_BEGIN);
      pos += clock.write(buf, pos, tBegin[task]);
      pos = writeBytes(buf, pos, TASK_END);
      pos += clock.write(buf, pos, tEnd[task]);
      pos = writeBytes(buf, pos, middleOf(tKind[task]));
      pos = writeBytes(buf, pos, TASK_EMPLOYEES);
      const staffFrom = task === 0 ? 0 : staffEnd[task - 1];
      const staffTo = staffEnd[task];
      for (let k = staffFrom; k < staffTo; k++) {
        if (k > staffFrom) buf[pos++] = COMMA;
        pos = writeInt(buf, pos, staff[k]);
      }
      buf[pos++] = CLOSE_BRACKET;
      buf[pos++] = CLOSE_BRACE;
    }
    buf[pos++] = CLOSE_BRACKET;
    buf[pos++] = CLOSE_BRACE;
  }
  buf[pos++] = CLOSE_BRACKET;
  // A Buffer ignores writes past its end: a wrong size would cut the answer silently.
  if (pos !== size) throw new Error(`planning/flight: wrote ${pos} bytes of ${size}`);
  return { json: buf, flagAt };
}

const HEAD_ID = Buffer.from('{"id":');
const HEAD_AID = Buffer.from(',"aid":');
const HEAD_DIRECTION = Buffer.from(',"direction":');
const HEAD_BEGIN = Buffer.from(',"begin":');
const HEAD_END = Buffer.from(',"end":');
const HEAD_NUMBER = Buffer.from(',"flightNumber":');
const HEAD_TYPE = Buffer.from(',"flightTypeId":');
const HEAD_SCHEDULE = Buffer.from(',"flight_schedule_id":');
const HEAD_STATUS = Buffer.from(',"flight_status":[');
const HEAD_ROUTE = Buffer.from('],"route":');
const HEAD_AIRCRAFT = Buffer.from(',"aircraft_type":');
const HEAD_TGO = Buffer.from(',"tgo":');
const HEAD_PASSENGERS = Buffer.from(',"passengers":');
const HEAD_URL = Buffer.from(',"flight_url":"/flight/view/');
const HEAD_SEASON_URL = Buffer.from('","season_flight_url":');
const SEASON_URL = Buffer.from('"/season-flight/view/');
const HEAD_REQUEST_URL = Buffer.from(',"season_flight_request_url":');
const REQUEST_URL = Buffer.from('"/season-flight-request/view/');
const HEAD_TASKS = Buffer.from(',"is_conflict":0,"tasks":[');
const NULL = Buffer.from('null');
const QUOTE = 34;
/** A head's bytes besides its names and flight number: keys, seven integers, two times, two links; with room. */
const HEAD_FIXED_BYTES = 512;

/**
 * Each flight's fields up to its tasks' '[' (with a comma before all but the first flight), is_conflict 0, written
 * in answer order into one buffer: `bytes[headEnd[n - 1] .. headEnd[n])` is the n-th flight's. The names are
 * encoded once per reference row (route: per pair of airports).
 */
function flightHeads(
  flights: FlightRow[],
  order: number[],
  begins: Float64Array,
  ends: Float64Array,
  ref: FlightNames,
  clock: ReturnType<typeof wallClock>,
) {
  const cached = <K>(cache: Map<K, Buffer>, key: K, text: () => string) => {
    let bytes = cache.get(key);
    if (!bytes) {
      bytes = Buffer.from(text());
      cache.set(key, bytes);
    }
    return bytes;
  };
  const statuses = new Map<number, Buffer>();
  const routes = new Map<number, Map<number, Buffer>>();
  const aircraft = new Map<number, Buffer>();
  const tgos = new Map<number | null, Buffer>();

  let buf = Buffer.allocUnsafe(order.length * 640 + 1024);
  const headEnd = new Int32Array(order.length);
  let pos = 0;
  for (let n = 0; n < order.length; n++) {
    const f = flights[order[n]];
    const status = cached(statuses, f.flight_status_id, () => {
      const name = ref.statuses.get(f.flight_status_id)?.name;
      return name === undefined ? '' : json(name);
    });
    let byArrival = routes.get(f.departure_airport_id);
    if (!byArrival) {
      byArrival = new Map();
      routes.set(f.departure_airport_id, byArrival);
    }
    const route = cached(byArrival, f.arrival_airport_id, () =>
      json(
        `${ref.airports.get(f.departure_airport_id)?.code ?? ''} – ${ref.airports.get(f.arrival_airport_id)?.code ?? ''}`,
      ),
    );
    const plane = cached(aircraft, f.aircraft_type_id, () =>
      json(ref.aircraft.get(f.aircraft_type_id)?.name ?? ''),
    );
    const tgo = cached(tgos, f.tgo_template_id, () => {
      const name = f.tgo_template_id === null ? undefined : ref.tgo.get(f.tgo_template_id)?.name;
      return name === undefined ? 'null' : json(name);
    });
    const flightNumber = json(flightNumberText(ref.airlines.get(f.airline_id)?.code, f.flight_number));

    const most =
      HEAD_FIXED_BYTES + status.length + route.length + plane.length + tgo.length + flightNumber.length * 3;
    if (pos + most > buf.length) {
      const next = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + most));
      buf.copy(next, 0, 0, pos);
      buf = next;
    }
    if (n > 0) buf[pos++] = COMMA;
    pos = writeBytes(buf, pos, HEAD_ID);
    pos = writeInt(buf, pos, f.id);
    pos = writeBytes(buf, pos, HEAD_AID);
    pos = f.aid === null ? writeBytes(buf, pos, NULL) : writeInt(buf, pos, f.aid);
    pos = writeBytes(buf, pos, HEAD_DIRECTION);
    pos = writeInt(buf, pos, f.direction);
    pos = writeBytes(buf, pos, HEAD_BEGIN);
    pos += clock.write(buf, pos, begins[order[n]]);
    pos = writeBytes(buf, pos, HEAD_END);
    pos += clock.write(buf, pos, ends[order[n]]);
    pos = writeBytes(buf, pos, HEAD_NUMBER);
    pos += buf.write(flightNumber, pos);
    pos = writeBytes(buf, pos, HEAD_TYPE);
    pos = writeInt(buf, pos, f.flight_type_id);
    pos = writeBytes(buf, pos, HEAD_SCHEDULE);
    pos = writeInt(buf, pos, f.flight_schedule_id);
    pos = writeBytes(buf, pos, HEAD_STATUS);
    pos = writeBytes(buf, pos, status);
    pos = writeBytes(buf, pos, HEAD_ROUTE);
    pos = writeBytes(buf, pos, route);
    pos = writeBytes(buf, pos, HEAD_AIRCRAFT);
    pos = writeBytes(buf, pos, plane);
    pos = writeBytes(buf, pos, HEAD_TGO);
    pos = writeBytes(buf, pos, tgo);
    pos = writeBytes(buf, pos, HEAD_PASSENGERS);
    pos = writeInt(buf, pos, f.passengers);
    pos = writeBytes(buf, pos, HEAD_URL);
    pos = writeInt(buf, pos, f.id);
    pos = writeBytes(buf, pos, HEAD_SEASON_URL);
    if (f.flight_schedule_id === 2) {
      pos = writeBytes(buf, pos, SEASON_URL);
      pos = writeInt(buf, pos, f.id);
      buf[pos++] = QUOTE;
    } else pos = writeBytes(buf, pos, NULL);
    pos = writeBytes(buf, pos, HEAD_REQUEST_URL);
    if (f.flight_schedule_id === 3) {
      pos = writeBytes(buf, pos, REQUEST_URL);
      pos = writeInt(buf, pos, f.id);
      buf[pos++] = QUOTE;
    } else pos = writeBytes(buf, pos, NULL);
    pos = writeBytes(buf, pos, HEAD_TASKS);
    headEnd[n] = pos;
  }
  return { bytes: buf.subarray(0, pos), headEnd };
}

/** Sets the is_conflict digit of each flight with a shown task in `conflictTask` (1 at a task's index). */
export function markConflicts(
  out: Buffer,
  { flagAt }: WrittenFlights,
  shown: Int32Array,
  groupEnd: Int32Array,
  conflictTask: Uint8Array,
): void {
  for (let f = 0; f < flagAt.length; f++) {
    if (flagAt[f] < 0) continue;
    for (let i = f === 0 ? 0 : groupEnd[f - 1]; i < groupEnd[f]; i++)
      if (conflictTask[shown[i]]) {
        out[flagAt[f]] = DIGIT_ONE;
        break;
      }
  }
}
