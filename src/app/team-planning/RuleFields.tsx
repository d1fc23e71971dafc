import {
  RULE_ACCESS_LISTS,
  type RuleAccessList,
  ruleMessages,
  type TeamRuleForm,
} from '../../machines/teamModal.ts';
import { MultiSelect, Select, TextInput } from '../../widgets/index.ts';
import type { FieldErrors } from '../api/errors.ts';
import type { TeamCandidate, TeamReference } from './api.ts';
import { EmployeePicker } from './EmployeePicker.tsx';

/** The reference list of each access list of a rule. */
const ACCESS_OPTIONS: Record<RuleAccessList, keyof TeamReference['accessItems']> = {
  job_ids: 'jobs',
  resource_type_ids: 'resourceTypes',
  resource_ids: 'resources',
  aircraft_type_ids: 'aircraftTypes',
};

export interface RuleFieldsProps {
  index: number;
  rule: TeamRuleForm;
  positions: readonly { id: number; name: string }[];
  reference: TeamReference | null;
  errors: FieldErrors;
  period: { begin: string; end: string };
  teamId: number | null;
  /** The team's department: the picker offers its employees. */
  departmentId: number | null;
  picking: boolean;
  onPick: () => void;
  onChange: (next: Partial<TeamRuleForm>) => void;
  onRemove: () => void;
}

/**
 * One position rule of the team form: the position, how many, the items its members must be allowed to do (jobs,
 * resource types, resources, aircraft types) and the members, each with the messages the server gave about him.
 */
export function RuleFields({
  index,
  rule,
  positions,
  reference,
  errors,
  period,
  teamId,
  departmentId,
  picking,
  onPick,
  onChange,
  onRemove,
}: RuleFieldsProps) {
  const n = index + 1;
  const messages = ruleMessages(errors, index, rule);
  const toggleMember = (candidate: TeamCandidate) => {
    const has = rule.employees.some((member) => member.employee_id === candidate.id);
    onChange({
      employees: has
        ? rule.employees.filter((member) => member.employee_id !== candidate.id)
        : [
            ...rule.employees,
            {
              employee_id: candidate.id,
              is_main_employee: rule.employees.length === 0,
              name: candidate.name,
            },
          ],
    });
  };
  return (
    <fieldset className="team-planning__rule" aria-label={`Должность ${n}`}>
      <div className="team-planning__form-row">
        <Select
          label={`Должность ${n}`}
          searchable
          options={positions}
          value={rule.employee_position_id}
          onChange={(id) =>
            onChange({ employee_position_id: id === null ? null : Number(id), employees: [] })
          }
          error={messages.controls.employee_position_id}
        />
        <TextInput
          label={`Количество ${n}`}
          value={rule.count}
          onChange={(count) => onChange({ count })}
          error={messages.controls.count}
        />
        <button type="button" className="w-button w-button--secondary" onClick={onRemove}>
          Убрать должность
        </button>
      </div>
      <div className="team-planning__form-row">
        {RULE_ACCESS_LISTS.map((list) => (
          <MultiSelect
            key={list.key}
            label={`${list.label} ${n}`}
            allWord={list.allWord}
            searchable
            placeholder="Любые"
            options={reference?.accessItems[ACCESS_OPTIONS[list.key]] ?? []}
            value={rule[list.key]}
            onChange={(ids) => onChange({ [list.key]: ids.map(Number) })}
            error={messages.controls[list.key]}
          />
        ))}
      </div>
      <ul className="team-planning__members" aria-label={`Сотрудники должности ${n}`}>
        {rule.employees.map((member) => {
          const problem = messages.members.get(member.employee_id);
          return (
            <li key={member.employee_id}>
              {member.name}
              {member.is_main_employee ? ' (основной)' : ''}
              {problem ? (
                <span className="team-planning__error team-planning__member-error"> — {problem}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {messages.other ? (
        <p role="alert" className="team-planning__error">
          {messages.other}
        </p>
      ) : null}
      {rule.employee_position_id !== null ? (
        picking ? (
          <EmployeePicker
            label={`Выбор сотрудников должности ${n}`}
            period={period}
            positionIds={[rule.employee_position_id]}
            teamId={teamId}
            departmentId={departmentId}
            judge={{
              kind: 'rule',
              accesses: {
                job_ids: rule.job_ids,
                resource_type_ids: rule.resource_type_ids,
                resource_ids: rule.resource_ids,
                aircraft_type_ids: rule.aircraft_type_ids,
              },
            }}
            chosen={rule.employees.map((member) => member.employee_id)}
            onToggle={toggleMember}
          />
        ) : (
          <button type="button" className="w-button w-button--secondary" onClick={onPick}>
            Выбрать сотрудников
          </button>
        )
      ) : null}
    </fieldset>
  );
}
