import type { DbHandle } from '../../src/server/db/client.ts';
import { createPrintingService } from '../../src/server/modules/printing/service.ts';

/**
 * The printing defaults of a test database and the spool printer and first template that print jobs of a test name.
 * Example: `const { printerId, templateId } = await spoolTarget(dbh)`.
 */
export async function spoolTarget(dbh: DbHandle): Promise<{ printerId: number; templateId: number }> {
  await createPrintingService(dbh).ensureDefaults();
  const [{ id: printerId }] = await dbh.query<{ id: number }>(
    'select id from printers where address is null order by id limit 1',
  );
  const [{ id: templateId }] = await dbh.query<{ id: number }>(
    'select id from print_templates order by id limit 1',
  );
  return { printerId, templateId };
}
