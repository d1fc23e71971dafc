/**
 * The print modal's door to the server (spec 7, "Rush baggage and printing"): bag-tag printers and templates, the
 * print call and the spooled PDF, each answer checked by `src/shared/printing.ts`, every failure an `ApiError`. The
 * machine of `src/machines/printTag.ts` invokes these as named actors.
 */
import { z } from '../../../shared/messages.ts';
import {
  type Pectab,
  PRINT_TYPE,
  type PrintBtp,
  type Printer,
  type PrintJob,
  pectabSchema,
  printerSchema,
  printJobSchema,
} from '../../../shared/printing.ts';
import { apiV1 } from '../../api/clients.ts';
import { parseApiError } from '../../api/errors.ts';
import { call } from '../../api/request.ts';

/** What the modal offers: the active bag-tag printers and the bag-tag templates. */
export interface PrintOptions {
  printers: Printer[];
  pectabs: Pectab[];
}

/** Active bag-tag printers (`GET /v1/printer/printer`) and bag-tag templates (`GET /v1/printer/pectab`). */
export async function loadPrintOptions(signal?: AbortSignal): Promise<PrintOptions> {
  const [printers, pectabs] = await Promise.all([
    call(apiV1, '/printer/printer', z.array(printerSchema), {
      query: { 'filter[is_active]': 1, 'filter[print_type_id]': PRINT_TYPE.bagTag },
      signal,
    }),
    call(apiV1, '/printer/pectab', z.array(pectabSchema), {
      query: { 'filter[print_type_id]': PRINT_TYPE.bagTag },
      signal,
    }),
  ]);
  return { printers, pectabs };
}

/** Prints the tags (`POST /v1/printer/print-btp`). */
export function printTags(body: PrintBtp): Promise<PrintJob> {
  return call(apiV1, '/printer/print-btp', printJobSchema, { method: 'POST', body });
}

/** The spooled PDF of a job (`GET /v1/printer/job/{id}.pdf`), fetched with the session so a link can offer it. */
export async function loadJobPdf(jobId: number): Promise<Blob> {
  try {
    return await apiV1(`/printer/job/${jobId}.pdf`, { responseType: 'blob' });
  } catch (error) {
    throw parseApiError(error);
  }
}
