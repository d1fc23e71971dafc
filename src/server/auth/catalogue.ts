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
  for (const name of RULE_NAMES) {
    await handle.query(
      `insert into rules (name, title) values ($1, $2)
       on conflict (name) do update set title = excluded.title where rules.title is distinct from excluded.title`,
      [name, RULE_CATALOGUE[name]],
    );
  }
  for (const [name, role] of Object.entries(ROLES)) {
    await handle.query(
      `insert into roles (name, title) values ($1, $2)
       on conflict (name) do update set title = excluded.title where roles.title is distinct from excluded.title`,
      [name, role.title],
    );
    const [row] = await handle.query<{ id: number }>('select id from roles where name = $1', [name]);
    await handle.query('delete from role_rules where role_id = $1 and not (rule_name = any($2::text[]))', [
      row.id,
      role.rules,
    ]);
    await handle.query(
      `insert into role_rules (role_id, rule_name) select $1, unnest($2::text[]) on conflict do nothing`,
      [row.id, role.rules],
    );
  }
}
