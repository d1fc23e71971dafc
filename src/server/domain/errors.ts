/**
 * What a service may refuse, in domain terms. Services throw these and know nothing of HTTP; the one error handler
 * (`src/server/http/errorHandler.ts`) turns each kind into its status and the `{message, fields}` answer.
 */
import { MESSAGES } from '../../shared/messages.ts';

/** Field path (spec naming, e.g. `service.name_ru`) to its messages. */
export type FieldErrors = Record<string, string[]>;

/** The refusals a service may answer with; the error handler keeps one status per kind. */
export type DomainErrorKind = 'not-found' | 'conflict' | 'validation';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist (or is not visible to the caller). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor(message: string = MESSAGES.notFound) {
    super(message);
  }
}

/** The change clashes with the stored state: a stale edit, a duplicate. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The input breaks a rule of the domain; `fields` name the payload paths (`calcJob.0.end_job_id`). */
export class ValidationError extends DomainError {
  readonly kind = 'validation';
  constructor(fields: FieldErrors, message: string = MESSAGES.validation) {
    super(message, fields);
  }
}
