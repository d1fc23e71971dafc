import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelect } from './MultiSelect.tsx';
import type { SelectOption } from './options.ts';
import { type OptionId, Select } from './Select.tsx';

const AIRLINES: SelectOption[] = [
  { id: 1, name: 'Аэрофлот', subtitle: 'SU' },
  { id: 2, name: 'Победа', subtitle: 'DP' },
  { id: 3, name: 'Уральские авиалинии', subtitle: 'U6', disable: true },
  { id: 4, name: 'S7 Airlines', subtitle: 'S7' },
];

function SingleHarness({
  options = AIRLINES,
  searchable = true,
}: {
  options?: SelectOption[];
  searchable?: boolean;
}) {
  const [value, setValue] = useState<OptionId | null>(null);
  return (
    <>
      <Select
        label="Авиакомпания"
        options={options}
        value={value}
        onChange={setValue}
        required
        searchable={searchable}
      />
      <button type="button">Снаружи</button>
      <output aria-label="Выбрано">{String(value)}</output>
    </>
  );
}

function MultiHarness() {
  const [value, setValue] = useState<OptionId[]>([]);
  return (
    <MultiSelect
      label="Авиакомпании"
      options={AIRLINES}
      value={value}
      onChange={setValue}
      allWord="авиакомпании"
    />
  );
}

describe('when a required select is closed with no value', () => {
  it('shows the required error and clears it on choosing', async () => {
    const user = userEvent.setup();
    render(<SingleHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    expect(screen.getByRole('listbox', { name: 'Авиакомпания' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Снаружи' }));
    expect(await screen.findByText('Заполните данное поле')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    await user.click(screen.getByRole('option', { name: /Победа/ }));
    expect(screen.queryByText('Заполните данное поле')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Авиакомпания' })).toHaveTextContent('Победа');
  });
});

describe('when searching', () => {
  it('filters by the query and says nothing was found', async () => {
    const user = userEvent.setup();
    render(<SingleHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    await user.type(screen.getByPlaceholderText('Поиск'), 'аэро');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.type(screen.getByPlaceholderText('Поиск'), 'щщщ');
    expect(screen.getByText('Ничего не найдено')).toBeInTheDocument();
  });

  it('hides the search when the select is not searchable', async () => {
    const user = userEvent.setup();
    render(<SingleHarness searchable={false} />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    expect(screen.queryByPlaceholderText('Поиск')).not.toBeInTheDocument();
  });
});

describe('when using the keyboard', () => {
  it('moves over enabled options with the arrows and chooses with Enter', async () => {
    const user = userEvent.setup();
    render(<SingleHarness />);
    screen.getByRole('combobox', { name: 'Авиакомпания' }).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByPlaceholderText('Поиск')).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Выбрано')).toHaveTextContent('4');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the select', async () => {
    const user = userEvent.setup();
    render(<SingleHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Авиакомпания' })).toHaveFocus());
  });
});

describe('when the list is long', () => {
  it('renders only the visible part of 5000 options', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 5000 }, (_, index) => ({ id: index, name: `Сотрудник ${index}` }));
    render(<SingleHarness options={many} />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    const shown = screen.getAllByRole('option').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
  });
});

describe('when every option of a multiselect is chosen', () => {
  it('says Все and the word', async () => {
    const user = userEvent.setup();
    render(<MultiHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпании' }));
    await user.click(screen.getByRole('option', { name: /Аэрофлот/ }));
    await user.click(screen.getByRole('option', { name: /Победа/ }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Авиакомпании' })).toHaveTextContent('Аэрофлот, Победа');
    await user.click(screen.getByRole('option', { name: /S7/ }));
    expect(screen.getByRole('combobox', { name: 'Авиакомпании' })).toHaveTextContent('Все авиакомпании');
  });

  it('chooses every enabled option with Выбрать все', async () => {
    const user = userEvent.setup();
    render(<MultiHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпании' }));
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все' }));
    expect(screen.getByRole('combobox', { name: 'Авиакомпании' })).toHaveTextContent('Все авиакомпании');
  });
});

describe('when the options come in groups', () => {
  it('titles each group by name and says in words which group is required, without a stray mark', async () => {
    const user = userEvent.setup();
    render(
      <Select
        label="Авиакомпания"
        options={[
          { id: 1, name: 'Аэрофлот', group: 'ru' },
          { id: 2, name: 'Emirates', group: 'foreign' },
        ]}
        groups={[
          { key: 'ru', name: 'Российские', required: true },
          { key: 'foreign', name: 'Иностранные' },
        ]}
        value={null}
        onChange={() => undefined}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания' }));
    const listbox = screen.getByRole('listbox', { name: 'Авиакомпания' });
    expect(listbox).toHaveTextContent('Российскиеобязательная группа');
    expect(listbox).toHaveTextContent('Иностранные');
    expect(listbox.textContent).not.toContain('*');
  });
});
