import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanningFlight, planningFlightsSchema } from '../shared/staff-planning.ts';
import { isPlanningAnswer } from './planningCheck.ts';

/** A valid flight of the contract with two tasks: one with a resource and a position, one with neither. */
function flight(id: number): PlanningFlight {
  return {
    id,
    aid: id + 1,
    direction: 1,
    begin: '2026-03-10 10:00:00',
    end: '2026-03-10 11:00:00',
    flightNumber: `SU${id}`,
    flightTypeId: 1,
    flight_schedule_id: 2,
    flight_status: ['Подтверждён'],
    route: 'KZN – SVO',
    aircraft_type: 'A320',
    tgo: null,
    is_conflict: 0,
    passengers: 120,
    flight_url: `/flight/view/${id}`,
    season_flight_url: null,
    season_flight_request_url: '/season/1',
    tasks: [
      {
        id: id * 100,
        begin: '2026-03-10 10:00:00',
        end: '2026-03-10 10:30:00',
        name: 'Погрузка',
        count: 2,
        taskEmployee: [5, 6],
        resources: [{ id: 3, resourceTypeName: 'Тягач' }],
        employee_positions: [{ id: 7, employeePositionName: 'Грузчик', count: 2 }],
      },
      {
        id: id * 100 + 1,
        begin: '2026-03-10 10:30:00',
        end: '2026-03-10 11:00:00',
        name: 'Уборка',
        count: 0,
        taskEmployee: [],
        resources: [],
        employee_positions: [],
      },
    ],
  };
}

/** Every path to a value inside `value` (object keys and array indexes), the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
}

/** A deep copy of `root` with the value at `path` replaced, or removed when `replacement` is the REMOVE mark. */
const REMOVE = Symbol('remove');
function withValue(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}

const answer = [flight(1), flight(2)];
const paths = pathsOf(answer);
/** Values that break one rule or another: wrong types, fractions, unsafe integers, near-miss datetimes. */
const oddValues = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    1.5,
    2 ** 53,
    -(2 ** 53),
    '',
    '2026-03-10 10:00',
    '2026-02-29 10:00:00',
    '2026-03-10T10:00:00',
    '2026-03-10 24:00:00',
    '2026-03-10 10:00:00 ',
    [],
    {},
    null,
    REMOVE,
  ),
);

describe('isPlanningAnswer', () => {
  it('accepts valid answers, an empty one and one with keys outside the contract', () => {
    expect(isPlanningAnswer([])).toBe(true);
    expect(isPlanningAnswer(answer)).toBe(true);
    expect(isPlanningAnswer([{ ...flight(3), extra: 1 }])).toBe(true);
  });

  it('rejects what is not a list of flights', () => {
    for (const value of [null, {}, 'x', 1, [null], [[]], [{ id: 1 }]])
      expect(isPlanningAnswer(value)).toBe(false);
  });

  it('says what the schema says when any one value of a valid answer is replaced or removed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...paths), oddValues, (path, value) => {
        const changed = withValue(answer, path, value);
        expect(isPlanningAnswer(changed)).toBe(planningFlightsSchema.safeParse(changed).success);
      }),
      { numRuns: 3000 },
    );
  });
});
