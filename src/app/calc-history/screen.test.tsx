import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalcItem } from '../../shared/planning-calc.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { stubFetch } from '../api/stubFetch.ts';
import { ROUTES } from '../routes.ts';
import Screen from './index.tsx';

const ROW: CalcItem = {
  id: 7,
  name: 'Весна, перрон',
  created_at: '2026-03-03 12:00:00',
  begin: '2026-03-08',
  end: '2026-03-21',
  author: 'Планировщик Демо',
  positions: ['Грузчик'],
  version: '1543',
};

/** The list: one page with ROW. */
function serve() {
  stubFetch(
    () =>
      new Response(JSON.stringify([ROW]), {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'x-pagination-total-count': '1',
          'x-pagination-page-count': '1',
          'x-pagination-current-page': '1',
          'x-pagination-per-page': '20',
        },
      }),
  );
}

async function openList() {
  serve();
  render(
    <MemoryRouter>
      <Screen />
    </MemoryRouter>,
  );
  return within(await screen.findByRole('table', { name: 'Сохранённые расчёты' }));
}

const ruleOf = (path: string) => ROUTES.find((entry) => entry.path === path)?.rule;

afterEach(() => {
  vi.unstubAllGlobals();
  clearRules();
});

describe('for a user who may only list the calculations', () => {
  it('shows the name as text, as the schedule would not open, and links the planner open to everybody', async () => {
    applyRulesResponse(['calc-index']);
    const grid = await openList();
    expect(await grid.findByText(ROW.name)).not.toHaveAttribute('href');
    expect(grid.queryByRole('link', { name: ROW.name })).toBeNull();
    expect(grid.getByRole('link', { name: 'Отпуска' })).toHaveAttribute('href', '/planning-vacation/7');
    expect(ruleOf('/planning-vacation/:id')).toBe('');
  });
});

describe('for a user who may open the shift schedule', () => {
  it('links the name to the schedule', async () => {
    applyRulesResponse(['calc-index', 'strategic-planning-index']);
    const grid = await openList();
    expect(await grid.findByRole('link', { name: ROW.name })).toHaveAttribute('href', '/shift-schedules/7');
    expect(ruleOf('/shift-schedules/:id')).toBe('strategic-planning-index');
  });
});
