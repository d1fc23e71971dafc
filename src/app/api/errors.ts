import { MESSAGES, z } from '../../shared/messages.ts';

/** Field path (the spec's naming, e.g. `service.name_ru`) to its messages, as the server's `fields`. */
export type FieldErrors = Record<string, string[]>;

/** What the client knows when no usable error answer arrived. */
export const CLIENT_MESSAGES = {
  network: 'Сервер недоступен. Проверьте подключение и повторите попытку',
  badAnswer: 'Сервер ответил в неожиданном формате. Повторите попытку позже',
} as const;

/**
 * Every failed call, in the one shape forms and the alert read: `message` for the alert, `fields` for the messages
 * under controls, `status` when an HTTP answer arrived (null for a network failure).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly fields: FieldErrors = {},
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error body of README, HTTP contract, read leniently: a field given as one string becomes a list. */
const errorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  fields: z
    .record(z.string(), z.union([z.array(z.string()), z.string().transform((text) => [text])]))
    .optional()
    .catch(undefined),
});

function statusMessage(status: number): string {
  if (status === 401) return MESSAGES.unauthorized;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  if (status === 422) return MESSAGES.validation;
  if (status === 429) return MESSAGES.tooManyLogins;
  if (status >= 500) return MESSAGES.serverError;
  return MESSAGES.malformed;
}

function answerStatus(error: object): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status > 0 ? status : null;
}

/**
 * The one parser of failed calls: an ofetch error with a `{message, fields}` body (any status), one with a body
 * that is not that shape (an HTML page, plain text), a network failure, or anything thrown, becomes an ApiError.
 * Example: a 422 `{message: 'Проверьте заполнение полей', fields: {name: ['Обязательно']}}` keeps both;
 * a 502 HTML page becomes 'Внутренняя ошибка сервера' with no fields.
 */
export function parseApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) {
    // An answer a shared schema refused (a list page's rows): logged with what did not fit (spec 8).
    console.error('An answer does not parse', error.issues.slice(0, 10));
    return new ApiError(CLIENT_MESSAGES.badAnswer);
  }
  if (typeof error !== 'object' || error === null) return new ApiError(CLIENT_MESSAGES.network);
  const status = answerStatus(error);
  if (status === null) return new ApiError(CLIENT_MESSAGES.network);
  const body = errorBodySchema.safeParse((error as { data?: unknown }).data);
  const message = body.success && body.data.message?.trim() ? body.data.message : statusMessage(status);
  const fields = body.success ? (body.data.fields ?? {}) : {};
  return new ApiError(message, fields, status);
}

/**
 * Field errors of a failed client-side check, keyed by dotted path as the server keys them.
 * Example: an issue at `['service', 'name_ru']` lands under `service.name_ru`.
 */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] = [...(fields[path] ?? []), issue.message];
  }
  return fields;
}

/** The text under one control: its messages joined, or null. Example: `{a: ['x', 'y']}`, 'a' → 'x; y'. */
export function fieldMessage(fields: FieldErrors, path: string): string | null {
  const messages = fields[path];
  return messages?.length ? messages.join('; ') : null;
}

/**
 * The message a form shows above its buttons: the failure's message unless some of its field errors sit under the
 * form's own controls (they say it better there).
 */
export function formMessage(
  failure: { message: string; fields: FieldErrors } | null,
  controls: readonly string[],
) {
  if (!failure) return null;
  return controls.some((control) => fieldMessage(failure.fields, control)) ? null : failure.message;
}
