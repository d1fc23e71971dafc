/**
 * The team-planning module's door to the server (spec 7 "Team planning"): reference lists, the board (teams with
 * their flights, flights without a team, flights outside the team), the team's employees with their tasks, team and
 * member writes, assignment, and the plan download. Every failure is an `ApiError`; the machines of
 * `src/machines/team*.ts` invoke these as named actors.
 */

import { z } from '../../shared/messages.ts';
import { namedItemSchema } from '../../shared/reference.ts';
import {
  type AssignPreview,
  type AssignResult,
  accessibilitySchema,
  assignPreviewSchema,
  assignResultSchema,
  type ReplaceResult,
  type reassignSchema,
  type replaceEmployeeSchema,
  replaceResultSchema,
  suitableTeamsSchema,
  type TeamPayload,
  teamCandidatesSchema,
  teamEmployeesWithTasksSchema,
  type teamFlightLinkSchema,
  teamFlightsSchema,
  teamOutsideFlightsSchema,
  type teamPayloadSchema,
  teamPlanFileName,
  teamPositionSchema,
  teamSchema,
  teamsWithFlightsSchema,
} from '../../shared/team-planning.ts';
import { api } from '../api/clients.ts';
import { ApiError, CLIENT_MESSAGES, parseApiError } from '../api/errors.ts';
import { type CallOptions, call, callNoContent, callRaw } from '../api/request.ts';

export type TeamFlightAssign = z.input<typeof teamFlightLinkSchema>;
export type TeamFlightReassign = z.input<typeof reassignSchema>;
export type TeamWithFlights = z.infer<typeof teamsWithFlightsSchema>[number];
export type SuitableTeam = z.infer<typeof suitableTeamsSchema>[number];
export type { AssignPreview };
export type TeamCandidate = z.infer<typeof teamCandidatesSchema>[number];
export type Accessibility = z.infer<typeof accessibilitySchema>[number];

type Query = Record<string, string | number | (string | number)[]>;

/** The board's filters (spec 4: saved in local storage): period as wall clock 'YYYY-MM-DD HH:mm:ss'. */
export interface BoardFilters {
  begin: string;
  end: string;
  statusIds: number[];
  departmentIds: number[];
  positionIds: number[];
  /** 1 shows only flights with a conflict. */
  conflict: boolean;
  /** Spec 9: 1 internal, 2 international; null both. */
  flightType: number | null;
}

/** The `filter[...]` query of the flight lists (spec 7): period, departments, positions, and more per call. */
function flightQuery(filters: BoardFilters, extra: Query = {}): Query {
  const query: Query = {
    'filter[begin_datetime]': filters.begin,
    'filter[end_datetime]': filters.end,
    ...extra,
  };
  if (filters.departmentIds.length > 0) query['filter[department_id][]'] = filters.departmentIds;
  if (filters.positionIds.length > 0) query['filter[emp_pos_id][]'] = filters.positionIds;
  if (filters.flightType !== null) query['filter[flight_type]'] = filters.flightType;
  return query;
}

/**
 * The query of the team board and of its download (spec 7: the flight filters plus `filter[conflict]`).
 * Example: conflicts only on 23.11 → `{'filter[begin_datetime]': '2026-11-23 00:00:00', …, 'filter[conflict]': 1}`.
 */
function teamBoardQuery(filters: BoardFilters, extra: Query = {}): Query {
  return flightQuery(filters, filters.conflict ? { 'filter[conflict]': 1, ...extra } : extra);
}

/**
 * The answer of a board call checked by its schema. Spec 8 has a team flights answer that does not parse "only
 * logged": the log names the call and what did not fit; the caller still gets the usual `ApiError`.
 */
async function boardCall<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: CallOptions,
): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await callRaw(api, path, options));
  if (parsed.success) return parsed.data;
  console.error(`Team planning: the answer of ${path} does not parse`, parsed.error.issues);
  throw new ApiError(CLIENT_MESSAGES.badAnswer, {}, 200);
}

/**
 * The team statuses, departments and positions of the filters and the team form, and the items a position rule may
 * demand access to (jobs, resources, resource types, aircraft types: the rule's accesses in the team form). They take
 * no parameter: the screen loads them once per visit; `signal` cancels the seven calls when the screen closes.
 */
export async function loadTeamReference(signal?: AbortSignal) {
  const items = z.array(namedItemSchema);
  const options = { signal };
  const [statuses, departments, positions, jobs, resources, resourceTypes, aircraftTypes] = await Promise.all(
    [
      call(api, '/team-planning/team-status', items, options),
      call(api, '/team-planning/department', z.array(namedItemSchema.passthrough()), options),
      call(api, '/team-planning/employee-position', z.array(teamPositionSchema), options),
      call(api, '/team-planning/job', items, options),
      call(api, '/team-planning/resource', items, options),
      call(api, '/team-planning/resource-type', items, options),
      call(api, '/team-planning/aircraft-type', items, options),
    ],
  );
  return { statuses, departments, positions, accessItems: { jobs, resources, resourceTypes, aircraftTypes } };
}
export type TeamReference = Awaited<ReturnType<typeof loadTeamReference>>;

/**
 * The board of the period: teams with their linked flights and the flights that have no team. The team-status filter
 * is applied here: the flight calls of spec 7 take no status (only `GET v1/team` does).
 */
export async function loadBoard(filters: BoardFilters, signal?: AbortSignal) {
  const [all, free] = await Promise.all([
    boardCall('/team-planning/v1/teams-with-flights', teamsWithFlightsSchema, {
      query: teamBoardQuery(filters),
      signal,
    }),
    boardCall('/team-planning/v1/flights-without-team', teamFlightsSchema, {
      query: flightQuery(filters),
      signal,
    }),
  ]);
  const statuses = new Set(filters.statusIds);
  const teams = statuses.size === 0 ? all : all.filter((team) => statuses.has(team.teamStatus.id));
  return { teams, free };
}
export type Board = Awaited<ReturnType<typeof loadBoard>>;

/** Per team, the flights its members work on that are not linked to it. */
export function loadFlightsOutsideTeam(filters: BoardFilters, teamIds: number[]) {
  return call(api, '/team-planning/v1/flights-outside-team', teamOutsideFlightsSchema, {
    query: flightQuery(filters, teamIds.length > 0 ? { 'filter[team_id][]': teamIds } : {}),
  });
}

/** The team's employees with their tasks, the tasks lacking staff, and the tasks done by others. */
export function loadTeamEmployeesWithTasks(teamId: number, aids: number[]) {
  const query: Query = { 'filter[team_id]': teamId };
  if (aids.length > 0) query['filter[flight_aid][]'] = aids;
  return call(api, '/team-planning/v1/team-employees-with-tasks', teamEmployeesWithTasksSchema, { query });
}

/** The teams that could take the turnaround, suitable first, with why the others cannot. */
export function loadSuitableTeams(aid: number): Promise<SuitableTeam[]> {
  return call(api, '/team-planning/v1/suitable-teams', suitableTeamsSchema, {
    query: { flight_aid: aid },
  });
}

/** The dry run of assign (`from_team_id` absent) or reassign: whether it would go through and what it would change. */
export function previewAssignment(body: TeamFlightAssign | TeamFlightReassign): Promise<AssignPreview> {
  const query: Query =
    'to_team_id' in body
      ? { flight_aid: body.flight_aid, team_id: body.to_team_id, from_team_id: body.from_team_id }
      : { flight_aid: body.flight_aid, team_id: body.team_id };
  return call(api, '/team-planning/v1/team-flight/preview', assignPreviewSchema, { query });
}

export function assignTeam(body: TeamFlightAssign): Promise<AssignResult> {
  return call(api, '/team-planning/v1/team-flight/assign', assignResultSchema, { method: 'POST', body });
}
export function deassignTeam(body: TeamFlightAssign): Promise<AssignResult> {
  return call(api, '/team-planning/v1/team-flight/de-assign', assignResultSchema, { method: 'POST', body });
}
export function reassignTeam(body: TeamFlightReassign): Promise<AssignResult> {
  return call(api, '/team-planning/v1/team-flight/reassign', assignResultSchema, { method: 'POST', body });
}

export function createTeam(payload: TeamPayload) {
  return call(api, '/team-planning/v1/team', teamSchema, { method: 'POST', body: payload });
}
export function updateTeam(id: number, payload: TeamPayload) {
  return call(api, `/team-planning/v1/team/${id}`, teamSchema, { method: 'PUT', body: payload });
}
export function deleteTeam(id: number): Promise<void> {
  return callNoContent(api, `/team-planning/v1/team/${id}`, { method: 'DELETE' });
}
/** Adds employees to the team, each to the rule of his position (`PUT v1.1/team/{id}/add-employee?employee_id[]=`). */
export function addEmployees(teamId: number, employeeIds: number[]): Promise<void> {
  return callNoContent(api, `/team-planning/v1.1/team/${teamId}/add-employee`, {
    method: 'PUT',
    query: { 'employee_id[]': employeeIds },
  });
}
/** Replaces a member; the answer tells how many of his tasks the substitute took over and how many are uncovered. */
export function replaceEmployee(teamId: number, oldId: number, employeeId: number): Promise<ReplaceResult> {
  const body: z.input<typeof replaceEmployeeSchema> = { employee_id: employeeId };
  return call(api, `/team-planning/v1/team/${teamId}/replace-employee/${oldId}`, replaceResultSchema, {
    method: 'PUT',
    body,
  });
}
export function deleteEmployee(teamId: number, employeeId: number): Promise<void> {
  return callNoContent(api, `/team-planning/v1/team/${teamId}/delete-employee/${employeeId}`, {
    method: 'DELETE',
  });
}

/** The accesses of a position rule, as the team payload names them. */
export type RuleAccesses = Pick<
  z.infer<typeof teamPayloadSchema>['employeePositionRules'][number],
  'job_ids' | 'resource_type_ids' | 'resource_ids' | 'aircraft_type_ids'
>;

/** The `v1.1/employee` query key of each access list of a rule (spec 7). */
const ACCESS_QUERY: Record<keyof RuleAccesses, string> = {
  job_ids: 'job_id[]',
  resource_type_ids: 'resource_type_id[]',
  resource_ids: 'resource_id[]',
  aircraft_type_ids: 'aircraft_type_id[]',
};

/** What the employee picker asks `v1.1/employee` for. */
export interface CandidateFilter {
  period: { begin: string; end: string };
  positionIds: number[];
  name: string;
  /** The team being edited: its own members are not busy in it. */
  teamId: number | null;
  /** The team's department: the picker offers its employees (`employees.department_id`). */
  departmentId: number | null;
  /** Only those whose skills give access to every item named: a position rule's accesses. */
  accesses?: RuleAccesses;
}

/**
 * Employees who could join a team of the period (`v1.1/employee`), by department, position, name and skills.
 * Example: a rule demanding the A330 → `…&aircraft_type_id[]=17`, only those rated for it answered.
 */
export function loadCandidates(filter: CandidateFilter, signal?: AbortSignal): Promise<TeamCandidate[]> {
  const { period, positionIds, name, teamId, departmentId, accesses } = filter;
  const query: Query = { begin_datetime: period.begin, end_datetime: period.end };
  if (departmentId !== null) query['department_id[]'] = [departmentId];
  if (positionIds.length > 0) query['emp_pos_id[]'] = positionIds;
  for (const [list, key] of Object.entries(ACCESS_QUERY) as [keyof RuleAccesses, string][])
    if (accesses && accesses[list].length > 0) query[key] = [...accesses[list]];
  if (name.trim()) query.name = name.trim();
  if (teamId !== null) query.team_id = teamId;
  return call(api, '/team-planning/v1.1/employee', teamCandidatesSchema, { query, signal });
}

/** Whether each employee may join a team of the period (and why not). */
export function checkAccessible(
  period: { begin: string; end: string },
  employeeIds: number[],
  teamId: number | null,
  signal?: AbortSignal,
): Promise<Accessibility[]> {
  const query: Query = {
    begin_datetime: period.begin,
    end_datetime: period.end,
    'employee_id[]': employeeIds,
  };
  if (teamId !== null) query.team_id = teamId;
  return call(api, '/team-planning/check-employee-accessible', accessibilitySchema, { query, signal });
}

/** 'DD.MM.YYYY', with ' HH.mm' unless midnight, of a wall clock: no colons, it names a file (as the server does). */
const fileStamp = (wall: string) =>
  `${wall.slice(8, 10)}.${wall.slice(5, 7)}.${wall.slice(0, 4)}${wall.slice(11, 16) === '00:00' ? '' : ` ${wall.slice(11, 13)}.${wall.slice(14, 16)}`}`;

/**
 * The plan's file name of spec 7: 'Планирование бригад на {from} - {to}.xlsx'.
 * Example: `planFileName('2026-11-23 00:00:00', '2026-11-24 06:30:00')` → '… на 23.11.2026 - 24.11.2026 06.30.xlsx'.
 */
export function planFileName(from: string, to: string): string {
  return `${teamPlanFileName(fileStamp(from), fileStamp(to))}.xlsx`;
}

/**
 * The .xlsx of teams with their flights and tasks for the board's filters (conflicts only included) and scale; with a
 * status filter, of the teams the board shows (`teamIds`).
 */
export async function downloadPlan(filters: BoardFilters, scale: number, teamIds: number[]): Promise<Blob> {
  const query = teamBoardQuery(filters, { 'filter[scale]': scale });
  if (filters.statusIds.length > 0) query['filter[team_id][]'] = teamIds.length > 0 ? teamIds : [0];
  try {
    return await api('/team-planning/v1/download-teams-with-flights', { query, responseType: 'blob' });
  } catch (error) {
    throw parseApiError(error);
  }
}
