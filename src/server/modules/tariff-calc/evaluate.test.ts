/** The pure evaluation: every expected number below is worked out by hand in the comment beside it. */
import { describe, expect, it } from 'vitest';
import { applyChain, ROUNDING, roundBy } from './chain.ts';
import { type EvalCalc, type EvalLeg, type EvalTask, evaluateCalc } from './evaluate.ts';

const at = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00Z`);
const ARR: EvalLeg = {
  id: 1,
  direction: 2,
  flightNumber: 'SU 1',
  planAt: at('10:00'),
  passengers: 120,
  baggageWeight: 1500.5,
  cargoWeight: null,
  mailWeight: 30,
};
const DEP: EvalLeg = {
  ...ARR,
  id: 2,
  direction: 1,
  flightNumber: 'SU 2',
  planAt: at('11:30'),
  passengers: 98,
};
const STEPS = { id: 2, name: 'Подача трапа' };
const TOW = { id: 18, name: 'Буксировка' };
const MEET = { id: 1, name: 'Встреча воздушного судна' };

function task(
  id: number,
  flightId: number,
  job: { id: number; name: string },
  plan: [string, string],
  fact?: [string, string],
): EvalTask {
  return {
    id,
    flightId,
    job,
    planBegin: at(plan[0]),
    planEnd: at(plan[1]),
    factBegin: fact ? at(fact[0]) : null,
    factEnd: fact ? at(fact[1]) : null,
    positionIds: [id === 3 ? 7 : 5],
    resourceTypeIds: [],
    resourceIds: [],
  };
}

const TASKS = [
  task(1, 1, MEET, ['09:50', '10:05'], ['09:55', '10:08']),
  task(2, 1, STEPS, ['10:00', '10:10'], ['10:02', '10:14']),
  task(3, 2, STEPS, ['11:00', '11:10'], ['11:01', '11:09']),
  task(4, 2, TOW, ['11:25', '11:35']),
];

const BASE: EvalCalc = {
  calcTypeId: 1,
  source: 1,
  format: { id: 1, name: 'мин', name_full: 'Минуты' },
  roundingId: ROUNDING.none,
  roundingName: 'Без округления',
  accuracy: null,
  coeff: null,
  minimumAmount: null,
  groupType: 1,
  isRoundingFirst: true,
  isAccuracyFirst: true,
  isUsingPlanTime: false,
  directions: [1, 2],
  serviceMapTypes: [],
  entries: [],
  positionIds: [],
  resourceTypeIds: [],
  resourceIds: [],
};
const run = (calc: Partial<EvalCalc>) =>
  evaluateCalc({ calc: { ...BASE, ...calc }, legs: [ARR, DEP], tasks: TASKS });

describe('rounding', () => {
  it('rounds up, down and half away from zero to the given places', () => {
    expect(roundBy(0.7834, ROUNDING.up, 0)).toBe(1);
    expect(roundBy(2.5, ROUNDING.down, 0)).toBe(2);
    expect(roundBy(2.5, ROUNDING.math, 0)).toBe(3);
    expect(roundBy(1.15, ROUNDING.math, 1)).toBe(1.2);
    // Any accuracy the form accepts (up to 9,999,999,999 places) rounds to the 12 places `clean` keeps.
    expect(roundBy(1.23456, ROUNDING.math, 400)).toBe(1.23456);
    expect(roundBy(0, ROUNDING.math, 9_999_999_999)).toBe(0);
    expect(roundBy(2 / 3, ROUNDING.up, 1e9)).toBe(0.666666666667);
    // 0.1 × 3 is 0.30000000000000004 in binary: rounding up to 1 place must still give 0.3.
    expect(roundBy(0.1 * 3, ROUNDING.up, 1)).toBe(0.3);
  });
});

describe('the chain of coeff, rounding, accuracy and minimum', () => {
  const params = {
    roundingId: ROUNDING.up,
    roundingName: 'Округление в большую сторону',
    accuracy: 1,
    coeff: 1.15,
    minimumAmount: null,
    isRoundingFirst: true,
    isAccuracyFirst: false,
  };

  it('rounds before the coeff and keeps the accuracy after it when the toggles say so', () => {
    // 0.7834 up → 1; × 1.15 → 1.15; 1 place → 1.2.
    const { steps, result } = applyChain(0.7834, params);
    expect(steps.map((s) => [s.kind, s.after])).toEqual([
      ['rounding', 1],
      ['coeff', 1.15],
      ['accuracy', 1.2],
    ]);
    expect(result).toBe(1.2);
  });

  it('applies the coeff first when both toggles are off', () => {
    // 0.7834 × 1.15 = 0.90091 → up → 1 → 1 place → 1.
    const { result, steps } = applyChain(0.7834, { ...params, isRoundingFirst: false });
    expect(steps.map((s) => s.kind)).toEqual(['coeff', 'rounding', 'accuracy']);
    expect(result).toBe(1);
  });

  it('skips rounding and accuracy when the rounding id is 1, and raises to the minimum last', () => {
    // 0.5 × 1.15 = 0.575 < minimum 2 → 2.
    const { result, steps } = applyChain(0.5, { ...params, roundingId: ROUNDING.none, minimumAmount: 2 });
    expect(steps.map((s) => s.kind)).toEqual(['coeff', 'minimum']);
    expect(result).toBe(2);
  });

  it('bills no minimum for a service not rendered', () => {
    expect(applyChain(0, { ...params, minimumAmount: 2 }).result).toBe(0);
  });
});

describe('Duration', () => {
  it('measures each leg where both jobs were done, on fact times', () => {
    // Steps start → steps end: arrival 10:02–10:14 = 12, departure 11:01–11:09 = 8; total 20 min.
    const result = run({
      entries: [{ startJob: STEPS, startParam: 1, endJob: STEPS, endParam: 2, indicator: null }],
    });
    expect(result.entries.map((e) => e.minutes)).toEqual([12, 8]);
    expect(result.raw).toBe(20);
    expect(result.result).toBe(20);
  });

  it('crosses the turnaround from an arrival job to a departure job, plan time for a task without fact', () => {
    // Meeting start (fact 09:55) → towing end (no fact: plan 11:35) = 100 min = 1.6667 h → up → 2 h.
    const result = run({
      format: { id: 2, name: 'ч', name_full: 'Часы' },
      roundingId: ROUNDING.up,
      roundingName: 'Вверх',
      entries: [{ startJob: MEET, startParam: 1, endJob: TOW, endParam: 2, indicator: null }],
    });
    expect(result.raw).toBe(100);
    expect(result.steps.map((s) => [s.kind, s.after])).toEqual([
      ['raw', 100],
      ['units', 1.66666666667],
      ['rounding', 2],
    ]);
    expect(result.result).toBe(2);
    expect(result.entries[0].note).toContain('по плану');
  });

  it('reads plan times when the calc says so', () => {
    // Arrival steps plan 10:00–10:10 = 10, departure 11:00–11:10 = 10.
    const result = run({
      isUsingPlanTime: true,
      entries: [{ startJob: STEPS, startParam: 1, endJob: STEPS, endParam: 2, indicator: null }],
    });
    expect(result.raw).toBe(20);
  });

  it('rounds each entry on its own under fixed quantity', () => {
    // 12 min → 0.2 h → up → 1; 8 min → 0.1333 h → up → 1; sum 2 (the total 20 min would give 1).
    const result = run({
      format: { id: 2, name: 'ч', name_full: 'Часы' },
      roundingId: ROUNDING.up,
      roundingName: 'Вверх',
      groupType: 2,
      entries: [{ startJob: STEPS, startParam: 1, endJob: STEPS, endParam: 2, indicator: null }],
    });
    expect(result.result).toBe(2);
  });
});

describe('Operations', () => {
  it('counts the tasks of the chosen jobs on the chosen directions and check block', () => {
    const entries = [{ startJob: STEPS, startParam: null, endJob: null, endParam: null, indicator: null }];
    expect(run({ calcTypeId: 2, entries }).raw).toBe(2);
    expect(run({ calcTypeId: 2, entries, directions: [2] }).raw).toBe(1);
    // Only task 3 needs position 7.
    expect(run({ calcTypeId: 2, entries, positionIds: [7] }).tasks.map((t) => t.task.id)).toEqual([3]);
    // 2 × coeff 1.5 = 3, minimum 5 → 5.
    expect(run({ calcTypeId: 2, entries, coeff: 1.5, minimumAmount: 5 }).result).toBe(5);
  });

  it('answers nothing billable when the turnaround kind is not one of the service map types', () => {
    const entries = [{ startJob: STEPS, startParam: null, endJob: null, endParam: null, indicator: null }];
    const result = run({ calcTypeId: 2, entries, serviceMapTypes: [1] });
    expect(result.result).toBe(0);
    expect(result.notes[0]).toContain('оборот');
  });

  it('says honestly that medical services are not recorded per flight', () => {
    const result = run({ calcTypeId: 2, source: 2 });
    expect(result.raw).toBeNull();
    expect(result.result).toBeNull();
  });
});

/** One Indicators entry: the passengers of the legs where the steps were done. */
const PASSENGERS_AT_STEPS = [
  {
    startJob: STEPS,
    startParam: null,
    endJob: null,
    endParam: null,
    indicator: { id: 9, name: 'Количество пассажиров' },
  },
];

describe('Indicators', () => {
  it('reads passengers from the legs where the job was done', () => {
    // Steps on both legs: 120 + 98 passengers = 218.
    const entries = PASSENGERS_AT_STEPS;
    expect(run({ calcTypeId: 3, entries }).raw).toBe(218);
  });

  it('reads a leg once when its job was done in two tasks there', () => {
    // Steps twice on the arrival (two stairs) and once on the departure: still 120 + 98 = 218, not 338; group type 2
    // bills each leg once: 120 and 98.
    const tasks = [...TASKS, task(5, 1, STEPS, ['10:05', '10:15'], ['10:06', '10:16'])];
    const entries = PASSENGERS_AT_STEPS;
    const total = evaluateCalc({ calc: { ...BASE, calcTypeId: 3, entries }, legs: [ARR, DEP], tasks });
    expect(total.raw).toBe(218);
    expect(total.result).toBe(218);
    const fixed = evaluateCalc({
      calc: { ...BASE, calcTypeId: 3, entries, groupType: 2, minimumAmount: 100 },
      legs: [ARR, DEP],
      tasks,
    });
    // 120 stays, 98 is lifted to the minimum 100: 220.
    expect(fixed.result).toBe(220);
  });

  it('answers null with a note for an indicator the demo does not record', () => {
    const entries = [
      {
        startJob: STEPS,
        startParam: null,
        endJob: null,
        endParam: null,
        indicator: { id: 1, name: 'Количество трапов' },
      },
    ];
    const result = run({ calcTypeId: 3, entries });
    expect(result.raw).toBeNull();
    expect(result.notes[0]).toContain('не записываются');
  });
});
