import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Board } from './api.ts';
import { FreeFlights, freeKeyTarget, freeTabStop } from './FreeFlights.tsx';

describe('when the keyboard moves along the free flights’ «+» buttons', () => {
  it('steps down and up without wrapping, and jumps to either end', () => {
    expect(freeKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(freeKeyTarget('ArrowDown', 2, 3)).toBe(2);
    expect(freeKeyTarget('ArrowUp', 0, 3)).toBe(0);
    expect(freeKeyTarget('ArrowUp', 2, 3)).toBe(1);
    expect(freeKeyTarget('Home', 2, 3)).toBe(0);
    expect(freeKeyTarget('End', 0, 3)).toBe(2);
  });

  it('leaves other keys to the button (Enter and Space press it, Tab leaves the list)', () => {
    expect(freeKeyTarget('Enter', 0, 3)).toBeNull();
    expect(freeKeyTarget('Tab', 0, 3)).toBeNull();
  });
});

describe('when the list is scrolled or its rows change', () => {
  it('keeps the stop on the chosen row while it is rendered', () => {
    expect(freeTabStop(5, 100, { startIndex: 0, stopIndex: 20 }, { startIndex: 2, stopIndex: 14 })).toBe(5);
    expect(freeTabStop(5, 100, null, null)).toBe(5);
  });

  it('moves the stop to the first row on screen when the chosen one is scrolled away', () => {
    expect(freeTabStop(40, 100, { startIndex: 0, stopIndex: 20 }, { startIndex: 3, stopIndex: 15 })).toBe(3);
    expect(freeTabStop(0, 100, { startIndex: 52, stopIndex: 80 }, { startIndex: 60, stopIndex: 72 })).toBe(
      60,
    );
  });

  it('keeps the stop within fewer rows', () => {
    expect(freeTabStop(9, 4, null, null)).toBe(3);
    expect(freeTabStop(9, 4, { startIndex: 0, stopIndex: 3 }, { startIndex: 0, stopIndex: 3 })).toBe(3);
  });
});

type Free = Board['free'][number];

/** A free flight as the board lists it; `aid` null: a leg without a turnaround. */
const flight = (n: number, aid: number | null): Free => ({
  aid,
  flight_number: `SU ${n}`,
  color: { field: '#ff0000', font: '#ffffff', border: '#000000' },
  url: '',
  aviacompany: { id: 1, code: 'SU' },
  aircraft: { id: 1, type_id: 1, bort_number: 'RA-89001', type_name: 'SSJ-100' },
  parking: { id: 1, name: '12' },
  flight_type: { id: 1, name: 'Внутренний' },
  begin_datetime: '2026-11-25 10:00:00',
  end_datetime: '2026-11-25 11:00:00',
  arrivalFlight: null,
  departureFlight: null,
});

const flights = (count: number, aidOf: (n: number) => number | null = (n) => n + 1) =>
  Array.from({ length: count }, (_, n) => flight(n + 1, aidOf(n)));

const handlers = { onDragStart: vi.fn(), onDragEnd: vi.fn(), onChoose: vi.fn() };

/** The elements a Tab can land on inside the list. */
function tabStops(): HTMLElement[] {
  const list = screen.getByRole('list', { name: 'Рейсы без бригады' });
  return [list, ...list.querySelectorAll<HTMLElement>('button, [tabindex]')].filter(
    (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled,
  );
}

describe('when the free flights are shown', () => {
  it('has one tab stop even when the first flight has no turnaround, and its «+» does nothing', () => {
    render(<FreeFlights flights={flights(3, (n) => (n === 0 ? null : n))} canAssign {...handlers} />);
    const stops = tabStops();
    expect(stops).toHaveLength(1);
    expect(stops[0]).toHaveAccessibleName('Назначить бригаду на SU 1');
    expect(stops[0]).toHaveAttribute('aria-disabled', 'true');
    act(() => stops[0].click());
    expect(handlers.onChoose).not.toHaveBeenCalled();
  });

  it('has one tab stop when every flight lacks a turnaround', () => {
    render(<FreeFlights flights={flights(3, () => null)} canAssign {...handlers} />);
    expect(tabStops()).toHaveLength(1);
  });

  it('moves the stop to the «+» that took the focus', () => {
    render(<FreeFlights flights={flights(3)} canAssign {...handlers} />);
    const third = screen.getByRole('button', { name: 'Назначить бригаду на SU 3' });
    act(() => third.focus());
    expect(tabStops()).toEqual([third]);
  });

  it('is itself the one tab stop for a user who may not assign', () => {
    render(<FreeFlights flights={flights(3)} canAssign={false} {...handlers} />);
    expect(tabStops()).toEqual([screen.getByRole('list', { name: 'Рейсы без бригады' })]);
  });
});
