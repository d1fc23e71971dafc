import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** The embedded database running in a worker thread, reachable through a private Unix socket. */
export interface PgliteWorker {
  /** Folder of the socket: the `host` of a `pg` connection (port 5432). */
  socketDir: string;
  /** Writes a tarball of the whole database to the file (tests start from it). */
  dump(file: string): Promise<void>;
  /** Stops the socket, closes the database (flushing it) and ends the thread. */
  close(): Promise<void>;
}

export interface PgliteWorkerOptions {
  /** Folder of the database; omitted or 'memory://' keeps it in memory. */
  dataDir?: string;
  /** A tarball made by `dump()` to start from. */
  loadDataDir?: string;
}

/** Starts PGlite in its own thread; the socket lives in a fresh 0700 temporary folder that only this user can open. */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorker> {
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'gow-pg-'));
  const worker = new Worker(new URL('./pgliteServer.mjs', import.meta.url), {
    workerData: { ...options, socketDir },
    // The worker's own stdout would otherwise be piped through the main thread.
    stdout: false,
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database thread ended at start (code ${code})`)));
    worker.on('message', (message: { type: string; id?: number; message?: string }) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(new Error(message.message));
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id as number);
      if (message.type === 'error') waiter.reject(new Error(message.message));
      else waiter.resolve();
    });
  });
  await ready;
  worker.removeAllListeners('error');
  worker.on('error', (error) => console.error('database thread failed:', error));
  const call = (message: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  let closed: Promise<void> | undefined;
  return {
    socketDir,
    dump: (file) => call({ type: 'dump', file }),
    close() {
      closed ??= (async () => {
        try {
          await call({ type: 'close' });
        } finally {
          await worker.terminate();
          rmSync(socketDir, { recursive: true, force: true });
        }
      })();
      return closed;
    },
  };
}
