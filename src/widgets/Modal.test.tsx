import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPopup } from './ErrorPopup.tsx';
import { Modal, ModalCloseButton } from './Modal.tsx';

function Harness({ disabled = false, submitDisabled = false, onSubmit = () => undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Modal
        open={open}
        title="Новая запись"
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
        disabled={disabled}
        submitDisabled={submitDisabled}
      >
        <input aria-label="Название" />
      </Modal>
    </>
  );
}

describe('when the modal opens', () => {
  it('shows a 648 px dialog with Отмена and Сохранить and moves focus inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая запись' });
    expect(dialog).toHaveStyle({ width: '648px' });
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  });

  it('keeps focus inside while tabbing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const dialog = screen.getByRole('dialog');
    for (let press = 0; press < 6; press += 1) {
      await user.tab();
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    }
  });
});

/** A dialog whose one control arrives once `ready` (a list still loading when it opened). */
function Late({ ready }: { ready: boolean }) {
  return (
    <Modal open title="Бригады" onClose={() => undefined} onSubmit={() => undefined}>
      {ready ? <button type="button">Бригада 1</button> : <p>Загрузка…</p>}
    </Modal>
  );
}

describe('where the focus starts', () => {
  it('is a form’s first control, not ×', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Название' })).toHaveFocus());
  });

  it('is the footer’s first button in a dialog without controls', async () => {
    render(
      <Modal open title="Сведения" onClose={() => undefined} onSubmit={() => undefined}>
        <p>Только текст</p>
      </Modal>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus());
  });

  it('moves to a form’s first control when it arrives after the dialog opened, unless the user moved on', async () => {
    const { rerender, unmount } = render(<Late ready={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus());
    rerender(<Late ready />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Бригада 1' })).toHaveFocus());
    unmount();

    const user = userEvent.setup();
    const again = render(<Late ready={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveFocus();
    again.rerender(<Late ready />);
    await screen.findByRole('button', { name: 'Бригада 1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveFocus();
  });

  it('is a question’s least destructive answer, so Enter keeps things and one Tab reaches the action', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(
      <Modal
        open
        role="alertdialog"
        title="Удалить запись?"
        onClose={onClose}
        onSubmit={onSubmit}
        submitLabel="Удалить"
      >
        <p>Запись будет удалена.</p>
      </Modal>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Удалить' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('when the modal is closed', () => {
  it('closes on Esc and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes on an outside click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const overlay = screen.getByRole('dialog').parentElement as HTMLElement;
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on outside click and Esc while disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const overlay = screen.getByRole('dialog').parentElement as HTMLElement;
    await user.click(overlay);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeDisabled();
  });
});

describe('when the submit button is disabled', () => {
  it('does nothing on click', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness submitDisabled onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('submits when enabled', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('when an error popup is shown', () => {
  it('is a 420 px alert dialog with a red icon and the message', () => {
    render(
      <ErrorPopup open title="Ошибка удаления" message="Запись используется" onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Ошибка удаления' });
    expect(dialog).toHaveStyle({ width: '420px' });
    expect(screen.getByRole('img', { name: 'Ошибка' })).toBeInTheDocument();
    expect(screen.getByText('Запись используется')).toBeInTheDocument();
  });
});

describe('when a screen gives its own footer', () => {
  it('puts its buttons in the footer bar, and null leaves the modal without one', () => {
    const { rerender } = render(
      <Modal open title="Сотрудники" onClose={() => undefined} footer={<button type="button">Готово</button>}>
        <p>Список</p>
      </Modal>,
    );
    const button = screen.getByRole('button', { name: 'Готово' });
    expect(button.parentElement?.tagName).toBe('FOOTER');
    expect(button.parentElement).toHaveClass('w-modal__footer');
    rerender(
      <Modal open title="Сотрудники" onClose={() => undefined} footer={null}>
        <p>Список</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog').querySelector('footer')).toBeNull();
  });
});

/** A form whose input is unsaved once typed; `ownFooter` closes through a screen's own footer button. */
function DirtyHarness({ ownFooter = false }: { ownFooter?: boolean }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  return (
    <>
      <span>{open ? 'открыта' : 'закрыта'}</span>
      <Modal
        open={open}
        title="Новая запись"
        onClose={() => setOpen(false)}
        onSubmit={() => undefined}
        dirty={name !== ''}
        footer={ownFooter ? <ModalCloseButton>Отмена</ModalCloseButton> : undefined}
      >
        <input aria-label="Название" value={name} onChange={(event) => setName(event.target.value)} />
      </Modal>
    </>
  );
}

/** Types into the form once the dialog has taken focus (it moves focus in after it opens). */
async function typeName(user: ReturnType<typeof userEvent.setup>, text: string) {
  const dialog = screen.getByRole('dialog', { name: 'Новая запись' });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await user.type(screen.getByRole('textbox', { name: 'Название' }), text);
}

describe('when a form with unsaved input would be closed', () => {
  it('closes an untouched form at once on Esc', async () => {
    const user = userEvent.setup();
    render(<DirtyHarness />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks on Esc and keeps the form and its input when the user goes on editing', async () => {
    const user = userEvent.setup();
    render(<DirtyHarness />);
    await typeName(user, 'Рейс');
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
    expect(question).toHaveTextContent('Введённые данные не сохранятся.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Продолжить редактирование' })).toHaveFocus(),
    );
    // Esc in the question answers the question only.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Название' })).toHaveValue('Рейс');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await user.click(screen.getByRole('button', { name: 'Продолжить редактирование' }));
    expect(screen.getByRole('dialog', { name: 'Новая запись' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Название' })).toHaveValue('Рейс');
  });

  it('closes the form when the user confirms, from ×, Отмена or a screen’s own footer button', async () => {
    for (const [ownFooter, button] of [
      [false, 'Закрыть'],
      [false, 'Отмена'],
      [true, 'Отмена'],
    ] as const) {
      const user = userEvent.setup();
      const { unmount } = render(<DirtyHarness ownFooter={ownFooter} />);
      await typeName(user, 'Рейс');
      await user.click(screen.getByRole('button', { name: button }));
      await user.click(screen.getByRole('button', { name: 'Закрыть без сохранения' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('закрыта')).toBeInTheDocument();
      unmount();
    }
  });
});
