import { describe, expect, it } from 'vitest';
import { humaniseZoneId, RUSSIAN_ZONES, zoneName, zoneOffset, zoneOptions } from './zones.ts';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('when the browser zone is one of Russia’s', () => {
  it('offers the Russian list unchanged', () => {
    expect(zoneOptions('Asia/Vladivostok', WINTER)).toEqual([...RUSSIAN_ZONES]);
  });
});

describe('when the browser zone is outside the list', () => {
  it('adds it with a Russian place name and its offset, not the raw id', () => {
    const options = zoneOptions('Asia/Kathmandu', WINTER);
    expect(options).toHaveLength(RUSSIAN_ZONES.length + 1);
    expect(options.at(-1)).toEqual({ id: 'Asia/Kathmandu', name: 'Непал (UTC+5:45)' });
  });

  it('writes the offset the zone has at that moment, summer time included', () => {
    expect(zoneName('Europe/Berlin', WINTER)).toBe('Германия (UTC+1)');
    expect(zoneName('Europe/Berlin', SUMMER)).toBe('Германия (UTC+2)');
    expect(zoneName('America/New_York', WINTER)).toBe('Нью-Йорк (UTC-5)');
    expect(zoneOffset('Europe/London', WINTER)).toBe('UTC');
  });

  it('humanises the id when ICU has no place name for it', () => {
    expect(zoneName('Etc/GMT+5', WINTER)).toBe('Etc / GMT+5 (UTC-5)');
  });

  it('only humanises an id the browser does not know', () => {
    expect(zoneName('Mars/Olympus_Mons', WINTER)).toBe('Mars / Olympus Mons');
    expect(humaniseZoneId('America/Argentina/Buenos_Aires')).toBe('America / Argentina / Buenos Aires');
  });

  it('keeps the names of the Russian list for its own zones', () => {
    expect(zoneName('Europe/Moscow', WINTER)).toBe('Москва (UTC+3)');
  });
});
