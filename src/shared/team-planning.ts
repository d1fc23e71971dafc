/**
 * Team planning (spec 3, 7 "Team planning", DOMAIN "Team planning"): the wire shapes of every
 * `/api/team-planning/...` call. Times are wall clock 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone. Client and
 * server validate with the same schemas.
 */
import { apiDateTime, apiTime } from './apiFormats.ts';
import { MESSAGES, z } from './messages.ts';
import { idSchema, namedItemSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';
import { oneLineText } from './text.ts';

const id = z.number().int();
/** Every datetime of an answer: 'YYYY-MM-DD HH:mm:ss', else 'Invalid format' (spec 5). */
const wall = apiDateTime;
const named = namedItemSchema;

/** Team statuses of the reference list (seeded with the demo): a disbanded team holds nobody and takes no flight. */
export const TEAM_STATUS = { draft: 1, formed: 2, onShift: 3, finished: 4, disbanded: 5 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Teams
// ---------------------------------------------------------------------------------------------------------------

/** A member of a position rule. `is_accessible` only where the answer checks it (see check-employee-accessible). */
const teamEmployeeSchema = z.object({
  id,
  is_main_employee: z.boolean(),
  is_accessible: z.boolean().optional(),
  template_team_rule_employee_id: id.nullable(),
  employee: named,
});

/** A position rule: how many of a position the team needs and what they must be allowed to do. */
const positionRuleSchema = z.object({
  id,
  employeePosition: named,
  /** Members of the rule; null is never sent by this server (kept nullable as the spec says). */
  real_count: id.nullable(),
  count: id,
  groupResourceAccesses: z.array(z.object({ resource: named })),
  groupResourceTypeAccesses: z.array(z.object({ resourceType: named })),
  groupAircraftTypeAccesses: z.array(z.object({ aircraftType: named })),
  groupJobAccesses: z.array(z.object({ job: named })),
  teamEmployees: z.array(teamEmployeeSchema),
});

/** A team with its rules. `count` = the rules' counts summed, `real_count` = the members. */
export const teamSchema = z.object({
  id,
  name: z.string(),
  begin_datetime: wall,
  end_datetime: wall,
  real_count: id.nullable(),
  count: id,
  template_team_rule_id: id.nullable(),
  teamStatus: named,
  /** Beyond the spec: the team's department, which the department rules scope by. */
  department: named,
  employeePositionRules: z.array(positionRuleSchema),
  /**
   * Beyond the spec: the version of the team's row (rowVersion.ts), which every write of the team, its rules or its
   * members changes; the team form's PUT sends it back.
   */
  version: rowVersionSchema,
});
export type Team = z.infer<typeof teamSchema>;
export const teamsSchema = z.array(teamSchema);

const wallClockText = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, MESSAGES.wallClockFormat);
const idList = z.array(idSchema).max(500);

/**
 * The body of `POST /team-planning/v1/team` and `PUT /team-planning/v1/team/{id}`. A PUT replaces the team's rules
 * and members by these. `employees` of a rule must hold the rule's position, and be no more than its `count`; one
 * employee once in a team. `version` (a PUT's only): the team's as read; the PUT answers 409 when the team, its
 * rules or its members changed since.
 */
export const teamPayloadSchema = z.object({
  name: oneLineText().pipe(z.string().trim().min(1, MESSAGES.required).max(200)),
  begin_datetime: wallClockText,
  end_datetime: wallClockText,
  team_status_id: idSchema,
  department_id: idSchema,
  employeePositionRules: z
    .array(
      z
        .object({
          employee_position_id: idSchema,
          count: z.number().int(MESSAGES.positiveWhole).min(1, MESSAGES.positiveWhole).max(100),
          resource_ids: idList.default([]),
          resource_type_ids: idList.default([]),
          aircraft_type_ids: idList.default([]),
          job_ids: idList.default([]),
          employees: z
            .array(z.object({ employee_id: idSchema, is_main_employee: z.boolean().default(false) }))
            .max(100)
            .default([]),
        })
        // The rule's count is how many of the position the team needs: never fewer than it holds.
        .refine((rule) => rule.count >= rule.employees.length, {
          path: ['count'],
          error: (issue) =>
            TEAM_MESSAGES.countBelowMembers((issue.input as { employees: unknown[] }).employees.length),
        }),
    )
    .max(50),
  ...editVersionField,
});
export type TeamPayload = z.input<typeof teamPayloadSchema>;

/** `PUT /team-planning/v1/team/{id}/replace-employee/{old_id}` body. */
export const replaceEmployeeSchema = z.object({ employee_id: idSchema });

/**
 * The answer of replace-employee: the team, and what became of the leaver's tasks on the team's flights (beyond the
 * spec): those the substitute took over, and those he could not (overlap, skills, off shift), now uncovered.
 */
export const replaceResultSchema = teamSchema.extend({
  tasks_handed_over: z.number().int(),
  tasks_left_uncovered: z.number().int(),
});
export type ReplaceResult = z.infer<typeof replaceResultSchema>;

/**
 * `GET /team-planning/time-calendar?date=`: the day's shift intervals (working shifts laid on that date). Spec 3
 * names `begin_time` and `end_time` (HH:mm:ss); the full wall clocks say on which day a night shift ends.
 */
const timeIntervalSchema = z.object({
  id,
  name: z.string(),
  begin_time: apiTime,
  end_time: apiTime,
  begin_datetime: wall,
  end_datetime: wall,
});
export const timeCalendarSchema = z.array(timeIntervalSchema);

/** `GET /team-planning/department` (spec 3: id, name, full_name). */
export const teamDepartmentSchema = z.object({ id, name: z.string(), full_name: z.string() });

/** `GET /team-planning/aircraft-type` (spec 3: id, name, icao_code). */
export const teamAircraftTypeSchema = z.object({ id, name: z.string(), icao_code: z.string() });

/** `GET /team-planning/employee-position`: a position with its department. */
export const teamPositionSchema = z.object({ id, name: z.string(), department_id: id });

/** `GET /team-planning/v1.1/employee`: an employee, and whether he may join the team for the period. */
const teamCandidateSchema = z.object({
  id,
  name: z.string(),
  personnel_number: z.string(),
  department: named,
  employeePosition: named,
  /** Present when the query gives a period: the employee holds no other team overlapping it. */
  is_accessible: z.boolean().optional(),
  /** Teams overlapping the period that already hold him (their names). */
  busy_in: z.array(z.string()),
  /**
   * Present when the query gives a period (beyond the spec): the tasks he already holds overlapping it, on any
   * flight. A team takes a flight only with members free over its tasks, so the picker shows it.
   */
  tasks_in_period: z.number().int().optional(),
});
export const teamCandidatesSchema = z.array(teamCandidateSchema);

/** `GET /team-planning/check-employee-accessible`. `reasons`: why not, in Russian (beyond the spec). */
export const accessibilitySchema = z.array(
  z.object({ employee_id: id, is_accessible: z.boolean(), reasons: z.array(z.string()) }),
);

// ---------------------------------------------------------------------------------------------------------------
// Flights by team
// ---------------------------------------------------------------------------------------------------------------

const airportRef = named;

/** One leg of a flight pair. */
const teamLegSchema = z.object({
  flight_id: id,
  flight_number: z.string(),
  /** Airline code + number, 'SU1234'. */
  flight_number_symbol: z.string(),
  /** Ground-handling window of the leg: its first task's begin .. last task's end (the plan time without tasks). */
  begin_datetime: wall,
  end_datetime: wall,
  plan_departure_datetime: wall,
  plan_arrival_datetime: wall,
  calc_departure_datetime: wall.nullable(),
  calc_arrival_datetime: wall.nullable(),
  fact_departure_datetime: wall.nullable(),
  fact_arrival_datetime: wall.nullable(),
  /** The TGO window of the leg's tasks: first plan begin .. last plan end; null without tasks. */
  tgo_times: z.object({ begin: wall, end: wall }).nullable(),
  departure_airport: airportRef,
  arrival_airport: airportRef,
});

/** A turnaround (or a single leg) as the team views show it. */
const teamFlightSchema = z.object({
  aid: id.nullable(),
  /** 'SU1234 / SU1235'. */
  flight_number: z.string(),
  /** Bar colours: field (fill), font, border (the border turns red on a conflict). */
  color: z.object({ field: z.string(), font: z.string(), border: z.string() }),
  url: z.string(),
  aviacompany: z.object({ id, code: z.string() }),
  aircraft: z.object({
    id: id.nullable(),
    type_id: id,
    bort_number: z.string().nullable(),
    type_name: z.string(),
  }),
  parking: named.nullable(),
  flight_type: named,
  /** The window of the whole pair (first leg begin .. last leg end). */
  begin_datetime: wall,
  end_datetime: wall,
  arrivalFlight: teamLegSchema.nullable(),
  departureFlight: teamLegSchema.nullable(),
});
export type TeamFlight = z.infer<typeof teamFlightSchema>;
export const teamFlightsSchema = z.array(teamFlightSchema);

/** A flight in `teams-with-flights`: with its conflict flags and the link id. */
const linkedFlightSchema = teamFlightSchema.extend({
  /** 1 when any of the three kinds below holds. */
  conflict: z.number().int(),
  /** Tasks of the flight needing more staff of the team's positions than they have. */
  task_without_employee: z.number().int(),
  /** Tasks of the flight done by someone who is not in the team. */
  task_with_employee_diff_team: z.number().int(),
  /** Members of the team holding overlapping tasks on this flight (beyond the spec). */
  employee_overlap: z.number().int(),
  team_flight_id: id,
});
export type LinkedFlight = z.infer<typeof linkedFlightSchema>;

/** `teams-with-flights`: each team (as in the team list) with its flights of the period. */
export const teamWithFlightsSchema = teamSchema.extend({ flights: z.array(linkedFlightSchema) });
export const teamsWithFlightsSchema = z.array(teamWithFlightsSchema);

/** `flights-outside-team`: per team, the flights its members work on that are not linked to it. */
export const teamOutsideFlightsSchema = z.array(
  z.object({ id, name: z.string(), flights: z.array(teamFlightSchema) }),
);

// ---------------------------------------------------------------------------------------------------------------
// Team employees with tasks
// ---------------------------------------------------------------------------------------------------------------

const teamTaskSchema = z.object({
  task_employee_id: id.nullable(),
  task_id: id,
  flight_id: id,
  /** The turnaround of the task's flight. */
  flight_aid: id.nullable(),
  job: named,
  resourceTypes: z.array(named),
  begin: wall,
  end: wall,
  plan_begin: wall,
  plan_end: wall,
  fact_begin: wall.nullable(),
  fact_end: wall.nullable(),
  tgo_id: id.nullable(),
  /** 1 when the employee holds another task overlapping this one. */
  conflict: z.number().int(),
});
export type TeamTask = z.infer<typeof teamTaskSchema>;

export const teamEmployeesWithTasksSchema = z.object({
  employees: z.array(
    z.object({
      id,
      is_main_employee: z.boolean(),
      employee: named,
      employeePosition: named,
      tasks: z.array(teamTaskSchema),
    }),
  ),
  /** Tasks of the team's flights lacking staff of the team's positions: the positions and how many are missing. */
  tasksWithoutEmployee: z.array(
    teamTaskSchema.extend({ positions: z.array(named.extend({ count: id, missing: id })) }),
  ),
  /** Tasks of the team's flights done by people outside the team. */
  outsideTheTeam: z.array(teamTaskSchema.extend({ employee: named, position: named })),
});
export type TeamEmployeesWithTasks = z.infer<typeof teamEmployeesWithTasksSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Assignment
// ---------------------------------------------------------------------------------------------------------------

/** `suitable-teams?flight_aid=`: every visible team near the flight, suitable ones first, with the reasons why not. */
export const suitableTeamsSchema = z.array(
  z.object({
    id,
    name: z.string(),
    suitable: z.boolean(),
    /** Beyond the spec: the assignment would go through even where `suitable` is false (tasks left short). */
    possible: z.boolean(),
    reasons: z.array(z.string()),
  }),
);

const count = z.number().int();

/** `GET /team-planning/v1/team-flight/preview`: the dry run of assign (or reassign with from_team_id), nothing written. */
export const assignPreviewSchema = z.object({
  /** Whether the write would go through; otherwise `reasons` says why not (the refusal's texts). */
  possible: z.boolean(),
  reasons: z.array(z.string()),
  /** Task staff rows the write would delete: people of the team's positions not in it, and on reassign the old team. */
  removed: count,
  /** Task staff rows the write would add: members of the team. */
  added: count,
  /** Per position of the team: how many more people it would need so that no task of the flight stays short. */
  shortage: z.array(z.object({ position: namedItemSchema, missing: count })),
  /** The flight's tasks the write changes or leaves short, in begin order. */
  tasks: z.array(
    z.object({
      task_id: count,
      job: z.string(),
      /** Wall clock 'YYYY-MM-DD HH:mm:ss' of the caller's zone. */
      begin: wall,
      end: wall,
      removed: count,
      added: count,
      /** People of the team's positions the task needs, and how many it would have after the write. */
      needed: count,
      staffed: count,
    }),
  ),
});
export type AssignPreview = z.infer<typeof assignPreviewSchema>;

/** `POST /team-planning/v1/team-flight/assign` and `/de-assign` body. */
export const teamFlightLinkSchema = z.object({ flight_aid: idSchema, team_id: idSchema });

/** `POST /team-planning/v1/team-flight/reassign` body. */
export const reassignSchema = z.object({
  flight_aid: idSchema,
  from_team_id: idSchema,
  to_team_id: idSchema,
});

/** The answer of assign, de-assign and reassign. */
export const assignResultSchema = z.object({
  /** The link made (null after de-assign). */
  team_flight_id: id.nullable(),
  /** Tasks of the turnaround looked at. */
  tasks: z.number().int(),
  /** Task staff rows added (assign, reassign) or removed (de-assign). */
  assignments: z.number().int(),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

/** Russian texts of team planning (spec 8 and the server's refusals). */
export const TEAM_MESSAGES = {
  otherDepartment: 'Бригада другого подразделения: недостаточно прав',
  otherDepartmentTeam: 'Можно создавать бригады только своего подразделения',
  teamNotFound: 'Бригада не найдена',
  flightNotFound: 'Рейс не найден',
  employeeNotFound: 'Сотрудник не найден',
  periodReversed: 'Конец работы бригады должен быть позже начала',
  periodTooLong: 'Бригада не может работать дольше 48 часов',
  unknownStatus: 'Неизвестный статус бригады',
  unknownDepartment: 'Неизвестное подразделение',
  unknownPosition: 'Неизвестная должность',
  duplicatePosition: 'Должность уже есть в бригаде',
  duplicateEmployee: 'Сотрудник указан в бригаде дважды',
  unknownItem: 'Не найдено',
  inactiveEmployee: 'Сотрудник неактивен',
  wrongPosition: (position: string) => `Сотрудник не занимает должность «${position}»`,
  busyInTeam: (team: string) => `Сотрудник уже в бригаде «${team}» в это время`,
  lacksSkill: (item: string) => `У сотрудника нет навыка, дающего доступ: ${item}`,
  noRuleForPosition: (position: string) => `В бригаде нет правила для должности «${position}»`,
  positionOfOtherDepartment: (position: string, department: string) =>
    `Должность «${position}» относится к подразделению «${department}»: в бригаду можно включать только должности её подразделения`,
  employeeOfOtherDepartment: (department: string) =>
    `Сотрудник из подразделения «${department}»: в бригаду можно включать только сотрудников её подразделения`,
  notMember: 'Сотрудник не состоит в бригаде',
  alreadyMember: 'Сотрудник уже состоит в бригаде',
  flightHasTeam: (team: string) => `Рейс уже назначен бригаде «${team}»`,
  flightNotOfTeam: 'Рейс не назначен этой бригаде',
  sameTeam: 'Рейс уже назначен этой бригаде',
  teamDisbanded: 'Бригада расформирована',
  noTasksForTeam: 'У рейса нет задач для должностей бригады',
  notOnShift: (from: string, to: string) => `Бригада не на смене во время рейса (${from} – ${to})`,
  noFreeEmployee: (position: string, job: string, from: string, to: string) =>
    `Нет свободного сотрудника должности «${position}» для задачи «${job}» ${from} – ${to}`,
  /** An assignment's refusal: members of the position there are, but each holds an overlapping task then. */
  noFreeStaff: (list: string) => `Нет свободных сотрудников: ${list}`,
  /** An assignment's refusal: no member of the position has the skills the task demands (job, aircraft type, …). */
  noSkilledStaff: (list: string) => `Нет сотрудников с навыками для задач рейса: ${list}`,
  countBelowMembers: (members: number) => `Не меньше числа сотрудников этой должности в бригаде (${members})`,
  noPosition: (position: string) => `В бригаде нет должности «${position}», нужной рейсу`,
  teamDeleted: (name: string) => `Бригада "${name}" успешно удалена`,
  fileNotFound: 'Файл не найден',
} as const;

/** The download's file name without extension (spec 7). Example: `teamPlanFileName('10.03.2026', '11.03.2026')`. */
export const teamPlanFileName = (from: string, to: string) => `Планирование бригад на ${from} - ${to}`;
