import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emptyRule, emptyTeamForm, type TeamForm, teamModalMachine } from '../../machines/teamModal.ts';
import { ApiError } from '../api/errors.ts';
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

  it('shows the chosen accesses of each rule', async () => {
    await refusedWith({ name: ['x'] });
    expect(screen.getByRole('combobox', { name: 'Работы 2' })).toHaveTextContent('Уборка салона');
    expect(screen.getByRole('combobox', { name: 'Работы 1' })).toHaveTextContent('Любые');
  });
});
