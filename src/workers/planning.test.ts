import { describe, expect, it } from 'vitest';
import { createPlanningClient } from './planning.ts';

const ANSWER = [
  {
    id: 1,
    aid: null,
    direction: 2,
    begin: '2026-03-10 10:00:00',
    end: '2026-03-10 10:30:00',
    flightNumber: 'SU1',
    flightTypeId: 1,
    flight_schedule_id: 2,
    flight_status: [],
    route: 'SVO – KZN',
    aircraft_type: 'A320',
    tgo: null,
    is_conflict: 0,
    passengers: 100,
    flight_url: '/flight/view/1',
    season_flight_url: null,
    season_flight_request_url: null,
    tasks: [
      {
        id: 10,
        begin: '2026-03-10 10:00:00',
        end: '2026-03-10 10:30:00',
        name: 'Уборка',
        count: 1,
        taskEmployee: [],
        resources: [],
        employee_positions: [{ id: 4, employeePositionName: 'Уборщик', count: 1 }],
      },
    ],
  },
];

describe('when there is no Worker (tests, old browsers)', () => {
  it('parses the answer and counts demand on the main thread', async () => {
    expect(typeof Worker).toBe('undefined');
    const client = createPlanningClient();
    expect(client.path).toBe('main-thread');
    await expect(client.where()).resolves.toBe('main-thread');
    const set = await client.load(new TextEncoder().encode(JSON.stringify(ANSWER)).buffer as ArrayBuffer);
    expect(Array.from(set.kind)).toEqual([1]);
    const from = set.starts[0];
    const demand = await client.demand({ parameterType: 1, ids: [], from, step: 15, slots: 3 });
    expect(Array.from(demand?.total ?? [])).toEqual([1, 1, 0]);
    client.dispose();
  });
});
