/**
 * How long the calling (HTTP) thread is held: the longest stretch between two ticks of a timer while a piece of work
 * runs. On a loaded machine the scheduler alone delays ticks by up to ~200 ms, so where Linux tells this thread's own
 * CPU time (`/proc/thread-self/stat`), a stretch counts that time: what the thread itself computed in it.
 * (monitorEventLoopDelay misses a stretch that starts before its first tick.)
 */
import { existsSync, readFileSync } from 'node:fs';

const THREAD_STAT = '/proc/thread-self/stat';

/** CPU time of the calling thread in ms (Linux: clock ticks of 10 ms in /proc), or null where it is not told. */
export function threadCpuMs(): number | null {
  if (!existsSync(THREAD_STAT)) return null;
  const fields = readFileSync(THREAD_STAT, 'utf8').split(') ')[1].split(' ');
  // utime and stime, the 14th and 15th fields of stat(5) (the 3rd is the first after the command's name).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The longest stretch of `work` (its thread's CPU where told, else wall clock), its wall clock, and what it answered. */
export async function longestStretch<T>(
  work: () => Promise<T>,
  tickMs: number,
): Promise<{ answer: T; longest: number; longestWall: number }> {
  let last = performance.now();
  let lastCpu = threadCpuMs();
  let longest = 0;
  let longestWall = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    longestWall = Math.max(longestWall, now - last);
    longest = Math.max(longest, cpu === null || lastCpu === null ? now - last : cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  }, tickMs);
  try {
    const answer = await work();
    return { answer, longest, longestWall };
  } finally {
    clearInterval(probe);
  }
}
