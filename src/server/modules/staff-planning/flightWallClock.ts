import { zoneOffset } from '../../../shared/wallClock.ts';

/** The last quarter hour of a day: a day whose offset is the same at its start and there keeps it all day. */
const OFFSET_BUCKET_MS = 900_000;
const MS_PER_DAY = 86_400_000;
const QUOTE = 34;
const COLON = 58;
const ZERO = 48;
/** The bytes of a time as a JSON string: '"YYYY-MM-DD HH:mm:ss"'. */
export const WALL_TIME_BYTES = 21;

/**
 * A formatter of epoch seconds as 'YYYY-MM-DD HH:mm:ss' in a zone, cached: a month has ~10,000 distinct task
 * times and 140,000 uses of them. The zone's offset is asked (Intl, slow) twice per day: when both ends of the day
 * agree, it holds all day (no zone changes its offset twice in a day); else per quarter hour on that day.
 */
export function wallClockFormatter(zone: string): (seconds: number) => string {
  return wallClock(zone).text;
}

/**
 * The formatter of wallClockFormatter and a writer of the same text as a JSON string straight into bytes, for the
 * 140,000 times of a month's answer: on a day when the zone's offset holds (all but two a year at most) the date
 * is copied from a per-day prefix and the time of day is computed, with no lookup per time; on the other days,
 * and for years that do not take four digits, the formatter's text is copied.
 * Example: `wallClock('Europe/Moscow').write(buf, 0, 0)` writes '"1970-01-01 03:00:00"' and answers 21.
 */
export function wallClock(zone: string) {
  const dayOffsets = new Map<number, number | null>();
  const texts = new Map<number, string>();
  /** The offset that holds all the (UTC) day, or null when it changes that day. */
  const dayOffset = (day: number) => {
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const first = zoneOffset(day * MS_PER_DAY, zone);
      offset = zoneOffset((day + 1) * MS_PER_DAY - OFFSET_BUCKET_MS, zone) === first ? first : null;
      dayOffsets.set(day, offset);
    }
    return offset;
  };
  const offsetAt = (ms: number) => {
    const offset = dayOffset(Math.floor(ms / MS_PER_DAY));
    return offset ?? zoneOffset(ms, zone);
  };
  const text = (seconds: number) => {
    let known = texts.get(seconds);
    if (known === undefined) {
      const ms = seconds * 1000;
      const iso = new Date(ms + offsetAt(ms)).toISOString();
      known = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
      texts.set(seconds, known);
    }
    return known;
  };

  // The last day seen (times come mostly in order): its offset, and the date of the last local day (the dates of
  // all days seen are kept: a task's begin and end often fall on either side of a midnight).
  let utcDay = Number.NaN;
  let utcOffset: number | null = null;
  let localDay = Number.NaN;
  /** '"YYYY-MM-DD ' of localDay, or empty when its year does not take four digits. */
  let prefix: Uint8Array = new Uint8Array(0);
  /** The zone's offset when it holds all the day of `ms`, else null. */
  const steadyOffset = (ms: number) => {
    const day = Math.floor(ms / MS_PER_DAY);
    if (day !== utcDay) {
      utcDay = day;
      utcOffset = dayOffset(day);
    }
    return utcOffset;
  };
  /** The local day of a local time in ms, with its prefix ready; false when the year is not four digits. */
  const prefixes = new Map<number, Uint8Array>();
  const dayReady = (local: number) => {
    const day = Math.floor(local / MS_PER_DAY);
    if (day !== localDay) {
      localDay = day;
      let known = prefixes.get(day);
      if (!known) {
        const iso = new Date(day * MS_PER_DAY).toISOString();
        known = iso.length === 24 ? Buffer.from(`"${iso.slice(0, 10)} `, 'latin1') : new Uint8Array(0);
        prefixes.set(day, known);
      }
      prefix = known;
    }
    return prefix.length > 0;
  };

  return {
    text,
    /**
     * Whether every time from `first` to `last` (seconds) takes WALL_TIME_BYTES: the zone's offset holds on each
     * of their days and their years take four digits.
     */
    steady(first: number, last: number): boolean {
      const firstDay = Math.floor((first * 1000) / MS_PER_DAY);
      const lastDay = Math.floor((last * 1000) / MS_PER_DAY);
      for (let day = firstDay; day <= lastDay; day++) {
        const offset = dayOffset(day);
        if (offset === null) return false;
        const from = new Date(day * MS_PER_DAY + offset).toISOString();
        const to = new Date((day + 1) * MS_PER_DAY - 1 + offset).toISOString();
        if (from.length !== 24 || to.length !== 24) return false;
      }
      return true;
    },
    /** Bytes `write` takes for the time. */
    length(seconds: number): number {
      const ms = seconds * 1000;
      const offset = steadyOffset(ms);
      if (offset !== null && dayReady(ms + offset)) return WALL_TIME_BYTES;
      return text(seconds).length + 2;
    },
    /** Writes the time as a JSON string at `pos`; answers the bytes written. */
    write(buf: Buffer, pos: number, seconds: number): number {
      const ms = seconds * 1000;
      const offset = steadyOffset(ms);
      if (offset === null || !dayReady(ms + offset)) {
        const quoted = `"${text(seconds)}"`;
        return buf.write(quoted, pos, 'latin1');
      }
      const local = ms + offset;
      for (let k = 0; k < 12; k++) buf[pos + k] = prefix[k];
      const second = Math.floor((local - localDay * MS_PER_DAY) / 1000);
      const hour = Math.floor(second / 3600);
      const minute = Math.floor((second - hour * 3600) / 60);
      const rest = second - hour * 3600 - minute * 60;
      buf[pos + 12] = ZERO + Math.floor(hour / 10);
      buf[pos + 13] = ZERO + (hour % 10);
      buf[pos + 14] = COLON;
      buf[pos + 15] = ZERO + Math.floor(minute / 10);
      buf[pos + 16] = ZERO + (minute % 10);
      buf[pos + 17] = COLON;
      buf[pos + 18] = ZERO + Math.floor(rest / 10);
      buf[pos + 19] = ZERO + (rest % 10);
      buf[pos + 20] = QUOTE;
      return WALL_TIME_BYTES;
    },
  };
}
