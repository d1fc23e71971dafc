/**
 * The flight answer written as UTF-8 JSON bytes into one Buffer, with the fragments that repeat (a task's name,
 * count, resources and positions) encoded once, every is_conflict 0 until the conflicts are known.
 */
import type { FlightNames, FlightRow } from './flightReads.ts';
import type { TaskTable } from './flightTasks.ts';
import { wallClockFormatter } from './flightWallClock.ts';

const COMMA = 44;
const DIGIT_ONE = 49;
/** The is_conflict digit's place counted back from the end of a flight's head, `…"is_conflict":0,"tasks":[`. */
const CONFLICT_DIGIT_FROM_END = ',"tasks":['.length + 1;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const TASK_ID = Buffer.from('{"id":');
const TASK_BEGIN = Buffer.from(',"begin":');
const TASK_END = Buffer.from(',"end":');
const TASK_EMPLOYEES = Buffer.from(',"taskEmployee":[');
const CLOSE_LIST_OBJECT = Buffer.from(']}');
/** Bytes of a task beyond its middle fragment and employees: the keys, an id, two times, a comma, with room. */
const TASK_FIXED_BYTES = 160;

/** The JSON text of a string. */
const json = (text: string) => JSON.stringify(text);

/** Where a flight's is_conflict digit is in the answer, and the tasks (indexes) it shows. */
export interface ConflictSlot {
  at: number;
  tasks: number[];
}

/** What the answer shows: the flights read, their shown tasks and which positions a task lists. */
export interface FlightJsonInput {
  timeZone: string;
  /** The earliest shown task's begin (seconds), or +Infinity. */
  spanBegin: number;
  flights: Map<number, FlightRow>;
  ref: FlightNames;
  table: TaskTable;
  /** Shown task indexes by flight id. */
  shownTasks: Map<number, number[]>;
  shownTaskCount: number;
  /** Whether any task filter applies: a flight with no shown task is then left out. */
  taskFiltered: boolean;
  /** Whether a position filter applies, and which positions it lets through. */
  positionFiltered: boolean;
  positionShown: (id: number) => boolean;
}

/** The answer with every is_conflict 0, and where each flight's flag is, to set once the conflicts are known. */
export function writeFlightsJson(input: FlightJsonInput): { json: Buffer; conflictAt: ConflictSlot[] } {
  const {
    flights,
    ref,
    shownTasks,
    shownTaskCount,
    taskFiltered,
    positionFiltered,
    positionShown,
    spanBegin,
  } = input;
  const {
    id: tId,
    job: tJob,
    begin: tBegin,
    end: tEnd,
    positions: tPositions,
    resources: tResources,
    employees: tEmployees,
  } = input.table;
  const wallText = wallClockFormatter(input.timeZone);
  // Keyed by seconds from the earliest time: small integers, which a Map hashes far faster than epoch seconds.
  let base = spanBegin;
  for (const flight of flights.values()) if (flight.plan < base) base = flight.plan;
  const quoted = new Map<number, string>();
  /** A time as the text of a JSON string (ASCII: digits, '-', ':', ' ' and the quotes). */
  const wall = (seconds: number) => {
    const key = seconds - base;
    let text = quoted.get(key);
    if (text === undefined) {
      text = `"${wallText(seconds)}"`;
      quoted.set(key, text);
    }
    return text;
  };
  const jobJson = new Map<number, string>();
  for (const job of ref.jobs.values()) jobJson.set(job.id, json(job.name));
  /** A task's name, count, resources and positions: few distinct ones, written once each (by a hash). */
  const middles = new Map<number, { index: number; bytes: Buffer }[]>();
  const shownPosition = (id: number) => !positionFiltered || positionShown(id);
  const sameMiddle = (a: number, b: number) => {
    if (tJob[a] !== tJob[b]) return false;
    const ra = tResources[a] ?? [];
    const rb = tResources[b] ?? [];
    if (ra.length !== rb.length) return false;
    for (let k = 0; k < ra.length; k++) if (ra[k] !== rb[k]) return false;
    const pa = tPositions[a] ?? [];
    const pb = tPositions[b] ?? [];
    let i = 0;
    let k = 0;
    for (;;) {
      while (i < pa.length && !shownPosition(pa[i])) i += 2;
      while (k < pb.length && !shownPosition(pb[k])) k += 2;
      if (i >= pa.length || k >= pb.length) return i >= pa.length && k >= pb.length;
      if (pa[i] !== pb[k] || pa[i + 1] !== pb[k + 1]) return false;
      i += 2;
      k += 2;
    }
  };
  const writeMiddle = (index: number) => {
    const positions = tPositions[index] ?? [];
    const items: string[] = [];
    let count = 0;
    for (let k = 0; k < positions.length; k += 2) {
      if (!shownPosition(positions[k])) continue;
      count += positions[k + 1];
      const name = ref.positions.get(positions[k])?.name ?? '';
      items.push(`{"id":${positions[k]},"employeePositionName":${json(name)},"count":${positions[k + 1]}}`);
    }
    const resources = (tResources[index] ?? []).map(
      (type) => `{"id":${type},"resourceTypeName":${json(ref.resourceTypes.get(type)?.name ?? '')}}`,
    );
    return Buffer.from(
      `,"name":${jobJson.get(tJob[index]) ?? '""'},"count":${count},"resources":[${resources.join(',')}],"employee_positions":[${items.join(',')}]`,
    );
  };
  const middle = (index: number) => {
    let hash = tJob[index];
    const positions = tPositions[index];
    if (positions)
      for (let k = 0; k < positions.length; k += 2)
        if (shownPosition(positions[k]))
          hash = (Math.imul(hash, 31) + positions[k] * 64 + positions[k + 1]) | 0;
    const resources = tResources[index];
    if (resources) for (const type of resources) hash = (Math.imul(hash, 37) + type + 7919) | 0;
    hash &= 0x3fffffff; // a small integer key
    let bucket = middles.get(hash);
    if (!bucket) {
      bucket = [];
      middles.set(hash, bucket);
    }
    for (const known of bucket) if (sameMiddle(known.index, index)) return known.bytes;
    const bytes = writeMiddle(index);
    bucket.push({ index, bytes });
    return bytes;
  };

  interface Entry {
    flight: FlightRow;
    begin: number;
    end: number;
    tasks: number[];
  }
  const entries: Entry[] = [];
  for (const flight of flights.values()) {
    const tasks = shownTasks.get(flight.id) ?? [];
    if (taskFiltered && tasks.length === 0) continue;
    tasks.sort((a, b) => tBegin[a] - tBegin[b] || tId[a] - tId[b]);
    let begin = flight.plan;
    let end = flight.plan;
    if (tasks.length > 0) {
      begin = Number.POSITIVE_INFINITY;
      end = Number.NEGATIVE_INFINITY;
      for (const index of tasks) {
        if (tBegin[index] < begin) begin = tBegin[index];
        if (tEnd[index] > end) end = tEnd[index];
      }
    }
    entries.push({ flight, begin, end, tasks });
  }
  entries.sort((a, b) => a.begin - b.begin || a.flight.id - b.flight.id);

  // UTF-8 written straight into a Buffer: the 70,000 tasks of a month become no intermediate strings (joining
  // them cost more than everything else here), the repeated fragments are copied as bytes. Locals, not an
  // object's fields, in this loop: measured 5× faster.
  let buf = Buffer.allocUnsafe(Math.max(4096, shownTaskCount * 400 + entries.length * 800));
  let pos = 0;
  const room = (n: number) => {
    if (pos + n <= buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + n));
    buf.copy(next, 0, 0, pos);
    buf = next;
  };
  const copy = (bytes: Uint8Array) => {
    const length = bytes.length;
    // A call into set() costs ~25 ns: more than copying a key or a time by hand, far less than a fragment.
    if (length > 16) buf.set(bytes, pos);
    else for (let k = 0; k < length; k++) buf[pos + k] = bytes[k];
    pos += length;
  };
  /** An ASCII text copied by hand: no Buffer per distinct time (allocating 40,000 small ones cost more). */
  const ascii = (text: string) => {
    const length = text.length;
    for (let k = 0; k < length; k++) buf[pos + k] = text.charCodeAt(k);
    pos += length;
  };
  /** A non-negative integer in decimal. */
  const int = (value: number) => {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let at = pos + digits;
    let rest = value;
    while (rest >= 10) {
      const next = Math.floor(rest / 10);
      buf[--at] = 48 + rest - next * 10;
      rest = next;
    }
    buf[--at] = 48 + rest;
    pos += digits;
  };

  const conflictAt: ConflictSlot[] = [];
  room(1);
  buf[pos++] = OPEN_BRACKET;
  let firstFlight = true;
  for (const { flight: f, begin, end, tasks } of entries) {
    const airline = ref.airlines.get(f.airline_id)?.code ?? '';
    const route = `${ref.airports.get(f.departure_airport_id)?.code ?? ''} – ${ref.airports.get(f.arrival_airport_id)?.code ?? ''}`;
    const tgo = f.tgo_template_id === null ? undefined : ref.tgo.get(f.tgo_template_id)?.name;
    const status = ref.statuses.get(f.flight_status_id)?.name;
    const head =
      `${firstFlight ? '' : ','}{"id":${f.id},"aid":${f.aid ?? 'null'},"direction":${f.direction},` +
      `"begin":"${wallText(begin)}","end":"${wallText(end)}",` +
      `"flightNumber":${json(airline + f.flight_number)},"flightTypeId":${f.flight_type_id},` +
      `"flight_schedule_id":${f.flight_schedule_id},"flight_status":[${status === undefined ? '' : json(status)}],` +
      `"route":${json(route)},"aircraft_type":${json(ref.aircraft.get(f.aircraft_type_id)?.name ?? '')},` +
      `"tgo":${tgo === undefined ? 'null' : json(tgo)},"passengers":${f.passengers},` +
      `"flight_url":"/flight/view/${f.id}",` +
      `"season_flight_url":${f.flight_schedule_id === 2 ? `"/season-flight/view/${f.id}"` : 'null'},` +
      `"season_flight_request_url":${f.flight_schedule_id === 3 ? `"/season-flight-request/view/${f.id}"` : 'null'},` +
      '"is_conflict":0,"tasks":[';
    firstFlight = false;
    room(head.length * 3);
    pos += buf.write(head, pos);
    if (tasks.length > 0) conflictAt.push({ at: pos - CONFLICT_DIGIT_FROM_END, tasks });
    let firstTask = true;
    for (const index of tasks) {
      const middleBytes = middle(index);
      const employees = tEmployees[index];
      room(TASK_FIXED_BYTES + middleBytes.length + (employees ? employees.length * 17 : 0));
      if (!firstTask) buf[pos++] = COMMA;
      firstTask = false;
      copy(TASK_ID);
      int(tId[index]);
      copy(TASK_BEGIN);
      ascii(wall(tBegin[index]));
      copy(TASK_END);
      ascii(wall(tEnd[index]));
      copy(middleBytes);
      copy(TASK_EMPLOYEES);
      if (employees)
        for (let k = 0; k < employees.length; k++) {
          if (k > 0) buf[pos++] = COMMA;
          int(employees[k]);
        }
      copy(CLOSE_LIST_OBJECT);
    }
    room(2);
    copy(CLOSE_LIST_OBJECT);
  }
  room(1);
  buf[pos++] = CLOSE_BRACKET;
  return { json: buf.subarray(0, pos), conflictAt };
}

/** Sets the is_conflict digit of each flight with a task in `conflictTask` (1 at a task's index). */
export function markConflicts(out: Buffer, conflictAt: ConflictSlot[], conflictTask: Uint8Array): void {
  for (const { at, tasks } of conflictAt) if (tasks.some((index) => conflictTask[index])) out[at] = DIGIT_ONE;
}
