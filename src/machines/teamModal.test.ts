import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { Team, TeamPayload } from '../shared/team-planning.ts';
import { withoutFields } from './fieldErrors.ts';
import type { DeleteTarget, Submission } from './formModal.ts';
import {
  emptyRule,
  emptyTeamForm,
  messagesUnder,
  ruleMessages,
  type TeamForm,
  type TeamModalType,
  teamDeletedText,
  teamFormFrom,
  teamModalMachine,
} from './teamModal.ts';

type Sent = Submission<TeamModalType, TeamForm, TeamPayload | null>;

/** The modal on a fake server: `submit` and `remove` decide the answers; saves and deletes are recorded. */
function start(
  submit: (input: Sent) => Promise<unknown> = async () => ({}),
  remove: (input: DeleteTarget) => Promise<unknown> = async () => undefined,
) {
  const calls = {
    submits: [] as Sent[],
    removes: [] as DeleteTarget[],
    saved: [] as unknown[],
    removed: [] as unknown[],
  };
  const logic = teamModalMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }: { input: Sent }) => {
        calls.submits.push(input);
        return submit(input);
      }),
      remove: fromPromise(async ({ input }: { input: DeleteTarget }) => {
        calls.removes.push(input);
        return remove(input);
      }),
    },
    actions: {
      saved: (_, params) => void calls.saved.push(params),
      removed: (_, params) => void calls.removed.push(params),
    },
  });
  return { actor: createActor(logic).start(), calls };
}

const filledTeam: TeamForm = {
  ...emptyTeamForm(),
  name: 'Перронная 1',
  begin: '2026-11-23 08:00:00',
  end: '2026-11-23 20:00:00',
  statusId: 1,
  departmentId: 2,
  rules: [
    { ...emptyRule(), employee_position_id: 5, count: '2' },
    { ...emptyRule(), employee_position_id: 6, count: '1' },
  ],
};

const TEAM: Team = {
  id: 9,
  name: 'Перронная 9',
  begin_datetime: '2026-11-23 08:00:00',
  end_datetime: '2026-11-23 20:00:00',
  real_count: 1,
  count: 2,
  template_team_rule_id: null,
  teamStatus: { id: 2, name: 'Утверждена' },
  department: { id: 3, name: 'Перрон' },
  employeePositionRules: [
    {
      id: 1,
      employeePosition: { id: 5, name: 'Грузчик' },
      real_count: 1,
      count: 2,
      groupResourceAccesses: [{ resource: { id: 70, name: 'Тягач 1' } }],
      groupResourceTypeAccesses: [],
      groupAircraftTypeAccesses: [],
      groupJobAccesses: [{ job: { id: 40, name: 'Погрузка' } }],
      teamEmployees: [
        {
          id: 11,
          is_main_employee: true,
          template_team_rule_employee_id: null,
          employee: { id: 100, name: 'Иванов И. И.' },
        },
      ],
    },
  ],
  version: '2741',
};

describe('when a new team is created', () => {
  it('opens empty and refuses to send without a name, status, department and period, with messages per field', () => {
    const { actor, calls } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: emptyTeamForm() });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'FORM.SUBMIT' });
    const { errors } = actor.getSnapshot().context;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['name', 'begin_datetime', 'end_datetime', 'team_status_id', 'department_id']),
    );
    expect(errors.team_status_id).toEqual(['Обязательное поле']);
    expect(calls.submits).toEqual([]);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('clears a field message as soon as the field changes', () => {
    const { actor } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: emptyTeamForm() });
    actor.send({ type: 'FORM.SUBMIT' });
    actor.send({ type: 'FORM.PATCH', patch: { name: 'Перронная 2' } });
    const { errors, form } = actor.getSnapshot().context;
    expect(errors.name).toBeUndefined();
    expect(errors.department_id).toBeDefined();
    expect(form.name).toBe('Перронная 2');
  });

  it('refuses an end before the begin', () => {
    const { actor, calls } = start();
    actor.send({
      type: 'MODAL.OPEN',
      modalType: 'createTeam',
      form: { ...filledTeam, end: '2026-11-23 07:00:00' },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.errors.end_datetime).toEqual(['Конец смены должен быть позже начала']);
    expect(calls.submits).toEqual([]);
  });

  it('names an empty position of a rule by its path', () => {
    const { actor } = start();
    actor.send({
      type: 'MODAL.OPEN',
      modalType: 'createTeam',
      form: { ...filledTeam, rules: [emptyRule()] },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.errors['employeePositionRules.0.employee_position_id']).toEqual([
      'Обязательное поле',
    ]);
  });

  it('sends the team with its two position rules, closes and marks the board for refresh', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: filledTeam });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'MODAL.CLOSE' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls.submits[0].modalType).toBe('createTeam');
    expect(calls.submits[0].payload).toEqual({
      name: 'Перронная 1',
      begin_datetime: '2026-11-23 08:00:00',
      end_datetime: '2026-11-23 20:00:00',
      team_status_id: 1,
      department_id: 2,
      employeePositionRules: [
        expect.objectContaining({ employee_position_id: 5, count: 2, employees: [] }),
        expect.objectContaining({ employee_position_id: 6, count: 1, employees: [] }),
      ],
    });
    // A new team: no version to send.
    expect(calls.submits[0].payload).not.toHaveProperty('version');
    expect(calls.saved).toEqual([expect.objectContaining({ modalType: 'createTeam' })]);
    expect(actor.getSnapshot().context.form).toEqual(emptyTeamForm());
  });

  it('keeps the form open with the server messages under the fields when the server refuses', async () => {
    const { actor, calls } = start(async () => {
      throw new ApiError('Проверьте заполнение полей', { name: ['Бригада с таким названием уже есть'] }, 422);
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: filledTeam });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    const { errors, message, form } = actor.getSnapshot().context;
    expect(errors).toEqual({ name: ['Бригада с таким названием уже есть'] });
    expect(message).toBe('Проверьте заполнение полей');
    expect(form.name).toBe('Перронная 1');
    expect(calls.saved).toEqual([]);
  });
});

describe('when a team is edited', () => {
  it('opens with its rules, accesses and members and sends them back with the team id and the version read', async () => {
    const { actor, calls } = start();
    const form = teamFormFrom(TEAM);
    expect(form.rules[0]).toEqual(
      expect.objectContaining({
        employee_position_id: 5,
        count: '2',
        resource_ids: [70],
        job_ids: [40],
        employees: [{ employee_id: 100, is_main_employee: true, name: 'Иванов И. И.' }],
      }),
    );
    actor.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form });
    actor.send({ type: 'FORM.PATCH', patch: { name: 'Перронная 10' } });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls.submits[0].form.teamId).toBe(9);
    expect(calls.submits[0].payload).toEqual(
      expect.objectContaining({
        name: 'Перронная 10',
        employeePositionRules: [
          expect.objectContaining({
            resource_ids: [70],
            job_ids: [40],
            employees: [{ employee_id: 100, is_main_employee: true }],
          }),
        ],
        version: '2741',
      }),
    );
  });

  it('keeps the form open with the message and the edit when another user saved the team first (409)', async () => {
    const { actor, calls } = start(async () => {
      throw new ApiError(MESSAGES.staleEdit, {}, 409);
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form: teamFormFrom(TEAM) });
    actor.send({ type: 'FORM.PATCH', patch: { name: 'Перронная 10' } });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('open')).toBe(true);
    expect(snapshot.context).toMatchObject({
      modalType: 'editTeam',
      message: MESSAGES.staleEdit,
      errors: {},
    });
    expect(snapshot.context.form).toMatchObject({ teamId: 9, name: 'Перронная 10', version: '2741' });
    expect(calls.saved).toEqual([]);
  });

  it('sends the accesses chosen for each rule and keeps those of the other rules', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form: teamFormFrom(TEAM) });
    const [rule] = actor.getSnapshot().context.form.rules;
    actor.send({
      type: 'FORM.PATCH',
      patch: {
        rules: [
          { ...rule, job_ids: [40, 41], resource_ids: [], resource_type_ids: [3], aircraft_type_ids: [8] },
          { ...emptyRule(), employee_position_id: 6, job_ids: [42] },
        ],
      },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    const sent = (calls.submits[0].payload as TeamPayload).employeePositionRules;
    expect(
      sent.map(({ job_ids, resource_ids, resource_type_ids, aircraft_type_ids }) => ({
        job_ids,
        resource_ids,
        resource_type_ids,
        aircraft_type_ids,
      })),
    ).toEqual([
      { job_ids: [40, 41], resource_ids: [], resource_type_ids: [3], aircraft_type_ids: [8] },
      { job_ids: [42], resource_ids: [], resource_type_ids: [], aircraft_type_ids: [] },
    ]);
  });
});

describe('when the server refuses a rule or one of its members', () => {
  const twoRules: TeamForm = {
    ...filledTeam,
    rules: [
      {
        ...emptyRule(),
        employee_position_id: 5,
        count: '2',
        employees: [
          { employee_id: 100, is_main_employee: true, name: 'Иванов И. И.' },
          { employee_id: 101, is_main_employee: false, name: 'Петров П. П.' },
        ],
      },
      { ...emptyRule(), employee_position_id: 6, count: '1', job_ids: [999] },
    ],
  };
  const refused = new ApiError(
    'Проверьте заполнение полей',
    {
      'employeePositionRules.0.employees.1.employee_id': [
        'Сотрудник уже в бригаде «Перронная 2» в это время',
        'Сотрудник неактивен',
      ],
      'employeePositionRules.0.count': ['Не больше 100'],
      'employeePositionRules.1.job_ids': ['Не найдено: 999'],
      'employeePositionRules.1.employees': ['Слишком много'],
    },
    422,
  );

  it('puts each message on its rule row and on the member it names', async () => {
    const { actor } = start(async () => {
      throw refused;
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: twoRules });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    const { errors, form } = actor.getSnapshot().context;
    const first = ruleMessages(errors, 0, form.rules[0]);
    expect(first.members).toEqual(
      new Map([[101, 'Сотрудник уже в бригаде «Перронная 2» в это время; Сотрудник неактивен']]),
    );
    expect(first.controls).toEqual({ count: 'Не больше 100' });
    expect(first.other).toBeNull();
    const second = ruleMessages(errors, 1, form.rules[1]);
    expect(second.controls).toEqual({ job_ids: 'Не найдено: 999' });
    expect(second.members.size).toBe(0);
    expect(second.other).toBe('Слишком много');
  });

  it('drops the messages of a rule once it changes and keeps those of the other rules', async () => {
    const { actor } = start(async () => {
      throw refused;
    });
    actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: twoRules });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    const { form } = actor.getSnapshot().context;
    actor.send({
      type: 'FORM.PATCH',
      patch: { rules: [{ ...form.rules[0], employees: form.rules[0].employees.slice(0, 1) }, form.rules[1]] },
      clear: ['employeePositionRules.0'],
    });
    const after = actor.getSnapshot().context;
    expect(ruleMessages(after.errors, 0, after.form.rules[0]).members.size).toBe(0);
    expect(ruleMessages(after.errors, 1, after.form.rules[1]).controls.job_ids).toBe('Не найдено: 999');
  });

  it('gathers the messages of the employees added, whatever their place in the request', () => {
    expect(
      messagesUnder(
        { 'employee_id.0': ['Сотрудник неактивен'], 'employee_id.2': ['Сотрудник неактивен', 'x'] },
        'employee_id',
      ),
    ).toBe('Сотрудник неактивен; x');
    expect(messagesUnder({ name: ['y'] }, 'employee_id')).toBeNull();
  });
});

describe('when employees are added or replaced', () => {
  it('asks for at least one employee before adding', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'addEmployee', form: { ...emptyTeamForm(), teamId: 9 } });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ employee_id: ['Выберите сотрудника'] });
    actor.send({ type: 'FORM.PATCH', patch: { employeeIds: [100, 101] }, clear: ['employee_id'] });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls.submits[0]).toEqual(
      expect.objectContaining({
        modalType: 'addEmployee',
        form: expect.objectContaining({ employeeIds: [100, 101] }),
      }),
    );
    expect(calls.saved).toEqual([expect.objectContaining({ modalType: 'addEmployee' })]);
  });

  it('replaces only when the new employee is chosen, and shows why the server refused', async () => {
    const { actor, calls } = start(async () => {
      throw new ApiError('Ошибка', { employee_id: ['Сотрудник занят в бригаде «Перронная 2»'] }, 422);
    });
    actor.send({
      type: 'MODAL.OPEN',
      modalType: 'replaceEmployee',
      form: { ...emptyTeamForm(), teamId: 9, oldEmployeeId: 100 },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(calls.submits).toEqual([]);
    actor.send({ type: 'FORM.PATCH', patch: { newEmployeeId: 101 } });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors.employee_id).toEqual([
      'Сотрудник занят в бригаде «Перронная 2»',
    ]);
    expect(calls.submits[0].form).toEqual(
      expect.objectContaining({ oldEmployeeId: 100, newEmployeeId: 101 }),
    );
  });
});

describe('when a team or a member is deleted', () => {
  it('asks first, deletes on confirmation and reports the target for the notification', async () => {
    const { actor, calls } = start();
    const target = { kind: 'team', ids: [9], name: 'Перронная 9' };
    actor.send({ type: 'DELETE.ASK', target });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(calls.removes).toEqual([]);
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls.removes).toEqual([target]);
    expect(calls.removed).toEqual([{ target }]);
    expect(teamDeletedText(target.name)).toBe('Бригада "Перронная 9" успешно удалена');
  });

  it('deletes nothing when the question is closed', () => {
    const { actor, calls } = start();
    actor.send({ type: 'DELETE.ASK', target: { kind: 'employee', ids: [9, 100], name: 'Иванов И. И.' } });
    actor.send({ type: 'MODAL.CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(calls.removes).toEqual([]);
  });

  it('keeps the server message of a failed delete until it is cleared, and announces nothing', async () => {
    const { actor, calls } = start(undefined, async () => {
      throw new ApiError('Бригада назначена на рейсы', {}, 409);
    });
    actor.send({ type: 'DELETE.ASK', target: { kind: 'team', ids: [9], name: 'Перронная 9' } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.matches('closed') && s.context.message !== null);
    expect(actor.getSnapshot().context.message).toBe('Бригада назначена на рейсы');
    expect(calls.removed).toEqual([]);
    actor.send({ type: 'MESSAGE.CLEAR' });
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});

describe('dropping field messages', () => {
  it('drops a path and its parts, and keeps the rest', () => {
    expect(withoutFields({ name: ['x'], 'rules.0.count': ['y'], rulesX: ['z'] }, ['rules'])).toEqual({
      name: ['x'],
      rulesX: ['z'],
    });
  });
});
