import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
  /** How long to wait for another process to let go of the folder (a restart in `tsx watch`); default 10 s. */
  lockWaitMs?: number;
}

/**
 * PGlite is single-process and takes no lock of its own (its `postmaster.pid` always says -42), so a second process
 * on the same folder (a second server, `npm run user`, a backup) would write the same files and corrupt them. The
 * folder is therefore claimed by a file beside it, `<folder>.lock`, holding the owner's pid; beside, not inside,
 * because a dump copies the folder and a restored lock would name some other machine's process.
 */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** The pid of the live process that holds the folder, or null when it is free (no lock, or its owner is gone). */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid);
  } catch {
    return null;
  }
  // A restarted container may run the new server under the dead one's pid: a lock naming this process is stale.
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The message of a refused open, in the operators' English of the CLI and the log. */
export function inUseMessage(dataDir: string, pid: number): string {
  return (
    `the database folder ${path.resolve(dataDir)} is in use by process ${pid} (a running server?). ` +
    `Stop that process first; if no such process runs, delete ${lockFileOf(dataDir)}.`
  );
}

/** Claims a folder that no live process holds, for work on its files with the database closed; answers the release. */
export function claimDataDir(dataDir: string): Promise<() => void> {
  return lockDataDir(dataDir, 0);
}

/** Claims the folder for this process, waiting up to `waitMs` for a live owner to let go; answers the release. */
async function lockDataDir(dataDir: string, waitMs: number): Promise<() => void> {
  const file = lockFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const holder = dataDirHolder(dataDir);
    if (holder === null) {
      // A stale lock (its owner was killed) is taken over; 'wx' makes two starters racing for a free folder meet.
      rmSync(file, { force: true });
      try {
        writeFileSync(file, `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`, {
          flag: 'wx',
        });
        return () => unlinkOwn(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    } else if (Date.now() >= deadline) {
      throw new Error(inUseMessage(dataDir, holder));
    }
    await sleep(200);
  }
}

/** Removes the lock file if it still names this process. */
function unlinkOwn(file: string): void {
  try {
    if (Number(JSON.parse(readFileSync(file, 'utf8')).pid) === process.pid) unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** Starts PGlite in its own thread; the socket lives in a fresh 0700 temporary folder that only this user can open. */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorker> {
  const { lockWaitMs = 10_000, ...data } = options;
  const onDisk = Boolean(data.dataDir && !data.dataDir.startsWith('memory://'));
  const unlock = onDisk ? await lockDataDir(data.dataDir as string, lockWaitMs) : () => {};
  try {
    return await startWorker(data, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startWorker(
  options: Omit<PgliteWorkerOptions, 'lockWaitMs'>,
  unlock: () => void,
): Promise<PgliteWorker> {
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
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
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
          unlock();
        }
      })();
      return closed;
    },
  };
}
