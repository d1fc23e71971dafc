/**
 * Answers for requests that fail before Fastify has a request to route: Node's HTTP parser refusing the bytes (431
 * header too large, 400 malformed) and the router refusing the URL (bad percent-encoding). Each answers `{message}`
 * in Russian and never echoes the request, unlike the defaults, which quote the URL back.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import { frameworkMessage } from './errorHandler.ts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** The status and message of a connection-level error. Example: `HPE_HEADER_OVERFLOW` → 431. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: MESSAGES.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'Превышено время ожидания запроса' };
  if (code === 'HPE_URI_TOO_LONG') return { status: 414, message: 'Слишком длинный адрес' };
  return { status: 400, message: MESSAGES.malformed };
}

/**
 * Fastify's `clientErrorHandler`: a raw HTTP/1.1 answer with a JSON body, then the socket closes. A reset
 * connection, or one already gone, gets nothing.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: the router's refusals (a URL that is not valid percent-encoding) as `{message}`. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({ message: frameworkMessage(error) });
}
