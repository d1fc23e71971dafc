import { openDb } from './src/server/db/client.ts';

const db = await openDb({ dataDir: '/tmp/gow-inv/pg' });
const day = 86400000;
const b = Date.now() - 15 * day,
  e = Date.now() + 15 * day;
const iso = (t: number) => new Date(t).toISOString();
async function time(label: string, q: string) {
  let best = 1e9;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await db.query(q);
    best = Math.min(best, performance.now() - t);
  }
  console.log(label, best.toFixed(1), 'ms');
}
await time(
  'v1 no flights join',
  `select distinct tp.employee_position_id from tasks t join task_positions tp on tp.task_id = t.id where t.plan_begin_at <= '${iso(e)}' and t.plan_end_at >= '${iso(b)}'`,
);
await time(
  'v1 one day',
  `select distinct tp.employee_position_id from tasks t join task_positions tp on tp.task_id = t.id where t.plan_begin_at <= '${iso(b + day)}' and t.plan_end_at >= '${iso(b)}'`,
);
await db.exec(
  `create index if not exists tasks_plan_range_gist on tasks using gist (tstzrange(plan_begin_at, plan_end_at, '[]'))`,
);
await db.exec('analyze tasks');
await time(
  'gist one day',
  `select distinct tp.employee_position_id from tasks t join task_positions tp on tp.task_id = t.id where tstzrange(t.plan_begin_at, t.plan_end_at, '[]') && tstzrange('${iso(b)}', '${iso(b + day)}', '[]')`,
);
await time(
  'gist month',
  `select distinct tp.employee_position_id from tasks t join task_positions tp on tp.task_id = t.id where tstzrange(t.plan_begin_at, t.plan_end_at, '[]') && tstzrange('${iso(b)}', '${iso(e)}', '[]')`,
);
await time(
  'session auth merged',
  `select u.id, u.login, u.name, coalesce(array_agg(distinct rr.rule_name) filter (where rr.rule_name is not null), '{}') as rules from sessions s join users u on u.id = s.user_id left join user_roles ur on ur.user_id = u.id left join role_rules rr on rr.role_id = ur.role_id where s.token_hash = 'x' and s.expires_at > now() group by u.id`,
);
const plan = await db.query<{ 'QUERY PLAN': string }>(
  `explain select distinct tp.employee_position_id from tasks t join task_positions tp on tp.task_id = t.id where tstzrange(t.plan_begin_at, t.plan_end_at, '[]') && tstzrange('${iso(b)}', '${iso(b + day)}', '[]')`,
);
console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
await db.exec('drop index tasks_plan_range_gist');
await db.close();
