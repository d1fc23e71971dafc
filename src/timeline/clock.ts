const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/**
 * Minutes the runtime's zone is ahead of UTC at a minute since the epoch: the axis reads the browser's wall clock,
 * as `Date` does (a screen that wants another zone's wall clock passes its times shifted into the runtime's zone).
 */
export function localOffset(minute: number): number {
  return -new Date(minute * 60_000).getTimezoneOffset();
}

/**
 * Minutes since the epoch of a wall clock 'YYYY-MM-DD HH:mm(:ss)' read on the runtime's clock, as the timeline's
 * minutes are (seconds dropped); NaN when malformed. Example: in a UTC browser `wallMinute('1970-01-01 01:30:00')` → 90.
 */
export function wallMinute(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  return new Date(year, month - 1, day, hour, minute).getTime() / 60_000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A minute since the epoch as wall-clock text at `offset` minutes from UTC: 'time' HH:mm, 'day' DD.MM,
 * 'date' DD.MM.YYYY, dd, 'stamp' DD.MM HH:mm. Example: `formatMinute(0, 180, 'stamp')` → '01.01 03:00'.
 */
export function formatMinute(
  minute: number,
  offset: number,
  style: 'time' | 'day' | 'date' | 'stamp',
): string {
  const d = new Date((minute + offset) * 60_000);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const day = `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}`;
  if (style === 'time') return time;
  if (style === 'day') return day;
  if (style === 'stamp') return `${day} ${time}`;
  return `${day}.${d.getUTCFullYear()}, ${WEEKDAYS[d.getUTCDay()]}`;
}
