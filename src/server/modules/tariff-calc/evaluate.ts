/**
 * The billable result of a calc on one turnaround, as a pure function of what the service loaded: the raw quantity
 * (Duration minutes, Operations count, Indicators value), then units, coeff, rounding, accuracy and the minimum
 * amount in the order the two sequence toggles set. The semantics are written in docs/DECISIONS.md
 * ("Tariff calcs (issue 9)") and in the route's description; every number here is checked by hand in
 * `evaluate.test.ts`.
 */
import {
  CALC_SOURCE,
  CALC_TYPE,
  type CalcStep,
  GROUP_TYPE,
  JOB_PARAM,
  NO_ROUNDING_ID,
} from '../../../shared/tariff-calc.ts';

/** Rounding ids of the reference list: 1 none, 2 up, 3 down, 4 half away from zero (mathematical). */
export const ROUNDING = { none: NO_ROUNDING_ID, up: 2, down: 3, math: 4 } as const;

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

interface EvalEntry {
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

interface EvalEntryResult {
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

/** Decimal text of a number for Russian labels: `ru(1.5)` → '1,5'. */
const ru = (value: number) => new Intl.NumberFormat('ru', { maximumFractionDigits: 6 }).format(value);

/** Removes binary noise before rounding: `clean(0.1 * 3)` → 0.3, so rounding up to 1 place gives 0.3, not 0.4. */
const clean = (value: number) => Number(value.toPrecision(12));

/**
 * Rounds by the mode to the given decimal places (away from zero for `math`).
 * Example: `roundBy(0.7834, ROUNDING.up, 0)` → 1; `roundBy(1.15, ROUNDING.math, 1)` → 1.2; `roundBy(2.5, 3, 0)` → 2.
 */
export function roundBy(value: number, mode: number, places: number): number {
  const factor = 10 ** places;
  const scaled = clean(value * factor);
  let rounded: number;
  if (mode === ROUNDING.up) rounded = Math.ceil(scaled);
  else if (mode === ROUNDING.down) rounded = Math.floor(scaled);
  else rounded = Math.sign(scaled) * Math.round(Math.abs(scaled));
  return clean(rounded / factor);
}

/** The chain's parameters: a subset of the calc. */
export type ChainParams = Pick<
  EvalCalc,
  | 'roundingId'
  | 'roundingName'
  | 'accuracy'
  | 'coeff'
  | 'minimumAmount'
  | 'isRoundingFirst'
  | 'isAccuracyFirst'
>;

/**
 * Coeff, rounding, accuracy and the minimum amount applied to a quantity in the calc's units.
 * Rounding (ids 2 up, 3 down, 4 mathematical) makes whole units; accuracy keeps that many decimal places
 * (mathematically); both are skipped when the rounding id is 1. Each stands before the coeff when its toggle is on
 * (rounding first when both are), after it otherwise. The minimum amount comes last and only for a quantity above
 * zero (a service not rendered is not billed).
 * Example: 0.7833 h, rounding up first, coeff 1.5, accuracy 1 after → 1 → 1.5 → 1.5.
 */
export function applyChain(
  quantity: number,
  params: ChainParams,
  prefix = '',
): { steps: CalcStep[]; result: number } {
  const steps: CalcStep[] = [];
  let value = quantity;
  const push = (kind: CalcStep['kind'], label: string, after: number) => {
    steps.push({ kind, label: prefix + label, before: value, after });
    value = after;
  };
  const rounds = params.roundingId !== ROUNDING.none;
  const places = params.accuracy === null ? null : Math.floor(params.accuracy);
  const rounding = () => {
    if (rounds)
      push(
        'rounding',
        `Округление: ${params.roundingName.toLowerCase()}, до целых`,
        roundBy(value, params.roundingId, 0),
      );
  };
  const accuracy = () => {
    if (rounds && places !== null)
      push('accuracy', `Точность: ${ru(places)} зн. после запятой`, roundBy(value, ROUNDING.math, places));
  };
  const coeff = () => {
    if (params.coeff !== null) push('coeff', `Коэффициент ${ru(params.coeff)}`, clean(value * params.coeff));
  };
  if (params.isRoundingFirst) rounding();
  if (params.isAccuracyFirst) accuracy();
  coeff();
  if (!params.isRoundingFirst) rounding();
  if (!params.isAccuracyFirst) accuracy();
  if (params.minimumAmount !== null && value > 0 && value < params.minimumAmount)
    push('minimum', `Минимальное значение ${ru(params.minimumAmount)}`, params.minimumAmount);
  return { steps, result: value };
}

const MS_PER_MINUTE = 60_000;

/** The time of a task a job entry reads: its start (param 1) or end (param 2), plan or fact. */
function taskTime(task: EvalTask, param: number | null, plan: boolean): { at: Date; plan: boolean } {
  const usePlan = plan || task.factBegin === null || task.factEnd === null;
  const at =
    param === JOB_PARAM.end
      ? usePlan
        ? task.planEnd
        : (task.factEnd as Date)
      : usePlan
        ? task.planBegin
        : (task.factBegin as Date);
  return { at, plan: usePlan };
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
      for (const task of jobTasks) {
        const value = read(legById.get(task.flightId) as EvalLeg);
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

function rawLabel(calcTypeId: number): string {
  if (calcTypeId === CALC_TYPE.duration) return 'Продолжительность, мин';
  if (calcTypeId === CALC_TYPE.operations) return 'Количество операций';
  return 'Значение показателя';
}

/** Duration minutes in the calc's format: hours divide by 60; minutes and every other unit keep minutes. */
function unitsOf(calc: EvalCalc): { divisor: number; label: string; note: string | null } {
  if (calc.calcTypeId !== CALC_TYPE.duration) return { divisor: 1, label: '', note: null };
  if (calc.format.name === 'ч') return { divisor: 60, label: 'Перевод в часы: ÷ 60', note: null };
  if (calc.format.name === 'мин') return { divisor: 1, label: '', note: null };
  return {
    divisor: 1,
    label: '',
    note: `Единица «${calc.format.name_full}» не единица времени: продолжительность считается в минутах`,
  };
}

/**
 * One Duration entry: on each leg where both jobs were done, from the start job's task to the end job's task on
 * that leg; when no leg has both (an arrival job to a departure job), from the earliest start-job task to the
 * latest end-job task of the turnaround.
 */
function measureEntry(
  entry: EvalEntry,
  starts: EvalTask[],
  ends: EvalTask[],
  plan: boolean,
): { used: EvalTask[]; results: EvalEntryResult[] } {
  const base = {
    startJob: entry.startJob,
    startParam: entry.startParam,
    endJob: entry.endJob,
    endParam: entry.endParam,
  };
  if (starts.length === 0 || ends.length === 0) {
    const missing = starts.length === 0 ? entry.startJob.name : (entry.endJob?.name ?? '—');
    return {
      used: [...starts, ...ends],
      results: [
        { ...base, from: null, to: null, minutes: null, note: `Работа «${missing}» на рейсе не выполнялась` },
      ],
    };
  }
  const byBegin = (a: EvalTask, b: EvalTask) => a.planBegin.getTime() - b.planBegin.getTime();
  const pairs: [EvalTask, EvalTask][] = [];
  for (const flightId of new Set(starts.map((task) => task.flightId))) {
    const start = starts.filter((task) => task.flightId === flightId).sort(byBegin)[0];
    const end = ends
      .filter((task) => task.flightId === flightId)
      .sort(byBegin)
      .at(-1);
    if (end) pairs.push([start, end]);
  }
  if (pairs.length === 0)
    pairs.push([[...starts].sort(byBegin)[0], [...ends].sort(byBegin).at(-1) as EvalTask]);
  const results = pairs.map(([start, end]): EvalEntryResult => {
    const from = taskTime(start, entry.startParam, plan);
    const to = taskTime(end, entry.endParam, plan);
    const span = (to.at.getTime() - from.at.getTime()) / MS_PER_MINUTE;
    const notes = [
      from.plan || to.plan
        ? plan
          ? 'плановое время'
          : 'фактического времени нет — по плану'
        : 'фактическое время',
    ];
    if (span < 0) notes.push('конец раньше начала — 0 мин');
    return { ...base, from: from.at, to: to.at, minutes: Math.max(0, span), note: notes.join('; ') };
  });
  return { used: pairs.flat(), results };
}
