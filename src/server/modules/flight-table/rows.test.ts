import { describe, expect, it } from 'vitest';
import {
  combineTypeOf,
  filterEntries,
  type LegData,
  rowEntryOf,
  sortEntries,
  type TurnaroundData,
  wallText,
} from './rows.ts';

const leg = (over: Partial<LegData>): LegData => ({
  id: 1,
  direction: 2,
  flight: 'SU 1234',
  aircraftTypeId: 1,
  aircraftType: 'Airbus A320',
  board: 'RA-73001',
  stand: 'МС-1',
  departureAirport: 'SVO',
  arrivalAirport: 'KZN',
  remoteAirportId: 7,
  remoteCity: 'Москва',
  planAt: new Date('2026-03-10T11:20:00Z'),
  calcAt: null,
  factAt: null,
  takeoffAt: new Date('2026-03-10T10:00:00Z'),
  flightTypeId: 1,
  flightType: 'Внутренний',
  statusId: 3,
  status: 'Подтверждён',
  tgoId: null,
  tgo: null,
  codeShare: null,
  ...over,
});

const paired: TurnaroundData = {
  aid: 5,
  isConfirmed: true,
  arrival: leg({}),
  departure: leg({
    id: 2,
    direction: 1,
    flight: 'SU 1235',
    departureAirport: 'KZN',
    arrivalAirport: 'AER',
    remoteAirportId: 8,
    remoteCity: 'Сочи',
    planAt: new Date('2026-03-10T21:30:00Z'),
    calcAt: new Date('2026-03-10T21:40:00Z'),
    status: 'Задержан',
  }),
};

describe('flight table rows', () => {
  it('shows a paired row as arrival / departure in the zone, with the day of a leg on another day', () => {
    const { row } = rowEntryOf(paired, 'Europe/Moscow');
    expect(row).toMatchObject({
      flight: 'SU 1234 / SU 1235',
      date: '10.03.2026',
      plan: '14:20 / 11.03 00:30',
      calculated: '— / 11.03 00:40',
      fact: '',
      departure_airport: 'SVO',
      arrival_airport: 'AER',
      direction: 'Москва – Сочи',
      status: 'Подтверждён / Задержан',
      board: 'RA-73001',
      link: 'Прилёт – вылет',
      takeoff: '13:00',
      confirmed: true,
    });
  });

  it('tells paired, arrival-only and departure-only rows apart', () => {
    expect(combineTypeOf(paired)).toBe(1);
    expect(combineTypeOf({ arrival: paired.arrival, departure: null })).toBe(2);
    expect(combineTypeOf({ arrival: null, departure: paired.departure })).toBe(3);
  });

  it('reads the wall clock across a daylight-saving change', () => {
    expect(wallText(Date.parse('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29 01:30');
    expect(wallText(Date.parse('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:30');
  });

  it('filters on the shown text ignoring case and ё, and on list ids of either leg', () => {
    const entries = [
      rowEntryOf(paired, 'Europe/Moscow'),
      rowEntryOf({ ...paired, aid: 6, departure: null }, 'UTC'),
    ];
    expect(
      filterEntries(entries, { text: { arrival_airport: 'aer' }, lists: {} }).map((e) => e.row.aid),
    ).toEqual([5]);
    expect(filterEntries(entries, { text: { tgo: '', flight: 'su 1234' }, lists: {} }).length).toBe(2);
    expect(filterEntries(entries, { text: {}, lists: { status: [3] } }).length).toBe(2);
    const yo = rowEntryOf(
      { ...paired, aid: 9, arrival: leg({ stand: 'Перрон Ёлкино' }), departure: null },
      'UTC',
    );
    expect(filterEntries([yo], { text: { stand: 'ПЕРРОН ЕЛКИНО' }, lists: {} })).toHaveLength(1);
    expect(filterEntries(entries, { text: {}, lists: { direction: [7] } }).map((e) => e.row.aid)).toEqual([
      5, 6,
    ]);
    expect(filterEntries(entries, { text: {}, lists: { link: [2] } }).map((e) => e.row.aid)).toEqual([6]);
  });

  it('sorts missing times last in both directions', () => {
    const withFact = rowEntryOf(
      { ...paired, aid: 7, arrival: leg({ factAt: new Date('2026-03-10T11:25:00Z') }) },
      'UTC',
    );
    const later = rowEntryOf(
      { ...paired, aid: 8, arrival: leg({ factAt: new Date('2026-03-10T12:25:00Z') }) },
      'UTC',
    );
    const without = rowEntryOf(paired, 'UTC');
    const order = (desc: boolean) =>
      sortEntries([without, withFact, later], { key: 'fact', desc }).map((e) => e.row.aid);
    expect(order(false)).toEqual([7, 8, 5]);
    expect(order(true)).toEqual([8, 7, 5]);
  });

  it('sorts empty texts last in both directions', () => {
    const withShare = rowEntryOf({ ...paired, aid: 7, arrival: leg({ codeShare: 'UT 7001' }) }, 'UTC');
    const without = rowEntryOf(paired, 'UTC');
    const other = rowEntryOf({ ...paired, aid: 8, arrival: leg({ codeShare: 'S7 7002' }) }, 'UTC');
    const order = (desc: boolean) =>
      sortEntries([without, withShare, other], { key: 'code_share', desc }).map((e) => e.row.aid);
    expect(order(false)).toEqual([8, 7, 5]);
    expect(order(true)).toEqual([7, 8, 5]);
  });
});
