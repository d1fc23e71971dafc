import { MESSAGES } from '../../shared/messages.ts';

/** Field path (spec naming, e.g. `service.name_ru`) to its messages. */
export type FieldErrors = Record<string, string[]>;

/** An error the API answers with its status and the JSON shape `{message, fields?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string = MESSAGES.malformed, fields?: FieldErrors) {
    super(400, message, fields);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string = MESSAGES.unauthorized) {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, fields?: FieldErrors) {
    super(409, message, fields);
  }
}

export class ValidationError extends HttpError {
  constructor(fields: FieldErrors, message: string = MESSAGES.validation) {
    super(422, message, fields);
  }
}
