import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES } from '../../shared/team-planning.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import { SuitableTeams } from './AssignmentDialogs.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the suitable-teams dialog', () => {
  it('shows why each team cannot take the flight: members without the skills apart from busy ones', async () => {
    stubFetch(() =>
      json(200, [
        { id: 1, name: 'Дневная', suitable: true, possible: true, reasons: [] },
        {
          id: 2,
          name: 'Без допуска',
          suitable: false,
          possible: false,
          reasons: [TEAM_MESSAGES.noSkilledStaff('грузчик ×2')],
        },
        {
          id: 3,
          name: 'Занятая',
          suitable: false,
          possible: false,
          reasons: [TEAM_MESSAGES.noFreeStaff('грузчик ×2')],
        },
      ]),
    );
    render(
      <SuitableTeams
        flight={{ aid: 7, number: 'SU 100', currentTeamId: null }}
        onChoose={() => undefined}
        onClose={() => undefined}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Бригады' });
    const row = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => within(item).queryByRole('button', { name }) !== null);
    expect(row('Без допуска')).toHaveTextContent('Нет сотрудников с навыками для задач рейса: грузчик ×2');
    expect(row('Без допуска')).not.toHaveTextContent('Нет свободных');
    expect(row('Занятая')).toHaveTextContent('Нет свободных сотрудников: грузчик ×2');
    expect(row('Дневная')).toHaveTextContent('подходит');
  });
});
