import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AriaList } from './AriaList.tsx';

/** Rows as −(row + 1), each followed by its bars: 10 rows of 9 bars, 100 items. */
const items = Int32Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? -(i / 10 + 1) : i));
const label = (item: number) => (item < 0 ? `Строка ${-item}` : `Задача ${item}`);

function renderList(current: number) {
  render(<AriaList ariaLabel="Задачи на экране" items={items} label={label} current={current} />);
  return screen.getByRole('list', { name: 'Задачи на экране' });
}

describe('when the timeline lists what is on screen for screen readers', () => {
  it('holds the first items, each telling its place among all of them, while no bar is focused', () => {
    const entries = within(renderList(-1)).getAllByRole('listitem');
    expect(entries).toHaveLength(40);
    expect(entries[0]).toHaveTextContent('Строка 1');
    expect(entries[0]).toHaveAttribute('aria-posinset', '1');
    expect(entries[0]).toHaveAttribute('aria-setsize', '100');
    expect(entries.filter((e) => e.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('holds the focused bar in the middle of its window, marked current', () => {
    const entries = within(renderList(71)).getAllByRole('listitem');
    expect(entries).toHaveLength(40);
    const current = entries.filter((e) => e.getAttribute('aria-current') === 'true');
    expect(current.map((e) => e.textContent)).toEqual(['Задача 71']);
    expect(entries[0]).toHaveAttribute('aria-posinset', '52');
    expect(entries.at(-1)).toHaveAttribute('aria-posinset', '91');
  });

  it('holds the selected bar in the middle of its window while no bar is focused, without marking it current', () => {
    render(<AriaList ariaLabel="Задачи на экране" items={items} label={label} current={-1} anchor={71} />);
    const entries = within(screen.getByRole('list', { name: 'Задачи на экране' })).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toContain('Задача 71');
    expect(entries[0]).toHaveAttribute('aria-posinset', '52');
    expect(entries.filter((e) => e.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('follows the focused bar rather than the selected one', () => {
    render(<AriaList ariaLabel="Задачи на экране" items={items} label={label} current={5} anchor={71} />);
    const entries = within(screen.getByRole('list', { name: 'Задачи на экране' })).getAllByRole('listitem');
    expect(entries[0]).toHaveAttribute('aria-posinset', '1');
  });

  it('ends its window with the last item when the focused bar is near the end', () => {
    const entries = within(renderList(98)).getAllByRole('listitem');
    expect(entries.at(-1)).toHaveTextContent('Задача 99');
    expect(entries.at(-1)).toHaveAttribute('aria-posinset', '100');
  });

  it('leaves out the items whose label is empty (bars the new props no longer have)', () => {
    render(
      <AriaList
        ariaLabel="Задачи на экране"
        items={items}
        label={(item) => (item < 20 ? label(item) : '')}
        current={-1}
      />,
    );
    const entries = within(screen.getByRole('list', { name: 'Задачи на экране' })).getAllByRole('listitem');
    // Of the first 40 items, the bars 21..39 are gone: 4 rows and 18 bars stay.
    expect(entries).toHaveLength(22);
    expect(entries.map((e) => e.textContent)).not.toContain('');
  });

  it('is no scrolling region, so it needs no keyboard focus of its own', () => {
    const list = renderList(71);
    for (const el of [list, ...list.querySelectorAll('*')]) {
      expect((el as HTMLElement).style.overflow).toBe('');
      expect((el as HTMLElement).style.overflowY).toBe('');
      expect(el).not.toHaveAttribute('tabindex');
    }
  });
});
