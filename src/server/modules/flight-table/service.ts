import type { DbHandle } from '../../db/client.ts';
import { createRowListing } from './listing.ts';
import { createListingMemo } from './listingMemo.ts';
import { createPairing } from './pairing.ts';
import { createRowReader } from './rowReader.ts';
import { createStaffAssignment } from './staffAssignment.ts';
import { createRaceTable } from './table.ts';
import { createTgoApplication } from './tgoApplication.ts';

/** The service's view of the database; with `listen` and `onWrite` the list's pages share one listing. */
export type FlightTableDeps = Pick<DbHandle, 'db' | 'kind' | 'heavy'> &
  Partial<Pick<DbHandle, 'listen' | 'onWrite'>>;

/**
 * The flight table (spec 7, Flight table): rows of a period, race-filter lists and the row actions, composed from
 * its parts: listing (rowReader.ts, listing.ts), the list's page and the export (table.ts), pairing (pairing.ts),
 * TGO application (tgoApplication.ts) and staff assignment (staffAssignment.ts). `now` is the clock of "today".
 */
export function createFlightTableService(deps: FlightTableDeps, now: () => number = Date.now) {
  const reader = createRowReader(deps.db);
  const listing = createRowListing(deps, reader);
  const { listen, onWrite } = deps;
  const memo = listen && onWrite ? createListingMemo({ listen, onWrite }) : undefined;
  return {
    ...listing,
    ...createRaceTable(listing, now, memo),
    ...createTgoApplication(deps, reader),
    ...createPairing(deps.db),
    ...createStaffAssignment(deps.db, reader),
    /** Stops the listing memo's watch of writes (the app closes). */
    close: async () => memo?.close(),
  };
}
