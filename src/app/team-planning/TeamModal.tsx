import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { hasUnsavedForm } from '../../machines/rowModalTypes.ts';
import {
  emptyRule,
  messagesUnder,
  TEAM_MODAL_TITLES,
  type TeamForm,
  type TeamRuleForm,
  type teamModalMachine,
} from '../../machines/teamModal.ts';
import { DateRangePicker, Modal, Select, TextInput } from '../../widgets/index.ts';
import { type FieldErrors, fieldMessage } from '../api/errors.ts';
import type { TeamReference } from './api.ts';
import { EmployeePicker } from './EmployeePicker.tsx';
import { RuleFields } from './RuleFields.tsx';

type TeamModalActor = ActorRefFrom<typeof teamModalMachine>;

/** The members of the saved team: an add or a replace cannot take them again. */
const membersOf = (form: TeamForm) => form.rules.flatMap((rule) => rule.employees.map((e) => e.employee_id));

/** The position of the leaver's rule: the substitute takes his place under it, so he must hold it. */
const leaverPositions = (form: TeamForm) =>
  form.rules
    .filter((rule) => rule.employees.some((member) => member.employee_id === form.oldEmployeeId))
    .flatMap((rule) => (rule.employee_position_id === null ? [] : [rule.employee_position_id]));

export interface TeamModalProps {
  actor: TeamModalActor;
  reference: TeamReference | null;
}

/** The team modal (spec 2): create or edit a team with its position rules and members, add or replace employees. */
export function TeamModal({ actor, reference }: TeamModalProps) {
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const modalType = useSelector(actor, (s) => s.context.modalType);
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const message = useSelector(actor, (s) => s.context.message);
  const dirty = useSelector(actor, (s) => hasUnsavedForm(s.context));
  const patch = (next: Partial<TeamForm>, clear?: string[]) =>
    actor.send({ type: 'FORM.PATCH', patch: next, clear });
  const error = (path: string) => fieldMessage(errors, path);
  if (!open || modalType === null) return null;
  const isTeam = modalType === 'createTeam' || modalType === 'editTeam';
  return (
    <Modal
      open
      title={TEAM_MODAL_TITLES[modalType]}
      onClose={() => actor.send({ type: 'MODAL.CLOSE' })}
      onSubmit={() => actor.send({ type: 'FORM.SUBMIT' })}
      submitDisabled={saving}
      disabled={saving}
      dirty={dirty}
      width={isTeam ? 760 : 620}
    >
      <div className="team-planning__form">
        {isTeam ? (
          <TeamFields form={form} reference={reference} errors={errors} error={error} patch={patch} />
        ) : modalType === 'addEmployee' ? (
          <EmployeePicker
            label="Сотрудники для бригады"
            period={{ begin: form.begin, end: form.end }}
            positionIds={form.rules.map((rule) => rule.employee_position_id ?? 0).filter((id) => id > 0)}
            teamId={form.teamId}
            departmentId={form.departmentId}
            judge={{ kind: 'team', members: membersOf(form) }}
            chosen={form.employeeIds}
            onToggle={(candidate) =>
              patch(
                {
                  employeeIds: form.employeeIds.includes(candidate.id)
                    ? form.employeeIds.filter((id) => id !== candidate.id)
                    : [...form.employeeIds, candidate.id],
                },
                ['employee_id'],
              )
            }
          />
        ) : (
          <EmployeePicker
            label="Новый сотрудник"
            period={{ begin: form.begin, end: form.end }}
            positionIds={leaverPositions(form)}
            teamId={form.teamId}
            departmentId={form.departmentId}
            judge={{ kind: 'team', members: membersOf(form) }}
            chosen={form.newEmployeeId === null ? [] : [form.newEmployeeId]}
            onToggle={(candidate) => patch({ newEmployeeId: candidate.id }, ['employee_id'])}
          />
        )}
        {!isTeam && messagesUnder(errors, 'employee_id') ? (
          <p role="alert" className="team-planning__error">
            {messagesUnder(errors, 'employee_id')}
          </p>
        ) : null}
        {message ? (
          <p role="alert" className="team-planning__error">
            {message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

interface TeamFieldsProps {
  form: TeamForm;
  reference: TeamReference | null;
  errors: FieldErrors;
  error: (path: string) => string | null;
  patch: (next: Partial<TeamForm>, clear?: string[]) => void;
}

function TeamFields({ form, reference, errors, error, patch }: TeamFieldsProps) {
  const [picking, setPicking] = useState<number | null>(null);
  const positions = (reference?.positions ?? []).filter(
    (position) => form.departmentId === null || position.department_id === form.departmentId,
  );
  const setRule = (index: number, next: Partial<TeamRuleForm>) =>
    patch({ rules: form.rules.map((rule, at) => (at === index ? { ...rule, ...next } : rule)) }, [
      `employeePositionRules.${index}`,
    ]);
  return (
    <>
      <TextInput
        label="Название"
        required
        value={form.name}
        onChange={(name) => patch({ name })}
        error={error('name')}
      />
      <DateRangePicker
        label="Смена бригады"
        withTime
        value={form.begin && form.end ? { from: form.begin.slice(0, 16), to: form.end.slice(0, 16) } : null}
        onChange={(range) =>
          patch({ begin: `${range.from}:00`, end: `${range.to}:00` }, ['begin_datetime', 'end_datetime'])
        }
      />
      {error('begin_datetime') || error('end_datetime') ? (
        <p role="alert" className="team-planning__error">
          {error('begin_datetime') ?? error('end_datetime')}
        </p>
      ) : null}
      <div className="team-planning__form-row">
        <Select
          label="Статус"
          required
          options={reference?.statuses ?? []}
          value={form.statusId}
          onChange={(id) => patch({ statusId: id === null ? null : Number(id) }, ['team_status_id'])}
          error={error('team_status_id')}
        />
        <Select
          label="Подразделение"
          required
          searchable
          options={reference?.departments ?? []}
          value={form.departmentId}
          onChange={(id) => patch({ departmentId: id === null ? null : Number(id) }, ['department_id'])}
          error={error('department_id')}
        />
      </div>
      <fieldset className="team-planning__rules">
        <legend>Должности</legend>
        {form.rules.map((rule, index) => (
          <RuleFields
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id until saved; their order is their identity
            key={index}
            index={index}
            rule={rule}
            positions={positions}
            reference={reference}
            errors={errors}
            period={{ begin: form.begin, end: form.end }}
            teamId={form.teamId}
            departmentId={form.departmentId}
            picking={picking === index}
            onPick={() => setPicking(index)}
            onChange={(next) => setRule(index, next)}
            onRemove={() =>
              patch({ rules: form.rules.filter((_, at) => at !== index) }, ['employeePositionRules'])
            }
          />
        ))}
        {error('employeePositionRules') ? (
          <p role="alert" className="team-planning__error">
            {error('employeePositionRules')}
          </p>
        ) : null}
        <button
          type="button"
          className="w-button w-button--secondary"
          onClick={() => patch({ rules: [...form.rules, emptyRule()] }, ['employeePositionRules'])}
        >
          Добавить должность
        </button>
      </fieldset>
    </>
  );
}
