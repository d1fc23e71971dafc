import { MESSAGES } from '../../shared/messages.ts';
import type { FieldErrors } from '../domain/errors.ts';

/** An error of the HTTP layer (a malformed request, no session, a missing rule) with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

/** 400: the request itself is malformed (query, filter, sort, page). */
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
