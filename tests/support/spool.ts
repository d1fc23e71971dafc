import type { DbHandle } from '../../src/server/db/client.ts';
import { createPrintingService } from '../../src/server/modules/printing/service.ts';

/**
 * The printing defaults of a test database, and a writer of print jobs on its spool printer and first template: a job
 * row of one tag and page, `age` ago (a PostgreSQL interval), with no PDF; answers its id.
 * Example: `const job = await spoolJobs(dbh); const id = await job('31 days')`.
 */
export async function spoolJobs(dbh: DbHandle): Promise<(age: string, status?: string) => Promise<number>> {
  await createPrintingService(dbh).ensureDefaults();
  const [{ id: printerId }] = await dbh.query<{ id: number }>(
    'select id from printers where address is null order by id limit 1',
  );
  const [{ id: templateId }] = await dbh.query<{ id: number }>(
    'select id from print_templates order by id limit 1',
  );
  return async (age, status = 'spooled') => {
    const [job] = await dbh.query<{ id: number }>(
      `insert into print_jobs (printer_id, template_id, tag_ids, copies, pages, status, created_at)
       values ($1, $2, '{1}', 1, 1, $3, now() - $4::interval) returning id`,
      [printerId, templateId, status, age],
    );
    return job.id;
  };
}
