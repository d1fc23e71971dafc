import { type MouseEvent, useState } from 'react';
import {
  type AlertType,
  ContextMenu,
  Dropdown,
  ErrorPopup,
  Modal,
  NumberInput,
  Page,
  PageCard,
  PageTitle,
  showAlert,
  TextInput,
} from '../../widgets/index.ts';

const ALERTS: readonly { type: AlertType; label: string; text: string }[] = [
  { type: 'Success', label: 'Успех', text: 'Изменения сохранены' },
  { type: 'Notification', label: 'Уведомление', text: 'Расписание обновлено диспетчером' },
  { type: 'Warning', label: 'Предупреждение', text: 'Рейс SU 1234 задерживается на 40 минут' },
  { type: 'Danger', label: 'Ошибка', text: 'Не удалось сохранить запись: сервер недоступен' },
];

/** /react_app/modal: modal, saving state, disabled submit, error popup, alerts, dropdown and context menu. */
export function ModalDemo() {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [coeff, setCoeff] = useState<number | null>(null);
  const [errorOpen, setErrorOpen] = useState(false);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const save = () => {
    setSaving(true);
    window.setTimeout(() => {
      setSaving(false);
      setOpen(false);
      showAlert(`Запись «${name}» сохранена`, 'Success');
    }, 800);
  };
  return (
    <Page label="Модальные окна">
      <PageTitle
        title="Модальные окна и уведомления"
        actions={[
          { label: 'Создать', onClick: () => setOpen(true) },
          { label: 'Показать ошибку', onClick: () => setErrorOpen(true), variant: 'danger' },
        ]}
      />
      <PageCard title="Уведомления">
        <div className="showcase__row">
          {ALERTS.map((alert) => (
            <button
              key={alert.type}
              type="button"
              className="w-button w-button--secondary"
              onClick={() => showAlert(alert.text, alert.type)}
            >
              {alert.label}
            </button>
          ))}
        </div>
      </PageCard>
      <PageCard title="Панель и контекстное меню">
        <div className="showcase__row">
          <Dropdown label="Параметры">
            {(close) => (
              <div className="showcase__panel">
                <p>Содержимое выпадающей панели.</p>
                <button type="button" className="w-button" onClick={close}>
                  Готово
                </button>
              </div>
            )}
          </Dropdown>
          <button
            type="button"
            className="showcase__menu-area"
            onContextMenu={(event: MouseEvent) => {
              event.preventDefault();
              setMenu({ x: event.clientX, y: event.clientY });
            }}
            onClick={(event) => setMenu({ x: event.clientX, y: event.clientY })}
          >
            Щёлкните здесь правой кнопкой
          </button>
          <ContextMenu
            position={menu}
            onClose={() => setMenu(null)}
            items={[
              { label: 'Редактировать', onSelect: () => setOpen(true) },
              { label: 'Удалить', onSelect: () => setErrorOpen(true) },
              { label: 'Архивировать', onSelect: () => undefined, disabled: true },
            ]}
          />
        </div>
      </PageCard>
      <Modal
        open={open}
        title="Новая запись"
        onClose={() => setOpen(false)}
        onSubmit={save}
        submitDisabled={name.trim() === '' || saving}
        disabled={saving}
      >
        <div className="showcase__grid">
          <TextInput label="Название" value={name} onChange={setName} required />
          <NumberInput label="Коэффициент" value={coeff} onChange={setCoeff} />
        </div>
        {saving ? <p role="status">Сохранение…</p> : null}
      </Modal>
      <ErrorPopup
        open={errorOpen}
        title="Ошибка удаления"
        message="Запись используется в расчётах и не может быть удалена."
        onClose={() => setErrorOpen(false)}
      />
    </Page>
  );
}
