import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Stamp } from '../../shared/dates.ts';
import { DatePicker } from './DatePicker.tsx';
import { type DateRange, DateRangePicker } from './DateRangePicker.tsx';

function RangeHarness({
  limitDays = null,
  withTime = false,
}: {
  limitDays?: number | null;
  withTime?: boolean;
}) {
  const [range, setRange] = useState<DateRange>({ from: '2024-03-15 00:00', to: '2024-03-15 23:59' });
  return (
    <>
      <DateRangePicker
        label="Период"
        value={range}
        onChange={setRange}
        limitDays={limitDays}
        withTime={withTime}
      />
      <output aria-label="Диапазон">{`${range.from} / ${range.to}`}</output>
      <button type="button">Снаружи</button>
    </>
  );
}

function SingleHarness() {
  const [date, setDate] = useState<Stamp>(null);
  return (
    <>
      <DatePicker label="Дата" value={date} onChange={setDate} withTime />
      <output aria-label="Значение">{String(date)}</output>
    </>
  );
}

describe('when picking a range across two months', () => {
  it('shows two consecutive months and applies the range on Применить', async () => {
    const user = userEvent.setup();
    render(<RangeHarness />);
    const trigger = screen.getByRole('button', { name: 'Период' });
    expect(trigger).toHaveTextContent('15.03.2024 - 15.03.2024');
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Период' });
    expect(within(dialog).getByRole('group', { name: 'март 2024' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'апрель 2024' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '28 марта 2024' }));
    await user.click(within(dialog).getByRole('button', { name: '3 апреля 2024' }));
    expect(screen.getByLabelText('Диапазон')).toHaveTextContent('2024-03-15 00:00 / 2024-03-15 23:59');
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Диапазон')).toHaveTextContent('2024-03-28 00:00 / 2024-04-03 23:59');
    expect(trigger).toHaveTextContent('28.03.2024 - 03.04.2024');
    // Each end on one line: a narrow trigger breaks at the dash, never inside a date.
    const ends = [...trigger.querySelectorAll('.w-picker__end')].map((end) => end.textContent);
    expect(ends).toEqual(['28.03.2024', '03.04.2024']);
  });

  it('swaps the ends when the second day is earlier', async () => {
    const user = userEvent.setup();
    render(<RangeHarness />);
    await user.click(screen.getByRole('button', { name: 'Период' }));
    await user.click(screen.getByRole('button', { name: '20 марта 2024' }));
    await user.click(screen.getByRole('button', { name: '10 марта 2024' }));
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(screen.getByLabelText('Диапазон')).toHaveTextContent('2024-03-10 00:00 / 2024-03-20 23:59');
  });
});

describe('when the pending range is cancelled', () => {
  it('discards it on Отмена', async () => {
    const user = userEvent.setup();
    render(<RangeHarness />);
    await user.click(screen.getByRole('button', { name: 'Период' }));
    await user.click(screen.getByRole('button', { name: '1 марта 2024' }));
    await user.click(screen.getByRole('button', { name: '5 марта 2024' }));
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.getByLabelText('Диапазон')).toHaveTextContent('2024-03-15 00:00 / 2024-03-15 23:59');
    await user.click(screen.getByRole('button', { name: 'Период' }));
    expect(screen.getByRole('button', { name: '1 марта 2024' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('discards it on an outside click', async () => {
    const user = userEvent.setup();
    render(<RangeHarness />);
    await user.click(screen.getByRole('button', { name: 'Период' }));
    await user.click(screen.getByRole('button', { name: '1 марта 2024' }));
    await user.click(screen.getByRole('button', { name: 'Снаружи' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Диапазон')).toHaveTextContent('2024-03-15 00:00 / 2024-03-15 23:59');
  });
});

describe('when a limit in days is given', () => {
  it('disables days farther than the limit once a start is chosen', async () => {
    const user = userEvent.setup();
    render(<RangeHarness limitDays={3} />);
    await user.click(screen.getByRole('button', { name: 'Период' }));
    await user.click(screen.getByRole('button', { name: '10 марта 2024' }));
    expect(screen.getByRole('button', { name: '14 марта 2024' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '13 марта 2024' })).toBeEnabled();
  });
});

describe('when switching to the year view', () => {
  it('shows nine years starting four before and returns to the chosen year', async () => {
    const user = userEvent.setup();
    render(<RangeHarness />);
    await user.click(screen.getByRole('button', { name: 'Период' }));
    await user.click(screen.getByRole('button', { name: 'март 2024, выбрать год' }));
    expect(screen.getByRole('button', { name: '2020' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2028' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2022' }));
    expect(screen.getByRole('group', { name: 'март 2022' })).toBeInTheDocument();
  });
});

describe('when a single date with time is picked', () => {
  it('shows the placeholder, resets an out-of-range hour to 00 and applies', async () => {
    const user = userEvent.setup();
    render(<SingleHarness />);
    const trigger = screen.getByRole('button', { name: 'Дата' });
    expect(trigger).toHaveTextContent('Выберите дату');
    await user.click(trigger);
    await user.click(screen.getAllByRole('button', { name: /^15 / })[0]);
    const hours = screen.getByRole('textbox', { name: 'Часы' });
    await user.type(hours, '9');
    expect(hours).toHaveValue('09');
    await user.type(hours, '7');
    expect(hours).toHaveValue('00');
    await user.type(screen.getByRole('textbox', { name: 'Минуты' }), '5');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(screen.getByLabelText('Значение')).toHaveTextContent(/ 00:05$/);
  });
});
