import { openDb } from './src/server/db/client.ts';
import { createStaffPlanningService } from './src/server/modules/staff-planning/service.ts';

const db = await openDb({ dataDir: '/tmp/gow-inv/pg' });
await db.migrate();
await db.exec('analyze tasks');
const day = 86400000;
const b = new Date(Date.now() - 15 * day),
  e = new Date(Date.now() + 15 * day);
const svc = createStaffPlanningService(db);
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const r = await svc.positions({ period: { begin: b, end: e } });
  console.log('positions month', (performance.now() - t).toFixed(0), 'ms', r.length);
}
// log the SQL of one window through a logging pool query
const orig = (db.db as any).session.client.query.bind((db.db as any).session.client);
(db.db as any).session.client.query = (...args: any[]) => {
  console.log(JSON.stringify(args[0]).slice(0, 900));
  return orig(...args);
};
await svc.positions({ period: { begin: b, end: new Date(b.getTime() + day) } });
await db.close();
