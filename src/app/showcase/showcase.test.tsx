import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bigRows, memoryLoadPage } from './bigRows.ts';
import ShowcaseRoutes from './index.tsx';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/react_app/*" element={<ShowcaseRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('when the showcase menu opens', () => {
  it('links to every demo page under /react_app', () => {
    renderAt('/react_app');
    const hrefs = ['date-picker', 'select', 'modal', 'grid', 'toggle-switch', 'geometry'].map(
      (page) => `/react_app/${page}`,
    );
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of hrefs) expect(links).toContain(href);
  });

  it('links to the real modules of the route table', () => {
    renderAt('/react_app');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of [
      '/system/config#kpi_report',
      '/system/config#postal-statements',
      '/workplace',
      '/allocation',
      '/skill-access',
      '/team-planning',
      '/flight/view/123',
      '/team-planning-race',
      '/race-newest',
    ]) {
      expect(links).toContain(href);
    }
  });

  it('opens a demo page from its link', async () => {
    const user = userEvent.setup();
    renderAt('/react_app');
    await user.click(screen.getByRole('link', { name: 'Переключатели' }));
    expect(screen.getByRole('heading', { name: 'Переключатели' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Только активные рейсы' })).toBeChecked();
  });
});

describe('when a demo page is opened directly', () => {
  it('shows the pickers with the date placeholder', () => {
    renderAt('/react_app/date-picker');
    expect(screen.getByRole('button', { name: 'Дата' })).toHaveTextContent('Выберите дату');
    expect(screen.getByRole('button', { name: 'Период' })).toBeInTheDocument();
  });

  it('shows the selects', () => {
    renderAt('/react_app/select');
    expect(screen.getByRole('combobox', { name: 'Авиакомпания (обязательно)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Авиакомпании' })).toBeInTheDocument();
  });
});

describe('when values are chosen on the demo pages', () => {
  it('shows the chosen airlines by name, never by id', async () => {
    const user = userEvent.setup();
    renderAt('/react_app/select');
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания (обязательно)' }));
    await user.click(screen.getByRole('option', { name: /Победа/ }));
    expect(screen.getByRole('status', { name: 'Выбранная авиакомпания' })).toHaveTextContent(/^Победа$/);
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпании' }));
    await user.click(screen.getByRole('option', { name: /Emirates/ }));
    await user.click(screen.getByRole('option', { name: /Аэрофлот/ }));
    expect(screen.getByRole('status', { name: 'Выбранные авиакомпании' })).toHaveTextContent(
      /^Аэрофлот, Emirates$/,
    );
  });

  it('titles the required airline group in words, without an asterisk', async () => {
    const user = userEvent.setup();
    renderAt('/react_app/select');
    await user.click(screen.getByRole('combobox', { name: 'Авиакомпания по группам' }));
    const listbox = screen.getByRole('listbox', { name: 'Авиакомпания по группам' });
    expect(listbox).toHaveTextContent('обязательная группа');
    expect(listbox.textContent).not.toContain('*');
  });

  it('shows a chosen date as DD.MM.YYYY, the format of the picker itself', async () => {
    const user = userEvent.setup();
    renderAt('/react_app/date-picker');
    const trigger = screen.getByRole('button', { name: 'Дата' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Дата' });
    await user.click(within(dialog).getAllByRole('button', { name: /^15 / })[0]);
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    const shown = screen.getByRole('status', { name: 'Выбранная дата' });
    expect(shown).toHaveTextContent(/^15\.\d{2}\.\d{4}$/);
    expect(trigger).toHaveTextContent(shown.textContent ?? '');
  });
});

describe('when the geometry page runs without a Worker (jsdom)', () => {
  it('compares the fallback with the main thread and says the worker did not answer', async () => {
    renderAt('/react_app/geometry');
    expect(screen.getByRole('status', { name: 'Результат проверки' })).toHaveTextContent('Идёт проверка…');
    expect(
      await screen.findByText(/^Воркер и основной поток совпадают: \d+ полос/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Кто ответил' })).toHaveTextContent(
      'Ответил основной поток: воркер недоступен, сработал запасной путь',
    );
  });
});

describe('when the big grid pages through generated rows', () => {
  it('sorts and filters in memory like a server', async () => {
    const load = memoryLoadPage(bigRows(100));
    const sorted = await load(
      { filters: {}, sort: '-tasks', page: 1, perPage: 10 },
      new AbortController().signal,
    );
    expect(sorted.items[0].tasks).toBe(39);
    expect(sorted).toMatchObject({ totalCount: 100, pageCount: 10, currentPage: 1 });
    const filtered = await load(
      { filters: { flight: 'su' }, sort: null, page: 1, perPage: 50 },
      new AbortController().signal,
    );
    expect(filtered.items.every((row) => row.flight.startsWith('SU'))).toBe(true);
  });
});
