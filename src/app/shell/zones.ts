/** Time zones offered in the frame: Russia's zones first, then the browser's own when it is another. */
export const RUSSIAN_ZONES = [
  { id: 'Europe/Kaliningrad', name: 'Калининград (UTC+2)' },
  { id: 'Europe/Moscow', name: 'Москва (UTC+3)' },
  { id: 'Europe/Samara', name: 'Самара (UTC+4)' },
  { id: 'Asia/Yekaterinburg', name: 'Екатеринбург (UTC+5)' },
  { id: 'Asia/Omsk', name: 'Омск (UTC+6)' },
  { id: 'Asia/Novosibirsk', name: 'Новосибирск (UTC+7)' },
  { id: 'Asia/Krasnoyarsk', name: 'Красноярск (UTC+7)' },
  { id: 'Asia/Irkutsk', name: 'Иркутск (UTC+8)' },
  { id: 'Asia/Yakutsk', name: 'Якутск (UTC+9)' },
  { id: 'Asia/Vladivostok', name: 'Владивосток (UTC+10)' },
  { id: 'Asia/Magadan', name: 'Магадан (UTC+11)' },
  { id: 'Asia/Kamchatka', name: 'Камчатка (UTC+12)' },
  { id: 'UTC', name: 'UTC' },
] as const;

function zonePart(zone: string, style: 'shortGeneric' | 'shortOffset', at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('ru', { timeZone: zone, timeZoneName: style }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/** An IANA id made readable: `humaniseZoneId('America/Argentina/Buenos_Aires')` is 'America / Argentina / Buenos Aires'. */
export function humaniseZoneId(zone: string): string {
  return zone.split('/').join(' / ').replaceAll('_', ' ');
}

/**
 * The offset of a zone at a moment, written like the list above: 'UTC+5:45' for Kathmandu, 'UTC-3' for
 * Buenos Aires, 'UTC' for London in winter; null for a zone the browser does not know.
 */
export function zoneOffset(zone: string, at: Date = new Date()): string | null {
  const offset = zonePart(zone, 'shortOffset', at);
  if (offset === null) return null;
  const text = offset.replace(/^GMT/, 'UTC').replace('\u2212', '-');
  return text === 'UTC+0' || text === 'UTC-0' ? 'UTC' : text;
}

/**
 * A readable name of a zone outside the Russian list: the place name ICU gives in Russian, else the humanised id,
 * with the offset now. `zoneName('Asia/Kathmandu')` is 'Непал (UTC+5:45)'; `zoneName('Etc/GMT+5')` is
 * 'Etc / GMT+5 (UTC-5)'; an id the browser does not know is only humanised.
 */
export function zoneName(zone: string, at: Date = new Date()): string {
  const known = RUSSIAN_ZONES.find((entry) => entry.id === zone);
  if (known) return known.name;
  const offset = zoneOffset(zone, at);
  if (offset === null) return humaniseZoneId(zone);
  const place = zonePart(zone, 'shortGeneric', at);
  // Without a place name ICU answers an offset ('GMT-5'), which the offset in brackets already says.
  const name = place && !/^(GMT|UTC)/.test(place) ? place : humaniseZoneId(zone);
  return `${name} (${offset})`;
}

/** The zone list with the given zone added by a readable name when it is not among them: `zoneOptions('Asia/Kathmandu')`. */
export function zoneOptions(current: string, at: Date = new Date()): { id: string; name: string }[] {
  const list: { id: string; name: string }[] = [...RUSSIAN_ZONES];
  if (!list.some((zone) => zone.id === current)) list.push({ id: current, name: zoneName(current, at) });
  return list;
}
