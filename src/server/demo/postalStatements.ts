/**
 * Demo postal-statement patterns: a few departments bound together, with some of their positions left out, so the
 * screen opens on stored patterns. Ids are read from the generated tables by name.
 */
import { patternDepartments, patternPositionExclusions, patterns } from '../db/schema/postalStatements.ts';
import { type DemoTable, Table } from './table.ts';

/** Per pattern: its type id, its departments (short names) and the positions it leaves out. */
const FACTS: [type: number, departments: string[], excluded: string[]][] = [
  [1, ['СНО', 'ССТ'], ['Бригадир грузчиков', 'Механик спецтранспорта']],
  [2, ['ПДС'], []],
  [2, ['СБП', 'САБ'], []],
];

/** The demo patterns with their departments and exclusions. */
export function buildPostalStatements(tables: readonly DemoTable[]): DemoTable[] {
  const byName = (name: string) => {
    const table = tables.find((t) => t.name === name);
    if (!table) throw new Error(`demo patterns: no table ${name}`);
    return table;
  };
  const departmentRows = byName('departments').rows;
  const positionRows = byName('employee_positions').rows;
  const pattern = new Table(patterns);
  const links = new Table(patternDepartments);
  const exclusions = new Table(patternPositionExclusions);
  for (const [patternTypeId, departmentNames, excluded] of FACTS) {
    const patternId = pattern.add({ id: pattern.nextId, patternTypeId });
    const departmentIds = departmentNames.map((name) => {
      const row = departmentRows.find((d) => d.name === name);
      if (!row) throw new Error(`demo patterns: no department ${name}`);
      return Number(row.id);
    });
    for (const departmentId of departmentIds) links.add({ patternId, departmentId });
    for (const name of excluded) {
      const row = positionRows.find((p) => p.name === name && departmentIds.includes(Number(p.departmentId)));
      if (!row) throw new Error(`demo patterns: no position ${name} in the pattern's departments`);
      exclusions.add({ id: exclusions.nextId, patternId, employeePositionId: Number(row.id) });
    }
  }
  return [pattern, links, exclusions];
}
