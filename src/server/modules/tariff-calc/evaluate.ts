/**
 * The billable result of a calc on one turnaround, as a pure function of what the service loaded: the raw quantity
 * (Duration minutes, Operations count, Indicators value), then units, coeff, rounding, accuracy and the minimum
 * amount in the order the two sequence toggles set. The semantics are written in docs/DECISIONS.md
 * ("Tariff calcs (issue 9)") and in the route's description; every number here is checked by hand in
 * `evaluate.test.ts`. The chain of steps is in `chain.ts`, the pairing of Duration tasks in `duration.ts`.
 */
import { CALC_SOURCE, CALC_TYPE, type CalcStep, GROUP_TYPE, JOB_PARAM } from '../../../shared/tariff-calc.ts';
import { applyChain, clean, rawLabel, unitsOf } from './chain.ts';
import { measureEntry, taskTime } from './duration.ts';

interface Named {
  id: number;
  name: string;
}

export interface EvalLeg {
  id: number;
  /** 1 departure, 2 arrival. */
  direction: 1 | 2;
  flightNumber: string;
  planAt: Date;
  passengers: number;
  baggageWeight: number | null;
  cargoWeight: number | null;
  mailWeight: number | null;
}

export interface EvalTask {
  id: number;
  flightId: number;
  job: Named;
  planBegin: Date;
  planEnd: Date;
  factBegin: Date | null;
  factEnd: Date | null;
  positionIds: number[];
  resourceTypeIds: number[];
  resourceIds: number[];
}

export interface EvalEntry {
  startJob: Named;
  startParam: number | null;
  endJob: Named | null;
  endParam: number | null;
  indicator: { id: number; name: string } | null;
}

export interface EvalCalc {
  calcTypeId: number;
  source: number;
  format: { id: number; name: string; name_full: string };
  roundingId: number;
  roundingName: string;
  accuracy: number | null;
  coeff: number | null;
  minimumAmount: number | null;
  groupType: number | null;
  isRoundingFirst: boolean;
  isAccuracyFirst: boolean;
  isUsingPlanTime: boolean;
  directions: number[];
  serviceMapTypes: number[];
  entries: EvalEntry[];
  positionIds: number[];
  resourceTypeIds: number[];
  resourceIds: number[];
}

export interface EvalInput {
  calc: EvalCalc;
  legs: EvalLeg[];
  tasks: EvalTask[];
}

export interface EvalEntryResult {
  startJob: Named;
  startParam: number | null;
  endJob: Named | null;
  endParam: number | null;
  from: Date | null;
  to: Date | null;
  minutes: number | null;
  note: string | null;
}

export interface EvalResult {
  tasks: { task: EvalTask; begin: Date; end: Date; plan: boolean }[];
  entries: EvalEntryResult[];
  raw: number | null;
  rawUnit: string;
  steps: CalcStep[];
  result: number | null;
  notes: string[];
}

/** Which indicators the flight record carries, by the indicator's name; the demo records no other values. */
const FLIGHT_INDICATORS: Record<string, (leg: EvalLeg) => number | null> = {
  'Количество пассажиров': (leg) => leg.passengers,
  'Вес багажа': (leg) => leg.baggageWeight,
  'Вес груза': (leg) => leg.cargoWeight,
  'Вес почты': (leg) => leg.mailWeight,
};

/** The turnaround's kind for service map types: 3 both legs, else the one leg's direction. */
function mapTypeOf(legs: EvalLeg[]): number {
  return legs.length === 2 ? 3 : (legs[0]?.direction ?? 0);
}

const MAP_TYPE_NAMES: Record<number, string> = { 1: 'вылет', 2: 'прилёт', 3: 'оборот' };

/**
 * Evaluates a calc on one turnaround. Tasks count when their leg's direction is one of the calc's directions and
 * they pass the check block (a position, resource type or resource of the calc, when it names any).
 * Example: Duration «Подача трапа» start → «Подача трапа» end, fact 10:00–10:12 → raw 12 min.
 */
export function evaluateCalc({ calc, legs, tasks }: EvalInput): EvalResult {
  const notes: string[] = [];
  const legById = new Map(legs.map((leg) => [leg.id, leg]));
  const mapType = mapTypeOf(legs);
  const fits = (task: EvalTask) => {
    const leg = legById.get(task.flightId);
    if (!leg || !calc.directions.includes(leg.direction)) return false;
    if (calc.positionIds.length && !task.positionIds.some((id) => calc.positionIds.includes(id)))
      return false;
    if (calc.resourceTypeIds.length && !task.resourceTypeIds.some((id) => calc.resourceTypeIds.includes(id)))
      return false;
    if (calc.resourceIds.length && !task.resourceIds.some((id) => calc.resourceIds.includes(id)))
      return false;
    return true;
  };
  const eligible = tasks.filter(fits);
  const rawUnit =
    calc.calcTypeId === CALC_TYPE.duration
      ? 'мин'
      : calc.calcTypeId === CALC_TYPE.operations
        ? 'шт'
        : 'значение';
  const empty = (note: string): EvalResult => ({
    tasks: [],
    entries: [],
    raw: 0,
    rawUnit,
    steps: [],
    result: 0,
    notes: [...notes, note],
  });
  if (calc.serviceMapTypes.length && !calc.serviceMapTypes.includes(mapType))
    return empty(
      `Тип обслуживания рейса (${MAP_TYPE_NAMES[mapType] ?? '—'}) не входит в расчёт: услуга не начисляется`,
    );

  if (calc.source !== CALC_SOURCE.job) {
    const what = calc.source === CALC_SOURCE.med ? 'медицинских' : 'VIP-';
    return {
      ...empty(''),
      raw: null,
      result: null,
      notes: [
        `В демо-аэропорту не ведётся учёт оказанных ${what}услуг по рейсам: количество операций неизвестно`,
      ],
    };
  }

  const matched = new Map<number, { task: EvalTask; begin: Date; end: Date; plan: boolean }>();
  const show = (task: EvalTask) => {
    const begin = taskTime(task, JOB_PARAM.start, calc.isUsingPlanTime);
    const end = taskTime(task, JOB_PARAM.end, calc.isUsingPlanTime);
    matched.set(task.id, { task, begin: begin.at, end: end.at, plan: begin.plan });
  };
  const ofJob = (jobId: number) => eligible.filter((task) => task.job.id === jobId);

  let items: number[] = [];
  let raw: number | null = null;
  const entries: EvalEntryResult[] = [];

  if (calc.calcTypeId === CALC_TYPE.duration) {
    for (const entry of calc.entries) {
      const measured = measureEntry(
        entry,
        ofJob(entry.startJob.id),
        ofJob(entry.endJob?.id ?? -1),
        calc.isUsingPlanTime,
      );
      for (const task of measured.used) show(task);
      entries.push(...measured.results);
    }
    const minutes = entries.flatMap((entry) => (entry.minutes === null ? [] : [entry.minutes]));
    items = minutes;
    raw = minutes.reduce((sum, value) => sum + value, 0);
  } else if (calc.calcTypeId === CALC_TYPE.operations) {
    const jobIds = new Set(calc.entries.map((entry) => entry.startJob.id));
    const done = eligible.filter((task) => jobIds.has(task.job.id));
    for (const task of done) show(task);
    items = done.map(() => 1);
    raw = done.length;
  } else {
    let known = 0;
    for (const entry of calc.entries) {
      const read = entry.indicator ? FLIGHT_INDICATORS[entry.indicator.name] : undefined;
      const jobTasks = ofJob(entry.startJob.id);
      for (const task of jobTasks) show(task);
      if (!read) {
        notes.push(
          `Значения показателя «${entry.indicator?.name ?? '—'}» работы «${entry.startJob.name}» в демо-аэропорту не записываются`,
        );
        continue;
      }
      // The figure belongs to the leg, not to the task: a job done in two tasks on one leg (two buses boarding)
      // still reads that leg's passengers once.
      for (const flightId of new Set(jobTasks.map((task) => task.flightId))) {
        const value = read(legById.get(flightId) as EvalLeg);
        if (value === null) continue;
        items.push(value);
        known += 1;
      }
    }
    raw = known > 0 ? clean(items.reduce((sum, value) => sum + value, 0)) : null;
    if (raw === null && notes.length === 0) notes.push('Работы с показателями на этом рейсе не выполнялись');
  }

  if (raw === null)
    return { tasks: [...matched.values()], entries, raw: null, rawUnit, steps: [], result: null, notes };

  const steps: CalcStep[] = [{ kind: 'raw', label: rawLabel(calc.calcTypeId), before: raw, after: raw }];
  const toUnits = unitsOf(calc);
  if (toUnits.note) notes.push(toUnits.note);
  let result: number;
  if (calc.groupType === GROUP_TYPE.fixed && items.length > 0) {
    result = 0;
    items.forEach((item, i) => {
      const inUnits = clean(item / toUnits.divisor);
      const prefix = `№${i + 1}: `;
      if (toUnits.divisor !== 1)
        steps.push({ kind: 'units', label: `${prefix}${toUnits.label}`, before: item, after: inUnits });
      const chain = applyChain(inUnits, calc, prefix);
      steps.push(...chain.steps);
      result = clean(result + chain.result);
    });
    notes.push(
      'Группировка «фиксированное количество»: каждая позиция считается отдельно, результаты складываются',
    );
  } else {
    const inUnits = clean(raw / toUnits.divisor);
    if (toUnits.divisor !== 1)
      steps.push({ kind: 'units', label: toUnits.label, before: raw, after: inUnits });
    const chain = applyChain(inUnits, calc);
    steps.push(...chain.steps);
    result = chain.result;
  }
  if (raw === 0) notes.push('Услуга на рейсе не оказана: минимальное значение не применяется');
  return { tasks: [...matched.values()], entries, raw, rawUnit, steps, result, notes };
}
