/** What the alert says when a list call fails without a message of its own (no network, an answer that is not JSON). */
export const GRID_LOAD_FAILED =
  'Не удалось загрузить данные таблицы. Проверьте подключение и повторите попытку';

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
}

/**
 * The text for the alert when a list call fails: the server's `{message}` (README, HTTP contract), read from
 * an ofetch error's parsed body or from an already parsed ApiError, or the generic Russian text.
 * `loadErrorMessage({ data: { message: 'Неизвестная сортировка: code' } })` is 'Неизвестная сортировка: code';
 * `loadErrorMessage(new TypeError('Failed to fetch'))` is GRID_LOAD_FAILED.
 */
export function loadErrorMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return GRID_LOAD_FAILED;
  // A module's api.ts has already parsed the answer into an ApiError (src/app/api/errors.ts), whose text is for users.
  if ((error as { name?: unknown }).name === 'ApiError') return messageOf(error) ?? GRID_LOAD_FAILED;
  const fromData = messageOf((error as { data?: unknown }).data);
  if (fromData) return fromData;
  const response = (error as { response?: { _data?: unknown } }).response;
  return messageOf(response?._data) ?? GRID_LOAD_FAILED;
}
