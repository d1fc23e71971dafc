/**
 * Giving a turnaround's tasks to a team (DOMAIN "Team planning"): each task needing one of the team's positions gets
 * members of that position, main members first, then those holding fewest tasks, never one holding an overlapping
 * task, never one whose skills do not allow the task. Pure: the service feeds it what it read in its transaction.
 */
import type { Interval } from './tgoTasks.ts';

/** A task to staff: its times and how many of each position it needs, with the staff it keeps. */
export interface TaskToStaff {
  id: number;
  begin: number;
  end: number;
  needs: readonly { positionId: number; count: number }[];
  /** Staff already on the task that stays (members, and people of positions the team lacks). */
  staff: readonly { employeeId: number; positionId: number }[];
}

/** A member of the team under the rule of his position. */
export interface Member {
  employeeId: number;
  positionId: number;
  isMain: boolean;
}

export interface AssignmentInput {
  tasks: readonly TaskToStaff[];
  members: readonly Member[];
  /** Every other task each member holds around the flight (anywhere, any flight). */
  busy: ReadonlyMap<number, readonly Interval[]>;
  /** Whether the employee's skills allow the task (skill access). */
  allowed: (employeeId: number, taskId: number) => boolean;
  /**
   * The positions of the team's rules (default: the members'). A rule nobody holds still claims its tasks: they are
   * then short with `none`, so a team without members takes no flight.
   */
  positions?: readonly number[];
}

/** One task staff row to add. */
interface Assignment {
  taskId: number;
  employeeId: number;
  positionId: number;
}

export interface AssignmentPlan {
  added: Assignment[];
  /** Needs of the team's positions left short; `none` when not one member could be given to it. */
  short: { taskId: number; positionId: number; missing: number; none: boolean }[];
}

/**
 * Plans the staffing of the tasks by the members: tasks in begin order; for each need of a position the team has, as
 * many members as it lacks, main first, then fewest tasks held (counting those given here), then lowest id.
 * Example: a 10:00–10:30 task needing 2 loaders, members A (main, 3 tasks) and B (0 tasks) → A and B.
 */
export function planAssignment({
  tasks,
  members,
  busy,
  allowed,
  positions: teamPositions,
}: AssignmentInput): AssignmentPlan {
  const held = new Map<number, Interval[]>();
  for (const member of members) held.set(member.employeeId, [...(busy.get(member.employeeId) ?? [])]);
  const positions = new Set(teamPositions ?? members.map((m) => m.positionId));
  const added: Assignment[] = [];
  const short: AssignmentPlan['short'] = [];
  const ordered = [...tasks].sort((a, b) => a.begin - b.begin || a.id - b.id);
  for (const task of ordered) {
    const onTask = new Set(task.staff.map((s) => s.employeeId));
    for (const need of task.needs) {
      if (!positions.has(need.positionId)) continue;
      const wanted = need.count - task.staff.filter((s) => s.positionId === need.positionId).length;
      let lacking = wanted;
      if (lacking <= 0) continue;
      const free = members
        .filter(
          (m) =>
            m.positionId === need.positionId &&
            !onTask.has(m.employeeId) &&
            allowed(m.employeeId, task.id) &&
            !(held.get(m.employeeId) ?? []).some((b) => b.begin < task.end && task.begin < b.end),
        )
        .sort(
          (a, b) =>
            Number(b.isMain) - Number(a.isMain) ||
            (held.get(a.employeeId)?.length ?? 0) - (held.get(b.employeeId)?.length ?? 0) ||
            a.employeeId - b.employeeId,
        );
      for (const member of free) {
        if (lacking <= 0) break;
        added.push({ taskId: task.id, employeeId: member.employeeId, positionId: need.positionId });
        onTask.add(member.employeeId);
        held.get(member.employeeId)?.push({ begin: task.begin, end: task.end });
        lacking -= 1;
      }
      if (lacking > 0)
        short.push({
          taskId: task.id,
          positionId: need.positionId,
          missing: lacking,
          none: lacking === wanted,
        });
    }
  }
  return { added, short };
}

/** What a substitute may take over of a leaver's tasks on the team's flights. */
export interface HandOverInput {
  /** The leaver's tasks on the team's flights. */
  tasks: readonly { id: number; begin: number; end: number }[];
  /** Every other task the substitute holds around them (anywhere, any flight). */
  busy: readonly Interval[];
  /** The team's shift: a task outside it is not the team's to hand over. */
  shift: Interval;
  /** Whether the substitute's skills allow the task (skill access). */
  allowed: (taskId: number) => boolean;
}

/**
 * Which of the leaver's tasks the substitute takes (in begin order, each one inside the team's shift, allowed by his
 * skills and overlapping nothing he holds, those taken here included) and which stay uncovered.
 * Example: leaver's tasks 10:00–10:30 and 10:20–10:50, substitute free all day → handed [first], left [second].
 */
export function planHandOver({ tasks, busy, shift, allowed }: HandOverInput): {
  handed: number[];
  left: number[];
} {
  const held = [...busy];
  const handed: number[] = [];
  const left: number[] = [];
  for (const task of [...tasks].sort((a, b) => a.begin - b.begin || a.id - b.id)) {
    const fits =
      task.begin >= shift.begin &&
      task.end <= shift.end &&
      allowed(task.id) &&
      !held.some((b) => b.begin < task.end && task.begin < b.end);
    if (fits) {
      handed.push(task.id);
      held.push({ begin: task.begin, end: task.end });
    } else left.push(task.id);
  }
  return { handed, left };
}

/**
 * Whether skills allow an item: an item no skill grants is open to everyone; one that some skills grant needs one of
 * them. Example: job 5 granted by skills {2, 3}: an employee with {1, 3} may do it, one with {1} may not.
 */
export function skillsAllow(granting: ReadonlySet<number> | undefined, held: ReadonlySet<number>): boolean {
  if (!granting || granting.size === 0) return true;
  for (const skill of granting) if (held.has(skill)) return true;
  return false;
}
