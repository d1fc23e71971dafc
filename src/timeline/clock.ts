const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/**
 * Minutes the runtime's zone is ahead of UTC at a minute since the epoch: the axis reads the browser's wall clock,
 * as `Date` does (a screen that wants another zone's wall clock passes its times shifted into the runtime's zone).
 */
export function localOffset(minute: number): number {
  return -new Date(minute * 60_000).getTimezoneOffset();
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
