import { zoneOffset } from '../../../shared/wallClock.ts';

/** Zone offsets are cached per quarter hour: every offset change in the tz database falls on one. */
const OFFSET_BUCKET_MS = 900_000;
const MS_PER_DAY = 86_400_000;

/**
 * A formatter of epoch seconds as 'YYYY-MM-DD HH:mm:ss' in a zone, cached: a month has ~10,000 distinct task
 * times and 140,000 uses of them. The zone's offset is asked (Intl, slow) twice per day: when both ends of the day
 * agree, it holds all day (no zone changes its offset twice in a day); else per quarter hour on that day.
 */
export function wallClockFormatter(zone: string): (seconds: number) => string {
  const dayOffsets = new Map<number, number | null>();
  const offsets = new Map<number, number>();
  const texts = new Map<number, string>();
  const offsetAt = (ms: number) => {
    const day = Math.floor(ms / MS_PER_DAY);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const first = zoneOffset(day * MS_PER_DAY, zone);
      offset = zoneOffset((day + 1) * MS_PER_DAY - OFFSET_BUCKET_MS, zone) === first ? first : null;
      dayOffsets.set(day, offset);
    }
    if (offset !== null) return offset;
    const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
    let changing = offsets.get(bucket);
    if (changing === undefined) {
      changing = zoneOffset(bucket * OFFSET_BUCKET_MS, zone);
      offsets.set(bucket, changing);
    }
    return changing;
  };
  return (seconds) => {
    let text = texts.get(seconds);
    if (text === undefined) {
      const ms = seconds * 1000;
      const iso = new Date(ms + offsetAt(ms)).toISOString();
      text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
      texts.set(seconds, text);
    }
    return text;
  };
}
