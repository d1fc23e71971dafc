import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { flightActionsMachine } from '../../machines/flightActions.ts';
import type { TgoOption } from '../../shared/flight-table.ts';
import { ColumnSettingsDialog } from './ColumnSettingsDialog.tsx';
import { defaultColumnSettings } from './columns.ts';
import { TgoDialog } from './TgoDialog.tsx';

const TGOS: TgoOption[] = [
  { id: 4, name: 'Стандарт A320', direction: 1, current: false },
  { id: 7, name: 'Короткий оборот', direction: 1, current: true },
];

/** The question over a dirty dialog, answered «Продолжить редактирование» (keep) or «Закрыть без сохранения». */
async function answer(choice: 'keep' | 'close') {
  const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
  const name = choice === 'keep' ? 'Продолжить редактирование' : 'Закрыть без сохранения';
  await userEvent.click(within(question).getByRole('button', { name }));
}

describe('when closing the column settings', () => {
  it('closes at once while the columns are as saved, and asks once a column is unticked', async () => {
    const onClose = vi.fn();
    const settings = defaultColumnSettings();
    render(<ColumnSettingsDialog open settings={settings} onClose={onClose} onSave={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Настройка колонок' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    const first = within(dialog).getAllByRole('checkbox')[0] as HTMLInputElement;
    await userEvent.click(first);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await answer('keep');
    expect(first).not.toBeChecked();
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await answer('close');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes at once again when the change is undone', async () => {
    const onClose = vi.fn();
    render(
      <ColumnSettingsDialog
        open
        settings={defaultColumnSettings()}
        onClose={onClose}
        onSave={() => undefined}
      />,
    );
    const first = screen.getAllByRole('checkbox')[0] as HTMLInputElement;
    await userEvent.click(first);
    await userEvent.click(first);
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('when closing the TGO choice', () => {
  async function opened() {
    const actor = createActor(
      flightActionsMachine.provide({ actors: { loadTgos: fromPromise(async () => TGOS) } }),
    ).start();
    actor.send({ type: 'TGO.OPEN', aids: [1, 2] });
    await waitFor(actor, (snapshot) => snapshot.hasTag('tgoDialog'));
    render(<TgoDialog actor={actor} />);
    return actor;
  }

  it('closes at once on the TGO it opened with', async () => {
    const actor = await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(actor.getSnapshot().hasTag('tgoDialog')).toBe(false);
  });

  it('asks first once another TGO is chosen, and keeps the choice when editing goes on', async () => {
    const actor = await opened();
    await userEvent.click(screen.getByRole('radio', { name: 'Стандарт A320' }));
    await userEvent.keyboard('{Escape}');
    await answer('keep');
    expect(actor.getSnapshot().context.tgoId).toBe(4);
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await answer('close');
    expect(actor.getSnapshot().hasTag('tgoDialog')).toBe(false);
  });
});
