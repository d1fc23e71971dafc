/**
 * The CPU side of one flight answer, apart from its queries: the week's digest texts parsed as they arrive, then the
 * tasks the filters show, the JSON bytes and the double-booking flags. It runs in the flight thread
 * (flightWorker.mjs, flightThread.ts), never on the HTTP thread; it takes and answers only what crosses threads
 * (flight rows, texts, the reference names, numbers), so tests call it directly.
 */

import { parseInts } from '../../db/parseInts.ts';
import { conflictingTasks } from './flightConflicts.ts';
import { markConflicts, type WrittenFlights, writeFlightsJson } from './flightJson.ts';
import type { FlightNames, FlightRow } from './flightReads.ts';
import { readDigests, TaskTable } from './flightTasks.ts';

/** One round of queries: the flights first read in it (aid null) and their digests and turnarounds. */
export interface FlightRound {
  flights: FlightRow[];
  tasks: string | null;
  turnarounds: string | null;
}

/** What shapes the answer besides the rows: the zone, the names and the task filters of the query. */
export interface FlightShape {
  timeZone: string;
  ref: FlightNames;
  positions?: number[];
  departmentId?: number;
  resourceTypes?: number[];
  jobs?: number[];
}

/** The epoch seconds the shown tasks' assignments span, or null when none is assigned (nobody double-booked). */
export type AssignedSpan = { begin: number; end: number } | null;

/**
 * A build's state between its messages. Example: `addRound` per week, then `choose` (whose span the conflicts'
 * query needs), `write` while that query runs, and `finish` with its text.
 */
export class FlightBuild {
  private readonly table = new TaskTable();
  private readonly flights = new Map<number, FlightRow>();
  private shown = new Int32Array(0);
  private groupEnd = new Int32Array(0);
  private span: AssignedSpan = null;
  private input: Parameters<typeof writeFlightsJson>[0] | undefined;
  private written: WrittenFlights | undefined;

  /** Reads a round's flights, turnarounds (aid, arrival, departure; 0 for none) and task digests. */
  addRound({ flights, tasks, turnarounds }: FlightRound): void {
    for (const f of flights) this.flights.set(f.id, f);
    const turnaroundInts = parseInts(turnarounds);
    for (let i = 0; i < turnaroundInts.length; i += 3) {
      for (const flightId of [turnaroundInts[i + 1], turnaroundInts[i + 2]]) {
        const flight = this.flights.get(flightId);
        if (flight) flight.aid = turnaroundInts[i];
      }
    }
    readDigests(tasks, this.table);
  }

  /** Picks the tasks the filters show, grouped by flight; answers the span of their assignments. */
  choose(shape: FlightShape): AssignedSpan {
    const { table } = this;
    const chosenPositions = shape.positions ? new Set(shape.positions) : undefined;
    const departmentPositions =
      shape.departmentId !== undefined
        ? new Set(
            [...shape.ref.positions.values()]
              .filter((p) => p.department_id === shape.departmentId)
              .map((p) => p.id),
          )
        : undefined;
    const positionShown = (id: number) =>
      (!chosenPositions || chosenPositions.has(id)) && (!departmentPositions || departmentPositions.has(id));
    const positionFiltered = chosenPositions !== undefined || departmentPositions !== undefined;
    const chosenResources = shape.resourceTypes ? new Set(shape.resourceTypes) : undefined;
    const chosenJobs = shape.jobs ? new Set(shape.jobs) : undefined;
    const taskFiltered = positionFiltered || chosenResources !== undefined || chosenJobs !== undefined;

    // Which kinds of task are shown (a few hundred kinds for ~70,000 tasks).
    const kindShown = new Uint8Array(table.kinds.length);
    for (let kind = 0; kind < table.kinds.length; kind++) {
      const { job, positions, resources } = table.kinds[kind];
      if (chosenJobs && !chosenJobs.has(job)) continue;
      if (positionFiltered) {
        let any = false;
        for (let k = 0; k < positions.length && !any; k += 2) any = positionShown(positions[k]);
        if (!any) continue;
      }
      if (chosenResources && !resources.some((type) => chosenResources.has(type))) continue;
      kindShown[kind] = 1;
    }

    // The shown tasks grouped by flight (a counting sort by the flight's place in `flightList`).
    const flightList = [...this.flights.values()];
    const placeOf = new Map<number, number>();
    for (let f = 0; f < flightList.length; f++) placeOf.set(flightList[f].id, f);
    const { count: taskCount, flight: tFlight, kind: tKind, begin: tBegin, end: tEnd, staffEnd } = table;
    const placeOfTask = new Int32Array(taskCount);
    const groupEnd = new Int32Array(flightList.length);
    let shownTaskCount = 0;
    /** Whether any shown task has someone assigned: without, nobody can be double-booked on them. */
    let anyAssigned = false;
    let spanBegin = Number.POSITIVE_INFINITY;
    let spanEnd = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < taskCount; index++) {
      const place = kindShown[tKind[index]] ? (placeOf.get(tFlight[index]) ?? -1) : -1;
      placeOfTask[index] = place;
      if (place < 0) continue;
      groupEnd[place]++;
      shownTaskCount++;
      if (staffEnd[index] > table.staffBegin(index)) anyAssigned = true;
      if (tBegin[index] < spanBegin) spanBegin = tBegin[index];
      if (tEnd[index] > spanEnd) spanEnd = tEnd[index];
    }
    for (let f = 1; f < groupEnd.length; f++) groupEnd[f] += groupEnd[f - 1];
    const shown = new Int32Array(shownTaskCount);
    for (let index = taskCount - 1; index >= 0; index--) {
      const place = placeOfTask[index];
      if (place >= 0) shown[--groupEnd[place]] = index;
    }
    // groupEnd now holds where each group begins: shifted, it holds where each ends.
    groupEnd.copyWithin(0, 1);
    if (groupEnd.length > 0) groupEnd[groupEnd.length - 1] = shownTaskCount;

    this.shown = shown;
    this.groupEnd = groupEnd;
    this.span = anyAssigned && spanBegin <= spanEnd ? { begin: spanBegin, end: spanEnd } : null;
    this.input = {
      timeZone: shape.timeZone,
      flights: flightList,
      ref: shape.ref,
      table,
      shown,
      groupEnd,
      taskFiltered,
      positionFiltered,
      positionShown,
    };
    return this.span;
  }

  /** Writes the answer's bytes, every is_conflict 0 (after `choose`). */
  write(): void {
    if (!this.input) throw new Error('planning/flight: written before the tasks were chosen');
    this.written = writeFlightsJson(this.input);
  }

  /**
   * The answer, its flags set from the span's other assignments (`otherAssignments`' text: task, employee, begin,
   * end), after `write`.
   */
  finish(others: string | null): Buffer {
    const { written, span } = this;
    if (!written) throw new Error('planning/flight: finished before the answer was written');
    if (span) {
      const conflictTask = conflictingTasks(this.table, parseInts(others), span.begin, span.end);
      markConflicts(written.json, written, this.shown, this.groupEnd, conflictTask);
    }
    return written.json;
  }
}
