import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A signal that aborts when the handler's time runs out or the client goes away before its answer. Not
 * `request.signal` alone: Fastify aborts that on the request's 'close', which Node emits as soon as a POST body has
 * been read, so work of a POST handler (an export, a solve) would be abandoned at once. GET handlers may keep
 * `request.signal`.
 */
export function answerSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const handler = request.signal;
  handler?.addEventListener(
    'abort',
    () => {
      if ((handler.reason as { code?: string } | undefined)?.code === 'FST_ERR_HANDLER_TIMEOUT')
        controller.abort(handler.reason);
    },
    { once: true },
  );
  return controller.signal;
}
