import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SpareTagsModal } from './SpareTagsModal.tsx';

const SU = { id: 7, name: 'SU' };

describe('when closing the spare-tags form', () => {
  it('closes an untouched form at once', async () => {
    const onClose = vi.fn();
    render(<SpareTagsModal airline={SU} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks first once the count is changed, and keeps it when editing goes on', async () => {
    const onClose = vi.fn();
    render(<SpareTagsModal airline={SU} onClose={onClose} />);
    const count = screen.getByRole('textbox', { name: 'Количество бирок' });
    await userEvent.clear(count);
    await userEvent.type(count, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Продолжить редактирование' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(count).toHaveValue('5');

    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть без сохранения' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
