import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emptyRule, emptyTeamForm, type TeamForm, teamModalMachine } from '../../machines/teamModal.ts';
import { ApiError } from '../api/errors.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import type { TeamReference } from './api.ts';
import { TeamModal } from './TeamModal.tsx';

const REFERENCE: TeamReference = {
  statuses: [{ id: 1, name: 'Черновик' }],
  departments: [{ id: 2, name: 'СНО' }],
  positions: [
    { id: 5, name: 'Грузчик', department_id: 2 },
    { id: 6, name: 'Водитель', department_id: 2 },
  ],
  accessItems: {
    jobs: [
      { id: 40, name: 'Погрузка багажа' },
      { id: 41, name: 'Уборка салона' },
    ],
    resources: [],
    resourceTypes: [{ id: 3, name: 'Тягач' }],
    aircraftTypes: [],
  },
};

const FORM: TeamForm = {
  ...emptyTeamForm(),
  name: 'Перронная 1',
  begin: '2026-11-23 08:00:00',
  end: '2026-11-23 20:00:00',
  statusId: 1,
  departmentId: 2,
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
    { ...emptyRule(), employee_position_id: 6, job_ids: [41] },
  ],
};

/** The modal after the server refused the form with these fields. */
async function refusedWith(fields: Record<string, string[]>) {
  const actor = createActor(
    teamModalMachine.provide({
      actors: {
        submit: fromPromise(async (): Promise<unknown> => {
          throw new ApiError('Проверьте заполнение полей', fields, 422);
        }),
      },
    }),
  ).start();
  actor.send({ type: 'MODAL.OPEN', modalType: 'createTeam', form: FORM });
  actor.send({ type: 'FORM.SUBMIT' });
  await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  render(<TeamModal actor={actor} reference={REFERENCE} />);
  return actor;
}

describe('closing the team modal', () => {
  it('closes an untouched form at once, and asks first once a field is changed', async () => {
    const actor = createActor(teamModalMachine).start();
    actor.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form: FORM });
    const { unmount } = render(<TeamModal actor={actor} reference={REFERENCE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    unmount();

    actor.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form: FORM });
    render(<TeamModal actor={actor} reference={REFERENCE} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: 'Перронная 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Продолжить редактирование' }));
    expect(actor.getSnapshot().context.form.name).toBe('Перронная 2');
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть без сохранения' }));
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });
});

describe('the team modal after the server refused a rule', () => {
  it('shows a member message beside that member, not beside the others', async () => {
    await refusedWith({
      'employeePositionRules.0.employees.1.employee_id': [
        'Сотрудник уже в бригаде «Перронная 2» в это время',
      ],
    });
    const members = screen.getByRole('list', { name: 'Сотрудники должности 1' });
    const [first, second] = within(members).getAllByRole('listitem');
    expect(second).toHaveTextContent('Петров П. П. — Сотрудник уже в бригаде «Перронная 2» в это время');
    expect(first).not.toHaveTextContent('Перронная 2');
  });

  it('shows an access message under the access list of its rule', async () => {
    await refusedWith({ 'employeePositionRules.1.job_ids': ['Не найдено: 41'] });
    expect(screen.getByRole('combobox', { name: 'Работы 2' })).toHaveAccessibleDescription('Не найдено: 41');
    expect(screen.getByRole('combobox', { name: 'Работы 1' })).not.toHaveAccessibleDescription();
  });

  it('refuses a count below the members of its rule before sending, the message on that count', async () => {
    const submits: unknown[] = [];
    const actor = createActor(
      teamModalMachine.provide({
        actors: { submit: fromPromise(async ({ input }) => void submits.push(input)) },
      }),
    ).start();
    const rules = FORM.rules.map((rule, at) => (at === 0 ? { ...rule, count: '1' } : rule));
    actor.send({ type: 'MODAL.OPEN', modalType: 'editTeam', form: { ...FORM, rules } });
    actor.send({ type: 'FORM.SUBMIT' });
    render(<TeamModal actor={actor} reference={REFERENCE} />);
    expect(screen.getByRole('textbox', { name: 'Количество 1' })).toHaveAccessibleDescription(
      'Не меньше числа сотрудников этой должности в бригаде (2)',
    );
    expect(screen.getByRole('textbox', { name: 'Количество 2' })).not.toHaveAccessibleDescription();
    expect(submits).toEqual([]);
  });

  it('shows the chosen accesses of each rule', async () => {
    await refusedWith({ name: ['x'] });
    expect(screen.getByRole('combobox', { name: 'Работы 2' })).toHaveTextContent('Уборка салона');
    expect(screen.getByRole('combobox', { name: 'Работы 1' })).toHaveTextContent('Любые');
  });
});

/** The A330 of the audit: some skill grants it, so only those holding that skill may take a rule demanding it. */
const A330 = 17;

/**
 * The team-planning server as the picker sees it, for one position of three people: Агеев lacks the A330 rating,
 * Белов holds it, Веткин holds it but is in another team then. `v1.1/employee` keeps those rated for every aircraft
 * type named. check-employee-accessible asks, as the server does, whether he is free and, with `team_id`, whether his
 * skills meet the team's stored rule: `storedA330` is the team whose stored rule demands the A330.
 */
function pickerServer(storedA330?: number) {
  const person = (id: number, name: string, busy: string[] = []) => ({
    id,
    name,
    personnel_number: String(id),
    department: { id: 2, name: 'СНО' },
    employeePosition: { id: 5, name: 'Грузчик' },
    is_accessible: busy.length === 0,
    busy_in: busy,
    tasks_in_period: 0,
  });
  const people = [
    person(1, 'Агеев А. А.'),
    person(2, 'Белов Б. Б.'),
    person(3, 'Веткин В. В.', ['Перронная 2']),
  ];
  const rated = new Set([2, 3]);
  return stubFetch((request) => {
    const query = new URLSearchParams(request.query);
    if (request.path.endsWith('/v1.1/employee')) {
      const types = query.getAll('aircraft_type_id[]').map(Number);
      return json(
        200,
        types.length === 0
          ? people
          : people.filter((p) => types.every((type) => type !== A330 || rated.has(p.id))),
      );
    }
    const ids = query.getAll('employee_id[]').map(Number);
    const stored = storedA330 !== undefined && query.get('team_id') === String(storedA330);
    return json(
      200,
      ids.map((id) => {
        const busy = people.find((p) => p.id === id)?.busy_in ?? [];
        const reasons = busy.map((team) => `Уже в бригаде «${team}» в это время`);
        if (stored && !rated.has(id)) reasons.push('Нет навыков, которых требует правило должности');
        return { employee_id: id, is_accessible: reasons.length === 0, reasons };
      }),
    );
  });
}

describe('the employee picker of a rule demanding an aircraft type', () => {
  afterEach(() => vi.unstubAllGlobals());

  const open = (form: TeamForm, modalType: 'createTeam' | 'editTeam') => {
    const actor = createActor(teamModalMachine).start();
    actor.send({ type: 'MODAL.OPEN', modalType, form });
    render(
      <TeamModal
        actor={actor}
        reference={{
          ...REFERENCE,
          accessItems: { ...REFERENCE.accessItems, aircraftTypes: [{ id: A330, name: 'Airbus A330-200' }] },
        }}
      />,
    );
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Должность 1' })).getByRole('button', {
        name: 'Выбрать сотрудников',
      }),
    );
    return screen.findByRole('list', { name: 'Выбор сотрудников должности 1' });
  };
  const rowOf = (list: HTMLElement, name: string) =>
    within(list)
      .getAllByRole('listitem')
      .find((row) => row.textContent?.includes(name)) as HTMLElement;
  const rule = { ...emptyRule(), employee_position_id: 5, aircraft_type_ids: [A330] };

  it('marks available only the rated and free, as the save accepts, on a new team', async () => {
    const seen = pickerServer();
    const list = await open({ ...FORM, rules: [rule] }, 'createTeam');
    await waitForRows(list, 3);
    expect(rowOf(list, 'Белов')).toHaveTextContent('доступен');
    expect(rowOf(list, 'Агеев')).toHaveTextContent('Нет навыков, которых требует правило должности');
    expect(rowOf(list, 'Агеев')).not.toHaveTextContent('доступен');
    expect(rowOf(list, 'Веткин')).toHaveTextContent('Уже в бригаде «Перронная 2» в это время');
    // The free and rated first; the department of the team asked for.
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Белов');
    const asked = seen
      .filter((r) => r.path.endsWith('/v1.1/employee'))
      .map((r) => new URLSearchParams(r.query));
    expect(asked.some((q) => q.getAll('aircraft_type_id[]').join() === String(A330))).toBe(true);
    for (const q of asked) expect(q.getAll('department_id[]')).toEqual(['2']);
  });

  it('judges by the accesses being edited, not the stored rule, on an existing team', async () => {
    // Team 9 as stored demands the A330 of this position; the planner has just taken that demand off the rule.
    const seen = pickerServer(9);
    const list = await open({ ...FORM, teamId: 9, rules: [{ ...rule, aircraft_type_ids: [] }] }, 'editTeam');
    await waitForRows(list, 3);
    expect(rowOf(list, 'Агеев')).toHaveTextContent('доступен');
    expect(rowOf(list, 'Белов')).toHaveTextContent('доступен');
    const asked = seen
      .filter((r) => r.path.endsWith('/v1.1/employee'))
      .map((r) => new URLSearchParams(r.query));
    for (const q of asked) expect(q.get('team_id')).toBe('9');
  });
});

/** Waits until the picker lists `n` people, judged: Веткин's team named (no row is left to be checked). */
async function waitForRows(list: HTMLElement, n: number) {
  await vi.waitFor(() => {
    expect(within(list).getAllByRole('listitem')).toHaveLength(n);
    expect(list).toHaveTextContent('Уже в бригаде «Перронная 2» в это время');
  });
}

describe('the employee picker of a replace', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the leaver's position only, and not the team's members", async () => {
    const member = {
      id: 100,
      name: 'Иванов И. И.',
      personnel_number: '100',
      department: { id: 2, name: 'СНО' },
      employeePosition: { id: 5, name: 'Грузчик' },
      is_accessible: true,
      busy_in: [],
      tasks_in_period: 0,
    };
    const seen = stubFetch((request) =>
      request.path.endsWith('/v1.1/employee')
        ? json(200, [member, { ...member, id: 102, name: 'Сидоров С. С.', personnel_number: '102' }])
        : json(200, [
            { employee_id: 100, is_accessible: true, reasons: [] },
            { employee_id: 102, is_accessible: true, reasons: [] },
          ]),
    );
    const actor = createActor(teamModalMachine).start();
    actor.send({
      type: 'MODAL.OPEN',
      modalType: 'replaceEmployee',
      form: { ...FORM, teamId: 9, oldEmployeeId: 101, newEmployeeId: null },
    });
    render(<TeamModal actor={actor} reference={REFERENCE} />);
    const list = await screen.findByRole('list', { name: 'Новый сотрудник' });
    await vi.waitFor(() => expect(list).toHaveTextContent('Сотрудник уже состоит в бригаде'));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Сидоров С. С.Грузчикдоступен');
    expect(second).toHaveTextContent('Иванов И. И.ГрузчикСотрудник уже состоит в бригаде');
    const asked = new URLSearchParams(seen.find((r) => r.path.endsWith('/v1.1/employee'))?.query);
    expect(asked.getAll('emp_pos_id[]')).toEqual(['5']);
    expect(asked.getAll('department_id[]')).toEqual(['2']);
  });
});
