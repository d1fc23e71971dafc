/**
 * The employee picker's rows (spec 2, DOMAIN "Team planning": accessible = holds the position, the skills the rule
 * demands, and is in no other team then): who may join and why not, judged as the save that follows judges him.
 * A rule row of the team form is judged by its accesses as they stand in the form (the team save checks those, not
 * the stored ones); a saved team's add and replace by its stored rules (check-employee-accessible, as add-employee
 * and replace-employee check).
 */
import { TEAM_MESSAGES } from '../../shared/team-planning.ts';
import {
  type Accessibility,
  type CandidateFilter,
  checkAccessible,
  loadCandidates,
  type RuleAccesses,
  type TeamCandidate,
} from './api.ts';

/** check-employee-accessible is asked for at most this many employees at once (it looks up each one's rule). */
const CHECK_LIMIT = 500;

/** Why an employee may not join, as check-employee-accessible words it. */
export const PICKER_REASONS = {
  busy: (team: string) => `Уже в бригаде «${team}» в это время`,
  lacksSkills: 'Нет навыков, которых требует правило должности',
  member: TEAM_MESSAGES.alreadyMember,
} as const;

/** One row of the picker: the employee, whether he may join, and why not. */
export interface PickerRow {
  candidate: TeamCandidate;
  accessible: boolean;
  reasons: string[];
}

/** Whom the picker fills: a rule row of the team form (with its accesses), or a saved team (with its members). */
export type PickerJudge =
  | { kind: 'rule'; accesses: RuleAccesses }
  | { kind: 'team'; members: readonly number[] };

/** Those who may join first, each group in the order given: a busy crew does not push the free out of sight. */
function availableFirst(rows: PickerRow[]): PickerRow[] {
  return [...rows].sort((a, b) => Number(!a.accessible) - Number(!b.accessible));
}

/**
 * The rows of a rule row's picker from everyone of its position and those of them whose skills give access to all the
 * rule demands (`v1.1/employee` with the rule's accesses): the team save takes exactly the skilled who are free.
 * The unskilled stay listed with the reason, so that a planner sees why someone is not available and can untick a
 * member whom a newly demanded access rules out. Example: everyone [Агеев, Белов], skilled [Белов] →
 * [Белов доступен, Агеев «Нет навыков…»].
 */
export function ruleRows(everyone: readonly TeamCandidate[], skilled: readonly TeamCandidate[]): PickerRow[] {
  const skilledIds = new Set(skilled.map((candidate) => candidate.id));
  const listed = new Set(everyone.map((candidate) => candidate.id));
  // Both lists stop at the server's limit in name order, so the skilled past everyone's limit come after it.
  const all = [...everyone, ...skilled.filter((candidate) => !listed.has(candidate.id))];
  return availableFirst(
    all.map((candidate) => {
      const reasons = candidate.busy_in.map(PICKER_REASONS.busy);
      if (!skilledIds.has(candidate.id)) reasons.push(PICKER_REASONS.lacksSkills);
      return { candidate, accessible: reasons.length === 0 && candidate.is_accessible !== false, reasons };
    }),
  );
}

/**
 * The rows of a saved team's picker: check-employee-accessible's verdicts (its stored rules), and its members taken.
 * Example: candidates [7, 8], both accessible, members [8] → [7 доступен, 8 «Сотрудник уже состоит в бригаде»].
 */
function teamRows(
  candidates: readonly TeamCandidate[],
  verdicts: readonly Accessibility[],
  members: readonly number[],
): PickerRow[] {
  const byId = new Map(verdicts.map((verdict) => [verdict.employee_id, verdict]));
  const taken = new Set(members);
  return availableFirst(
    candidates.map((candidate) => {
      const verdict = byId.get(candidate.id);
      const member = taken.has(candidate.id);
      const reasons = [...(member ? [PICKER_REASONS.member] : []), ...(verdict?.reasons ?? [])];
      return { candidate, accessible: !member && verdict?.is_accessible === true, reasons };
    }),
  );
}

/** The picker's rows for the filter (its accesses left to the judge), those who may join first. */
export async function loadPickerRows(
  filter: Omit<CandidateFilter, 'accesses'>,
  judge: PickerJudge,
  signal?: AbortSignal,
): Promise<PickerRow[]> {
  if (judge.kind === 'rule') {
    const demands = Object.values(judge.accesses).some((list) => list.length > 0);
    const [everyone, skilled] = await Promise.all([
      loadCandidates(filter, signal),
      demands ? loadCandidates({ ...filter, accesses: judge.accesses }, signal) : null,
    ]);
    return ruleRows(everyone, skilled ?? everyone);
  }
  const candidates = await loadCandidates(filter, signal);
  const verdicts: Accessibility[] = [];
  for (let at = 0; at < candidates.length; at += CHECK_LIMIT) {
    const ids = candidates.slice(at, at + CHECK_LIMIT).map((candidate) => candidate.id);
    verdicts.push(...(await checkAccessible(filter.period, ids, filter.teamId, signal)));
  }
  return teamRows(candidates, verdicts, judge.members);
}
