import type { AllocationPayload } from '../../src/shared/allocation.ts';

/**
 * A priority allocation of a contractor's department, 100–2500 m, with two coefficients (types 2 and 1 of the demo):
 * a body `POST /api/v2/allocation` (and `PATCH …/{id}`) accepts for any department that has a contractor.
 */
export function allocationBody(department: { id: number; contractorId: number }): AllocationPayload {
  return {
    contractor_id: department.contractorId,
    department_id: department.id,
    is_priority_set: true,
    is_provide_set: false,
    distance_range_set: { from: 100, to: 2500 },
    coefs: [
      { coef_type_id: 2, value: 0.85 },
      { coef_type_id: 1, value: 1.25 },
    ],
  };
}
