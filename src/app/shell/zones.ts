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

/** The zone list with the given zone added when it is not among them. Example: `('Europe/Berlin')` adds Berlin. */
export function zoneOptions(current: string): { id: string; name: string }[] {
  const list: { id: string; name: string }[] = [...RUSSIAN_ZONES];
  if (!list.some((zone) => zone.id === current)) list.push({ id: current, name: current });
  return list;
}
