import { existsSync } from 'node:fs';
import { openDb } from './src/server/db/client.ts';
import { loadDemoAirport } from './src/server/demo/index.ts';

const fresh = !existsSync('/tmp/gow-inv/pg');
const db = await openDb({ dataDir: '/tmp/gow-inv/pg' });
if (fresh) {
  await db.migrate();
  await loadDemoAirport(db, {});
}
const begin = new Date(Date.now() - 15 * 86400000).toISOString();
const end = new Date(Date.now() + 15 * 86400000).toISOString();
const q = `select ep.id, ep.name from employee_positions ep where exists (select 1 from task_positions tp join tasks t on t.id = tp.task_id join flights f on f.id = t.flight_id where tp.employee_position_id = ep.id and t.plan_begin_at <= '${end}' and t.plan_end_at >= '${begin}') order by ep.name`;
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  await db.query(q);
  console.log('ms', performance.now() - t);
}
const plan = await db.query<{ 'QUERY PLAN': string }>('explain analyze ' + q);
console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
await db.close();
