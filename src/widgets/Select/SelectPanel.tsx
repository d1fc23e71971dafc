import { FloatingFocusManager, FloatingPortal } from '@floating-ui/react';
import type { ReactNode } from 'react';
import { OptionList } from './OptionList.tsx';
import type { SelectOption } from './options.ts';
import type { useSelectCore } from './useSelectCore.ts';

type Core = ReturnType<typeof useSelectCore>;

interface SelectPanelProps {
  core: Core;
  label: string;
  searchable: boolean;
  multiple: boolean;
  isChosen: (option: SelectOption) => boolean;
  header?: ReactNode;
}

/** The floating part of a select: optional 'Поиск' field and the option list. */
export function SelectPanel({ core, label, searchable, multiple, isChosen, header }: SelectPanelProps) {
  if (!core.open) return null;
  const listId = `${core.baseId}-listbox`;
  const activeDescendant = core.activeIndex >= 0 ? core.optionId(core.activeIndex) : undefined;
  return (
    <FloatingPortal>
      <FloatingFocusManager context={core.context} modal={false} initialFocus={0} returnFocus>
        <div
          ref={core.refs.setFloating}
          className="w-popover w-select__panel"
          style={core.floatingStyles}
          {...core.getFloatingProps({ onKeyDown: core.onKeyDown })}
        >
          {searchable ? (
            <input
              className="w-input w-select__search"
              type="search"
              placeholder="Поиск"
              aria-label="Поиск"
              aria-controls={listId}
              aria-activedescendant={activeDescendant}
              value={core.query}
              onChange={(event) => core.actorRef.send({ type: 'SEARCH.CHANGE', query: event.target.value })}
            />
          ) : null}
          {header}
          <OptionList
            id={listId}
            label={label}
            rows={core.rows}
            activeIndex={core.activeIndex}
            maxHeight={core.maxHeight}
            multiple={multiple}
            isChosen={isChosen}
            onChoose={core.choose}
            onHover={(index) => core.actorRef.send({ type: 'ACTIVE.SET', index })}
            optionId={core.optionId}
            focusable={!searchable}
            activeDescendant={searchable ? undefined : activeDescendant}
          />
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
