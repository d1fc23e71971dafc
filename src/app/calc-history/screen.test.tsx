import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalcItem } from '../../shared/planning-calc.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { json, onePage, stubFetch } from '../api/stubFetch.ts';
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

/** The list: one page with ROW (named as the last rename made it); a rename is taken. */
function serve() {
  let name = ROW.name;
  stubFetch((request) => {
    if (request.method === 'PUT') {
      name = (request.body as { name: string }).name;
      return json(200, { id: ROW.id, name, version: '1544' });
    }
    return onePage([{ ...ROW, name }]);
  });
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

describe('when a rename ends', () => {
  it("gives focus back to the row's «Переименовать» after Enter saved the name, and after Escape", async () => {
    applyRulesResponse(['calc-index', 'calc-update']);
    const user = userEvent.setup();
    const grid = await openList();
    await user.click(await grid.findByRole('button', { name: `Переименовать: ${ROW.name}` }));
    const input = grid.getByRole('textbox', { name: `Новое название: ${ROW.name}` });
    await user.clear(input);
    await user.type(input, 'Лето{Enter}');
    await grid.findByText('Лето');
    await waitFor(() => expect(grid.getByRole('button', { name: 'Переименовать: Лето' })).toHaveFocus());

    await user.keyboard('{Enter}');
    const again = grid.getByRole('textbox', { name: 'Новое название: Лето' });
    await waitFor(() => expect(again).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(grid.getByRole('button', { name: 'Переименовать: Лето' })).toHaveFocus());
  });
});
