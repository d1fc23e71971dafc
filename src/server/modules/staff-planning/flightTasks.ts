/**
 * The tasks a flight answer reads, held as parallel columns, and the two helpers that fill them fast: the parser of
 * the integer texts the queries answer (`string_agg`) and the task id → column index.
 */

/** Every task read, by index: its id, flight, job, begin and end (seconds), positions, resources, employees. */
export interface TaskTable {
  index: IdIndex;
  id: number[];
  flight: number[];
  job: number[];
  begin: number[];
  end: number[];
  /** Pairs (position, count). */
  positions: (number[] | undefined)[];
  resources: (number[] | undefined)[];
  employees: (number[] | undefined)[];
}

let scratch = new Float64Array(1 << 16);

/** The non-negative integers of `text` (any other character separates them), in order. */
export function parseInts(text: string | null): Float64Array {
  if (!text) return new Float64Array(0);
  let count = 0;
  let value = 0;
  let inNumber = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      inNumber = true;
    } else if (inNumber) {
      if (count === scratch.length) {
        const grown = new Float64Array(scratch.length * 2);
        grown.set(scratch);
        scratch = grown;
      }
      scratch[count++] = value;
      value = 0;
      inNumber = false;
    }
  }
  if (inNumber) {
    if (count === scratch.length) {
      const grown = new Float64Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    scratch[count++] = value;
  }
  return scratch.slice(0, count);
}

/**
 * Task id → index among the tasks read: a flat table over the span of ids (dense in practice: ids grow with
 * time), or a Map once they spread over far more than they hold. A Map of 70,000 ids cost more than the rest of
 * the reading.
 */
export class IdIndex {
  private base = 0;
  private table = new Int32Array(0);
  private map: Map<number, number> | null = null;
  private count = 0;

  /** The index of an id, or -1. */
  get(id: number): number {
    if (this.map) return this.map.get(id) ?? -1;
    const at = id - this.base;
    return at >= 0 && at < this.table.length ? this.table[at] : -1;
  }

  set(id: number, index: number): void {
    this.count++;
    if (this.map) {
      this.map.set(id, index);
      return;
    }
    const end = this.base + this.table.length;
    if (this.table.length === 0) {
      this.base = Math.max(0, id - 1024);
      this.table = new Int32Array(id - this.base + 65_536).fill(-1);
    } else if (id < this.base || id >= end) {
      const from = Math.min(this.base, id);
      const to = Math.max(end, id + 1);
      if (to - from > 4 * this.count + 1_000_000) {
        this.map = new Map();
        for (let at = 0; at < this.table.length; at++)
          if (this.table[at] >= 0) this.map.set(this.base + at, this.table[at]);
        this.map.set(id, index);
        return;
      }
      // Room on the side that grew, for the ids still to come.
      const slack = Math.max(1024, to - from);
      const newFrom = id < this.base ? Math.max(0, from - slack) : this.base;
      const newTo = id >= end ? to + slack : end;
      const table = new Int32Array(newTo - newFrom).fill(-1);
      table.set(this.table, this.base - newFrom);
      this.table = table;
      this.base = newFrom;
    }
    this.table[id - this.base] = index;
  }
}

/** Segments of a digest: the task's five integers, then its positions (pairs), resource types and employees. */
const HEAD = 0;
const LISTS: readonly ('positions' | 'resources' | 'employees')[] = ['positions', 'resources', 'employees'];

/**
 * Appends the tasks of `task_digests` texts joined by ';' to the table: each digest is
 * 'id,flight,job,begin,end|position,count,…|type,…|employee,…' (migration 0019). A task already held is skipped.
 * Example: '7,3,1,60,120|4,2||9' → task 7 of flight 3, job 1, 60–120 s, two of position 4, no resource, employee 9.
 */
export function readDigests(text: string | null, into: TaskTable): void {
  if (!text) return;
  const head = [0, 0, 0, 0, 0];
  let headCount = 0;
  let segment = HEAD;
  let list: number[] | undefined;
  let skip = false;
  let value = 0;
  let inNumber = false;
  const push = () => {
    if (!inNumber) return;
    if (segment === HEAD) head[headCount++] = value;
    else if (!skip) {
      if (!list) list = [];
      list.push(value);
    }
    value = 0;
    inNumber = false;
  };
  /** Ends the current segment: the head opens the task, a list goes to its column. */
  const close = () => {
    push();
    if (segment === HEAD) {
      skip = into.index.get(head[0]) >= 0;
      if (!skip) {
        into.index.set(head[0], into.id.length);
        into.id.push(head[0]);
        into.flight.push(head[1]);
        into.job.push(head[2]);
        into.begin.push(head[3]);
        into.end.push(head[4]);
        into.positions.push(undefined);
        into.resources.push(undefined);
        into.employees.push(undefined);
      }
    } else if (!skip && list) {
      into[LISTS[segment - 1]][into.id.length - 1] = list;
    }
    list = undefined;
    segment++;
  };
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 59;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      inNumber = true;
    } else if (code === 44) push();
    else if (code === 124) close();
    else if (code === 59) {
      while (segment <= LISTS.length) close();
      segment = HEAD;
      headCount = 0;
    }
  }
}
