/**
 * Which teams a caller sees and changes (spec 2, DOMAIN "Users and departments"): read-all-team and team-all see
 * every team; read-department-team and edit-department-team only those of the caller's department; changing needs
 * team-all, or edit-department-team within the caller's department.
 */
import { eq } from 'drizzle-orm';
import { TEAM_MESSAGES } from '../../../shared/team-planning.ts';
import { users } from '../../db/schema/index.ts';
import { ForbiddenError } from '../../http/errors.ts';
import type { Reader } from './tx.ts';

/** The caller as the routes know him. */
export interface Caller {
  id: number;
  rules: readonly string[];
}

/** Every team, or the teams of one department (none when the caller has no department). */
export type TeamScope = { all: true } | { all: false; departmentId: number | null };

/** The caller's scope for reading (`read`) or changing (`write`) teams. */
export async function scopeOf(reader: Reader, caller: Caller, mode: 'read' | 'write'): Promise<TeamScope> {
  const wide = mode === 'read' ? ['read-all-team', 'team-all'] : ['team-all'];
  if (caller.rules.some((rule) => wide.includes(rule))) return { all: true };
  const [user] = await reader
    .select({ departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, caller.id))
    .limit(1);
  return { all: false, departmentId: user?.departmentId ?? null };
}

/** Whether a team of the department is within the scope. Example: `inScope({all: false, departmentId: 3}, 3)` → true. */
export function inScope(scope: TeamScope, departmentId: number): boolean {
  return scope.all || scope.departmentId === departmentId;
}

/** Refuses (403) a team of a department outside the scope. */
export function requireScope(scope: TeamScope, departmentId: number): void {
  if (!inScope(scope, departmentId)) throw new ForbiddenError(TEAM_MESSAGES.otherDepartment);
}
