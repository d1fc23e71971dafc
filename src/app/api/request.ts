import type { $Fetch, FetchOptions } from 'ofetch';
import type { z } from '../../shared/messages.ts';
import { ApiError, CLIENT_MESSAGES, parseApiError } from './errors.ts';

/** Options of one call: method, body, query, signal; the answer type is always JSON. */
export type CallOptions = Omit<FetchOptions<'json'>, 'responseType'>;

/**
 * One call whose answer is checked by a shared schema: resolves with the parsed answer, rejects with an ApiError
 * (server error, network failure, or an answer the schema refuses).
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
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(CLIENT_MESSAGES.badAnswer, {}, 200);
  return parsed.data;
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
