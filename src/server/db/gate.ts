/** Thrown when the caller went away (its signal aborted) before its heavy work started. */
export class WorkAbandonedError extends Error {
  constructor() {
    super('the caller went away before the work started');
    this.name = 'WorkAbandonedError';
  }
}

/** Runs at most `capacity` heavy jobs at a time; the rest wait in arrival order. */
export interface Gate {
  /**
   * Runs the work when a place is free. A job whose signal aborts while it waits never starts.
   * Example: `gate.run(() => monthQuery(), request.signal)`.
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Jobs running and jobs waiting, for tests and logs. */
  load(): { running: number; waiting: number };
}

/**
 * A gate of the given capacity. On the embedded database (one session) a capacity of 1 keeps heavy queries from
 * filling the single connection's queue, so a light query waits for at most one heavy one.
 * Example: `createGate(1)`.
 */
export function createGate(capacity: number): Gate {
  let running = 0;
  const waiting: { start: () => void; abandon: () => void; signal?: AbortSignal }[] = [];

  function next() {
    while (running < capacity && waiting.length > 0) {
      const job = waiting.shift()!;
      if (job.signal?.aborted) job.abandon();
      else job.start();
    }
  }

  return {
    run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(new WorkAbandonedError());
      return new Promise<T>((resolve, reject) => {
        const job = {
          signal,
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            running += 1;
            work()
              .then(resolve, reject)
              .finally(() => {
                running -= 1;
                next();
              });
          },
          abandon: () => reject(new WorkAbandonedError()),
        };
        const onAbort = () => {
          const i = waiting.indexOf(job);
          if (i >= 0) waiting.splice(i, 1);
          job.abandon();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(job);
        next();
      });
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * Lets the event loop run what waits (I/O, timers, queries just started) before the next piece of work holds the
 * thread. Example: `for (const day of days) { await yieldToEvents(); sweep(day); }`.
 */
export function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A long loop's turn-taker: the answered function yields to the event loop (`yieldToEvents`) once the stretch since
 * the last yield has run `budgetMs` or more, else answers at once. Example:
 * `const turn = turnTaker(); for (const row of rows) { await turn(); build(row); }`.
 */
export function turnTaker(budgetMs = 8): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToEvents();
    since = performance.now();
  };
}
