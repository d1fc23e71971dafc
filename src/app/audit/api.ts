/**
 * The audit trail's door to the server (issue 17): the page of the grid, the audited tables and the users of the
 * filters, each answer checked by the shared schemas of `src/shared/audit.ts`, every failure an `ApiError`.
 */
import {
  type AuditEntity,
  type AuditEntry,
  type AuditUser,
  auditEntitySchema,
  auditEntrySchema,
  auditUserSchema,
} from '../../shared/audit.ts';
import { z } from '../../shared/messages.ts';
import { createLoadPage, type LoadPage } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call } from '../api/request.ts';

const listSchema = z.array(auditEntrySchema);
const rawPage = createLoadPage<AuditEntry>(api, '/audit', { pickItems: (body) => listSchema.parse(body) });

/** The grid's list call (`GET /audit` with filter[user_id], [entity], [entity_id], [from], [to]); failures as ApiError. */
export const loadAuditPage: LoadPage<AuditEntry> = async (params, signal) => {
  try {
    return await rawPage(params, signal);
  } catch (error) {
    throw parseApiError(error);
  }
};

/** The filters' choices: the audited tables with Russian names and the users. */
export interface AuditChoices {
  entities: AuditEntity[];
  users: AuditUser[];
}

/** `GET /audit/entities` and `GET /audit/users`, asked when the screen opens. */
export async function loadAuditChoices(): Promise<AuditChoices> {
  const [entities, users] = await Promise.all([
    call(api, '/audit/entities', z.array(auditEntitySchema)),
    call(api, '/audit/users', z.array(auditUserSchema)),
  ]);
  return { entities, users };
}
