/** The vacation planner machine against a fake server, for its tests (vacationPlanner*.test.ts). */
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { VacationLoad, VacationQuery } from '../app/vacation/api.ts';
import { daysBetween, type VacationAnswer, type VacationPlanEntry } from '../shared/planning-calc.ts';
import { vacationPlannerMachine } from './vacationPlanner.ts';

const DAYS = daysBetween('2026-03-09', '2026-03-15');
const STAFF = [
  { id: 1, name: 'Иванов И. И.' },
  { id: 2, name: 'Петров П. П.' },
];

/** A fake server: stored plans plus the what-if, 3 days allowed, one person needed every day. */
export function serverAnswer(stored: Record<number, string[]>, plan: VacationPlanEntry[]): VacationAnswer {
  const plans = { ...stored };
  for (const entry of plan) plans[entry.employee_id] = entry.dates;
  return {
    calc: { id: 5, name: 'Март', begin: DAYS[0], end: DAYS.at(-1) as string },
    total_left: 3,
    employees: STAFF.map((row) => ({
      ...row,
      position: 'Грузчик',
      planDates: plans[row.id] ?? [],
      vacation_left: 3 - (plans[row.id] ?? []).length,
    })),
    employeeProfit: DAYS.map((date) => {
      const available = STAFF.filter((row) => !(plans[row.id] ?? []).includes(date)).length;
      return { date, available, required: 1, profit: available - 1 };
    }),
  };
}

interface FakeOptions {
  failSave?: boolean;
  /** Holds every load after the first until `release`. */
  hold?: boolean;
  /** Holds every load and save, the first load too, until `settle`. */
  gate?: boolean;
  /** Loads that fail before the fake answers. */
  failLoads?: number;
  /** The status of those failures (503 by default; 404: the calculation is gone). */
  failStatus?: number;
  /** The whole staff reached the server's limit. */
  capped?: boolean;
  /** Answers sorted by days left, most first (ties by id), as the server's default sort. */
  sortByLeft?: boolean;
  /** The user may not save plans (no `strategic-planning-index`, no `calc-update`). */
  viewOnly?: boolean;
}

export function start(options: FakeOptions = {}) {
  const stored: Record<number, string[]> = {};
  const calls = {
    loads: [] as VacationQuery[],
    signals: [] as AbortSignal[],
    saves: [] as VacationPlanEntry[][],
  };
  let release: () => void = () => undefined;
  const held: (() => void)[] = [];
  const gate = () => (options.gate ? new Promise<void>((resolve) => held.push(resolve)) : undefined);
  const logic = vacationPlannerMachine.provide({
    actors: {
      loadVacation: fromPromise(
        async ({ input, signal }: { input: VacationQuery; signal: AbortSignal }): Promise<VacationLoad> => {
          calls.loads.push(input);
          calls.signals.push(signal);
          if (options.hold && calls.loads.length > 1)
            await new Promise<void>((resolve) => (release = resolve));
          await gate();
          if (calls.loads.length <= (options.failLoads ?? 0))
            throw new ApiError('Нет связи', {}, options.failStatus ?? 503);
          const answer = serverAnswer(stored, input.plan);
          if (options.sortByLeft)
            answer.employees.sort((a, b) => b.vacation_left - a.vacation_left || a.id - b.id);
          return {
            answer,
            staffCapped: input.employee ? null : (options.capped ?? false),
          };
        },
      ),
      saveVacation: fromPromise(
        async ({ input }: { input: { calcId: number; plan: VacationPlanEntry[] } }) => {
          calls.saves.push(input.plan);
          await gate();
          if (options.failSave)
            throw new ApiError('Проверьте', { 'vacation_plan.0.dates': ['Дата вне периода'] }, 422);
          for (const entry of input.plan) stored[entry.employee_id] = entry.dates;
          return { saved: input.plan.length };
        },
      ),
    },
  });
  const actor = createActor(logic, { input: { calcId: 5, canPlan: !options.viewOnly } }).start();
  /** Lets every held request answer. */
  const settle = () => {
    for (const open of held.splice(0)) open();
  };
  return { actor, calls, release: () => release(), settle };
}

type Actor = ReturnType<typeof start>['actor'];
export const ready = (actor: Actor) => waitFor(actor, (s) => s.matches('ready'));
export const profit = (actor: Actor, date: string) =>
  actor.getSnapshot().context.answer?.employeeProfit.find((day) => day.date === date)?.profit;
