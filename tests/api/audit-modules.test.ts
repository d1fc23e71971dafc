/**
 * One write of every module that writes business tables, made over HTTP as a signed-in user, is found in the audit
 * trail under that user's id, its table and its row: the actor reaches the triggers whichever way the module writes
 * (its own transaction, or a lone statement outside one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { BRS_DEFAULTS } from '../../src/shared/brs-config.ts';
import { TEAM_STATUS } from '../../src/shared/team-planning.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'planner', 'tariff', 'viewer'])
    tokens[login] = bearer(await loginAs(app, login));
  tokens.writer = bearer(await loginHolding(app, 'audit-writer', ['calc-index']));
  for (const login of Object.keys(tokens))
    ids[login] = (await app.inject({ url: '/api/auth/me', headers: tokens[login] })).json().id;
});
afterAll(() => app.close());

const call = async (as: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => {
  const res = await app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const one = async <T = Record<string, number>>(text: string, params: unknown[] = []) =>
  (await db.query<T>(text, params))[0];

/** A write: the user who makes it, and what it does, answering the table and key it wrote. */
interface WriteCase {
  module: string;
  as: string;
  write: () => Promise<{ entity: string; id: string | number }>;
}

const CASES: WriteCase[] = [
  {
    module: 'delay-reasons (transaction)',
    as: 'viewer',
    write: async () => {
      const row = await one<{ id: number; flag: boolean }>(
        `select id, is_reason_airport as flag from delay_iata_codes order by id limit 1`,
      );
      await call('viewer', 'PUT', '/v2/delay-iata-rrp/update', {
        delayIata: [{ id: row.id, is_reason_airport: !row.flag }],
      });
      return { entity: 'delay_iata_codes', id: row.id };
    },
  },
  {
    module: 'delay-reasons settings',
    as: 'viewer',
    write: async () => {
      await call('viewer', 'PATCH', '/v2/config/time-show-unfinished-tasks', { value: 33 });
      return { entity: 'app_config', id: 'time-show-unfinished-tasks' };
    },
  },
  {
    module: 'allocation',
    as: 'admin',
    write: async () => {
      const department = await one<{ id: number; contractor: number }>(
        `select id, contractor_id as contractor from departments where contractor_id is not null order by id limit 1`,
      );
      const created = await call('admin', 'POST', '/v2/allocation', {
        contractor_id: department.contractor,
        department_id: department.id,
        is_priority_set: true,
        is_provide_set: false,
        distance_range_set: { from: 7100, to: 7200 },
        coefs: [{ coef_type_id: 1, value: 1.5 }],
      });
      return { entity: 'allocations', id: created.id };
    },
  },
  {
    module: 'brs-config',
    as: 'admin',
    write: async () => {
      const airline = await one(
        `select a.id from airlines a where not exists (select 1 from aviacompany_baggage_registers r where r.aviacompany_id = a.id) order by a.id limit 1`,
      );
      const created = await call('admin', 'POST', '/brs/api/v1/aviacompany-baggage-register/create', {
        ...BRS_DEFAULTS,
        aviacompany_id: airline.id,
      });
      return { entity: 'aviacompany_baggage_registers', id: created.id };
    },
  },
  {
    module: 'delay-employee',
    as: 'planner',
    write: async () => {
      const delay = await one(`select id from flight_delays order by id limit 1`);
      const employee = await one(`select id from employees order by id limit 1`);
      await call('planner', 'PATCH', '/v2/delay-employees', {
        items: [{ delay_id: delay.id, employee_id: employee.id }],
      });
      return { entity: 'flight_delays', id: delay.id };
    },
  },
  {
    module: 'skill-access',
    as: 'admin',
    write: async () => {
      const pair = await one<{ skill: number; target: number }>(
        `select s.id as skill, a.id as target from skills s cross join aircraft_types a
          where not exists (select 1 from skill_accesses x where x.skill_id = s.id and x.aircraft_type_id = a.id)
          order by s.id, a.id limit 1`,
      );
      const links = (await call('admin', 'POST', '/v2/skill-access/update-access', {
        tab: 'aircraftTypes',
        add: [{ skill_id: pair.skill, aircraft_type_id: pair.target }],
        remove: [],
      })) as { id: number; skill_id: number; aircraft_type_id: number }[];
      const link = links.find((l) => l.skill_id === pair.skill && l.aircraft_type_id === pair.target);
      return { entity: 'skill_accesses', id: link?.id ?? 0 };
    },
  },
  {
    module: 'workplace',
    as: 'admin',
    write: async () => {
      const row = await one<{ id: number; from: number; to: number; distance: number }>(
        `select id, workplace_from_id as from, workplace_to_id as to, distance from workplace_distances order by id limit 1`,
      );
      await call('admin', 'PATCH', '/v2/workplace-distance', {
        update: [
          {
            id: row.id,
            workplace_from_id: row.from,
            workplace_to_id: row.to,
            distance: Number(row.distance) + 1,
          },
        ],
      });
      return { entity: 'workplace_distances', id: row.id };
    },
  },
  {
    module: 'planning-calc',
    as: 'planner',
    write: async () => {
      // A saved calculation written by the system (the solver's output is not this test's business).
      const calc = await one(
        `insert into planning_calcs (name, begin, "end", params, result, solve_ms)
         values ('Для аудита', '2026-03-08', '2026-03-21', '{}', '{}', 1) returning id`,
      );
      await call('planner', 'PUT', '/planning/calc/update', {
        calc_id: calc.id,
        name: 'Переименован для аудита',
      });
      return { entity: 'planning_calcs', id: calc.id };
    },
  },
  {
    module: 'rush-baggage (tags)',
    as: 'admin',
    write: async () => {
      const airline = await one(`select id from airlines where iata_code = 'SU' limit 1`);
      const [tag] = (await call('admin', 'POST', '/rush-baggage', {
        count_tag: 1,
        aviacompany_id: airline.id,
      })) as {
        new_tag: string;
      }[];
      const row = await one(`select id from rush_tags where tag = $1`, [tag.new_tag]);
      return { entity: 'rush_tags', id: row.id };
    },
  },
  {
    module: 'flight-table (staff dropped from a turnaround)',
    as: 'admin',
    write: async () => {
      const link = await one<{ aid: number; id: number }>(
        `select t.aid, te.id from turnarounds t
           join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
           join task_employees te on te.task_id = k.id
          order by t.aid, te.id limit 1`,
      );
      await call('admin', 'POST', '/race/drop-employees', { aids: [link.aid] });
      return { entity: 'task_employees', id: link.id };
    },
  },
  {
    module: 'team-planning',
    as: 'planner',
    write: async () => {
      const position = await one<{ id: number; department: number }>(
        `select id, department_id as department from employee_positions order by id limit 1`,
      );
      const created = await call('planner', 'POST', '/team-planning/v1/team', {
        name: 'Бригада для аудита',
        begin_datetime: '2026-03-10 08:00:00',
        end_datetime: '2026-03-10 20:00:00',
        team_status_id: TEAM_STATUS.formed,
        department_id: position.department,
        employeePositionRules: [{ employee_position_id: position.id, count: 1, employees: [] }],
      });
      return { entity: 'teams', id: created.id };
    },
  },
  {
    module: 'postal-statements',
    as: 'viewer',
    write: async () => {
      const department = await one(`select id from departments order by id limit 1`);
      const saved = (await call('viewer', 'POST', '/v2/pattern', {
        patterns: [{ pattern_type_id: 1, department_ids: [department.id], excluded_position_ids: [] }],
      })) as { id: number }[];
      return { entity: 'patterns', id: saved[0].id };
    },
  },
  {
    module: 'tariff-vip',
    as: 'tariff',
    write: async () => {
      const created = await call('tariff', 'POST', '/tariff/vip-field', {
        name: 'audit_field',
        description: 'Поле для аудита',
        is_guest_count: false,
        use_parent_access_type: false,
        vipFieldServiceHalls: [{ service_halls_id: 2 }],
        vipFieldPassengerCategory: [{ passenger_category_id: 1 }],
        vipFieldTravelClass: [{ travel_class_id: 3 }],
        vipFieldAviacompany: [{ aviacompany_id: 1 }],
        vipFieldDirection: [{ direction_id: 1 }],
        vipFieldFlightClass: [{ flight_class_id: 1 }],
        vipFieldFlightType: [{ flight_type_id: 2 }],
        vipFieldHallAccessType: [{ vip_hall_access_type_id: 4 }],
        vipFieldLoyaltyCardType: [{ loyalty_card_type_id: 6 }],
        vipFieldHallCardBankType: [{ vip_hall_card_bank_type_id: 5 }],
        vipFieldHallPayType: [{ vip_hall_pay_type_id: 1 }],
      });
      return { entity: 'vip_fields', id: created.id };
    },
  },
  {
    module: 'tariff-calc',
    as: 'tariff',
    write: async () => {
      const steps = await one(`select id from jobs where name = 'Подача трапа'`);
      const created = await call('tariff', 'POST', '/tariff/calc', {
        calcSourceType: 1,
        service: { name_ru: 'Трап для аудита', name_en: 'Audit steps', id_1c: 'AUDIT-TRAP' },
        calc_type_id: 1,
        format_id: 2,
        rounding_id: 2,
        accuracy: 1,
        group_type: 2,
        coeff: 1,
        minimum_amount: 0,
        is_rounding_first: false,
        is_accuracy_first: true,
        is_using_plan_time: true,
        calc_direction_id: [1],
        calcServiceMapType: [1],
        calcMedService: [],
        calcVipService: [],
        calcJob: [
          {
            start_job_id: steps.id,
            start_param: 1,
            end_job_id: steps.id,
            end_param: 2,
            job_indicator_id: null,
          },
        ],
        calc_employee_position_id: [1],
        calc_resource_type_id: [1],
        calc_resource_id: [1],
      });
      return { entity: 'tariff_calcs', id: created.id };
    },
  },
  {
    module: 'auth (password change)',
    as: 'writer',
    write: async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: tokens.writer,
        payload: { currentPassword: 'secret-password', newPassword: 'another-secret-9' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return { entity: 'users', id: ids.writer };
    },
  },
];

describe('every module records its writes under the user who made them', () => {
  it.each(CASES)('$module', async ({ as, write }) => {
    const { entity, id } = await write();
    const query = `filter[user_id]=${ids[as]}&filter[entity]=${entity}&filter[entity_id]=${encodeURIComponent(String(id))}`;
    const res = await app.inject({ url: `/api/audit?${query}`, headers: tokens.admin });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { user: { id: number } | null; entity: string; entity_id: string }[];
    expect(rows.length, `${entity} ${id}`).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ user: { id: ids[as] }, entity, entity_id: String(id) });
  });
});
