import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { printers } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { createPrintingService } from '../../src/server/modules/printing/service.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db });
});
afterAll(() => app?.close());

describe('the printing defaults beside the demo airport', () => {
  it('keeps the demo printers, adds no second spool, and adds the ZPL templates the demo lacks', async () => {
    const auth = bearer(await loginAs(app, 'planner'));
    const list = (
      await app.inject({ url: '/api/v1/printer/printer?filter[print_type_id]=1', headers: auth })
    ).json();
    expect(list.filter((p: { kind: string }) => p.kind === 'spool')).toHaveLength(1);
    expect(list.map((p: { external_id: string }) => p.external_id)).toContain('SPOOL-1');
    const pectabs = (
      await app.inject({ url: '/api/v1/printer/pectab?filter[print_type_id]=1', headers: auth })
    ).json();
    expect(
      pectabs
        .map((p: { language: string; winding: { id: number } }) => `${p.language}${p.winding.id}`)
        .sort(),
    ).toEqual(['pdf1', 'pdf2', 'zpl1', 'zpl2']);
  });

  it('changes nothing when it runs again', async () => {
    const before = await db.db.$count(printers);
    await createPrintingService(db).ensureDefaults();
    await Promise.all([
      createPrintingService(db).ensureDefaults(),
      createPrintingService(db).ensureDefaults(),
    ]);
    expect(await db.db.$count(printers)).toBe(before);
  });
});
