/**
 * Duration entries: which time of a task an entry reads (start or end, plan or fact), and how the start job's and the
 * end job's tasks of a turnaround pair into measured spans. Pure.
 */
import { JOB_PARAM } from '../../../shared/tariff-calc.ts';
import type { EvalEntry, EvalEntryResult, EvalTask } from './evaluate.ts';

const MS_PER_MINUTE = 60_000;

/** The time of a task a job entry reads: its start (param 1) or end (param 2), plan or fact. */
export function taskTime(task: EvalTask, param: number | null, plan: boolean): { at: Date; plan: boolean } {
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

/**
 * One Duration entry: on each leg where both jobs were done, from the start job's task to the end job's task on
 * that leg; when no leg has both (an arrival job to a departure job), from the earliest start-job task to the
 * latest end-job task of the turnaround.
 */
export function measureEntry(
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
