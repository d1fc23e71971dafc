// The embedded database in its own thread: PGlite behind a PostgreSQL wire-protocol socket, so the HTTP thread only
// parses answers while the database works, and one driver (`pg`) serves PGlite and PostgreSQL alike.
// Plain JavaScript: a worker thread loads this file with no TypeScript loader, under tsx, Vitest and node alike.
import { fsyncSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{dataDir?: string, loadDataDir?: string, socketDir: string}} */
const options = workerData;

/** WASI's EIO: what a failed fsync answers PostgreSQL, which then stops rather than carry on unsure. */
const EIO = 29;

/**
 * PGlite runs PostgreSQL with `-F` (fsync off), and Emscripten's NODEFS has no fsync (its fdatasync is a no-op): a
 * commit reaches the operating system's cache before it is answered, which survives a killed process but not a power
 * loss or an operating-system crash. On a data folder, PostgreSQL is therefore started with fsync on and
 * `wal_sync_method=fsync`, and NODEFS streams get an fsync that calls the real one: every commit is on the disk when
 * it is answered, as on PostgreSQL (about one fsync a commit; the in-memory databases of the tests are unaffected).
 */
function durableStart() {
  return {
    startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
  };
}

/** @param {PGlite} db */
function giveNodefsFsync(db) {
  const ops = db.Module.FS.filesystems.NODEFS.stream_ops;
  ops.fsync = (/** @type {{nfd?: number}} */ stream) => {
    if (typeof stream.nfd !== 'number') return 0;
    try {
      fsyncSync(stream.nfd);
      return 0;
    } catch {
      return EIO;
    }
  };
}

async function start() {
  const { dataDir, loadDataDir, socketDir } = options;
  const onDisk = Boolean(dataDir && !dataDir.startsWith('memory://'));
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  const extra = loadDataDir ? { loadDataDir: new Blob([readFileSync(loadDataDir)]) } : {};
  const db = await PGlite.create(dataDir, { ...extra, ...(onDisk ? durableStart() : {}) });
  if (onDisk) giveNodefsFsync(db);
  // The main thread's pool holds one connection at a time (PGlite is one session, and the socket's multiplexer would
  // interleave the statements of concurrent transactions). The server still accepts a few, because the pool drops a
  // connection after any failed statement and opens the next one before the server has seen the old one close.
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, '.s.PGSQL.5432'),
    maxConnections: 8,
  });
  await server.start();

  parentPort?.on('message', async (message) => {
    try {
      if (message.type === 'dump') {
        const blob = await db.dumpDataDir('none');
        writeFileSync(message.file, Buffer.from(await blob.arrayBuffer()));
        parentPort?.postMessage({ type: 'dumped', id: message.id });
      } else if (message.type === 'close') {
        await server.stop();
        await db.close();
        parentPort?.postMessage({ type: 'closed', id: message.id });
        parentPort?.close();
      }
    } catch (error) {
      parentPort?.postMessage({ type: 'error', id: message.id, message: String(error?.message ?? error) });
    }
  });
  parentPort?.postMessage({ type: 'ready' });
}

start().catch((error) => {
  parentPort?.postMessage({ type: 'failed', message: String(error?.stack ?? error) });
});
