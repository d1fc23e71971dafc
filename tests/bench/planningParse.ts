import { mulberry32 as prng } from '../../src/server/demo/random.ts';
import { type PlanningFlight, planningFlightsSchema } from '../../src/shared/staff-planning.ts';
import { buildPlanning, createPlanningCore } from '../../src/workers/planningData.ts';
import { median, report } from './stats.ts';

const RUNS = 5;
const POSITIONS = ['Грузчик', 'Агент по регистрации', 'Водитель тягача', 'Уборщик', 'Техник', 'Диспетчер'];
const RESOURCES = ['Тягач', 'Трап', 'Автобус', 'Погрузчик'];
const JOBS = [
  'Погрузка багажа',
  'Выгрузка багажа',
  'Уборка салона',
  'Буксировка',
  'Посадка',
  'Регистрация',
  'ТО',
];

const wall = (minute: number) => {
  const date = new Date(Date.UTC(2026, 10, 25) + minute * 60_000).toISOString();
  return `${date.slice(0, 10)} ${date.slice(11, 19)}`;
};

/**
 * A month of `GET /planning/flight` as the demo airport answers it, `flights` flights with 6–8 tasks each (the demo
 * has ~6.7): scale 1 is ~10,700 flights and ~72,000 tasks, scale 4 (a big hub) ~42,700 and ~290,000.
 */
function syntheticMonth(flights: number, seed = 7): PlanningFlight[] {
  const random = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: flights }, (_, i) => {
    const at = Math.floor((i / flights) * 31 * 1440);
    const tasks = 6 + Math.floor(random() * 3);
    return {
      id: 100_000 + i,
      aid: 50_000 + (i >> 1),
      direction: 1 + (i % 2),
      begin: wall(at - 60),
      end: wall(at + 60),
      flightNumber: `SU${1000 + (i % 9000)}`,
      flightTypeId: 1,
      flight_schedule_id: 1 + (i % 3),
      flight_status: ['Подтверждён'],
      route: `KZN – ${pick(['SVO', 'LED', 'AER', 'DME', 'OVB'])}`,
      aircraft_type: pick(['A320', 'B737', 'SSJ100', 'A321']),
      tgo: null,
      is_conflict: random() < 0.05 ? 1 : 0,
      passengers: Math.floor(random() * 180),
      flight_url: `/flight/view/${100_000 + i}`,
      season_flight_url: null,
      season_flight_request_url: null,
      tasks: Array.from({ length: tasks }, (_, t) => {
        const start = at - 60 + Math.floor(random() * 100);
        const count = 1 + Math.floor(random() * 3);
        return {
          id: 1_000_000 + i * 10 + t,
          begin: wall(start),
          end: wall(start + 10 + Math.floor(random() * 50)),
          name: pick(JOBS),
          count,
          taskEmployee: Array.from({ length: Math.floor(random() * (count + 1)) }, (_, k) => 500 + k),
          resources: random() < 0.5 ? [{ id: 1 + (t % 4), resourceTypeName: RESOURCES[t % 4] }] : [],
          employee_positions: [{ id: 1 + (t % 6), employeePositionName: POSITIONS[t % 6], count }],
        };
      }),
    };
  });
}

/**
 * The staff-planning worker's load of a month's answer (UTF-8 bytes → bars and rows: decode, JSON.parse, the
 * contract check, the build), at the demo's size and at four times it (a big hub), against the same with the
 * contract checked by zod's parse, as the worker did before its own check (zod copies every object).
 */
export async function benchPlanningParse(): Promise<void> {
  for (const [label, flights] of [
    ['scale 1', 10_700],
    ['scale 4', 42_700],
  ] as const) {
    const answer = syntheticMonth(flights);
    const bytes = new TextEncoder().encode(JSON.stringify(answer));
    const tasks = answer.reduce((sum, flight) => sum + flight.tasks.length, 0);
    const now: number[] = [];
    const before: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const core = createPlanningCore();
      let started = performance.now();
      core.load(bytes.slice().buffer);
      now.push(performance.now() - started);
      started = performance.now();
      const parsed = planningFlightsSchema.parse(JSON.parse(new TextDecoder().decode(bytes.slice().buffer)));
      buildPlanning(parsed);
      before.push(performance.now() - started);
    }
    const name = `planning worker load, a month at ${label} (${tasks.toLocaleString('en')} tasks, ${(bytes.length / 1e6).toFixed(0)} MB)`;
    report({ name, value: median(now), unit: 'ms' });
    report({ name: `${name}, zod's parse instead of the check`, value: median(before), unit: 'ms' });
  }
}
