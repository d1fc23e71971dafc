import { type DragEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { hasUnsavedForm } from '../../machines/rowModalTypes.ts';
import type { ColumnSetting } from '../../shared/flight-table.ts';
import { Modal, ModalCloseButton } from '../../widgets/index.ts';
import { defaultColumnSettings, moveColumn, toggleColumn } from './columns.ts';

interface ColumnSettingsDialogProps {
  open: boolean;
  settings: ColumnSetting[];
  onClose: () => void;
  onSave: (settings: ColumnSetting[]) => void;
}

/**
 * 'Настройка колонок': tick to show or hide, drag a line or use its arrows (Alt+↑ / Alt+↓ on a focused line) to
 * reorder; 'Сохранить' applies, 'По умолчанию' brings back the columns of spec 9.
 */
export function ColumnSettingsDialog({ open, settings, onClose, onSave }: ColumnSettingsDialogProps) {
  const [draft, setDraft] = useState(settings);
  const [dragged, setDragged] = useState<ColumnSetting['key'] | null>(null);
  useEffect(() => {
    if (open) setDraft(settings);
  }, [open, settings]);

  // A column ticked, moved or reset to the defaults, unless the list came back to the saved one.
  const dirty = hasUnsavedForm({ form: draft, pristine: settings });
  const move = (key: ColumnSetting['key'], to: number) => setDraft((current) => moveColumn(current, key, to));
  const onKeyDown = (event: KeyboardEvent, key: ColumnSetting['key'], index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(key, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged) move(dragged, index);
    setDragged(null);
  };

  return (
    <Modal
      open={open}
      title="Настройка колонок"
      onClose={onClose}
      onSubmit={() => onSave(draft)}
      width={520}
      dirty={dirty}
      footer={
        <>
          <button
            type="button"
            className="w-button w-button--secondary"
            onClick={() => setDraft(defaultColumnSettings())}
          >
            По умолчанию
          </button>
          <ModalCloseButton>Отмена</ModalCloseButton>
          <button type="button" className="w-button" onClick={() => onSave(draft)}>
            Сохранить
          </button>
        </>
      }
    >
      <ol className="flight-columns" aria-label="Колонки">
        {draft.map((setting, index) => (
          <li
            key={setting.key}
            className={`flight-columns__item${dragged === setting.key ? ' is-dragged' : ''}`}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', setting.key);
              setDragged(setting.key);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragged(null)}
            onKeyDown={(event) => onKeyDown(event, setting.key, index)}
          >
            <span className="flight-columns__grip" aria-hidden="true">
              ⠿
            </span>
            <label className="flight-columns__label">
              <input
                type="checkbox"
                checked={setting.selected}
                onChange={() => setDraft((current) => toggleColumn(current, setting.key))}
              />
              {setting.name}
            </label>
            <button
              type="button"
              className="flight-columns__move"
              aria-label={`${setting.name}: выше`}
              disabled={index === 0}
              onClick={() => move(setting.key, index - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="flight-columns__move"
              aria-label={`${setting.name}: ниже`}
              disabled={index === draft.length - 1}
              onClick={() => move(setting.key, index + 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
