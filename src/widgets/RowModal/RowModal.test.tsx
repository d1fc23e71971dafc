import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createRowModal } from '../../machines/rowModal.ts';
import { RowModalForm } from './RowModal.tsx';
import { RowModalPage } from './RowModalPage.tsx';

interface Note {
  id: number | null;
  text: string;
}

/** A failed call as the HTTP client throws it: the status and the server's error body. */
const answer = (status: number, body: { message: string; fields?: Record<string, string[]> }) => ({
  status,
  data: body,
});

type Api = Parameters<typeof createRowModal<Note, Note, string, string[], string>>[0]['api'];

/** A module of notes with one text, over the given calls. */
const notesMachine = (api: Partial<Api>) =>
  createRowModal<Note, Note, string, string[], string>({
    id: 'notes',
    emptyForm: () => ({ id: null, text: '' }),
    formFrom: (row) => row,
    check: (form) =>
      form.text ? { ok: true, payload: form.text } : { ok: false, errors: { text: ['Пусто'] } },
    change: (form, text) => ({ form: { ...form, text }, clear: ['text'] }),
    api: {
      references: async () => ['Личная'],
      get: async (id) => ({ id, text: 'Первая' }),
      save: async () => undefined,
      remove: async () => undefined,
      ...api,
    },
    messages: { saved: 'Сохранено', deleted: 'Удалено' },
  });

/** The notes screen: the shared page and form around the module's one input. */
function Notes({ api }: { api: Partial<Api> }) {
  const [machine] = useState(() => notesMachine(api));
  const modal = useActorRef(machine);
  const text = useSelector(modal, (snapshot) => snapshot.context.form.text);
  return (
    <RowModalPage
      title="Заметки"
      modal={modal}
      canCreate
      referencesMessage="Списки не загрузились."
      deletion={{
        title: (name) => `Удалить «${name}»?`,
        text: () => 'Заметка пропадёт.',
        failureTitles: { delete: 'Не удалось удалить' },
      }}
      dialog={
        <RowModalForm
          modal={modal}
          titles={{ create: 'Новая заметка', edit: 'Заметка' }}
          label="Заметка"
          controls={['text']}
          failureTitles={{ create: 'Не удалось создать' }}
        >
          <input
            aria-label="Текст"
            value={text}
            onChange={(event) => modal.send({ type: 'FORM.CHANGE', change: event.target.value })}
          />
        </RowModalForm>
      }
    >
      <button type="button" onClick={() => modal.send({ type: 'MODAL.OPEN', modalType: 'edit', id: 1 })}>
        Открыть первую
      </button>
      <button
        type="button"
        onClick={() => modal.send({ type: 'DELETE.ASK', target: { id: 1, name: 'Первая' } })}
      >
        Удалить первую
      </button>
    </RowModalPage>
  );
}

describe('a list screen with a row modal', () => {
  it('tells that the lists did not load and asks again on «Повторить»', async () => {
    let calls = 0;
    const user = userEvent.setup();
    render(
      <Notes
        api={{
          references: async () => {
            calls += 1;
            if (calls === 1) throw answer(500, { message: 'Сервер упал' });
            return ['Личная'];
          },
        }}
      />,
    );
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Списки не загрузились.');
    await user.click(within(notice).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls).toBe(2);
  });

  it("shows a failed save's message after its title, unless the control shows the server's fields", async () => {
    const failures = [
      answer(500, { message: 'Сервер упал' }),
      answer(422, { message: 'Проверьте', fields: { text: ['Занято'] } }),
    ];
    const user = userEvent.setup();
    render(<Notes api={{ save: async () => Promise.reject(failures.shift()) }} />);
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая заметка' });
    // The focus manager moves the focus into the dialog a frame after it opens: typing before would lose the rest
    // of the text to the element it focuses.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.type(within(dialog).getByLabelText('Текст'), 'Вторая');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Не удалось создать: Сервер упал');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(within(dialog).getByLabelText('Текст')).toHaveValue('Вторая');
  });

  it('asks about the named row and shows a failed delete in a popup with its title', async () => {
    const user = userEvent.setup();
    render(<Notes api={{ remove: async () => Promise.reject(answer(403, { message: 'Нет прав' })) }} />);
    await user.click(screen.getByRole('button', { name: 'Удалить первую' }));
    const question = screen.getByRole('alertdialog', { name: 'Удалить «Первая»?' });
    expect(question).toHaveTextContent('Заметка пропадёт.');
    await user.click(within(question).getByRole('button', { name: 'Удалить' }));
    const popup = await screen.findByRole('alertdialog', { name: 'Не удалось удалить' });
    expect(popup).toHaveTextContent('Нет прав');
    await user.click(within(popup).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('opens a row read by id, and shows no popup for a failure the screen gives no title', async () => {
    let fail = false;
    const user = userEvent.setup();
    render(
      <Notes
        api={{
          get: async (id) => {
            if (fail) throw answer(404, { message: 'Не найдено' });
            return { id, text: 'Первая' };
          },
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Открыть первую' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заметка' });
    await waitFor(() => expect(within(dialog).getByLabelText('Текст')).toHaveValue('Первая'));
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Открыть первую' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes a row as read at once, and asks first once its text is changed', async () => {
    const user = userEvent.setup();
    render(<Notes api={{}} />);
    await user.click(screen.getByRole('button', { name: 'Открыть первую' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заметка' });
    const input = within(dialog).getByLabelText('Текст');
    await waitFor(() => expect(input).toHaveValue('Первая'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Открыть первую' }));
    const again = await screen.findByRole('dialog', { name: 'Заметка' });
    await waitFor(() => expect(within(again).getByLabelText('Текст')).toHaveValue('Первая'));
    // As above: the focus manager's move into the dialog would take the typed text.
    await waitFor(() => expect(again).toContainElement(document.activeElement as HTMLElement));
    await user.type(within(again).getByLabelText('Текст'), ' и вторая');
    await user.click(within(again).getByRole('button', { name: 'Отмена' }));
    const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
    await user.click(within(question).getByRole('button', { name: 'Продолжить редактирование' }));
    expect(within(again).getByLabelText('Текст')).toHaveValue('Первая и вторая');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Закрыть без сохранения' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
