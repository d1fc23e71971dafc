import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadPage, LoadPageParams } from '../../machines/grid.ts';
import { AlertBanner } from '../Alert/AlertBanner.tsx';
import { hideAlert } from '../Alert/alertStore.ts';
import { DataGrid } from './DataGrid.tsx';
import { ALL_ROWS } from './Pagination.tsx';
import type { GridColumn } from './types.ts';

interface Airline {
  id: number;
  name_ru: string;
  code: number;
  active: boolean;
}

const ALL: Airline[] = Array.from({ length: 95 }, (_, index) => ({
  id: index + 1,
  name_ru: `Авиакомпания ${String(index + 1).padStart(3, '0')}`,
  code: 100 + index,
  active: index % 2 === 0,
}));

const COLUMNS: GridColumn<Airline>[] = [
  { key: 'serial', title: '№', kind: 'serial' },
  { key: 'name_ru', title: 'Название', sortable: true, filterable: true, filterType: 'text' },
  { key: 'code', title: 'Код', kind: 'number', sortable: true },
  {
    key: 'active',
    title: 'Активна',
    kind: 'render',
    render: (row) => (row.active ? 'да' : 'нет'),
    filterable: true,
    filterType: 'select',
    filterData: [
      { id: 'yes', name: 'Да' },
      { id: 'no', name: 'Нет' },
    ],
  },
];

/** The server's refusal of a sort it does not offer, as ofetch throws it. */
function refusedSort(key: string) {
  return Object.assign(new Error('400 Bad Request'), {
    statusCode: 400,
    data: { message: `Неизвестная сортировка: ${key}`, fields: { sort: [`Неизвестная сортировка: ${key}`] } },
  });
}

function fakeLoadPage(rows: Airline[] = ALL, refuse: (params: LoadPageParams) => unknown = () => null) {
  const calls: LoadPageParams[] = [];
  const loadPage: LoadPage<Airline> = async (params) => {
    calls.push(params);
    const refusal = refuse(params);
    if (refusal) throw refusal;
    const filtered = rows.filter(
      (row) => !params.filters.name_ru || row.name_ru.includes(params.filters.name_ru),
    );
    const start = (params.page - 1) * params.perPage;
    return {
      items: filtered.slice(start, start + params.perPage),
      totalCount: filtered.length,
      pageCount: Math.max(1, Math.ceil(filtered.length / params.perPage)),
      currentPage: params.page,
      perPage: params.perPage,
    };
  };
  return { calls, loadPage };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/react_app/grid');
});

afterEach(() => {
  hideAlert();
});

describe('when the grid shows a page', () => {
  it('shows the rows, the serial numbers and the Russian record count', async () => {
    const { loadPage } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    expect(await screen.findByText('Показаны 1 - 20 из 95 записей')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Авиакомпании' });
    expect(within(table).getByText('Авиакомпания 001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves to a page by number and disables the next arrow on the last page', async () => {
    const user = userEvent.setup();
    const { loadPage } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await user.click(await screen.findByRole('button', { name: 'Страница 5' }));
    expect(await screen.findByText('Показаны 81 - 95 из 95 записей')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
    expect(screen.getByText('81')).toBeInTheDocument();
  });

  it('returns to page 1 when the page size changes', async () => {
    const user = userEvent.setup();
    const { loadPage, calls } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await user.click(await screen.findByRole('button', { name: 'Страница 3' }));
    await screen.findByText('Показаны 41 - 60 из 95 записей');
    await user.selectOptions(screen.getByRole('combobox', { name: 'показывать по:' }), '50');
    expect(await screen.findByText('Показаны 1 - 50 из 95 записей')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ page: 1, perPage: 50 });
  });
});

describe('when the page and the page size change', () => {
  it('writes page and per-page into the query string and reads them back after a reload', async () => {
    const user = userEvent.setup();
    const { loadPage, calls } = fakeLoadPage();
    const { unmount } = render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'показывать по:' }), '10');
    await user.click(await screen.findByRole('button', { name: 'Страница 4' }));
    expect(await screen.findByText('Показаны 31 - 40 из 95 записей')).toBeInTheDocument();
    expect(window.location.search).toBe('?page=4&per-page=10');
    unmount();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    expect(await screen.findByText('Показаны 31 - 40 из 95 записей')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Страница 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'показывать по:' })).toHaveValue('10');
    expect(calls.at(-1)).toMatchObject({ page: 4, perPage: 10 });
  });
});

describe('when the server refuses a load', () => {
  it('shows the server’s message and puts back the sort arrow, the pager and the address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { loadPage } = fakeLoadPage(ALL, (params) => (params.sort === 'code' ? refusedSort('code') : null));
    render(
      <>
        <AlertBanner />
        <DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Страница 2' }));
    await screen.findByText('Показаны 21 - 40 из 95 записей');
    const nameHeader = screen.getByRole('columnheader', { name: /Название/ });
    await user.click(screen.getByRole('button', { name: /Название/ }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'ascending'));
    const codeHeader = screen.getByRole('columnheader', { name: /Код/ });
    await user.click(screen.getByRole('button', { name: /Код/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неизвестная сортировка: code');
    expect(codeHeader).toHaveAttribute('aria-sort', 'none');
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Показаны 21 - 40 из 95 записей')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(window.location.search).toBe('?sort=name_ru&page=2');
    vi.restoreAllMocks();
  });
});

describe('when a column title is clicked', () => {
  it('sorts ascending, descending, then ascending and writes the query string', async () => {
    const user = userEvent.setup();
    const { loadPage, calls } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    const sortButton = screen.getByRole('button', { name: /Название/ });
    const header = screen.getByRole('columnheader', { name: /Название/ });
    await user.click(sortButton);
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(window.location.search).toBe('?sort=name_ru');
    await user.click(sortButton);
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(window.location.search).toBe('?sort=-name_ru');
    await user.click(sortButton);
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(calls.map((call) => call.sort)).toEqual([null, 'name_ru', '-name_ru', 'name_ru']);
  });
});

describe('when a filter is typed', () => {
  it('applies it on Enter and restores it from the query string', async () => {
    const user = userEvent.setup();
    const { loadPage, calls } = fakeLoadPage();
    const { unmount } = render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    await user.type(screen.getByRole('textbox', { name: 'Фильтр: Название' }), '00{Enter}');
    expect(await screen.findByText('Показаны 1 - 9 из 9 записей')).toBeInTheDocument();
    expect(calls.at(-1)?.filters).toEqual({ name_ru: '00' });
    expect(window.location.search).toBe('?name_ru=00');
    unmount();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    expect(await screen.findByRole('textbox', { name: 'Фильтр: Название' })).toHaveValue('00');
    expect(calls.at(-1)?.filters).toEqual({ name_ru: '00' });
  });

  it('applies it on blur', async () => {
    const user = userEvent.setup();
    const { loadPage, calls } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    await user.type(screen.getByRole('textbox', { name: 'Фильтр: Название' }), '01');
    expect(calls).toHaveLength(1);
    await user.tab();
    await waitFor(() => expect(calls.at(-1)?.filters).toEqual({ name_ru: '01' }));
  });

  it('sends a yes/no select filter as 1 or 0', async () => {
    const user = userEvent.setup();
    const { loadPage, calls } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    await user.click(screen.getByRole('combobox', { name: 'Фильтр: Активна' }));
    await user.click(screen.getByRole('option', { name: 'Нет' }));
    await waitFor(() => expect(calls.at(-1)?.filters).toEqual({ active: '0' }));
  });
});

describe('when a row is right-clicked', () => {
  it('opens the row context menu and runs the chosen item', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const { loadPage } = fakeLoadPage();
    render(
      <DataGrid
        label="Авиакомпании"
        columns={COLUMNS}
        loadPage={loadPage}
        contextMenu={(row) => [{ label: 'Редактировать', onSelect: () => onEdit(row.id) }]}
      />,
    );
    const cell = await screen.findByText('Авиакомпания 003');
    fireEvent.contextMenu(cell);
    await user.click(await screen.findByRole('menuitem', { name: 'Редактировать' }));
    expect(onEdit).toHaveBeenCalledWith(3);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('when there are 50,000 rows on one page', () => {
  it('keeps only the visible rows in the DOM', async () => {
    const many = Array.from({ length: 50_000 }, (_, index) => ({
      id: index,
      name_ru: `Строка ${index}`,
      code: index,
      active: true,
    }));
    const { loadPage } = fakeLoadPage(many);
    render(
      <DataGrid label="Строки" columns={COLUMNS} loadPage={loadPage} perPage={50_000} pageSizes={[50_000]} />,
    );
    expect(await screen.findByText('Показаны 1 - 50000 из 50000 записей')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Строки' })).getAllByRole('row');
    expect(rows.length).toBeLessThan(100);
  });
});

describe('when React mounts the grid twice in development (StrictMode)', () => {
  it('treats the cancelled first load as cancelled, not as a failure to alert', async () => {
    const { loadPage: load } = fakeLoadPage();
    // Like ofetch: a call whose signal aborts rejects with an AbortError.
    const loadPage: LoadPage<Airline> = (params, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        setTimeout(() => load(params, signal).then(resolve, reject), 20);
      });
    render(
      <StrictMode>
        <AlertBanner />
        <DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />
      </StrictMode>,
    );
    expect(await screen.findByText('Показаны 1 - 20 из 95 записей')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('when the body draws the rows', () => {
  it('draws an icon column’s React content and gives a clicked row to onRowClick', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const { loadPage } = fakeLoadPage();
    const columns: GridColumn<Airline>[] = [
      ...COLUMNS,
      {
        key: 'mark',
        title: 'Отметка',
        kind: 'icon',
        icon: (row) => (row.active ? <span title="Активна">●</span> : null),
      },
    ];
    render(
      <DataGrid
        label="Авиакомпании"
        columns={columns}
        loadPage={loadPage}
        onRowClick={(row, index) => onRowClick(row.id, index)}
        isRowSelected={(row) => row.id === 2}
      />,
    );
    const cell = await screen.findByText('Авиакомпания 003');
    const row = (name: string) => screen.getByText(name).closest('[role=row]') as HTMLElement;
    expect(within(row('Авиакомпания 001')).getByTitle('Активна')).toBeInTheDocument();
    expect(within(row('Авиакомпания 002')).queryByTitle('Активна')).not.toBeInTheDocument();
    expect(row('Авиакомпания 002')).toHaveAttribute('aria-selected', 'true');
    expect(row('Авиакомпания 003')).toHaveAttribute('aria-selected', 'false');
    await user.click(cell);
    expect(onRowClick).toHaveBeenCalledWith(3, 2);
  });

  it('says the rows are loading while the first page is on its way, not that there are none', async () => {
    const { loadPage: load } = fakeLoadPage();
    let answer = () => undefined as unknown;
    const loadPage: LoadPage<Airline> = (params, signal) =>
      new Promise((resolve, reject) => {
        answer = () => load(params, signal).then(resolve, reject);
      });
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} />);
    expect(await screen.findByText('Загрузка…')).toBeInTheDocument();
    expect(screen.queryByText('Нет данных')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Авиакомпания 001')).toBeInTheDocument();
  });
});

describe('when a column without a width has a grow', () => {
  it('gives it that share of the room left, in the header and in the body', async () => {
    const { loadPage } = fakeLoadPage();
    const columns: GridColumn<Airline>[] = [
      { key: 'name_ru', title: 'Название', grow: 2 },
      { key: 'code', title: 'Код', kind: 'number' },
      {
        key: 'active',
        title: 'Активна',
        width: 120,
        kind: 'render',
        render: (row) => (row.active ? 'да' : 'нет'),
      },
    ];
    render(<DataGrid label="Авиакомпании" columns={columns} loadPage={loadPage} />);
    await screen.findByText('Авиакомпания 001');
    const head = screen.getAllByRole('row')[0];
    expect(head.style.gridTemplateColumns).toBe('minmax(80px, 2fr) minmax(80px, 1fr) 120px');
    const cell = screen.getByText('Авиакомпания 001').closest('[role="cell"]') as HTMLElement;
    expect([cell.style.flexGrow, cell.style.flexBasis]).toEqual(['2', '0px']);
  });
});

describe('when a sideways grid scrolled to the right loses its last row', () => {
  /** A sideways grid of the first page, scrolled 300 px to the right: its scroller and a user. */
  async function scrolledGrid() {
    const user = userEvent.setup();
    const { loadPage } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} horizontalScroll />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    const scroller = screen.getByRole('table', { name: 'Авиакомпании' }).parentElement as HTMLElement;
    scroller.scrollLeft = 300;
    return { user, scroller };
  }

  it('scrolls back to the left edge, where the filters and the empty-list text are', async () => {
    const { user, scroller } = await scrolledGrid();
    expect(scroller.scrollLeft).toBe(300);
    await user.type(screen.getByRole('textbox', { name: 'Фильтр: Название' }), 'нет такой{Enter}');
    expect(await screen.findByText('Нет данных')).toBeInTheDocument();
    expect(scroller.scrollLeft).toBe(0);
  });

  it('keeps the sideways scroll while rows are left', async () => {
    const { user, scroller } = await scrolledGrid();
    await user.type(screen.getByRole('textbox', { name: 'Фильтр: Название' }), '00{Enter}');
    expect(await screen.findByText('Показаны 1 - 9 из 9 записей')).toBeInTheDocument();
    expect(scroller.scrollLeft).toBe(300);
  });
});

describe('when a column of row actions is pinned to the right', () => {
  const PINNED: GridColumn<Airline>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      title: 'Действия',
      kind: 'render',
      width: 96,
      pin: 'right',
      render: () => <button type="button">✎</button>,
    },
  ];

  it('keeps its cells at the scroller’s right edge while the grid scrolls sideways', async () => {
    const { loadPage } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={PINNED} loadPage={loadPage} horizontalScroll />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    const scroller = screen.getByRole('table', { name: 'Авиакомпании' }).parentElement as HTMLElement;
    // 900 px of columns in a 500 px scroller: 400 px of them past its right edge, then 100 after a scroll of 300.
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 900 });
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 500 });
    scroller.scrollLeft = 300;
    fireEvent.scroll(scroller);
    expect(scroller.style.getPropertyValue('--w-grid-pin')).toBe('-100px');
    const title = screen.getByRole('columnheader', { name: 'Действия' });
    const button = screen.getAllByRole('button', { name: '✎' })[0];
    for (const cell of [title, button.closest('[role="cell"]') as HTMLElement]) {
      expect(cell).toHaveClass('is-pinned');
    }
    scroller.scrollLeft = 400;
    fireEvent.scroll(scroller);
    expect(scroller.style.getPropertyValue('--w-grid-pin')).toBe('0px');
  });

  it('leaves the other columns where they are', async () => {
    const { loadPage } = fakeLoadPage();
    render(<DataGrid label="Авиакомпании" columns={PINNED} loadPage={loadPage} horizontalScroll />);
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    expect(screen.getByRole('columnheader', { name: /Название/ })).not.toHaveClass('is-pinned');
  });
});

describe('when the grid fills the height its page leaves', () => {
  it('marks itself as filling and keeps room for its titles and four rows', async () => {
    const { loadPage } = fakeLoadPage();
    const { container } = render(
      <DataGrid label="Авиакомпании" columns={COLUMNS} loadPage={loadPage} height="fill" />,
    );
    await screen.findByText('Показаны 1 - 20 из 95 записей');
    const grid = container.querySelector('.w-grid') as HTMLElement;
    expect(grid).toHaveClass('w-grid--fill');
    // The DOM of a test has no layout: the least height is the four rows alone (4 × 40 px and the borders).
    await waitFor(() => expect(grid.style.minHeight).toBe('162px'));
  });
});

describe('when a page size shows every row', () => {
  it('reads «Все» in the page-size choice', async () => {
    const { loadPage } = fakeLoadPage();
    render(
      <DataGrid
        label="Авиакомпании"
        columns={COLUMNS}
        loadPage={loadPage}
        perPage={ALL_ROWS}
        pageSizes={[ALL_ROWS]}
      />,
    );
    await screen.findByText('Показаны 1 - 95 из 95 записей');
    const choice = screen.getByRole('combobox', { name: 'показывать по:' });
    expect(within(choice).getByRole('option', { name: 'Все' })).toHaveValue(String(ALL_ROWS));
  });
});
