import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterPanel } from './FilterPanel.tsx';

const KEY = 'test.filtersFolded';

function renderPanel() {
  return render(
    <FilterPanel storageKey={KEY} summary="25.11.2026 00:00 – 25.12.2026 23:59 · 15 минут">
      <form aria-label="Фильтры">
        <input aria-label="Период" />
      </form>
    </FilterPanel>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('FilterPanel', () => {
  it('opens with the filters shown and no summary', () => {
    renderPanel();
    expect(screen.getByRole('button', { name: 'Свернуть фильтры' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Фильтры' })).toBeVisible();
    expect(screen.queryByText(/15 минут/)).not.toBeInTheDocument();
  });

  it('folds into the summary line, and keeps the choice for the next visit', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Свернуть фильтры' }));
    const toggle = screen.getByRole('button', { name: 'Показать фильтры' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Фильтры' })).not.toBeInTheDocument();
    expect(screen.getByText('25.11.2026 00:00 – 25.12.2026 23:59 · 15 минут')).toBeVisible();
    cleanup();
    renderPanel();
    expect(screen.getByRole('button', { name: 'Показать фильтры' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Показать фильтры' }));
    expect(screen.getByRole('form', { name: 'Фильтры' })).toBeVisible();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
