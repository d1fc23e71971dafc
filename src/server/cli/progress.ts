/**
 * A progress callback for a terminal: at most one line per interval, naming the step and how far it is, so an 18 s
 * load shows what it does without a line per written batch. Example: `tasks: 120,000 of 280,000 (43%)`.
 */
export function throttledProgress(
  write: (line: string) => void,
  options: { intervalMs?: number; now?: () => number } = {},
): (step: string, done: number, total: number) => void {
  const interval = options.intervalMs ?? 1000;
  const now = options.now ?? Date.now;
  let last = Number.NEGATIVE_INFINITY;
  return (step, done, total) => {
    const time = now();
    if (time - last < interval) return;
    last = time;
    write(progressLine(step, done, total));
  };
}

/** One progress line. Example: `progressLine('tasks', 500, 2000)` → 'tasks: 500 of 2,000 (25%)'. */
export function progressLine(step: string, done: number, total: number): string {
  if (total <= 1) return `${step}…`;
  const count = (n: number) => n.toLocaleString('en-US');
  return `${step}: ${count(done)} of ${count(total)} (${Math.floor((done / total) * 100)}%)`;
}
