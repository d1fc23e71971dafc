/**
 * The flight answer written as UTF-8 JSON bytes into one Buffer of the exact size (measured first, so the answer is
 * never copied into a tighter one), with the fragments that repeat (a task's name, count, resources and positions:
 * one per task kind) encoded once, every is_conflict 0 until the conflicts are known. Per task only its id, two
 * times and its employees are formatted, as bytes, with no string in between.
 */
import type { FlightNames, FlightRow } from './flightReads.ts';
import type { TaskTable } from './flightTasks.ts';
import { wallClock } from './flightWallClock.ts';

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

  // The flights' heads as text (a few hundred bytes each, with names in Cyrillic), and the answer's exact size.
  const heads: string[] = new Array(order.length);
  const headBytes = new Int32Array(order.length);
  let size = 2; // '[' and ']'
  for (let n = 0; n < order.length; n++) {
    const f = order[n];
    const flight = flights[f];
    const head = flightHead(flight, ref, clock.text(begins[f]), clock.text(ends[f]), n === 0);
    heads[n] = head;
    headBytes[n] = Buffer.byteLength(head);
    size += headBytes[n] + 2; // ']}'
    const from = f === 0 ? 0 : groupEnd[f - 1];
    const to = groupEnd[f];
    for (let i = from; i < to; i++) {
      const task = shown[i];
      size += TASK_KEY_BYTES + digitsOf(tId[task]) + clock.length(tBegin[task]) + clock.length(tEnd[task]);
      size += middleOf(tKind[task]).length;
      const staffFrom = task === 0 ? 0 : staffEnd[task - 1];
      const staffTo = staffEnd[task];
      for (let k = staffFrom; k < staffTo; k++) size += digitsOf(staff[k]) + 1;
      if (staffTo > staffFrom) size--; // commas between
    }
    if (to > from) size += to - from - 1; // commas between tasks
  }

  // UTF-8 written straight into the Buffer: the 70,000 tasks of a month become no intermediate strings.
  const buf = Buffer.allocUnsafe(size);
  const flagAt = new Int32Array(count).fill(-1);
  let pos = 0;
  buf[pos++] = OPEN_BRACKET;
  for (let n = 0; n < order.length; n++) {
    const f = order[n];
    pos += buf.write(heads[n], pos, headBytes[n]);
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

/** A flight's fields up to its tasks' '[' (with a comma before all but the first flight), is_conflict 0. */
function flightHead(f: FlightRow, ref: FlightNames, begin: string, end: string, first: boolean): string {
  const airline = ref.airlines.get(f.airline_id)?.code ?? '';
  const route = `${ref.airports.get(f.departure_airport_id)?.code ?? ''} – ${ref.airports.get(f.arrival_airport_id)?.code ?? ''}`;
  const tgo = f.tgo_template_id === null ? undefined : ref.tgo.get(f.tgo_template_id)?.name;
  const status = ref.statuses.get(f.flight_status_id)?.name;
  return (
    `${first ? '' : ','}{"id":${f.id},"aid":${f.aid ?? 'null'},"direction":${f.direction},` +
    `"begin":"${begin}","end":"${end}",` +
    `"flightNumber":${json(airline + f.flight_number)},"flightTypeId":${f.flight_type_id},` +
    `"flight_schedule_id":${f.flight_schedule_id},"flight_status":[${status === undefined ? '' : json(status)}],` +
    `"route":${json(route)},"aircraft_type":${json(ref.aircraft.get(f.aircraft_type_id)?.name ?? '')},` +
    `"tgo":${tgo === undefined ? 'null' : json(tgo)},"passengers":${f.passengers},` +
    `"flight_url":"/flight/view/${f.id}",` +
    `"season_flight_url":${f.flight_schedule_id === 2 ? `"/season-flight/view/${f.id}"` : 'null'},` +
    `"season_flight_request_url":${f.flight_schedule_id === 3 ? `"/season-flight-request/view/${f.id}"` : 'null'},` +
    '"is_conflict":0,"tasks":['
  );
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
