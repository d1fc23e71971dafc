/** True when the string names an IANA time zone this runtime knows. Example: `Europe/Moscow` → true. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone of a request: its `Time-Zone` header when valid, else the server default. */
export function requestTimeZone(header: string | string[] | undefined, fallback: string): string {
  const zone = Array.isArray(header) ? header[0] : header;
  return zone && isTimeZone(zone) ? zone : fallback;
}
