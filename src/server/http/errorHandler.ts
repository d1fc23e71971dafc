import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/messages.ts';
import { type FieldErrors, HttpError } from './errors.ts';

/** `/service/name_ru` → `service.name_ru`; array indexes stay as segments (`calcJob.0.end_job_id`). */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_';
}

/** Maps every error to the JSON shape `{message, fields?}` of ARCHITECTURE.md section 4. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .status(error.statusCode)
      .send({ message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const path = fieldPath(issue.instancePath);
      fields[path] = [...(fields[path] ?? []), issue.message ?? MESSAGES.validation];
    }
    const isBody = error.validationContext === 'body';
    return reply
      .status(isBody ? 422 : 400)
      .send({ message: isBody ? MESSAGES.validation : MESSAGES.malformed, fields });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ message: MESSAGES.tooManyLogins });
  if (status >= 400 && status < 500) {
    const message =
      status === 404 ? MESSAGES.notFound : status === 401 ? MESSAGES.unauthorized : MESSAGES.malformed;
    return reply.status(status).send({ message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: MESSAGES.serverError });
}
