import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { type SearchInput, type SearchOption, searchSelectMachine } from '../../machines/searchSelect.ts';
import { SearchSelect } from './SearchSelect.tsx';

const AIRPORTS: SearchOption[] = [
  { id: 1, name: 'KZN — Казань' },
  { id: 2, name: 'SVO — Шереметьево' },
  { id: 3, name: 'LED — Пулково' },
];

/** A search select over a fake server that filters by the query and records what it was asked. */
function Harness({ asked, error }: { asked: SearchInput[]; error?: string }) {
  const [logic] = useState(() =>
    searchSelectMachine.provide({
      actors: {
        search: fromPromise<SearchOption[], SearchInput>(async ({ input }) => {
          asked.push(input);
          return AIRPORTS.filter((airport) => airport.name.toLowerCase().includes(input.query.toLowerCase()));
        }),
      },
    }),
  );
  const [value, setValue] = useState<SearchOption | null>(null);
  return (
    <>
      <SearchSelect label="Аэропорт" logic={logic} value={value} onChange={setValue} error={error} />
      <output>{value ? `Выбран ${value.name}` : 'Ничего не выбрано'}</output>
    </>
  );
}

describe('a select searched on the server', () => {
  it('lists what the server finds for the typed text and keeps the chosen option', async () => {
    const asked: SearchInput[] = [];
    const user = userEvent.setup();
    render(<Harness asked={asked} />);
    expect(asked).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Аэропорт' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск: Аэропорт' }), 'svo');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(asked.map((input) => input.query)).toEqual(['', 'svo']);
    await user.click(screen.getByRole('option', { name: 'SVO — Шереметьево' }));
    expect(screen.getByText('Выбран SVO — Шереметьево')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Аэропорт' }).textContent).toContain('SVO — Шереметьево');
  });

  it('says nothing was found and shows an outside error under the control', async () => {
    const user = userEvent.setup();
    render(<Harness asked={[]} error="Поле обязательно для заполнения" />);
    expect(screen.getByRole('combobox', { name: 'Аэропорт' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Поле обязательно для заполнения')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Аэропорт' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск: Аэропорт' }), 'xyz');
    await waitFor(() => expect(screen.getByText('Ничего не найдено')).toBeTruthy());
  });
});
