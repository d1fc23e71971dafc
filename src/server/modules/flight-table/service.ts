import type { DbHandle } from '../../db/client.ts';
import { createRowListing } from './listing.ts';
import { createPairing } from './pairing.ts';
import { createRowReader } from './rowReader.ts';
import { createStaffAssignment } from './staffAssignment.ts';
import { createRaceTable } from './table.ts';
import { createTgoApplication } from './tgoApplication.ts';

/** The service's view of the database. */
export type FlightTableDeps = Pick<DbHandle, 'db' | 'kind' | 'heavy'>;

/**
 * The flight table (spec 7, Flight table): rows of a period, race-filter lists and the row actions, composed from
 * its parts: listing (rowReader.ts, listing.ts), the list's page and the export (table.ts), pairing (pairing.ts),
 * TGO application (tgoApplication.ts) and staff assignment (staffAssignment.ts). `now` is the clock of "today".
 */
export function createFlightTableService(deps: FlightTableDeps, now: () => number = Date.now) {
  const reader = createRowReader(deps.db);
  const listing = createRowListing(deps, reader);
  return {
    ...listing,
    ...createRaceTable(listing, now),
    ...createTgoApplication(deps, reader),
    ...createPairing(deps.db),
    ...createStaffAssignment(deps.db, reader),
  };
}
