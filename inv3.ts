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
await db.exec(
  `create index if not exists tasks_plan_range_gist on tasks using gist (tstzrange(plan_begin_at, plan_end_at, '[]'))`,
);
await db.exec('analyze tasks');
const chunk = (from: number, to: number) =>
  `select distinct tp.employee_position_id from (select id from tasks where tstzrange(plan_begin_at, plan_end_at, '[]') && tstzrange('${iso(from)}', '${iso(to)}', '[]')) t cross join lateral (select employee_position_id from task_positions where task_id = t.id offset 0) tp`;
await time('gist lateral one day', chunk(b, b + day));
await time('gist lateral 6h', chunk(b, b + day / 4));
await time('gist lateral month', chunk(b, e));
let total = 0;
const t0 = performance.now();
for (let d = b; d < e; d += day) {
  await db.query(chunk(d, Math.min(e, d + day)));
}
total = performance.now() - t0;
console.log('30 daily chunks total', total.toFixed(1));
const plan = await db.query<{ 'QUERY PLAN': string }>('explain analyze ' + chunk(b, b + day));
console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
await db.exec('drop index tasks_plan_range_gist');
await db.close();
