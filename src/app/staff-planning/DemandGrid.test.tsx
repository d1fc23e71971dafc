import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DemandGrid } from './DemandGrid.tsx';

/** Epoch minutes of a local wall clock, as the planning worker counts them. */
const minuteOf = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 60_000;

describe('the demand grid', () => {
  it('names each slot by its full date and time, DD.MM.YYYY HH:mm (spec 9), across the turn of a year', () => {
    const from = minuteOf(2026, 12, 31, 23, 30);
    render(
      <DemandGrid
        demand={{
          from,
          step: 15,
          total: Float32Array.from([2, 3, 1]),
          series: [{ id: 4, name: 'Грузчик', values: Float32Array.from([2, 3, 1]) }],
        }}
        itemWord="должностям"
      />,
    );
    const table = screen.getByRole('table', { name: 'Потребность по слотам и должностям' });
    const slots = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(slots).toEqual(['31.12.2026 23:30', '31.12.2026 23:45', '01.01.2027 00:00']);
  });
});
