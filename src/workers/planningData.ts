/**
 * The staff-planning answer turned into drawing data (issue 10): the flights of `GET /planning/flight` become
 * transferable typed arrays, one bar per task and one row per flight, with compact lookup tables for the hint, and
 * the demand per slot of the chosen positions or resource types. Pure: the planning worker runs it, and so does the
 * main thread where there is no `Worker`; tests import it directly. How a datetime is read is
 * `planningDataTimes.ts`.
 *
 * Times are minutes since the Unix epoch of the answer's wall clock read in the runtime's zone: the timeline draws
 * its axis in that zone, and the client sends that zone as Time-Zone unless the user picked another one (then the
 * axis shows the picked zone's wall clock, which is what the user asked for).
 */
import { demandPerSlot } from '../shared/demand.ts';
import { type PlanningFlight, planningFlightsSchema } from '../shared/staff-planning.ts';
import { isPlanningAnswer } from './planningCheck.ts';
import { localEpoch, wallMinutes } from './planningDataTimes.ts';

/** Bars and rows of a planning answer; every array is transferable. */
export interface PlanningSet {
  /** Bar i = task i in flight order: epoch minutes. */
  starts: Float64Array;
  ends: Float64Array;
  /** Row (flight index, display order) of each bar. */
  rows: Int32Array;
  /** 0 normal, 1 understaffed (assigned < needed), 2 the flight has a conflict. */
  kind: Uint8Array;
  /** Per bar: task id, staff needed and assigned, indexes into `texts` for name, positions and resources. */
  taskId: Int32Array;
  need: Int32Array;
  assigned: Int32Array;
  nameText: Int32Array;
  positionText: Int32Array;
  resourceText: Int32Array;
  /** Per row: flight id, direction, passengers, indexes into `texts` for flight number, route, aircraft, url. */
  flightId: Int32Array;
  direction: Int8Array;
  passengers: Int32Array;
  numberText: Int32Array;
  routeText: Int32Array;
  aircraftText: Int32Array;
  urlText: Int32Array;
  /** Deduplicated strings the index arrays point into. */
  texts: string[];
  /** Epoch minutes spanned by the bars (or by the flights when no task); null when empty. */
  span: { from: number; to: number } | null;
}

/** What the demand is counted of: 1 employee positions, 2 resource types (spec 3, "parameter type"). */
type ParameterType = 1 | 2;

export interface DemandRequest {
  parameterType: ParameterType;
  /** Chosen position or resource type ids; empty means all of them. */
  ids: readonly number[];
  /** Epoch minutes of the first slot, slot length in minutes, slot count. */
  from: number;
  step: number;
  slots: number;
}

interface DemandSeries {
  id: number;
  name: string;
  values: Float32Array;
}

export interface DemandResult {
  from: number;
  step: number;
  /** Peak of the sum per slot (not the sum of the series' peaks). */
  total: Float32Array;
  /** One series per position or resource type met in the answer, by name. */
  series: DemandSeries[];
}

/** A text table that hands out one index per distinct string. */
function textTable() {
  const texts: string[] = [];
  const index = new Map<string, number>();
  return {
    texts,
    of(text: string): number {
      let i = index.get(text);
      if (i === undefined) {
        i = texts.length;
        texts.push(text);
        index.set(text, i);
      }
      return i;
    },
  };
}

/** Per task, the ids and counts of the demand it carries (CSR: `offsets[t]..offsets[t+1]`). */
interface DemandIndex {
  offsets: Int32Array;
  ids: Int32Array;
  counts: Int32Array;
  names: Map<number, string>;
}

/** The parsed answer kept beside the set: bars plus the demand indexes of positions and resource types. */
export interface PlanningState {
  set: PlanningSet;
  positions: DemandIndex;
  resources: DemandIndex;
}

/** A growing CSR index of (id, count) per bar, filled in bar order without per-entry objects. */
function demandIndexBuilder(bars: number) {
  const offsets = new Int32Array(bars + 1);
  let ids = new Int32Array(Math.max(16, bars));
  let counts = new Int32Array(ids.length);
  const names = new Map<number, string>();
  let size = 0;
  return {
    add(id: number, name: string, count: number) {
      if (size === ids.length) {
        const grown = new Int32Array(size * 2);
        grown.set(ids);
        ids = grown;
        const grownCounts = new Int32Array(size * 2);
        grownCounts.set(counts);
        counts = grownCounts;
      }
      ids[size] = id;
      counts[size] = count;
      size += 1;
      if (!names.has(id)) names.set(id, name);
    },
    /** Closes the entries of bar `bar`. */
    end(bar: number) {
      offsets[bar + 1] = size;
    },
    done(): DemandIndex {
      return { offsets, ids: ids.slice(0, size), counts: counts.slice(0, size), names };
    },
  };
}

/** Staff counts below this share a cached text per position and count. */
const COUNT_KEYS = 4096;

/**
 * Text-table index of a task's list (positions with counts, or resource types): single-item lists, the usual case,
 * are cached by id and count so no string is built for them.
 */
function listTexts(table: ReturnType<typeof textTable>) {
  const single = new Map<number, number>();
  return (key: number, build: () => string): number => {
    let index = single.get(key);
    if (index === undefined) {
      index = table.of(build());
      single.set(key, index);
    }
    return index;
  };
}

/** Builds the drawing data of validated flights (already sorted by the server: begin, then id). */
export function buildPlanning(flights: readonly PlanningFlight[]): PlanningState {
  let bars = 0;
  for (const flight of flights) bars += flight.tasks.length;
  const table = textTable();
  const rowCount = flights.length;
  const set: PlanningSet = {
    starts: new Float64Array(bars),
    ends: new Float64Array(bars),
    rows: new Int32Array(bars),
    kind: new Uint8Array(bars),
    taskId: new Int32Array(bars),
    need: new Int32Array(bars),
    assigned: new Int32Array(bars),
    nameText: new Int32Array(bars),
    positionText: new Int32Array(bars),
    resourceText: new Int32Array(bars),
    flightId: new Int32Array(rowCount),
    direction: new Int8Array(rowCount),
    passengers: new Int32Array(rowCount),
    numberText: new Int32Array(rowCount),
    routeText: new Int32Array(rowCount),
    aircraftText: new Int32Array(rowCount),
    urlText: new Int32Array(rowCount),
    texts: table.texts,
    span: null,
  };
  const positions = demandIndexBuilder(bars);
  const resources = demandIndexBuilder(bars);
  const positionTexts = listTexts(table);
  const resourceTexts = listTexts(table);
  const noText = table.of('');
  const epoch = localEpoch();
  const minutesOf = (text: string) => epoch(wallMinutes(text));
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  let bar = 0;
  flights.forEach((flight, row) => {
    set.flightId[row] = flight.id;
    set.direction[row] = flight.direction;
    set.passengers[row] = flight.passengers;
    set.numberText[row] = table.of(flight.flightNumber);
    set.routeText[row] = table.of(flight.route);
    set.aircraftText[row] = table.of(flight.aircraft_type);
    set.urlText[row] = table.of(flight.flight_url);
    if (flight.tasks.length === 0) {
      from = Math.min(from, minutesOf(flight.begin));
      to = Math.max(to, minutesOf(flight.end));
    }
    for (const task of flight.tasks) {
      const start = minutesOf(task.begin);
      const end = minutesOf(task.end);
      set.starts[bar] = start;
      set.ends[bar] = end;
      set.rows[bar] = row;
      set.kind[bar] = flight.is_conflict === 1 ? 2 : task.taskEmployee.length < task.count ? 1 : 0;
      set.taskId[bar] = task.id;
      set.need[bar] = task.count;
      set.assigned[bar] = task.taskEmployee.length;
      set.nameText[bar] = table.of(task.name);
      const needs = task.employee_positions;
      for (const need of needs) positions.add(need.id, need.employeePositionName, need.count);
      positions.end(bar);
      for (const resource of task.resources) resources.add(resource.id, resource.resourceTypeName, 1);
      resources.end(bar);
      const positionText = (p: (typeof needs)[number]) => `${p.employeePositionName} × ${p.count}`;
      set.positionText[bar] =
        needs.length === 0
          ? noText
          : needs.length === 1 && needs[0].count < COUNT_KEYS
            ? positionTexts(needs[0].id * COUNT_KEYS + needs[0].count, () => positionText(needs[0]))
            : table.of(needs.map(positionText).join(', '));
      const types = task.resources;
      set.resourceText[bar] =
        types.length === 0
          ? noText
          : types.length === 1
            ? resourceTexts(types[0].id, () => types[0].resourceTypeName)
            : table.of(types.map((r) => r.resourceTypeName).join(', '));
      if (start < from) from = start;
      if (end > to) to = end;
      bar += 1;
    }
  });
  if (from <= to) set.span = { from, to };
  return { set, positions: positions.done(), resources: resources.done() };
}

/**
 * Parses and validates the raw answer (UTF-8 JSON); throws when the server's answer is not the contract's shape, a
 * datetime not 'YYYY-MM-DD HH:mm:ss' among it (spec 5: never drawn as NaN), and logs the first ten things that did
 * not fit (spec 8; a month's answer may fail in each of its 140,000 times).
 */
function parsePlanning(buffer: ArrayBuffer): PlanningState {
  const json: unknown = JSON.parse(new TextDecoder().decode(buffer));
  // The fast check first: zod's parse copies every object (1.5 s of a big hub's month, ~290,000 tasks); it runs only
  // when the check says no, for the issues to log (or the last word, the check being never looser than the schema).
  if (isPlanningAnswer(json)) return buildPlanning(json);
  const parsed = planningFlightsSchema.safeParse(json);
  if (!parsed.success) {
    console.error('The answer of /planning/flight does not parse', parsed.error.issues.slice(0, 10));
    throw new Error('Ответ сервера не соответствует формату');
  }
  return buildPlanning(parsed.data);
}

/**
 * Demand per slot of the chosen positions (or resource types): a series per id met, and the total of the chosen.
 * Example: one task 0–60 needing 2 loaders, slots of 30 from 0 → loaders [2, 2], total [2, 2].
 */
export function planningDemand(state: PlanningState, request: DemandRequest): DemandResult {
  const index = request.parameterType === 2 ? state.resources : state.positions;
  const { starts, ends } = state.set;
  const chosen = request.ids.length > 0 ? new Set(request.ids) : null;
  const bars = starts.length;
  const perId = new Map<number, number[]>();
  const totals = new Int32Array(bars);
  for (let bar = 0; bar < bars; bar += 1) {
    for (let k = index.offsets[bar]; k < index.offsets[bar + 1]; k += 1) {
      const id = index.ids[k];
      if (chosen && !chosen.has(id)) continue;
      totals[bar] += index.counts[k];
      let list = perId.get(id);
      if (!list) {
        list = [];
        perId.set(id, list);
      }
      list.push(bar, index.counts[k]);
    }
  }
  const { from, step, slots } = request;
  const series: DemandSeries[] = [...perId.entries()].map(([id, list]) => {
    const n = list.length / 2;
    const s = new Float64Array(n);
    const e = new Float64Array(n);
    const c = new Int32Array(n);
    for (let i = 0; i < n; i += 1) {
      s[i] = starts[list[2 * i]];
      e[i] = ends[list[2 * i]];
      c[i] = list[2 * i + 1];
    }
    return { id, name: index.names.get(id) ?? String(id), values: demandPerSlot(s, e, c, from, step, slots) };
  });
  series.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return { from, step, total: demandPerSlot(starts, ends, totals, from, step, slots), series };
}

/** A copy of a set whose arrays can be transferred while the worker keeps the original for demand. */
function copyOfSet(set: PlanningSet): PlanningSet {
  return {
    ...set,
    starts: set.starts.slice(),
    ends: set.ends.slice(),
    rows: set.rows.slice(),
    kind: set.kind.slice(),
  };
}

/** The typed arrays of a set, to transfer rather than copy. */
function planningTransferables(set: PlanningSet): ArrayBuffer[] {
  return [
    set.starts,
    set.ends,
    set.rows,
    set.kind,
    set.taskId,
    set.need,
    set.assigned,
    set.nameText,
    set.positionText,
    set.resourceText,
    set.flightId,
    set.direction,
    set.passengers,
    set.numberText,
    set.routeText,
    set.aircraftText,
    set.urlText,
  ].map((array) => array.buffer as ArrayBuffer);
}

/** The typed arrays of a demand answer, to transfer. */
function demandTransferables(result: DemandResult): ArrayBuffer[] {
  return [result.total, ...result.series.map((s) => s.values)].map((array) => array.buffer as ArrayBuffer);
}

/**
 * The stateful core the worker exposes: keeps the last answer for demand requests and hands out copies to transfer.
 * Example: `core.load(buffer).set.rows` → the row of each bar; `core.demand(request)` → null before a load.
 */
export function createPlanningCore() {
  let state: PlanningState | null = null;
  return {
    load(buffer: ArrayBuffer): { set: PlanningSet; transfer: ArrayBuffer[] } {
      state = parsePlanning(buffer);
      const set = copyOfSet(state.set);
      return { set, transfer: planningTransferables(set) };
    },
    demand(request: DemandRequest): { result: DemandResult | null; transfer: ArrayBuffer[] } {
      if (!state) return { result: null, transfer: [] };
      const result = planningDemand(state, request);
      return { result, transfer: demandTransferables(result) };
    },
  };
}
