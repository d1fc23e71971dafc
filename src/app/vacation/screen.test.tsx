import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VACATION_STAFF_LIMIT, type VacationAnswer } from '../../shared/planning-calc.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { type SeenRequest, stubFetch } from '../api/stubFetch.ts';
import Screen from './index.tsx';

const ANSWER: VacationAnswer = {
  calc: { id: 5, name: 'Март', begin: '2026-03-09', end: '2026-03-10' },
  total_left: 20,
  employees: [{ id: 1, name: 'Иванов И. И.', position: 'Грузчик', planDates: [], vacation_left: 20 }],
  employeeProfit: [],
};

/**
 * The preview, one page claiming `total` employees; `hold` keeps the answers after the first until `release`.
 * Answers the requests seen and the release.
 */
function serve(options: { total?: number; hold?: boolean } = {}) {
  const waiting: (() => void)[] = [];
  const seen = stubFetch(async () => {
    if (options.hold && seen.length > 1) await new Promise<void>((resolve) => waiting.push(resolve));
    return new Response(JSON.stringify(ANSWER), {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'x-pagination-total-count': String(options.total ?? 1),
        'x-pagination-page-count': '1',
      },
    });
  });
  const release = () => {
    for (const open of waiting.splice(0)) open();
  };
  return { seen, release };
}

const bodyOf = (request: SeenRequest | undefined) =>
  request?.body as { sort: string; filter?: { employee: string } };

function open() {
  render(
    <MemoryRouter initialEntries={['/planning-vacation/5']}>
      <Routes>
        <Route path="/planning-vacation/:id" element={<Screen />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearRules();
});

describe('when the server limits the staff', () => {
  it('says the list shows only the first employees when the staff reached the limit', async () => {
    serve({ total: VACATION_STAFF_LIMIT });
    open();
    expect(await screen.findByRole('note')).toHaveTextContent(
      `Показаны первые ${VACATION_STAFF_LIMIT} сотрудников расчёта по ФИО`,
    );
  });

  it('says nothing of a limit when the staff is below it', async () => {
    serve({ total: VACATION_STAFF_LIMIT - 1 });
    open();
    await screen.findByText('Иванов И. И.');
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('when typing or sorting during a load', () => {
  it('keeps every typed character and the chosen sort, and loads with the last of them', async () => {
    const { seen, release } = serve({ hold: true });
    const user = userEvent.setup();
    open();
    const name = await screen.findByRole('searchbox', { name: 'Сотрудник' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'fio');
    await user.type(name, 'Иван');
    expect(name).toHaveValue('Иван');
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('fio');
    await waitFor(() => expect(bodyOf(seen.at(-1)).filter?.employee).toBe('Иван'));
    release();
    await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('Загрузка'));
    expect(name).toHaveValue('Иван');
    expect(bodyOf(seen.at(-1))).toMatchObject({ sort: 'fio', filter: { employee: 'Иван' } });
  });
});

describe('the link to the shift schedule', () => {
  it('is shown to a user who may open /shift-schedules/{id}', async () => {
    applyRulesResponse(['strategic-planning-index']);
    serve();
    open();
    expect(await screen.findByRole('link', { name: 'График сменности' })).toHaveAttribute(
      'href',
      '/shift-schedules/5',
    );
  });

  it('is not shown to a user who may save plans by calc-update alone', async () => {
    applyRulesResponse(['calc-update']);
    serve();
    open();
    expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'График сменности' })).toBeNull();
  });

  it('is not shown to a user without its rule', async () => {
    serve();
    open();
    await screen.findByText('Иванов И. И.');
    expect(screen.queryByRole('link', { name: 'График сменности' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });
});

describe('for a user who may not save plans', () => {
  it('says the planner only shows the plans and takes no day from the keyboard', async () => {
    const { seen } = serve();
    const user = userEvent.setup();
    open();
    expect(
      await screen.findByText(/Только просмотр: нет права на изменение плана отпусков/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Протяните по дням сотрудника/)).toBeNull();
    const day = await screen.findByRole('button', { name: 'Иванов И. И., 09.03.2026' });
    day.focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(day).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByText('20')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });
});

describe('for a user who may save plans', () => {
  it('invites planning and plans a day from the keyboard', async () => {
    applyRulesResponse(['calc-update']);
    serve();
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(/Протяните по дням сотрудника/)).toBeInTheDocument();
    expect(screen.queryByText(/Только просмотр/)).toBeNull();
    const day = await screen.findByRole('button', { name: 'Иванов И. И., 09.03.2026' });
    day.focus();
    await user.keyboard(' ');
    expect(day).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Не сохранено: сотрудников 1'));
  });
});
