import { Modal } from './Modal.tsx';

export interface ErrorPopupProps {
  open: boolean;
  /** The header, for example 'Ошибка удаления'. */
  title: string;
  message: string;
  onClose: () => void;
}

function ErrorIcon() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="Ошибка">
      <circle cx="16" cy="16" r="15" fill="#EB5757" />
      <path d="M16 8v10M16 22v2" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A 420 px alert dialog with a red icon, the error text and one close button. */
export function ErrorPopup({ open, title, message, onClose }: ErrorPopupProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      width={420}
      role="alertdialog"
      footer={
        <button type="button" className="w-button" onClick={onClose}>
          Понятно
        </button>
      }
    >
      <div className="w-error-popup__title">
        <ErrorIcon />
        <p style={{ margin: 0 }}>{message}</p>
      </div>
    </Modal>
  );
}
