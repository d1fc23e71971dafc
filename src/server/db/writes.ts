/**
 * Committed writes seen by this process, reported as soon as they commit: the in-memory caches (answers, sessions)
 * drop what a write may have changed before the writer's next line runs, so a request that wrote and then reads
 * through the same process reads its write (docs/DECISIONS.md, "Answer cache"). Other processes learn of the write
 * from the NOTIFY its triggers send (migration 0023).
 *
 * Every connection of the pool is watched: a write statement outside a transaction is reported when it completes,
 * one inside a transaction when its COMMIT completes; a ROLLBACK forgets it. The tables are read from the statement
 * (`insert into "flights"`); null means "some table" (a WITH query, TRUNCATE of several, DDL). A SELECT that calls a
 * writing function (the demo load's rebuilds) is not seen here; its NOTIFY still reaches every process.
 */
import type pg from 'pg';

/** The NOTIFY channel of committed writes that answers may read: the triggers of migration 0023 send on it. */
export const DATA_CHANNEL = 'gow_data';

/** The tables a committed write changed, null when not known (then: any table). */
export type WrittenTables = readonly string[] | null;
export type WriteListener = (tables: WrittenTables) => void;

/** Statements that read or steer a session, never write rows. */
const READ_STATEMENT =
  /^\s*(?:select|show|values|table|explain|listen|unlisten|notify|deallocate|discard|set|reset|lock|savepoint|release|prepare|fetch|declare|close|rollback\s+to)\b/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
/** ROLLBACK, but not ROLLBACK TO SAVEPOINT (the transaction goes on, maybe with earlier writes). */
const ROLLBACK = /^\s*(?:rollback|abort)\b(?!\s+to\b)/i;
const WITH_WRITE = /^\s*with\b[\s\S]*\b(?:insert|update|delete|merge)\b/i;
const TARGET =
  /^\s*(?:insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?|merge\s+into)\s+(?:"?[a-z_][\w$]*"?\.)?"?([a-z_][\w$]*)"?/i;

/**
 * What a statement does to the watch: 'begin', 'commit', 'rollback', 'read', or the tables it writes (null: unknown).
 * Example: `statementKind('insert into "users" ...')` → ['users']; `statementKind('select 1')` → 'read'.
 */
export function statementKind(text: string): 'begin' | 'commit' | 'rollback' | 'read' | WrittenTables {
  if (BEGIN.test(text)) return 'begin';
  if (COMMIT.test(text)) return 'commit';
  if (ROLLBACK.test(text)) return 'rollback';
  if (/^\s*with\b/i.test(text)) return WITH_WRITE.test(text) ? null : 'read';
  if (READ_STATEMENT.test(text)) return 'read';
  const target = TARGET.exec(text);
  // A multi-statement text (exec) may write more than its first statement's table.
  if (target && !text.includes(';', target.index + target[0].length)) return [target[1].toLowerCase()];
  return null;
}

/** The listeners of one handle's committed writes. */
export function createWriteWatch() {
  const listeners = new Set<WriteListener>();
  const emit = (tables: WrittenTables) => {
    for (const listener of listeners) listener(tables);
  };
  return {
    /** Calls `listener` after each committed write; answers the unsubscribe. */
    onWrite(listener: WriteListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Watches every connection the pool opens from now on. */
    watchPool(pool: pg.Pool): void {
      pool.on('connect', (client) => watchClient(client, emit));
    },
  };
}

interface ClientState {
  inTransaction: boolean;
  /** Tables written in the open transaction; null once one is unknown. */
  written: Set<string> | null;
  wrote: boolean;
}

function watchClient(client: pg.PoolClient, emit: (tables: WrittenTables) => void): void {
  const state: ClientState = { inTransaction: false, written: new Set(), wrote: false };
  const reset = () => {
    state.inTransaction = false;
    state.written = new Set();
    state.wrote = false;
  };
  const plain = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    // Cursors and streams (objects with submit) only read here.
    if (typeof text !== 'string' || typeof (config as { submit?: unknown })?.submit === 'function')
      return plain(...args);
    const kind = statementKind(text);
    if (kind === 'read') return plain(...args);
    let done: (ok: boolean) => void;
    if (kind === 'begin') {
      state.inTransaction = true;
      done = (ok) => {
        if (!ok) reset();
      };
    } else if (kind === 'commit') {
      done = (ok) => {
        const { wrote, written } = state;
        reset();
        if (ok && wrote) emit(written ? [...written] : null);
      };
    } else if (kind === 'rollback') {
      reset();
      done = () => {};
    } else if (state.inTransaction) {
      state.wrote = true;
      if (kind === null) state.written = null;
      else for (const table of kind) state.written?.add(table);
      done = () => {};
    } else {
      done = (ok) => {
        if (ok) emit(kind);
      };
    }
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: unknown, result: unknown) => void;
      args[last] = (error: unknown, result: unknown) => {
        done(!error);
        callback(error, result);
      };
      return plain(...args);
    }
    return (plain(...args) as Promise<unknown>).then(
      (result) => {
        done(true);
        return result;
      },
      (error: unknown) => {
        done(false);
        throw error;
      },
    );
  }) as typeof client.query;
}
