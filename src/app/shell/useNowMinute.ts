import { useEffect, useState } from 'react';
import { instantToWallClock } from '../../shared/wallClock.ts';
import { wallMinute } from '../../timeline/clock.ts';
import { readTimeZone } from '../api/storage.ts';

/**
 * The minute `at` on the timelines' clock: the wall clock of the zone chosen in the frame, read on the browser's
 * clock, as the screens lay their bars. Example: at 2026-03-10T09:00:30Z with Asia/Vladivostok chosen, in a UTC
 * browser, the minute of '2026-03-10 19:00'.
 */
export function nowMinute(at: number, zone: string): number {
  return wallMinute(instantToWallClock(at, zone));
}

/** The current minute on the timelines' clock, renewed at the start of every minute. */
export function useNowMinute(): number {
  const [minute, setMinute] = useState(() => nowMinute(Date.now(), readTimeZone()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          setMinute(nowMinute(Date.now(), readTimeZone()));
          next();
        },
        60_000 - (Date.now() % 60_000),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, []);
  return minute;
}
