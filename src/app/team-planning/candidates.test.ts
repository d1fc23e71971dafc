import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../api/stubFetch.ts';
import type { TeamCandidate } from './api.ts';
import { loadPickerRows, PICKER_REASONS, ruleRows } from './candidates.ts';

afterEach(() => vi.unstubAllGlobals());

const person = (id: number, name: string, busy: string[] = []): TeamCandidate => ({
  id,
  name,
  personnel_number: String(id),
  department: { id: 2, name: 'СНО' },
  employeePosition: { id: 5, name: 'Грузчик' },
  is_accessible: busy.length === 0,
  busy_in: busy,
  tasks_in_period: 0,
});

const FILTER = {
  period: { begin: '2026-11-23 08:00:00', end: '2026-11-23 20:00:00' },
  positionIds: [5],
  name: '',
  teamId: null,
  departmentId: 2,
};
const NO_ACCESS = { job_ids: [], resource_type_ids: [], resource_ids: [], aircraft_type_ids: [] };

const queries = (seen: { path: string; query: string }[], end: string) =>
  seen.filter((request) => request.path.endsWith(end)).map((request) => new URLSearchParams(request.query));

describe('the picker of a rule row', () => {
  it('asks for those whose skills meet every access of the rule, under the keys of spec 7, in the department', async () => {
    const seen = stubFetch(() => json(200, []));
    const accesses = { job_ids: [40], resource_type_ids: [3], resource_ids: [8, 9], aircraft_type_ids: [17] };
    await loadPickerRows(FILTER, { kind: 'rule', accesses });
    const asked = queries(seen, '/v1.1/employee');
    expect(asked).toHaveLength(2);
    const skilled = asked.find((query) => query.has('aircraft_type_id[]')) as URLSearchParams;
    expect(skilled.getAll('job_id[]')).toEqual(['40']);
    expect(skilled.getAll('resource_type_id[]')).toEqual(['3']);
    expect(skilled.getAll('resource_id[]')).toEqual(['8', '9']);
    expect(skilled.getAll('aircraft_type_id[]')).toEqual(['17']);
    for (const query of asked) expect(query.getAll('department_id[]')).toEqual(['2']);
    // The rule row is judged by its accesses as edited, not by check-employee-accessible's stored rules.
    expect(queries(seen, '/check-employee-accessible')).toHaveLength(0);
  });

  it('asks once when the rule demands no access, and everyone free is available', async () => {
    const seen = stubFetch(() => json(200, [person(1, 'Агеев'), person(2, 'Белов', ['Перронная 2'])]));
    const rows = await loadPickerRows(
      { ...FILTER, departmentId: null },
      { kind: 'rule', accesses: NO_ACCESS },
    );
    expect(seen).toHaveLength(1);
    expect(new URLSearchParams(seen[0].query).has('department_id[]')).toBe(false);
    expect(rows.map((row) => [row.candidate.name, row.accessible, row.reasons])).toEqual([
      ['Агеев', true, []],
      ['Белов', false, [PICKER_REASONS.busy('Перронная 2')]],
    ]);
  });

  it('lists the unskilled after the available, with the reason', () => {
    const everyone = [person(1, 'Агеев'), person(2, 'Белов'), person(3, 'Веткин', ['Перронная 2'])];
    const rows = ruleRows(everyone, [everyone[1], everyone[2]]);
    expect(rows.map((row) => [row.candidate.name, row.accessible, row.reasons])).toEqual([
      ['Белов', true, []],
      ['Агеев', false, [PICKER_REASONS.lacksSkills]],
      ['Веткин', false, [PICKER_REASONS.busy('Перронная 2')]],
    ]);
  });

  it('keeps the skilled whom the list of everyone left past its limit', () => {
    const rows = ruleRows([person(1, 'Агеев')], [person(9, 'Яковлев')]);
    expect(rows.map((row) => [row.candidate.name, row.accessible])).toEqual([
      ['Яковлев', true],
      ['Агеев', false],
    ]);
  });
});

describe('the picker of a saved team (add, replace)', () => {
  it("judges by the team's stored rules and takes no member again", async () => {
    const seen = stubFetch((request) => {
      if (request.path.endsWith('/v1.1/employee')) return json(200, [person(1, 'Агеев'), person(2, 'Белов')]);
      return json(200, [
        { employee_id: 1, is_accessible: true, reasons: [] },
        { employee_id: 2, is_accessible: true, reasons: [] },
      ]);
    });
    const rows = await loadPickerRows({ ...FILTER, teamId: 9 }, { kind: 'team', members: [1] });
    const [check] = queries(seen, '/check-employee-accessible');
    expect(check.get('team_id')).toBe('9');
    expect(check.getAll('employee_id[]')).toEqual(['1', '2']);
    expect(rows.map((row) => [row.candidate.name, row.accessible, row.reasons])).toEqual([
      ['Белов', true, []],
      ['Агеев', false, [PICKER_REASONS.member]],
    ]);
  });

  it('checks every listed employee, however many', async () => {
    const many = Array.from({ length: 700 }, (_, i) => person(i + 1, `Сотрудник ${i + 1}`));
    const seen = stubFetch((request) => {
      const query = new URLSearchParams(request.query);
      if (request.path.endsWith('/v1.1/employee')) return json(200, many);
      const ids = query.getAll('employee_id[]').map(Number);
      return json(
        200,
        ids.map((id) => ({ employee_id: id, is_accessible: id !== 650, reasons: id === 650 ? ['x'] : [] })),
      );
    });
    const rows = await loadPickerRows({ ...FILTER, teamId: 9 }, { kind: 'team', members: [] });
    expect(queries(seen, '/check-employee-accessible').map((q) => q.getAll('employee_id[]').length)).toEqual([
      500, 200,
    ]);
    expect(rows.at(-1)?.candidate.id).toBe(650);
    expect(rows.filter((row) => row.accessible)).toHaveLength(699);
  });
});
