import type { $Fetch, FetchOptions } from 'ofetch';
import type { z } from '../../shared/messages.ts';
import { ApiError, CLIENT_MESSAGES, parseApiError } from './errors.ts';

/** Options of one call: method, body, query, signal; the answer type is always JSON. */
export type CallOptions = Omit<FetchOptions<'json'>, 'responseType'>;

/**
 * An answer checked by its shared schema. One that does not parse (a field missing, a datetime not
 * 'YYYY-MM-DD HH:mm:ss', spec 5) is logged with the path and the first ten things that did not fit (spec 8; a long
 * list may fail in every row) and rejected with the general message.
 * Example: `parseAnswer('/auth/mode', authModeSchema, { demo: true })` → `{ demo: true }`.
 */
export function parseAnswer<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  data: unknown,
  status = 200,
): z.output<Schema> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`The answer of ${path} does not parse`, parsed.error.issues.slice(0, 10));
  throw new ApiError(CLIENT_MESSAGES.badAnswer, {}, status);
}

/**
 * One call whose answer is checked by a shared schema: resolves with the parsed answer, rejects with an ApiError
 * (server error, network failure, or an answer the schema refuses, which is logged).
 * Example: `await call(api, '/auth/mode', authModeSchema)` → `{ demo: true }`.
 */
export async function call<Schema extends z.ZodType>(
  client: $Fetch,
  path: string,
  schema: Schema,
  options: CallOptions = {},
): Promise<z.output<Schema>> {
  let data: unknown;
  try {
    data = await client(path, options);
  } catch (error) {
    throw parseApiError(error);
  }
  return parseAnswer(path, schema, data);
}

/** One call answered by 204 (or whose body nobody reads): resolves with nothing, rejects with an ApiError. */
export async function callNoContent(client: $Fetch, path: string, options: CallOptions = {}): Promise<void> {
  try {
    await client(path, options);
  } catch (error) {
    throw parseApiError(error);
  }
}

/** One call whose raw answer the caller judges itself (the rules answer of spec 5); rejects with an ApiError. */
export async function callRaw(client: $Fetch, path: string, options: CallOptions = {}): Promise<unknown> {
  try {
    return await client(path, options);
  } catch (error) {
    throw parseApiError(error);
  }
}
