import type { DbHandle } from '../../db/client.ts';
import { createRowListing } from './listing.ts';
import { createPairing } from './pairing.ts';
import { createRowReader } from './rowReader.ts';
import { createStaffAssignment } from './staffAssignment.ts';
import { createTgoApplication } from './tgoApplication.ts';

/** The service's view of the database. */
export type FlightTableDeps = Pick<DbHandle, 'db' | 'kind' | 'heavy'>;

/**
 * The flight table (spec 7, Flight table): rows of a period, race-filter lists and the row actions, composed from
 * its parts: listing (rowReader.ts, listing.ts), pairing (pairing.ts), TGO application (tgoApplication.ts) and
 * staff assignment (staffAssignment.ts).
 */
export function createFlightTableService(deps: FlightTableDeps) {
  const reader = createRowReader(deps.db);
  return {
    ...createRowListing(deps, reader),
    ...createTgoApplication(deps, reader),
    ...createPairing(deps.db),
    ...createStaffAssignment(deps.db, reader),
  };
}
