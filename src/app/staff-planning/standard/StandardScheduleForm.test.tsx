import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffPlanningFilters } from '../../../machines/staffPlanningFilters.ts';
import type { PlanningLists, PlanningReferenceLists } from '../api.ts';
import { StandardSchedule } from './StandardScheduleForm.tsx';

const named = (id: number, name: string) => ({ id, name });
const REFERENCE = {
  params: {
    flight_schedule: [named(1, 'Суточное'), named(2, 'Сезонное'), named(3, 'Заявки')],
    flight_status: [named(3, 'Подтверждён')],
    flight_type: [named(1, 'Внутренний'), named(2, 'Международный')],
    flight_class: [],
    flight_period_type: [named(2, 'По плановому времени рейса')],
    default_flight_schedule: [2, 3],
    default_flight_status: [3],
    default_flight_period_type: 2,
  },
  departments: [],
  scales: [],
  resourceTypes: [],
} as unknown as PlanningReferenceLists;
const LISTS = {
  positions: [named(3, 'Грузчик'), named(4, 'Водитель')],
  workingShifts: [],
  jobs: [],
} as unknown as PlanningLists;
const FILTERS = {
  flightSchedule: [2, 3],
  flightStatus: [3],
  flightType: [],
  flightClass: [],
  departmentId: null,
  positions: [3],
  jobs: [],
  resourceTypes: [],
  workingShifts: [],
  periodType: 2,
  scale: 60,
  parameterType: 1,
  range: { from: '2026-03-02 00:00', to: '2026-03-08 23:59' },
} satisfies StaffPlanningFilters;
const SHIFTS = [{ id: 1, name: 'Дневная', begin_time: '08:00', duration: 480, break: 60 }];

/** The server as the form sees it: `create` answers POST /planning/standard/create; requests are recorded. */
function stubServer(create: () => Response) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
      const raw = input instanceof Request ? await input.clone().text() : init?.body;
      const body = method === 'POST' && typeof raw === 'string' ? JSON.parse(raw) : null;
      requests.push({ method, url, body });
      if (url.includes('/planning/working-shift')) return Response.json(SHIFTS);
      if (url.includes('/planning/standard/create')) return create();
      return Response.json({ message: 'Не найдено' }, { status: 404 });
    }),
  );
  return requests;
}

function Opened() {
  return <p>Открыт расчёт {useParams().id}</p>;
}

function renderForm() {
  return render(
    <MemoryRouter initialEntries={['/resource-planning']}>
      <Routes>
        <Route
          path="/resource-planning"
          element={<StandardSchedule reference={REFERENCE} lists={LISTS} filters={FILTERS} />}
        />
        <Route path="/shift-schedules/:id" element={<Opened />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Opens the form and waits for its working shifts (the screen chose none, so all of them get chosen). */
async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Стандартный график' }));
  const dialog = await screen.findByRole('dialog', { name: 'Стандартный график сменности' });
  const shifts = within(dialog).getByRole('combobox', { name: 'Рабочие смены' });
  await waitFor(() => expect(shifts).not.toHaveTextContent('Выберите'));
  return dialog;
}

/** The message tied to a control by aria-describedby. */
function messageOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the standard schedule form', () => {
  it('shows the limit message under the field typed and takes only digits', async () => {
    stubServer(() => Response.json({ id: 1 }));
    renderForm();
    const dialog = await openForm();
    const week = within(dialog).getByLabelText('Повторений в неделе, дней');
    await userEvent.type(week, '8x');
    expect(week).toHaveValue('8');
    expect(messageOf(week)).toBe('Максимальное значение 7');
    const period = within(dialog).getByLabelText('Отклонение в периоде, %');
    await userEvent.type(period, '101');
    expect(messageOf(period)).toBe('Максимальное значение 100%');
    expect(messageOf(within(dialog).getByLabelText('Повторений в периоде, недель'))).toBeNull();
  });

  it('puts a server field error under its list and keeps the form open', async () => {
    stubServer(() =>
      Response.json(
        { message: 'Проверьте заполнение полей', fields: { working_shift: ['Не найдены: 9'] } },
        { status: 422 },
      ),
    );
    renderForm();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    const shifts = within(dialog).getByRole('combobox', { name: 'Рабочие смены' });
    await waitFor(() => expect(messageOf(shifts)).toBe('Не найдены: 9'));
    expect(messageOf(within(dialog).getByRole('combobox', { name: 'Должности' }))).toBeNull();
  });

  it('sends the screen period and positions and opens the created schedule', async () => {
    const requests = stubServer(() => Response.json({ id: 41 }));
    renderForm();
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Название расчёта'), 'Март');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Открыт расчёт 41')).toBeInTheDocument();
    const create = requests.find((r) => r.url.includes('/planning/standard/create'));
    expect(create?.body).toMatchObject({
      begin: '2026-03-02 00:00:00',
      end: '2026-03-08 23:59:00',
      employee_position_ids: [3],
      flight_schedule: [2, 3],
      name: 'Март',
      working_shift: [1],
    });
  });
});

describe('when closing the standard schedule form', () => {
  it('closes an untouched form at once, and asks first once a name is typed', async () => {
    stubServer(() => Response.json({ id: 1 }));
    renderForm();
    let dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Название расчёта'), 'Март');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Продолжить редактирование' }));
    expect(within(dialog).getByLabelText('Название расчёта')).toHaveValue('Март');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть без сохранения' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
