/**
 * The workplace distance module's door to the server (spec 7), copied from `../auth/api.ts`: one function per call
 * on the ofetch clients, each answer checked by the shared schemas of `src/shared/workplace.ts`, every failure an
 * `ApiError`. The machine of `src/machines/workplaceDistance.ts` invokes these as named actors.
 */
import { z } from '../../shared/messages.ts';
import {
  type DistanceDelete,
  type DistanceEntry,
  type DistanceSave,
  distanceEntrySchema,
  type Workplace,
  workplaceSchema,
} from '../../shared/workplace.ts';
import { api } from '../api/clients.ts';
import { call, callNoContent } from '../api/request.ts';

const PATH = '/v2/workplace-distance';
const entriesSchema = z.array(distanceEntrySchema);

/** The workplaces of the ids, or every workplace for an empty list (`POST /v2/workplace`). */
export function loadWorkplaces(ids: readonly number[] = []): Promise<Workplace[]> {
  return call(api, '/v2/workplace', z.array(workplaceSchema), { method: 'POST', body: { ids: [...ids] } });
}

/** The entries from the from-places to the to-places; an empty side is no limit. */
export function loadDistances(
  fromIds: readonly number[],
  toIds: readonly number[],
): Promise<DistanceEntry[]> {
  const query: Record<string, number[]> = {};
  if (fromIds.length > 0) query['workplace_from_id[]'] = [...fromIds];
  if (toIds.length > 0) query['workplace_to_id[]'] = [...toIds];
  return call(api, PATH, entriesSchema, { query });
}

/** Saves the pending create and update lists in one transaction (422 with `fields`, 409 for a stale screen). */
export function saveDistances(body: DistanceSave): Promise<DistanceEntry[]> {
  return call(api, PATH, entriesSchema, { method: 'POST', body });
}

/** Deletes entries; the ids travel in the body (spec 7). */
export function deleteDistances(body: DistanceDelete): Promise<void> {
  return callNoContent(api, PATH, { method: 'DELETE', body });
}
