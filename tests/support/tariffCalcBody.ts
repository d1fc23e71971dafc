import type { z } from 'zod';
import type { calcCreateSchema } from '../../src/shared/tariff-calc.ts';

/** The demo jobs a calc body measures: «Подача трапа» and «Перевозка пассажиров перронным автобусом». */
export const TARIFF_CALC_JOBS = {
  steps: 'Подача трапа',
  bus: 'Перевозка пассажиров перронным автобусом',
} as const;

/**
 * A Duration calc with every list filled, on the demo airport's reference rows (formats, roundings, positions 1 and
 * 2, resource type 1, resources 1 and 2) and the ids of the two jobs of `TARIFF_CALC_JOBS`: a body
 * `POST /api/tariff/calc` accepts on a demo database (and `PATCH` with an `id`).
 */
export function tariffCalcBody(jobs: { steps: number; bus: number }) {
  return {
    calcSourceType: 1,
    service: { name_ru: 'Трап тестовый', name_en: 'Test steps', id_1c: 'TEST-TRAP' },
    calc_type_id: 1,
    format_id: 2,
    rounding_id: 2,
    accuracy: 1,
    group_type: 2,
    coeff: 1.25,
    minimum_amount: 0.5,
    is_rounding_first: false,
    is_accuracy_first: true,
    is_using_plan_time: true,
    calc_direction_id: [1, 2],
    calcServiceMapType: [1, 3],
    calcMedService: [],
    calcVipService: [],
    calcJob: [
      {
        start_job_id: jobs.steps,
        start_param: 1,
        end_job_id: jobs.steps,
        end_param: 2,
        job_indicator_id: null,
      },
      {
        start_job_id: jobs.steps,
        start_param: 1,
        end_job_id: jobs.bus,
        end_param: 2,
        job_indicator_id: null,
      },
    ],
    calc_employee_position_id: [1, 2],
    calc_resource_type_id: [1],
    calc_resource_id: [1, 2],
  } satisfies z.input<typeof calcCreateSchema>;
}
