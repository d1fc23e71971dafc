/**
 * The tasks a flight answer reads, held as parallel columns, and the task id → column index that fills them fast
 * (the integer texts the queries answer, `string_agg`, are parsed by src/server/db/parseInts.ts).
 */
import { parseInts } from '../../db/parseInts.ts';

const COMMA = 44;
const BAR = 124;
const SEMICOLON = 59;

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

/**
 * What a task needs, shared by many tasks (a month of ~70,000 tasks has a few hundred): its job, its positions
 * (pairs: position, count) and resource types, in the digest's order. `text` is the digest's text of the two lists
 * (from the first '|' up to the employees), the kind's identity.
 */
export interface TaskKind {
  job: number;
  positions: number[];
  resources: number[];
  text: string;
}

const INITIAL_TASKS = 4096;

/**
 * Every task read, by index, as typed columns (no object or array per task: a month's tasks as small arrays cost
 * more in the young generation's copying than the reading itself): id, flight, begin and end (epoch seconds), kind
 * (an index into `kinds`), and the employees assigned, `staff[staffEnd[i - 1] .. staffEnd[i])` (from 0 for the
 * first task).
 */
export class TaskTable {
  readonly index = new IdIndex();
  readonly kinds: TaskKind[] = [];
  count = 0;
  id = new Float64Array(INITIAL_TASKS);
  flight = new Float64Array(INITIAL_TASKS);
  begin = new Float64Array(INITIAL_TASKS);
  end = new Float64Array(INITIAL_TASKS);
  kind = new Int32Array(INITIAL_TASKS);
  staffEnd = new Int32Array(INITIAL_TASKS);
  staff = new Float64Array(INITIAL_TASKS);
  /** Kind indexes by the hash of (job, text): one number, or a list on a collision. */
  private readonly kindsByHash = new Map<number, number | number[]>();

  /** Where the task's employees begin in `staff`. */
  staffBegin(index: number): number {
    return index === 0 ? 0 : this.staffEnd[index - 1];
  }

  /** Appends a task with no employees yet; answers its index. */
  add(id: number, flight: number, begin: number, end: number, kind: number): number {
    const at = this.count;
    if (at === this.id.length) {
      const grow = <T extends Float64Array | Int32Array>(column: T): T => {
        const next = new (column.constructor as new (length: number) => T)(column.length * 2);
        next.set(column);
        return next;
      };
      this.id = grow(this.id);
      this.flight = grow(this.flight);
      this.begin = grow(this.begin);
      this.end = grow(this.end);
      this.kind = grow(this.kind);
      this.staffEnd = grow(this.staffEnd);
    }
    this.index.set(id, at);
    this.id[at] = id;
    this.flight[at] = flight;
    this.begin[at] = begin;
    this.end[at] = end;
    this.kind[at] = kind;
    this.staffEnd[at] = at === 0 ? 0 : this.staffEnd[at - 1];
    this.count = at + 1;
    return at;
  }

  /** Adds an employee to the last task added. */
  addStaff(employee: number): void {
    const last = this.count - 1;
    const at = this.staffEnd[last];
    if (at === this.staff.length) {
      const next = new Float64Array(this.staff.length * 2);
      next.set(this.staff);
      this.staff = next;
    }
    this.staff[at] = employee;
    this.staffEnd[last] = at + 1;
  }

  /** The kind of a job and a digest's lists text (`text[from, to)`, hashed as `hash`), added when new. */
  kindOf(job: number, text: string, from: number, to: number, hash: number): number {
    const held = this.kindsByHash.get(hash);
    if (typeof held === 'number') {
      if (this.sameKind(held, job, text, from, to)) return held;
    } else if (held !== undefined) {
      for (let k = 0; k < held.length; k++) if (this.sameKind(held[k], job, text, from, to)) return held[k];
    }
    const lists = text.slice(from, to);
    const cut = lists.indexOf('|');
    const kind = this.kinds.length;
    this.kinds.push({
      job,
      positions: [...parseInts(cut < 0 ? lists : lists.slice(0, cut))],
      resources: cut < 0 ? [] : [...parseInts(lists.slice(cut + 1))],
      // Flattened: a slice would keep the whole week's text alive.
      text: Buffer.from(lists, 'latin1').toString('latin1'),
    });
    if (held === undefined) this.kindsByHash.set(hash, kind);
    else if (typeof held === 'number') this.kindsByHash.set(hash, [held, kind]);
    else held.push(kind);
    return kind;
  }

  private sameKind(kind: number, job: number, text: string, from: number, to: number): boolean {
    const known = this.kinds[kind];
    if (known.job !== job || known.text.length !== to - from) return false;
    const other = known.text;
    for (let k = 0; k < other.length; k++)
      if (other.charCodeAt(k) !== text.charCodeAt(from + k)) return false;
    return true;
  }
}

const head = new Float64Array(5);

/**
 * Appends the tasks of `task_digests` texts joined by ';' to the table: each digest is
 * 'id,flight,job,begin,end|position,count,…|type,…|employee,…' (migration 0019). A task already held is skipped.
 * Example: '7,3,1,60,120|4,2||9' → task 7 of flight 3, job 1, 60–120 s, two of position 4, no resource, employee 9.
 * One pass over the characters: the kind's lists are hashed on the way and parsed only the first time they appear.
 */
export function readDigests(text: string | null, into: TaskTable): void {
  if (!text) return;
  const length = text.length;
  let i = 0;
  while (i < length) {
    // The head: five integers separated by ','.
    head[0] = head[1] = head[2] = head[3] = head[4] = 0;
    let field = 0;
    let value = 0;
    let code = 0;
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
      else if (code === COMMA) {
        if (field < 5) head[field++] = value;
        value = 0;
      } else if (code === BAR || code === SEMICOLON) break;
    }
    if (field < 5) head[field] = value;
    const job = head[2];
    // The lists: positions '|' resources, hashed up to the employees (or the digest's end).
    let hash = job | 0;
    let bars = 0;
    const from = i < length && code === BAR ? i + 1 : i;
    if (from > i) i++;
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      if (code === SEMICOLON) break;
      if (code === BAR && ++bars === 2) break;
      hash = (Math.imul(hash, 31) + code) | 0;
    }
    const to = i;
    const held = into.index.get(head[0]) >= 0;
    if (!held) into.add(head[0], head[1], head[3], head[4], into.kindOf(job, text, from, to, hash));
    // The employees, up to the next digest.
    if (i < length && code === BAR) {
      value = 0;
      let inNumber = false;
      for (i++; i < length; i++) {
        code = text.charCodeAt(i);
        if (code >= 48 && code <= 57) {
          value = value * 10 + (code - 48);
          inNumber = true;
        } else if (code === SEMICOLON) break;
        else if (inNumber) {
          if (!held) into.addStaff(value);
          value = 0;
          inNumber = false;
        }
      }
      if (inNumber && !held) into.addStaff(value);
    }
    i++; // past the ';'
  }
}
