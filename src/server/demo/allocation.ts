/**
 * Demo contractor allocations: a few settings for the ground-handling subcontractors' departments (the contractors
 * and their departments come with the staff), with coefficients of the demo's coefficient types.
 */
import * as schema from '../db/schema/allocation.ts';
import * as L from './facts/lists.ts';
import { type DemoTable, Table } from './table.ts';

interface AllocationFact {
  /** The department's short name (its contractor is the department's). */
  department: string;
  priority: boolean;
  provide: boolean;
  range: [number, number] | null;
  coefs: [string, number][];
}

const FACTS: AllocationFact[] = [
  {
    department: 'КХ-Перрон',
    priority: true,
    provide: true,
    range: [0, 1500],
    coefs: [
      ['Коэффициент приоритета', 1.5],
      ['Коэффициент обеспеченности', 0.9],
      ['Коэффициент удалённости', 1],
    ],
  },
  {
    department: 'КХ-Перрон',
    priority: false,
    provide: true,
    range: [1500, 4000],
    coefs: [
      ['Коэффициент приоритета', 1],
      ['Коэффициент удалённости', 0.75],
    ],
  },
  {
    department: 'КП-Салон',
    priority: false,
    provide: true,
    range: null,
    coefs: [
      ['Коэффициент обеспеченности', 0.8],
      ['Коэффициент загрузки', 1.2],
    ],
  },
  {
    department: 'ТАС-ГСМ',
    priority: true,
    provide: false,
    range: [0, 3000],
    coefs: [['Коэффициент приоритета', 2]],
  },
  { department: 'АК-Борт', priority: false, provide: false, range: null, coefs: [] },
];

/** The allocations and their coefficients, ids of departments read from the generated staff tables. */
export function buildAllocations(staffTables: readonly DemoTable[]): DemoTable[] {
  const departments = staffTables.find((table) => table.name === 'departments');
  if (!departments) throw new Error('demo allocations: no departments table');
  const allocations = new Table(schema.allocations);
  const coefs = new Table(schema.allocationCoefs);
  for (const fact of FACTS) {
    const index = departments.rows.findIndex((row) => row.name === fact.department);
    const department = departments.rows[index];
    if (!department?.contractorId)
      throw new Error(`demo allocations: no contractor department ${fact.department}`);
    const allocationId = allocations.add({
      id: allocations.nextId,
      contractorId: department.contractorId,
      departmentId: department.id ?? index + 1,
      isPrioritySet: fact.priority,
      isProvideSet: fact.provide,
      distanceFrom: fact.range?.[0] ?? null,
      distanceTo: fact.range?.[1] ?? null,
    });
    for (const [type, value] of fact.coefs) {
      const coefTypeId = L.COEFFICIENT_TYPES.indexOf(type) + 1;
      if (coefTypeId === 0) throw new Error(`demo allocations: no coefficient type ${type}`);
      coefs.add({ allocationId, coefTypeId, value: String(value) });
    }
  }
  return [allocations, coefs];
}
