/**
 * The HTTP thread's end of the flight thread (flightWorker.mjs): one long-lived worker, started on the first build,
 * that parses the digests, writes the JSON and sweeps the conflicts of every build (flightBuild.ts), so that a
 * month's ~1 s of CPU never holds the HTTP thread. Builds interleave there by id; each keeps its state in the
 * worker until it finishes or is dropped.
 *
 * - Texts and rows are posted as they arrive (a week's digests are one string: cloned in about a millisecond), so
 *   the parsing runs beside the next queries; the answer's memory comes back moved, not copied.
 * - A build whose caller goes away is dropped: its waiting rejects with WorkAbandonedError at once and the worker
 *   frees its state after the message it is on.
 * - A worker that fails or ends fails the builds under way; the next build starts a new one. `close()` ends it
 *   (the app's onClose). While no build is under way the worker does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { WorkAbandonedError } from '../../db/gate.ts';
import type { AssignedSpan, FlightRound, FlightShape } from './flightBuild.ts';

type Reply =
  | { id: number; type: 'span'; span: AssignedSpan }
  | { id: number; type: 'answer'; json: Uint8Array }
  | { id: number; type: 'failed'; message: string }
  | { id: number; type: 'held'; count: number };

interface Session {
  worker: Worker;
  failed?: Error;
  waiter?: { resolve: (reply: Reply) => void; reject: (error: Error) => void };
}

/** One build in the flight thread; `close()` it in a `finally` (a finished build is closed already). */
export interface FlightSession {
  /** Posts a round's rows and texts; they are parsed there while the next queries run. */
  round(round: FlightRound): void;
  /** Picks the tasks shown; answers the span of their assignments. The JSON is written meanwhile. */
  choose(shape: FlightShape, signal?: AbortSignal): Promise<AssignedSpan>;
  /** The answer, conflicts marked from the span's other assignments (their text, or null for none). */
  finish(others: string | null, signal?: AbortSignal): Promise<Buffer>;
  /** Frees the build's state in the worker (nothing when it finished). */
  close(): void;
}

/** The flight thread of one service. Example: `const session = thread.open(); try { … } finally { session.close(); }`. */
export function createFlightThread() {
  let worker: Worker | null = null;
  const sessions = new Map<number, Session>();
  /** Questions about the thread itself, by id (from the builds' counter). */
  const probes = new Map<number, (count: number) => void>();
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const started = new Worker(new URL('./flightWorker.mjs', import.meta.url), { stdout: false });
    started.on('message', (reply: Reply) => {
      if (reply.type === 'held') return probes.get(reply.id)?.(reply.count);
      const session = sessions.get(reply.id);
      if (!session) return; // dropped
      if (reply.type === 'failed') return fail(reply.id, new Error(`planning/flight: ${reply.message}`));
      const waiter = session.waiter;
      session.waiter = undefined;
      waiter?.resolve(reply);
    });
    const lost = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const [id, session] of sessions) if (session.worker === started) fail(id, error);
      for (const answer of probes.values()) answer(0);
      void started.terminate();
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`the flight thread ended (code ${code})`)));
    return started;
  }

  function fail(id: number, error: Error) {
    const session = sessions.get(id);
    if (!session) return;
    session.failed ??= error;
    const waiter = session.waiter;
    session.waiter = undefined;
    waiter?.reject(session.failed);
  }

  /** How many builds the worker holds state of, answered once it has loaded its modules (0 when none runs). */
  function held(): Promise<number> {
    const asked = worker;
    if (!asked) return Promise.resolve(0);
    const id = nextId++;
    return new Promise<number>((resolve) => {
      probes.set(id, (count) => {
        probes.delete(id);
        resolve(count);
      });
      asked.postMessage({ type: 'held', id });
    });
  }

  function end(id: number) {
    if (!sessions.delete(id)) return;
    if (sessions.size === 0) worker?.unref();
  }

  return {
    /** Starts a build (and the worker, when none runs). */
    open(): FlightSession {
      if (closed) throw new Error('the flight thread is closed');
      worker ??= spawn();
      worker.ref();
      const id = nextId++;
      const session: Session = { worker };
      sessions.set(id, session);
      session.worker.postMessage({ type: 'open', id });

      const ask = (message: Record<string, unknown>, signal?: AbortSignal) =>
        new Promise<Reply>((resolve, reject) => {
          if (session.failed) return reject(session.failed);
          if (!sessions.has(id)) return reject(new Error('planning/flight: the build is closed'));
          if (signal?.aborted) return reject(new WorkAbandonedError());
          const onAbort = () => {
            session.waiter = undefined;
            reject(new WorkAbandonedError());
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          const settled = () => signal?.removeEventListener('abort', onAbort);
          session.waiter = {
            resolve: (reply) => {
              settled();
              resolve(reply);
            },
            reject: (error) => {
              settled();
              reject(error);
            },
          };
          session.worker.postMessage({ ...message, id });
        });

      return {
        round(round) {
          if (!session.failed && sessions.has(id)) session.worker.postMessage({ type: 'round', id, round });
        },
        async choose(shape, signal) {
          const reply = await ask({ type: 'choose', shape }, signal);
          if (reply.type !== 'span') throw new Error(`planning/flight: ${reply.type} where a span was due`);
          return reply.span;
        },
        async finish(others, signal) {
          const reply = await ask({ type: 'finish', others }, signal);
          if (reply.type !== 'answer')
            throw new Error(`planning/flight: ${reply.type} where the answer was due`);
          end(id);
          return Buffer.from(reply.json.buffer, reply.json.byteOffset, reply.json.byteLength);
        },
        close() {
          if (!sessions.has(id)) return;
          if (!session.failed && session.worker === worker) session.worker.postMessage({ type: 'drop', id });
          end(id);
        },
      };
    },

    /**
     * Starts the worker and waits until it has loaded its modules (about 1 s of its own CPU), so the first month a
     * user asks for does not pay it; the idle worker keeps nothing alive. A server calls it once it listens.
     */
    async warm(): Promise<void> {
      if (closed) return;
      worker ??= spawn();
      if (sessions.size === 0) worker.unref();
      await held();
    },

    /** How many builds the worker holds state of (0 when none runs): tests. */
    held,

    /** Ends the worker; builds under way fail, and no new one starts. */
    async close(): Promise<void> {
      closed = true;
      const ending = worker;
      worker = null;
      for (const id of sessions.keys()) fail(id, new Error('the flight thread is closed'));
      sessions.clear();
      for (const answer of probes.values()) answer(0);
      if (ending) {
        ending.removeAllListeners('exit');
        await ending.terminate();
      }
    },
  };
}
