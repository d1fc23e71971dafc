import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { runAsActor } from '../db/writeContext.ts';

/**
 * preHandler hook: the handler of a signed-in user's request runs in that user's write context, so every write it
 * makes through the database handle is audited with the user id (src/server/db/writeContext.ts). A callback hook on
 * purpose: `done` continues into the handler synchronously, inside the context; an async hook's continuation would
 * not inherit it. preHandler, after the body is read: the body parser's stream events run outside any context.
 * Public routes (login) have no user and write as the system.
 */
export function actorHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const id = (request.user as { id?: unknown } | null)?.id;
  if (typeof id === 'number') runAsActor(id, done);
  else done();
}
