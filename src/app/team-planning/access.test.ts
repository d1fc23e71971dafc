import { describe, expect, it } from 'vitest';
import { ownTeamDepartment, teamFormDepartments } from './access.ts';

const departments = [
  { id: 3, name: 'СНО' },
  { id: 4, name: 'ССТ' },
  { id: 5, name: 'СОП' },
];

describe('the departments of the team form', () => {
  it('offers a department-team editor only his own department, preset', () => {
    const rules = { teamAll: false, editDepartment: true, departmentId: 3 };
    expect(teamFormDepartments(rules, departments)).toEqual([{ id: 3, name: 'СНО' }]);
    expect(ownTeamDepartment(rules)).toBe(3);
  });

  it('offers every department to a team-all user, none preset', () => {
    const rules = { teamAll: true, editDepartment: true, departmentId: 3 };
    expect(teamFormDepartments(rules, departments)).toEqual(departments);
    expect(ownTeamDepartment(rules)).toBeNull();
  });

  it('offers every department when the session tells no department (the server decides)', () => {
    const rules = { teamAll: false, editDepartment: true, departmentId: null };
    expect(teamFormDepartments(rules, departments)).toEqual(departments);
    expect(ownTeamDepartment(rules)).toBeNull();
  });
});
