import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/messages.ts';
import { WorkAbandonedError } from '../db/gate.ts';
import { DomainError, type DomainErrorKind, type FieldErrors } from '../domain/errors.ts';
import { HttpError } from './errors.ts';

/** The one place where a service's refusal becomes an HTTP status. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = { 'not-found': 404, conflict: 409, validation: 422 };

/**
 * Russian messages of the client errors that Fastify raises itself. Its own texts may quote the request (a URL, a
 * content type), so they are never sent.
 */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: MESSAGES.malformed,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  413: MESSAGES.bodyTooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyLogins,
  431: MESSAGES.headersTooLarge,
};

const FRAMEWORK_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.badJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.badJson,
  FST_ERR_BAD_URL: MESSAGES.badUrl,
};

/**
 * PostgreSQL's codes of a write that lost a race with another one and was rolled back whole: unique_violation (two
 * creates of one row both passed the service's "not there yet" check), foreign_key_violation (the row it refers to
 * was deleted after the service read it: a team deleted while a flight is assigned to it), serialization_failure and
 * deadlock_detected. Nothing was written and the request may succeed when sent again (or tell what is gone), so
 * they answer the 409 of a stale edit. Services check what a body names before writing, so outside a race these
 * codes would be a missing check: they are logged as warnings to stay visible.
 */
const LOST_RACE = new Set(['23505', '23503', '40001', '40P01']);

/**
 * PostgreSQL's refusals of a timestamp it cannot hold: invalid_datetime_format, datetime_field_overflow and
 * invalid_time_zone_displacement_value. A request's day or datetime reaches them when it is a real calendar day whose
 * instant is not: `0000-01-01` or `0001-01-01 00:00:00` in Moscow (before year 1 in UTC) or the day after
 * `9999-12-31` (year 10000). The query was the client's, so a 400, never a 500; the parsers do not know which field.
 */
const BAD_TIMESTAMP = new Set(['22007', '22008', '22009']);

/** The message of a day or datetime out of the database's range. */
export const DATE_OUT_OF_RANGE = 'Дата вне допустимого диапазона';

/**
 * The database cannot be reached or is going down: PostgreSQL's connection_exception class (08…), admin_shutdown,
 * crash_shutdown, cannot_connect_now (57P01–57P03), too_many_connections (53300), and the socket's own codes when
 * no server answers. Nothing of the request was done; it may succeed once the database is back, so a 503.
 */
const DATABASE_DOWN = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/** An error and the ones it wraps (`cause`: the driver's inside Drizzle's DrizzleQueryError), at most 5 deep. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth += 1) {
    yield e;
    e = e.cause as typeof e;
  }
}

/** The SQLSTATE of a database error, also when the driver or Drizzle wrapped it. Example: '23505'. */
function sqlState(error: unknown): string | undefined {
  for (const e of causes(error))
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** True when an error (or one it wraps) says the database is unreachable; `state` is its `sqlState`. */
function databaseDown(error: unknown, state: string | undefined): boolean {
  if (state && (state.startsWith('08') || DATABASE_DOWN.has(state))) return true;
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && SOCKET_DOWN.has(e.code)) return true;
    // node-postgres ends a query on a connection the server dropped with this text and no code.
    if (typeof e.message === 'string' && /^Connection terminated/.test(e.message)) return true;
  }
  return false;
}

/** `/service/name_ru` → `service.name_ru`; array indexes stay as segments (`calcJob.0.end_job_id`). */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_';
}

/** The `{message}` of a client error Fastify raised (bad JSON, 413, 415, a bad URL); never its own text. */
export function frameworkMessage(error: Pick<FastifyError, 'code' | 'statusCode'>): string {
  return (
    FRAMEWORK_CODE_MESSAGES[error.code] ?? FRAMEWORK_MESSAGES[error.statusCode ?? 400] ?? MESSAGES.malformed
  );
}

/** Maps every error to the JSON shape `{message, fields?}` of README, HTTP contract. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = (status: number, message: string, fields?: FieldErrors) =>
    reply.status(status).send({ message, ...(fields ? { fields } : {}) });
  if (error instanceof DomainError) return answer(DOMAIN_STATUS[error.kind], error.message, error.fields);
  if (error instanceof HttpError) return answer(error.statusCode, error.message, error.fields);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const path = fieldPath(issue.instancePath);
      fields[path] = [...(fields[path] ?? []), issue.message ?? MESSAGES.validation];
    }
    if (error.validationContext === 'body') return answer(422, MESSAGES.validation, fields);
    // A single refusal of a query is the most useful headline ('Неизвестная сортировка: x' in the grid's alert).
    const only = error.validation.length === 1 ? error.validation[0].message : undefined;
    return answer(400, only ?? MESSAGES.malformed, fields);
  }
  // Work cut short by a time limit (the handler's, or PostgreSQL's statement_timeout: query_canceled, also when
  // Drizzle wrapped it in a DrizzleQueryError) is not a bug.
  const state = sqlState(error) ?? '';
  if (error.code === 'FST_ERR_HANDLER_TIMEOUT' || state === '57014') return answer(503, MESSAGES.timedOut);
  if (BAD_TIMESTAMP.has(state)) return answer(400, DATE_OUT_OF_RANGE);
  // Another user's write got there first (on PostgreSQL, where writes run side by side): a 409, not a bug.
  if (LOST_RACE.has(state)) {
    request.log.warn({ err: error }, 'a write lost a race with another (answered 409)');
    return answer(409, MESSAGES.staleEdit);
  }
  // The database is down or going down: the request may succeed once it is back.
  if (databaseDown(error, state)) {
    request.log.error({ err: error }, 'the database is unreachable (answered 503)');
    return answer(503, MESSAGES.databaseDown);
  }
  // The caller went away before its heavy work started: nobody reads this answer, and nothing went wrong.
  if (error instanceof WorkAbandonedError) return answer(503, MESSAGES.timedOut);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return answer(status, frameworkMessage(error));
  request.log.error({ err: error }, 'unhandled error');
  return answer(500, MESSAGES.serverError);
}
