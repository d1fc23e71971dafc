/**
 * Tasks from a TGO (DOMAIN, TGO): a job of the template starts `offset` minutes from the leg's reference time
 * (on-block of an arrival, off-block of a departure) and lasts `duration` minutes. Shared by the demo generator and
 * the flight table's «apply TGO», so that both lay tasks out the same way.
 */

const MS_PER_MINUTE = 60_000;

/** The timing of a TGO job, in minutes. */
export interface TgoJobTiming {
  offset: number;
  duration: number;
}

/** An interval in epoch milliseconds. */
export interface Interval {
  begin: number;
  end: number;
}

/**
 * The plan interval of a job on a leg, kept inside `window` when one is given (both ends clamped into it, so a task
 * never starts before the aircraft is on block nor ends after it leaves).
 * Example: reference 12:00, offset −150, duration 110 → 09:30–11:20; with the window 10:00–∞ → 10:00–11:20.
 */
export function planTaskInterval(reference: number, job: TgoJobTiming, window?: Interval): Interval {
  const begin = reference + job.offset * MS_PER_MINUTE;
  const end = begin + job.duration * MS_PER_MINUTE;
  if (!window) return { begin, end };
  const clamp = (t: number) => Math.min(Math.max(t, window.begin), window.end);
  return { begin: clamp(begin), end: clamp(end) };
}
