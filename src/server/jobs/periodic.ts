/**
 * A job a server process runs on a timer (the audit trail's and the print spool's retention): once shortly after
 * `start()`, then every interval until `stop()`, never twice at once in the process, and never keeping it alive.
 */

export interface PeriodicOptions<T> {
  /** One run; `signal` aborts when the server closes, and the run should stop at its next safe point. */
  run: (signal: AbortSignal) => Promise<T>;
  /** Between two runs (default one hour). */
  intervalMs?: number;
  /** From `start()` to the first run (default one minute: the start's own work goes first). */
  firstDelayMs?: number;
  /** Told what a timed run answered. */
  onDone?: (result: T) => void;
  /** Told of a failed timed run; the next tick tries again. */
  onError?: (error: unknown) => void;
}

/** Example: `createPeriodic({run: (signal) => purge(signal), onDone: log}).start()`. */
export function createPeriodic<T>(options: PeriodicOptions<T>) {
  const intervalMs = options.intervalMs ?? 3_600_000;
  const firstDelayMs = options.firstDelayMs ?? 60_000;
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<T> | null = null;
  let closing = new AbortController();

  /** One run now, or the one under way. */
  function runOnce(): Promise<T> {
    running ??= options.run(closing.signal).finally(() => {
      running = null;
    });
    return running;
  }

  function tick() {
    runOnce().then(
      (result) => options.onDone?.(result),
      (error) => options.onError?.(error),
    );
  }

  return {
    runOnce,
    /** Schedules the runs; the timers never keep the process alive. */
    start() {
      if (timers.length > 0) return;
      closing = new AbortController();
      timers = [setTimeout(tick, firstDelayMs), setInterval(tick, intervalMs)];
      for (const timer of timers) timer.unref();
    },
    /** Stops the timers and waits for a run under way, whose signal aborts. */
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      closing.abort();
      await running?.catch(() => undefined);
    },
  };
}
