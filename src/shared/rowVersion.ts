import { MESSAGES, z } from './messages.ts';

/**
 * A stored row's version: answers of the records a form edits carry it as `version`, and the form's save sends it
 * back; the server refuses the save with a 409 when the row has changed since (README, HTTP contract: a stale edit).
 * The value is opaque to the client: digits (the database's own row version, see src/server/db/rowVersion.ts).
 * Example: `{id: 7, …, version: '1543'}` read; `PATCH … {…, version: '1543'}` saved; another user's save in between
 * makes it '1561', and the first save answers 409 `MESSAGES.staleEdit`, nothing written.
 */
export const rowVersionSchema = z.string().regex(/^\d{1,10}$/, MESSAGES.rowVersionFormat);

/** The optional `version` of an edit's body: without it the save is not checked (API clients of the spec's bodies). */
export const editVersionField = { version: rowVersionSchema.optional() };

/**
 * The `version` an edit's body carries: the one read with the record, or none for a new record (then the save is not
 * checked). Example: `{...body, ...sentVersion('1543')}` sends `version: '1543'`; `sentVersion(null)` adds nothing.
 */
export const sentVersion = (version: string | null | undefined): { version?: string } =>
  version === null || version === undefined ? {} : { version };
