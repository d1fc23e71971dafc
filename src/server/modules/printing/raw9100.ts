import net from 'node:net';

/** Why a network printer did not take a job: nothing answered, or it answered too slowly. */
export class PrinterUnreachableError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'timeout',
    detail: string,
  ) {
    super(detail);
    this.name = 'PrinterUnreachableError';
  }
}

/**
 * Sends a job's bytes to a raw TCP printer (port 9100, "JetDirect"): connect, write, half-close, wait for the
 * printer to close or for the write to drain; the whole exchange is bounded by `timeoutMs`.
 * Example: `await sendRaw('10.10.1.40', 9100, Buffer.from('^XA^XZ'), 5000)`.
 */
export function sendRaw(host: string, port: number, bytes: Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new PrinterUnreachableError('timeout', `${host}:${port} timed out`)),
      timeoutMs,
    );
    socket.once('error', (error) => finish(new PrinterUnreachableError('unreachable', error.message)));
    socket.once('connect', () => {
      // Printers on 9100 seldom answer: the job is delivered once our half of the connection has flushed.
      socket.end(bytes, () => finish());
    });
  });
}
