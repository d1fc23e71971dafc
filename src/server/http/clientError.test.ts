import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientErrorHandler } from './clientError.ts';

/** A socket that records what is written and whether it was closed. */
function fakeSocket(state: { writable?: boolean; destroyed?: boolean } = {}) {
  const socket = {
    writable: state.writable ?? true,
    destroyed: state.destroyed ?? false,
    written: '',
    write(chunk: string) {
      socket.written += chunk;
      return true;
    },
    destroy() {
      socket.destroyed = true;
    },
  };
  return socket;
}

const handle = (code: string, socket: ReturnType<typeof fakeSocket>) =>
  clientErrorHandler(
    Object.assign(new Error('Parse Error: Header overflow GET /secret'), { code }),
    socket as unknown as Socket,
  );

/** Splits a raw HTTP answer into its status line, headers and body. */
function parse(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  const [status, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => line.split(': ').map((part) => part.toLowerCase())));
  return { status, headers, body };
}

describe('when Node refuses a request before routing', () => {
  it('answers a header overflow with a raw 431 and a Russian JSON body, then closes', () => {
    const socket = fakeSocket();
    handle('HPE_HEADER_OVERFLOW', socket);
    const { status, headers, body } = parse(socket.written);
    expect(status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({ message: 'Слишком большие заголовки запроса' });
    // Cyrillic takes two bytes a letter: the length counts bytes, or the client reads a cut body.
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(socket.destroyed).toBe(true);
  });

  it('answers any other parse error with 400 and never echoes the request', () => {
    const socket = fakeSocket();
    handle('HPE_INVALID_METHOD', socket);
    expect(socket.written.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(JSON.parse(parse(socket.written).body)).toEqual({ message: 'Некорректный запрос' });
    expect(socket.written).not.toContain('secret');
  });

  it('writes nothing to a reset or already closed connection', () => {
    const reset = fakeSocket();
    handle('ECONNRESET', reset);
    const gone = fakeSocket({ destroyed: true });
    handle('HPE_HEADER_OVERFLOW', gone);
    expect(reset.written + gone.written).toBe('');
  });
});
