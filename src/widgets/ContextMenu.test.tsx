import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ContextMenu } from './ContextMenu.tsx';
import { PageTitle } from './Page.tsx';

afterEach(cleanup);

const ITEMS = ['Открыть рейс', 'Сотрудники задачи', 'Снять бригаду'].map((label) => ({
  label,
  onSelect: () => undefined,
}));

describe('ContextMenu', () => {
  it('moves along its items with ↑/↓ (wrapping), Home and End', async () => {
    render(<ContextMenu position={{ x: 10, y: 10 }} items={ITEMS} onClose={() => undefined} />);
    const item = (name: string) => screen.getByRole('menuitem', { name });
    // The focus manager moves the focus in a frame after the menu opens.
    await waitFor(() => expect(item('Открыть рейс')).toHaveFocus());
    await userEvent.keyboard('{End}');
    expect(item('Снять бригаду')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Открыть рейс')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(item('Снять бригаду')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(item('Открыть рейс')).toHaveFocus();
  });
});

describe('PageTitle', () => {
  it('keeps the focus on a button whose label changes while it works («Выгрузка…»)', async () => {
    const onClick = () => undefined;
    const { rerender } = render(
      <PageTitle title="План" actions={[{ label: 'Выгрузить в Excel', onClick }]} />,
    );
    screen.getByRole('button', { name: 'Выгрузить в Excel' }).focus();
    rerender(<PageTitle title="План" actions={[{ label: 'Выгрузка…', onClick }]} />);
    expect(screen.getByRole('button', { name: 'Выгрузка…' })).toHaveFocus();
  });
});
