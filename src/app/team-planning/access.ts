/**
 * canConnectTeam / canDisconnectTeam of spec 6, computed (the spec does not say how): `team-all` changes every team;
 * `edit-department-team` changes the teams of the user's own department (`department_id` of `GET /api/auth/me`).
 * When the user has no department the menu offers the action for every team he sees and the server decides (its 403
 * shows in the error dialog of the action); a user without either rule is never offered it.
 */
export interface TeamRules {
  teamAll: boolean;
  editDepartment: boolean;
  /** The user's department, when the session tells it. */
  departmentId: number | null;
}

/**
 * Whether the user may connect or disconnect flights of a team of `teamDepartmentId`.
 * Example: `{teamAll: false, editDepartment: true, departmentId: 3}`, a team of department 4 → false.
 */
export function canChangeTeam(rules: TeamRules, teamDepartmentId: number): boolean {
  if (rules.teamAll) return true;
  if (!rules.editDepartment) return false;
  return rules.departmentId === null || rules.departmentId === teamDepartmentId;
}

/**
 * The one department a user may build teams in, when he is held to it: `edit-department-team` without `team-all`
 * and with a department in the session; otherwise null (every department, the server's 403 still guards).
 * Example: `{teamAll: false, editDepartment: true, departmentId: 3}` → 3; `{teamAll: true, …}` → null.
 */
export function ownTeamDepartment(rules: TeamRules): number | null {
  return !rules.teamAll && rules.editDepartment ? rules.departmentId : null;
}

/**
 * The departments the team form offers: only the user's own when he is held to it, else all of them.
 * Example: departments [СНО 3, ССТ 4], `{teamAll: false, editDepartment: true, departmentId: 3}` → [СНО 3].
 */
export function teamFormDepartments<T extends { id: number }>(
  rules: TeamRules,
  departments: readonly T[],
): T[] {
  const own = ownTeamDepartment(rules);
  return own === null ? [...departments] : departments.filter((department) => department.id === own);
}
