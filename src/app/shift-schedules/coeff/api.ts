/** The coefficient panel's door to the server: `GET /planning/coeff` (spec 7), the answer checked by the shared schema. */
import { type Coeff, coeffSchema } from '../../../shared/planning-calc.ts';
import { api } from '../../api/clients.ts';
import { call } from '../../api/request.ts';

/** What the panel asks with: the calculation and the user's two inputs. */
export interface CoeffQuery {
  calcId: number;
  absenceCoeff: number;
  addEmpCount: number;
}

/** The coefficients of a calculation for the inputs (400 with `fields` on a refused input). */
export function loadCoeff(query: CoeffQuery, signal?: AbortSignal): Promise<Coeff> {
  return call(api, '/planning/coeff', coeffSchema, {
    query: { calc_id: query.calcId, absence_coeff: query.absenceCoeff, add_emp_count: query.addEmpCount },
    signal,
  });
}
