/**
 * Spec 5 and 8 at the screens' doors: an answer whose datetime, time or date is not in the API format is refused
 * with the general message, never shown or drawn, and logged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDayDelays } from '../delay-employee/api.ts';
import { searchFlights } from '../rush-baggage/api.ts';
import { loadTaskEmployees } from '../staff-planning/api.ts';
import { type BoardFilters, loadBoard } from '../team-planning/api.ts';
import { CLIENT_MESSAGES } from './errors.ts';
import { json, stubFetch } from './stubFetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const named = (id: number, name: string) => ({ id, name });

const leg = {
  flight_id: 11,
  flight_number: '1234',
  flight_number_symbol: 'SU1234',
  begin_datetime: '2026-11-23 10:00:00',
  end_datetime: '2026-11-23 11:00:00',
  plan_departure_datetime: '2026-11-23 09:00:00',
  plan_arrival_datetime: '2026-11-23 10:00:00',
  calc_departure_datetime: null,
  calc_arrival_datetime: null,
  fact_departure_datetime: null,
  fact_arrival_datetime: null,
  tgo_times: { begin: '2026-11-23 10:00:00', end: '2026-11-23 11:00:00' },
  departure_airport: named(1, 'Шереметьево'),
  arrival_airport: named(2, 'Казань'),
};

const pair = (arrival: typeof leg) => ({
  aid: 5,
  flight_number: 'SU1234',
  color: { field: '#fff', font: '#000', border: '#000' },
  url: '/flight/5',
  aviacompany: { id: 1, code: 'SU' },
  aircraft: { id: null, type_id: 3, bort_number: null, type_name: 'A320' },
  parking: null,
  flight_type: named(1, 'Внутренний'),
  begin_datetime: '2026-11-23 10:00:00',
  end_datetime: '2026-11-23 11:00:00',
  arrivalFlight: arrival,
  departureFlight: null,
});

const FILTERS: BoardFilters = {
  begin: '2026-11-23 00:00:00',
  end: '2026-11-24 00:00:00',
  statusIds: [],
  departmentIds: [],
  positionIds: [],
  conflict: false,
  flightType: null,
};

const logged = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('the team board', () => {
  const board = (arrival: typeof leg) =>
    stubFetch((request) => json(200, request.path.endsWith('/flights-without-team') ? [pair(arrival)] : []));

  it('takes flights whose datetimes are in the API format', async () => {
    board(leg);
    const { free } = await loadBoard(FILTERS);
    expect(free[0].arrivalFlight?.plan_arrival_datetime).toBe('2026-11-23 10:00:00');
  });

  it.each([
    ['a day that does not exist', { plan_arrival_datetime: '2026-02-30 10:00:00' }],
    ['an ISO instant', { fact_arrival_datetime: '2026-11-23T10:00:00Z' }],
    ['a datetime without seconds', { tgo_times: { begin: '2026-11-23 10:00', end: '2026-11-23 11:00:00' } }],
  ])('refuses a free flight with %s and logs it', async (_, change) => {
    const log = logged();
    board({ ...leg, ...change } as typeof leg);
    await expect(loadBoard(FILTERS)).rejects.toMatchObject({ message: CLIENT_MESSAGES.badAnswer });
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.mock.calls[0][1])).toContain('Invalid format');
  });
});

describe('answers checked through the common call', () => {
  it('refuses the staff of a task whose end is not a datetime, and logs the path', async () => {
    const log = logged();
    stubFetch(() =>
      json(200, {
        task: {
          id: 1,
          name: 'Погрузка',
          begin: '2026-03-10 10:00:00',
          end: '10.03.2026 10:30',
          flight_id: 2,
          flightNumber: 'SU2',
        },
        positions: [],
        employees: [],
      }),
    );
    await expect(loadTaskEmployees(1)).rejects.toMatchObject({ message: CLIENT_MESSAGES.badAnswer });
    expect(log.mock.calls[0][0]).toContain('/planning/task-employee-info');
    expect(log.mock.calls[0][1]).toEqual([
      expect.objectContaining({ path: ['task', 'end'], message: 'Invalid format' }),
    ]);
  });

  it('refuses a rush flight search whose plan departure is a day that does not exist', async () => {
    const log = logged();
    const airport = { id: 1, name: 'Казань', iata_code: 'KZN' };
    stubFetch(() =>
      json(200, [
        {
          id: 1,
          flight_number: '1234',
          aviacompany_id: 1,
          flight_number_symbol: 'SU 1234',
          direction_id: 1,
          plan_departure_datetime: '2026-04-31 08:00:00',
          calc_departure_datetime: null,
          fact_departure_datetime: null,
          plan_arrival_datetime: '2026-05-01 09:30:00',
          departure_airport: airport,
          arrival_airport: airport,
          aviacompany: { id: 1, name: 'Аэрофлот', code: 'SU' },
        },
      ]),
    );
    await expect(searchFlights('12', {}, new AbortController().signal)).rejects.toMatchObject({
      message: CLIENT_MESSAGES.badAnswer,
    });
    expect(log.mock.calls[0][0]).toContain('/flights');
  });

  it('refuses a delay whose plan time has no seconds', async () => {
    logged();
    stubFetch(() =>
      json(200, [
        {
          id: 1,
          flight_id: 2,
          flight_number: 'SU 1234',
          direction: 1,
          plan_at: '2026-03-10 10:00',
          number_code: '11',
          letter_code: 'PD',
          transcript: 'Поздняя регистрация',
          minutes: 15,
          employee: null,
          version: '1543',
        },
      ]),
    );
    await expect(loadDayDelays('2026-03-10')).rejects.toMatchObject({ message: CLIENT_MESSAGES.badAnswer });
  });
});
