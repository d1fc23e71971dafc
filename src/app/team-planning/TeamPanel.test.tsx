import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamEmployeesWithTasks } from '../../shared/team-planning.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import type { TeamWithFlights } from './api.ts';
import { TeamPanel } from './TeamPanel.tsx';

afterEach(() => vi.unstubAllGlobals());

const TEAM: TeamWithFlights = {
  id: 3,
  name: 'Ночная',
  begin_datetime: '2026-11-23 20:00:00',
  end_datetime: '2026-11-24 08:00:00',
  real_count: 1,
  count: 1,
  template_team_rule_id: null,
  teamStatus: { id: 2, name: 'Сформирована' },
  department: { id: 1, name: 'СНО' },
  employeePositionRules: [],
  version: '1543',
  flights: [],
};

const task = (id: number, job: string, begin: string, end: string) => ({
  task_employee_id: id,
  task_id: id,
  flight_id: 1,
  flight_aid: 1,
  job: { id, name: job },
  resourceTypes: [],
  begin,
  end,
  plan_begin: begin,
  plan_end: end,
  fact_begin: null,
  fact_end: null,
  tgo_id: null,
  conflict: 0,
});

const ANSWER: TeamEmployeesWithTasks = {
  employees: [
    {
      id: 1,
      is_main_employee: true,
      employee: { id: 5, name: 'Иванов И. И.' },
      employeePosition: { id: 1, name: 'Грузчик' },
      tasks: [
        task(1, 'Погрузка багажа', '2026-11-23 21:00:00', '2026-11-23 22:00:00'),
        task(2, 'Выгрузка багажа', '2026-11-24 02:00:00', '2026-11-24 03:00:00'),
      ],
    },
  ],
  tasksWithoutEmployee: [
    { ...task(3, 'Уборка салона', '2026-11-24 04:00:00', '2026-11-24 05:00:00'), positions: [] },
  ],
  outsideTheTeam: [],
};

/** The panel of a team over a period, read-only, its callbacks doing nothing. */
function renderPanel(team: TeamWithFlights, period: { begin: string; end: string }) {
  render(
    <TeamPanel
      team={team}
      period={period}
      version={1}
      canEdit={false}
      onEdit={() => undefined}
      onAddEmployee={() => undefined}
      onReplace={() => undefined}
      onRemoveEmployee={() => undefined}
      onDelete={() => undefined}
      onClose={() => undefined}
    />,
  );
}

describe('the team panel', () => {
  it('shows only the tasks of the chosen period when the team has no flight in it', async () => {
    const seen = stubFetch(() => json(200, ANSWER));
    renderPanel(TEAM, { begin: '2026-11-23 00:00:00', end: '2026-11-24 00:00:00' });
    const row = await screen.findByRole('row', { name: /Иванов/ });
    expect(row).toHaveTextContent('21:00–22:00 Погрузка багажа');
    expect(row).not.toHaveTextContent('Выгрузка багажа');
    expect(screen.queryByText('Задачи без исполнителя')).toBeNull();
    expect(seen[0].path).toBe('/api/team-planning/v1/team-employees-with-tasks');
    expect(seen[0].query).not.toContain('flight_aid');
  });

  it('heads a shift that does not end on its start day with both dates', async () => {
    stubFetch(() => json(200, ANSWER));
    renderPanel(
      { ...TEAM, begin_datetime: '2026-11-25 00:00:00', end_datetime: '2026-11-26 00:00:00' },
      { begin: '2026-11-25 00:00:00', end: '2026-11-26 00:00:00' },
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Ночная · Сформирована · СНО · 25.11.2026 00:00 – 26.11.2026 00:00',
    );
    await screen.findByRole('row', { name: /Иванов/ });
  });
});
