import type { AlertType } from '../../machines/alert.ts';
import { hideAlert, useAlert } from './alertStore.ts';
import './Alert.css';

const TITLES: Record<AlertType, string> = {
  Danger: 'Ошибка',
  Warning: 'Внимание',
  Success: 'Успешно',
  Notification: 'Уведомление',
};

function SuccessIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" role="img" aria-label="Успешно">
      <circle cx="10" cy="10" r="10" fill="#27AE60" />
      <path d="M5.5 10.5l3 3 6-7" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The global alert banner; mount it once in the app shell and raise alerts with showAlert(). */
export function AlertBanner() {
  const { shown, message, type } = useAlert();
  if (!shown) return null;
  return (
    <div
      className={`w-alert w-alert--${type.toLowerCase()}`}
      role={type === 'Danger' || type === 'Warning' ? 'alert' : 'status'}
    >
      {type === 'Success' ? <SuccessIcon /> : null}
      <span className="w-visually-hidden">{TITLES[type]}: </span>
      <span className="w-alert__text">{message}</span>
      <button type="button" className="w-alert__close" aria-label="Закрыть уведомление" onClick={hideAlert}>
        ×
      </button>
    </div>
  );
}
