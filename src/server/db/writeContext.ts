/**
 * Who is writing: the context the audit trail reads. A request's handler runs inside the session user's context
 * (src/server/http/actor.ts); the database handle passes it to PostgreSQL as the transaction-local settings
 * `gow.actor` (the user id) and `gow.audit` ('off' skips the audit triggers), which the audit trigger function reads
 * (migration `audit_triggers`). Outside any context (migrations, CLI, background jobs started by no request) the
 * writes are the system's: user null.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WriteContext {
  /** The signed-in user whose request writes; undefined for the system. */
  actor?: number;
  /** True while the audit trail is switched off (the demo load only). */
  auditOff?: boolean;
}

const storage = new AsyncLocalStorage<WriteContext>();

/** The context of the running code, or undefined outside any (the system, audited with user null). */
export function currentWriteContext(): WriteContext | undefined {
  return storage.getStore();
}

/** Runs `work` as the user: its writes are audited with that user id. Example: `runAsActor(7, done)`. */
export function runAsActor<T>(actor: number, work: () => T): T {
  return storage.run({ actor }, work);
}

/**
 * Runs `work` with the audit trail off: its writes through the handle leave no audit rows. For the demo load only,
 * whose hundreds of thousands of generated rows are no one's change.
 */
export function withoutAudit<T>(work: () => Promise<T>): Promise<T> {
  return storage.run({ auditOff: true }, work);
}

/**
 * The values of `gow.actor` and `gow.audit` a write transaction sets first, or undefined when it needs none.
 * Example: `{actor: 7}` → `['7', 'on']`; `{auditOff: true}` → `['', 'off']`.
 */
export function writeSettings(context = storage.getStore()): [string, string] | undefined {
  if (!context || (context.actor === undefined && !context.auditOff)) return undefined;
  return [context.actor === undefined ? '' : String(context.actor), context.auditOff ? 'off' : 'on'];
}
