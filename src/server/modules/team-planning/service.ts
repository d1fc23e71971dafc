import type { DbHandle } from '../../db/client.ts';
import { createTeamAssignment } from './assignment.ts';
import { teamPlanRows, teamPlanXlsx } from './download.ts';
import type { FlightFilter } from './flightFilter.ts';
import { createFlightViews } from './flightViews.ts';
import { createTeamLists } from './lists.ts';
import { createMemberWrites } from './memberWrite.ts';
import type { Caller } from './scope.ts';
import { scopeOf } from './scope.ts';
import { readTeams, type TeamFilter } from './teamRead.ts';
import { createTeamWrites } from './teamWrite.ts';

/** What team planning uses: the Drizzle handle, the kind that picks the text collation, and the heavy-work gate. */
export type TeamPlanningDeps = Pick<DbHandle, 'db' | 'kind' | 'heavy'>;

/**
 * Team planning (spec 7 "Team planning", DOMAIN "Team planning"): teams with rules and members, the lists to build
 * them, the flight views with conflicts, assignment, and the download.
 */
export function createTeamPlanningService(deps: TeamPlanningDeps) {
  const { db, kind } = deps;
  const views = createFlightViews(deps);
  return {
    ...createTeamLists(deps),
    ...createTeamWrites(deps),
    ...createMemberWrites(deps),
    ...createTeamAssignment(db),
    ...views,
    /** The teams the caller sees matching the filter. */
    async teams(filter: TeamFilter, caller: Caller, zone: string) {
      return readTeams(db, kind, filter, await scopeOf(db, caller, 'read'), zone);
    },
    /** The download's bytes: the board of the same filters (conflicts only, flight type and fact included). */
    async download(filter: FlightFilter, caller: Caller, zone: string): Promise<Buffer> {
      return teamPlanXlsx(teamPlanRows(await views.planTeams(filter, caller, zone), zone));
    },
  };
}
