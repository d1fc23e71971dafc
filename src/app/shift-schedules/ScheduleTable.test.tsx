import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScheduleTable } from './ScheduleTable.tsx';

const shift = {
  working_shift_id: 1,
  name: 'Дневная',
  weekday: 0,
  start: '08:00',
  length_minutes: 720,
  break_minutes: 60,
  count: 2,
};

describe('when the schedule has shifts', () => {
  it('puts the table in a named scroll box the keyboard can reach, as the only tab stop', () => {
    render(<ScheduleTable shifts={[shift, { ...shift, weekday: 3, count: 1 }]} />);
    const box = screen.getByRole('region', { name: 'Таблица смен по дням недели' });
    expect(box.tabIndex).toBe(0);
    expect(box).toContainElement(screen.getByRole('table', { name: 'Смены по дням недели' }));
    // Nothing inside takes the focus, so the box is the only way to scroll it.
    expect(box.querySelectorAll('a, button, input, select, [tabindex]')).toHaveLength(0);
  });
});

describe('when the schedule has no shifts', () => {
  it('says so, with no box to scroll', () => {
    render(<ScheduleTable shifts={[]} />);
    expect(screen.getByText('Смены не назначены: потребности нет')).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
