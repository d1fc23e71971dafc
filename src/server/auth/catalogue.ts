import { RULE_CATALOGUE, RULE_NAMES, type RuleName } from '../../shared/rules.ts';
import type { DbHandle } from '../db/client.ts';

interface RoleDefinition {
  title: string;
  rules: readonly RuleName[];
}

/** The built-in roles. Role names are never shown in the interface (spec 6). */
const ROLES: Record<string, RoleDefinition> = {
  admin: { title: 'Администратор', rules: RULE_NAMES },
  planner: {
    title: 'Планировщик',
    rules: [
      'strategic-planning-index',
      'calc-index',
      'calc-update',
      'calc-delete',
      'read-all-team',
      'read-department-team',
      'edit-department-team',
      'team-all',
      'delay-employee-index',
      'delay-employee-update',
    ],
  },
  tariff: {
    title: 'Тарификатор',
    rules: [
      'tariff-vip-field-create',
      'tariff-vip-field-update',
      'tariff-vip-field-delete',
      'tariff-calc-create',
      'tariff-calc-update',
      'tariff-calc-delete',
    ],
  },
  /** A team lead: builds and staffs the teams of his own department only (the demo user has one). */
  brigadir: { title: 'Бригадир', rules: ['read-department-team', 'edit-department-team'] },
  /**
   * No rules: the screens whose route needs none. Not read-only: spec 2 names no rule for the flight table, the rush
   * baggage page (printing included) and the /system/config pages, so every signed-in user works them; the title says
   * what the role holds, not a promise it cannot keep (security review, session 9).
   */
  viewer: { title: 'Без дополнительных прав', rules: [] },
};

/**
 * Writes the rule catalogue and the built-in roles; safe to run at every start. Only what differs is written (a title
 * changed, a rule added to or taken from a role), so a start with an unchanged catalogue leaves no audit rows.
 */
export async function syncCatalogue(handle: DbHandle): Promise<void> {
  // Four statements whatever the catalogue's size: one a rule and four a role took 0.6–0.8 s at every start on PGlite.
  await handle.query(
    `insert into rules (name, title) select * from unnest($1::text[], $2::text[])
     on conflict (name) do update set title = excluded.title where rules.title is distinct from excluded.title`,
    [RULE_NAMES, RULE_NAMES.map((name) => RULE_CATALOGUE[name])],
  );
  const roles = Object.entries(ROLES);
  await handle.query(
    `insert into roles (name, title) select * from unnest($1::text[], $2::text[])
     on conflict (name) do update set title = excluded.title where roles.title is distinct from excluded.title`,
    [roles.map(([name]) => name), roles.map(([, role]) => role.title)],
  );
  const pairs = roles.flatMap(([name, role]) => role.rules.map((rule) => [name, rule] as const));
  const held = [pairs.map(([name]) => name), pairs.map(([, rule]) => rule)];
  await handle.query(
    `delete from role_rules rr using roles r
     where r.id = rr.role_id and r.name = any($3::text[])
       and (r.name, rr.rule_name) not in (select * from unnest($1::text[], $2::text[]))`,
    [...held, roles.map(([name]) => name)],
  );
  await handle.query(
    `insert into role_rules (role_id, rule_name)
     select r.id, p.rule from unnest($1::text[], $2::text[]) as p(role, rule) join roles r on r.name = p.role
     on conflict do nothing`,
    held,
  );
}
