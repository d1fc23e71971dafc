/**
 * The planning answer's datetimes read fast (issue 10): 'YYYY-MM-DD HH:mm:ss' by fixed positions into wall
 * minutes, and wall minutes into epoch minutes of the runtime's zone. A month's answer holds ~140,000 of them, so
 * no Date object is made per string (the zone is asked once per wall hour). planningData.ts turns the answer into
 * bars with them.
 */
const DAYS_BEFORE_EPOCH = 719_468;

/**
 * Days since 1970-01-01 of a civil date (proleptic Gregorian), without Date objects.
 * Example: `civilDays(1970, 1, 2)` → 1.
 */
export function civilDays(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - DAYS_BEFORE_EPOCH;
}

/**
 * Wall minutes of 'YYYY-MM-DD HH:mm[:ss]' by fixed positions (seconds as a fraction); NaN when it is not that shape.
 * Example: `wallMinutes('1970-01-02 01:30:30')` → 1530.5.
 */
export function wallMinutes(text: string): number {
  const digit = (i: number) => text.charCodeAt(i) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const month = digit(5) * 10 + digit(6);
  const day = digit(8) * 10 + digit(9);
  const hour = digit(11) * 10 + digit(12);
  const minute = digit(14) * 10 + digit(15);
  const second = text.length >= 19 ? digit(17) * 10 + digit(18) : 0;
  const value = civilDays(year, month, day) * 1440 + hour * 60 + minute + second / 60;
  return text.length >= 16 && text.charCodeAt(4) === 45 && text.charCodeAt(13) === 58 ? value : Number.NaN;
}

/**
 * Epoch minutes of wall minutes read in the runtime's zone, with the zone offset cached per wall hour (a month is
 * ~750 lookups of `Date` instead of one per string).
 * Example: in UTC, `localEpoch()(1530)` → 1530.
 */
export function localEpoch(): (wall: number) => number {
  const offsets = new Map<number, number>();
  return (wall) => {
    const hour = Math.floor(wall / 60);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const utc = new Date(hour * 3_600_000);
      const local = new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours());
      offset = local.getTime() / 60_000 - hour * 60;
      offsets.set(hour, offset);
    }
    return wall + offset;
  };
}
