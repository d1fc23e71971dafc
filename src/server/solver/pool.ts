import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { WorkAbandonedError } from '../db/gate.ts';
import type { PositionAnswer, PositionJob } from './position.d.mts';

interface Pending {
  job: PositionJob & { type?: 'warm' };
  resolve: (answer: PositionAnswer) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  running: Pending | null;
  solves: number;
  /**
   * The worker still runs a job whose caller went away: its answer will be dropped, and no job is given to it until
   * then (or until `limit` fires and the worker is replaced after all).
   */
  draining: { settled: Promise<void>; settle: () => void; limit: NodeJS.Timeout } | null;
}

/** Past an abandoned job's own time limit, how long its worker may still take before it is replaced anyway (ms). */
const DRAIN_GRACE_MS = 3000;

/** Solves in one worker before it is replaced: HiGHS's WASM memory grows and is never given back. */
const RECYCLE_AFTER = 200;

/**
 * A tiny position to compile the models' and the solver's code in a fresh worker (two slots, one one-slot shift).
 * A new one for each worker: the demand is transferred.
 */
function warmJob(): PositionJob & { type: 'warm' } {
  return {
    type: 'warm',
    demand: Int32Array.of(1, 2),
    shifts: [{ id: 0, lengthMinutes: 15, breakMinutes: 0 }],
    slotMinutes: 15,
    seconds: 5,
    distinctSeconds: 1,
    deadline: Date.now() + 10_000,
  };
}

/** The caller went away (or its time ran out): answered like the heavy-work gate's abandonment, a 503. */
class SolverAbortedError extends WorkAbandonedError {}

/**
 * A pool of HiGHS worker threads (min(2, cores)): jobs queue and each worker runs one at a time, so positions solve
 * in parallel and the HTTP thread neither builds a model nor calls `run()`: a job is a position's demand and shifts,
 * its answer the cover and the shifts used. A job whose signal aborts leaves the queue, or is finished by its worker
 * and its answer dropped (`drain`). Idle workers do not keep the process alive.
 */
export function createSolverPool(size = Math.max(1, Math.min(2, availableParallelism()))) {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  /**
   * The unsettled jobs of each signal, behind one 'abort' listener per signal: a schedule sends all its positions
   * with the request's signal, and a listener per job passed Node's limit of 10 (MaxListenersExceededWarning).
   */
  const watched = new WeakMap<AbortSignal, Set<Pending>>();

  function watch(pending: Pending) {
    const { signal } = pending;
    if (!signal) return;
    let jobs = watched.get(signal);
    if (!jobs) {
      const set = new Set<Pending>();
      jobs = set;
      watched.set(signal, set);
      signal.addEventListener(
        'abort',
        () => {
          watched.delete(signal);
          for (const job of [...set]) job.onAbort();
        },
        { once: true },
      );
    }
    jobs.add(pending);
  }

  /** The job is answered, failed or abandoned: its signal no longer concerns it. */
  function unwatch(pending: Pending) {
    if (pending.signal) watched.get(pending.signal)?.delete(pending);
  }

  function spawn(): Slot {
    const worker = new Worker(new URL('./solverWorker.mjs', import.meta.url), { stdout: false });
    const slot: Slot = { worker, running: null, solves: 0, draining: null };
    worker.unref();
    worker.on('message', (message: PositionAnswer & { id: number; failed?: string }) => {
      const pending = slot.running;
      slot.running = null;
      slot.solves++;
      worker.unref();
      endDrain(slot);
      if (pending) {
        unwatch(pending);
        if (message.failed) pending.reject(new Error(message.failed));
        else pending.resolve(message);
      }
      if (slot.solves >= RECYCLE_AFTER) replace(slot);
      else pump();
    });
    const lost = (error: Error) => {
      const pending = slot.running;
      slot.running = null;
      endDrain(slot);
      if (pending) {
        unwatch(pending);
        pending.reject(error);
      }
      if (slots.includes(slot)) replace(slot);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the solver thread ended (code ${code})`)));
    return slot;
  }

  function replace(slot: Slot) {
    const at = slots.indexOf(slot);
    if (at < 0) return;
    slots.splice(at, 1);
    endDrain(slot);
    slot.worker.removeAllListeners('exit');
    slot.worker.on('exit', () => undefined);
    void slot.worker.terminate();
    if (!closed) slots.push(spawn());
    pump();
  }

  function ensureWorkers() {
    while (!closed && slots.length < size) slots.push(spawn());
  }

  function pump() {
    for (const slot of slots) {
      if (slot.running || slot.draining) continue;
      const next = queue.shift();
      if (!next) return;
      slot.running = next;
      slot.worker.ref();
      // The demand is the job's own copy (schedule.ts): moved, not cloned.
      slot.worker.postMessage({ ...next.job, id: nextId++ }, [next.job.demand.buffer as ArrayBuffer]);
    }
  }

  /**
   * The job's worker is left to finish it (bounded by the job's own time limit) and its answer dropped, rather than
   * being terminated mid-solve: ending a worker thread while V8 still compiles code for it in the background aborts
   * the whole process on this Node (a CI run died so, `node_platform.cc` «(data.first) != nullptr», in the test that
   * abandons jobs just sent). Only a worker still busy `DRAIN_GRACE_MS` past the job's limit is replaced.
   */
  function drain(slot: Slot, job: Pending['job']) {
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const ms = Math.max(0, Math.min(job.seconds * 1000, job.deadline - Date.now())) + DRAIN_GRACE_MS;
    const limit = setTimeout(() => replace(slot), ms);
    limit.unref();
    slot.draining = { settled, settle, limit };
    slot.worker.unref();
  }

  function endDrain(slot: Slot) {
    if (!slot.draining) return;
    clearTimeout(slot.draining.limit);
    slot.draining.settle();
    slot.draining = null;
  }

  /** The caller went away: the job leaves the queue, or its worker drains it (see `drain`). */
  function abandon(pending: Pending) {
    unwatch(pending);
    const queued = queue.indexOf(pending);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = slots.find((s) => s.running === pending);
    if (slot) {
      slot.running = null;
      drain(slot, pending.job);
    }
    pending.reject(new SolverAbortedError());
  }

  function submit(job: Pending['job'], signal?: AbortSignal): Promise<PositionAnswer> {
    if (closed) return Promise.reject(new Error('the solver pool is closed'));
    if (signal?.aborted) return Promise.reject(new SolverAbortedError());
    ensureWorkers();
    return new Promise<PositionAnswer>((resolve, reject) => {
      const pending: Pending = { job, resolve, reject, signal, onAbort: () => abandon(pending) };
      watch(pending);
      queue.push(pending);
      pump();
    });
  }

  return {
    size,
    /** Builds and solves one position's models in a worker; answers its cover and shifts. */
    solve: (job: PositionJob, signal?: AbortSignal) => submit(job, signal),
    /** Starts every worker and runs a tiny position in each, so the first request pays no compilation. */
    async warm(): Promise<void> {
      ensureWorkers();
      await Promise.all(slots.map(() => submit(warmJob())));
    },
    async close(): Promise<void> {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the solver pool is closed'));
      // Not ended mid-solve either (see `drain`): a worker finishing an abandoned job is waited for.
      await Promise.all(slots.map((slot) => slot.draining?.settled));
      await Promise.all(
        slots.splice(0).map((slot) => {
          slot.worker.removeAllListeners('exit');
          slot.running?.reject(new Error('the solver pool is closed'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}

export type SolverPool = ReturnType<typeof createSolverPool>;

let shared: SolverPool | null = null;

/** The process's pool, created on first use. */
export function solverPool(): SolverPool {
  shared ??= createSolverPool();
  return shared;
}
