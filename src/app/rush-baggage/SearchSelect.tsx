import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  size,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { SearchOption, SearchParams, searchSelectMachine } from '../../machines/searchSelect.ts';
import { FieldError } from '../../widgets/FieldError.tsx';

export interface SearchSelectProps {
  label: string;
  /** The search machine with its `search` actor provided (see `searchers.ts`). */
  logic: typeof searchSelectMachine;
  /** The chosen option, shown on the trigger even when the current search does not list it. */
  value: SearchOption | null;
  onChange: (option: SearchOption | null) => void;
  params?: SearchParams;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A select whose options come from the server as the user types (airports, airlines, flights, rush codes): the
 * `searchSelect` machine waits for a pause and aborts stale searches; the chosen option is kept by the caller.
 */
export function SearchSelect({
  label,
  logic,
  value,
  onChange,
  params = {},
  error,
  disabled,
  placeholder = 'Выберите',
}: SearchSelectProps) {
  const baseId = useId();
  const actor = useActorRef(logic, { input: { params } });
  const query = useSelector(actor, (s) => s.context.query);
  const options = useSelector(actor, (s) => s.context.options);
  const searchError = useSelector(actor, (s) => s.context.error);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    actor.send({ type: 'SEARCH.PARAMS', params: JSON.parse(paramsKey) as SearchParams });
    if (open) actor.send({ type: 'SEARCH.OPEN' });
  }, [actor, paramsKey, open]);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next) => setOpen(next),
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, elements }) {
          elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context)]);

  const choose = (option: SearchOption) => {
    onChange(option);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const count = options.length;
      if (count === 0) return;
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (delta > 0 ? 0 : count - 1) : (current + delta + count) % count));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    }
  };
  const listId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  return (
    <div className="w-field w-select">
      <span className="w-field__label" id={`${baseId}-label`}>
        {label}
      </span>
      <div className="w-select__control">
        <button
          type="button"
          ref={refs.setReference}
          className={`w-input w-select__trigger${value ? '' : ' is-placeholder'}`}
          disabled={disabled}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${baseId}-error` : undefined}
          {...getReferenceProps({
            onClick: () => {
              setOpen((current) => !current);
              actor.send({ type: 'SEARCH.OPEN' });
            },
            onKeyDown,
          })}
        >
          <span className="w-select__value">{value ? value.name : placeholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
        {value && !disabled ? (
          <button
            type="button"
            className="w-select__clear"
            aria-label={`Очистить: ${label}`}
            onClick={() => onChange(null)}
          >
            ×
          </button>
        ) : null}
      </div>
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={0} returnFocus>
            <div
              ref={refs.setFloating}
              className="w-popover w-select__panel"
              style={floatingStyles}
              {...getFloatingProps({ onKeyDown })}
            >
              <input
                className="w-input w-select__search"
                type="search"
                placeholder="Поиск"
                aria-label={`Поиск: ${label}`}
                aria-controls={listId}
                aria-activedescendant={active >= 0 ? optionId(active) : undefined}
                value={query}
                onChange={(event) => {
                  setActive(-1);
                  actor.send({ type: 'SEARCH.CHANGE', query: event.target.value });
                }}
              />
              <div
                id={listId}
                role="listbox"
                aria-label={label}
                aria-busy={searching}
                style={{ maxHeight: 300, overflowY: 'auto' }}
              >
                {options.map((option, index) => (
                  <div
                    key={option.id}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={value?.id === option.id}
                    className={`w-select__option${index === active ? ' is-active' : ''}${value?.id === option.id ? ' is-chosen' : ''}`}
                    style={{ minHeight: option.subtitle ? 52 : 36 }}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(option)}
                    onKeyDown={(event) => {
                      if (event.key === ' ') choose(option);
                    }}
                  >
                    <span className="w-select__texts">
                      <span className="w-select__name">{option.name}</span>
                      {option.subtitle ? <span className="w-select__subtitle">{option.subtitle}</span> : null}
                    </span>
                  </div>
                ))}
              </div>
              {searching ? (
                <div className="w-select__empty" role="status">
                  Поиск…
                </div>
              ) : searchError ? (
                <div className="w-select__empty" role="alert">
                  {searchError}{' '}
                  <button
                    type="button"
                    className="rush-link"
                    onClick={() => actor.send({ type: 'SEARCH.RETRY' })}
                  >
                    Повторить
                  </button>
                </div>
              ) : options.length === 0 ? (
                <div className="w-select__empty" role="status">
                  Ничего не найдено
                </div>
              ) : null}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
      <FieldError id={`${baseId}-error`} message={error ?? null} />
    </div>
  );
}
