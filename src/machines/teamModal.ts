/**
 * The team modal (spec 4 "Team planning"): createTeam, editTeam, addEmployee, replaceEmployee, built on the shared
 * form-modal pattern (formModal.ts), and the delete confirmations of a team and of a member. The team form is
 * checked by the shared `teamPayloadSchema` (the server checks the same), plus the period's order; success marks the
 * board for refresh (the screen's `saved` / `removed`) and a deleted team is announced by name (spec 8).
 */
import { fromPromise } from 'xstate';
import { type FieldErrors, zodFieldErrors } from '../app/api/errors.ts';
import {
  addEmployees,
  createTeam,
  deleteEmployee,
  deleteTeam,
  replaceEmployee,
  updateTeam,
} from '../app/team-planning/api.ts';
import { sentVersion } from '../shared/rowVersion.ts';
import {
  replaceResultSchema,
  type Team,
  type TeamPayload,
  teamPayloadSchema,
} from '../shared/team-planning.ts';
import type { AlertType } from './alert.ts';
import { createFormModal, type DeleteTarget, type FormCheck, type Submission } from './formModal.ts';

export type TeamModalType = 'createTeam' | 'editTeam' | 'addEmployee' | 'replaceEmployee';

/** The modal titles per type. */
export const TEAM_MODAL_TITLES: Record<TeamModalType, string> = {
  createTeam: 'Создание бригады',
  editTeam: 'Редактирование бригады',
  addEmployee: 'Добавление сотрудников',
  replaceEmployee: 'Замена сотрудника',
};

/** Spec 8: the notification after a team is deleted. */
export function teamDeletedText(name: string): string {
  return `Бригада "${name}" успешно удалена`;
}

/** The counts of a replace's answer: the notice reads them and nothing else. */
const handOverSchema = replaceResultSchema.pick({ tasks_handed_over: true, tasks_left_uncovered: true });

/**
 * The notice after a save (`output`: the submit's answer). A replace tells what became of the leaver's tasks, a
 * warning when some are left without anyone. Example: replace answering 3 handed over, 1 left →
 * {text: 'Сотрудник заменён. Задачи переданы: 3. Остались без исполнителя: 1', type: 'Warning'}.
 */
export function savedNotice(
  modalType: TeamModalType | null,
  output: unknown,
): { text: string; type: AlertType } {
  const handOver = modalType === 'replaceEmployee' ? handOverSchema.safeParse(output) : null;
  if (!handOver?.success) return { text: 'Бригада сохранена', type: 'Success' };
  const { tasks_handed_over: handed, tasks_left_uncovered: left } = handOver.data;
  const text = `Сотрудник заменён. Задачи переданы: ${handed}`;
  return left > 0
    ? { text: `${text}. Остались без исполнителя: ${left}`, type: 'Warning' }
    : { text, type: 'Success' };
}

export interface TeamRuleForm {
  employee_position_id: number | null;
  /** As typed. */
  count: string;
  resource_ids: number[];
  resource_type_ids: number[];
  aircraft_type_ids: number[];
  job_ids: number[];
  employees: { employee_id: number; is_main_employee: boolean; name: string }[];
}

export interface TeamForm {
  teamId: number | null;
  name: string;
  /** Wall clock 'YYYY-MM-DD HH:mm:ss'. */
  begin: string;
  end: string;
  statusId: number | null;
  departmentId: number | null;
  rules: TeamRuleForm[];
  /** addEmployee: the employees chosen. */
  employeeIds: number[];
  /** replaceEmployee: who leaves and who comes. */
  oldEmployeeId: number | null;
  newEmployeeId: number | null;
  /** editTeam: the version of the team read, sent back so a save over another user's is refused (409); else null. */
  version: string | null;
}

export function emptyTeamForm(): TeamForm {
  return {
    teamId: null,
    name: '',
    begin: '',
    end: '',
    statusId: null,
    departmentId: null,
    rules: [],
    employeeIds: [],
    oldEmployeeId: null,
    newEmployeeId: null,
    version: null,
  };
}

export function emptyRule(): TeamRuleForm {
  return {
    employee_position_id: null,
    count: '1',
    resource_ids: [],
    resource_type_ids: [],
    aircraft_type_ids: [],
    job_ids: [],
    employees: [],
  };
}

/** The form of an existing team (editTeam), with its rules, accesses and members. */
export function teamFormFrom(team: Team): TeamForm {
  return {
    ...emptyTeamForm(),
    teamId: team.id,
    name: team.name,
    begin: team.begin_datetime,
    end: team.end_datetime,
    statusId: team.teamStatus.id,
    departmentId: team.department.id,
    rules: team.employeePositionRules.map((rule) => ({
      employee_position_id: rule.employeePosition.id,
      count: String(rule.count),
      resource_ids: rule.groupResourceAccesses.map((a) => a.resource.id),
      resource_type_ids: rule.groupResourceTypeAccesses.map((a) => a.resourceType.id),
      aircraft_type_ids: rule.groupAircraftTypeAccesses.map((a) => a.aircraftType.id),
      job_ids: rule.groupJobAccesses.map((a) => a.job.id),
      employees: rule.teamEmployees.map((member) => ({
        employee_id: member.employee.id,
        is_main_employee: member.is_main_employee,
        name: member.employee.name,
      })),
    })),
    version: team.version,
  };
}

/** The access lists of a position rule, as the payload names them, with their labels (spec 2, team modal). */
export const RULE_ACCESS_LISTS = [
  { key: 'job_ids', label: 'Работы', allWord: 'работы' },
  { key: 'resource_type_ids', label: 'Типы ресурсов', allWord: 'типы ресурсов' },
  { key: 'resource_ids', label: 'Ресурсы', allWord: 'ресурсы' },
  { key: 'aircraft_type_ids', label: 'Типы ВС', allWord: 'типы ВС' },
] as const;
export type RuleAccessList = (typeof RULE_ACCESS_LISTS)[number]['key'];

/** The parts of a rule row that show their own message; deeper paths (`job_ids.2`) land on their part. */
const RULE_CONTROLS = ['employee_position_id', 'count', ...RULE_ACCESS_LISTS.map((list) => list.key)];

/** Where the messages about one position rule go in the modal. */
export interface RuleMessages {
  /** By control of the row: `employee_position_id`, `count`, `job_ids`, … */
  controls: Partial<Record<string, string>>;
  /** By employee id: the messages about that member (`employees.J.employee_id` and the rest under `employees.J`). */
  members: Map<number, string>;
  /** What no control or member shows (the rule or its member list as a whole). */
  other: string | null;
}

/**
 * Sorts the field messages under `employeePositionRules.{index}` (the server's and the client check's paths) onto
 * the rule row's controls and members; the index of a member is his place in the rule's list as sent.
 * Example: `{'employeePositionRules.0.employees.1.employee_id': ['Сотрудник неактивен']}`, rule 0 with members
 * [7, 8] → `members` {8 → 'Сотрудник неактивен'}.
 */
export function ruleMessages(errors: FieldErrors, index: number, rule: TeamRuleForm): RuleMessages {
  const prefix = `employeePositionRules.${index}`;
  const controls: Record<string, string[]> = {};
  const members = new Map<number, string[]>();
  const other: string[] = [];
  const add = (list: string[], messages: string[]) => {
    for (const message of messages) if (!list.includes(message)) list.push(message);
  };
  for (const [path, messages] of Object.entries(errors)) {
    if (path !== prefix && !path.startsWith(`${prefix}.`)) continue;
    const parts = path.slice(prefix.length + 1).split('.');
    const member =
      parts[0] === 'employees' && parts.length > 1 ? rule.employees[Number(parts[1])] : undefined;
    if (member) {
      const list = members.get(member.employee_id) ?? [];
      add(list, messages);
      members.set(member.employee_id, list);
    } else if (RULE_CONTROLS.includes(parts[0])) {
      controls[parts[0]] = controls[parts[0]] ?? [];
      add(controls[parts[0]], messages);
    } else add(other, messages);
  }
  return {
    controls: Object.fromEntries(Object.entries(controls).map(([key, list]) => [key, list.join('; ')])),
    members: new Map([...members].map(([id, list]) => [id, list.join('; ')])),
    other: other.length > 0 ? other.join('; ') : null,
  };
}

/**
 * The messages under a path and its parts, distinct and joined: what add-employee shows under its picker for the
 * server's `employee_id.N` paths. Example: `{'employee_id.0': ['x'], 'employee_id.1': ['x', 'y']}` → 'x; y'.
 */
export function messagesUnder(errors: FieldErrors, path: string): string | null {
  const found = new Set<string>();
  for (const [key, messages] of Object.entries(errors))
    if (key === path || key.startsWith(`${path}.`)) for (const message of messages) found.add(message);
  return found.size > 0 ? [...found].join('; ') : null;
}

const REQUIRED = 'Обязательное поле';
const CHOOSE_EMPLOYEE = 'Выберите сотрудника';
const PERIOD_ORDER = 'Конец смены должен быть позже начала';

/** The team payload of the form, or the messages per field (the server's field paths). */
function checkTeam(form: TeamForm): FormCheck<TeamPayload> {
  const errors: FieldErrors = {};
  const count = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const candidate = {
    name: form.name,
    begin_datetime: form.begin,
    end_datetime: form.end,
    team_status_id: form.statusId ?? 0,
    department_id: form.departmentId ?? 0,
    employeePositionRules: form.rules.map((rule) => ({
      employee_position_id: rule.employee_position_id ?? 0,
      count: count(rule.count),
      resource_ids: rule.resource_ids,
      resource_type_ids: rule.resource_type_ids,
      aircraft_type_ids: rule.aircraft_type_ids,
      job_ids: rule.job_ids,
      employees: rule.employees.map(({ employee_id, is_main_employee }) => ({
        employee_id,
        is_main_employee,
      })),
    })),
  };
  const parsed = teamPayloadSchema.safeParse(candidate);
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));
  // The ids a select leaves empty read better as 'required' than as the schema's id message.
  if (form.statusId === null) errors.team_status_id = [REQUIRED];
  if (form.departmentId === null) errors.department_id = [REQUIRED];
  form.rules.forEach((rule, index) => {
    if (rule.employee_position_id === null)
      errors[`employeePositionRules.${index}.employee_position_id`] = [REQUIRED];
  });
  if (form.begin && form.end && form.begin >= form.end) errors.end_datetime = [PERIOD_ORDER];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: { ...candidate, ...sentVersion(form.version) } };
}

/** The client check of each modal type. */
function checkTeamModal(modalType: TeamModalType, form: TeamForm): FormCheck<TeamPayload | null> {
  if (modalType === 'createTeam' || modalType === 'editTeam') return checkTeam(form);
  if (modalType === 'addEmployee') {
    return form.employeeIds.length > 0
      ? { ok: true, payload: null }
      : { ok: false, errors: { employee_id: [CHOOSE_EMPLOYEE] } };
  }
  return form.newEmployeeId !== null && form.oldEmployeeId !== null
    ? { ok: true, payload: null }
    : { ok: false, errors: { employee_id: [CHOOSE_EMPLOYEE] } };
}

/** The write of each modal type. */
async function submitTeamModal({
  modalType,
  payload,
  form,
}: Submission<TeamModalType, TeamForm, TeamPayload | null>) {
  const teamId = form.teamId ?? 0;
  if (modalType === 'createTeam') return createTeam(payload as TeamPayload);
  if (modalType === 'editTeam') return updateTeam(teamId, payload as TeamPayload);
  if (modalType === 'addEmployee') return addEmployees(teamId, form.employeeIds);
  return replaceEmployee(teamId, form.oldEmployeeId ?? 0, form.newEmployeeId ?? 0);
}

/** A team (`kind: 'team'`, ids [team]) or a member (`kind: 'employee'`, ids [team, employee]) deleted. */
function removeTarget(target: DeleteTarget): Promise<void> {
  if (target.kind === 'team') return deleteTeam(target.ids[0]);
  return deleteEmployee(target.ids[0], target.ids[1]);
}

export const teamModalMachine = createFormModal<TeamModalType, TeamForm, TeamPayload | null>({
  id: 'teamModal',
  emptyForm: emptyTeamForm,
  check: checkTeamModal,
}).provide({
  actors: {
    submit: fromPromise<unknown, Submission<TeamModalType, TeamForm, TeamPayload | null>>(({ input }) =>
      submitTeamModal(input),
    ),
    remove: fromPromise<unknown, DeleteTarget>(({ input }) => removeTarget(input)),
  },
});
