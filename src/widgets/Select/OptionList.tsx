import { useEffect, useRef } from 'react';
import { List, type ListImperativeAPI, type RowComponentProps } from 'react-window';
import type { OptionRow, SelectOption } from './options.ts';

/** Lists longer than this are virtualised (airline and employee lists run into thousands). */
const VIRTUALISE_AFTER = 100;
const ROW = 36;
const ROW_WITH_SUBTITLE = 52;
const GROUP_ROW = 30;

interface OptionListProps {
  id: string;
  label: string;
  rows: OptionRow[];
  activeIndex: number;
  maxHeight: number;
  multiple: boolean;
  isChosen: (option: SelectOption) => boolean;
  onChoose: (option: SelectOption) => void;
  onHover: (index: number) => void;
  optionId: (index: number) => string;
  /** True when there is no search field, so the listbox itself takes focus. */
  focusable: boolean;
  activeDescendant?: string;
}

type RowProps = Omit<OptionListProps, 'id' | 'label' | 'maxHeight' | 'focusable' | 'activeDescendant'>;

function rowHeight(row: OptionRow): number {
  if (row.kind === 'group') return GROUP_ROW;
  return row.option.subtitle ? ROW_WITH_SUBTITLE : ROW;
}

function OptionRowView({ row, style, ...props }: RowProps & { row: OptionRow; style?: React.CSSProperties }) {
  if (row.kind === 'group') {
    return (
      <div
        role="presentation"
        className="w-select__group"
        style={{ ...style, borderLeftColor: row.group.color }}
      >
        <span>{row.group.name}</span>
        {row.group.required ? <span className="w-select__group-note">обязательная группа</span> : null}
      </div>
    );
  }
  const { option, activeIndex } = row;
  const chosen = props.isChosen(option);
  return (
    <div
      id={activeIndex === -1 ? undefined : props.optionId(activeIndex)}
      role="option"
      aria-selected={chosen}
      aria-disabled={option.disable ? true : undefined}
      className={`w-select__option${activeIndex !== -1 && activeIndex === props.activeIndex ? ' is-active' : ''}${chosen ? ' is-chosen' : ''}`}
      style={style}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={() => activeIndex !== -1 && props.onHover(activeIndex)}
      tabIndex={-1}
      onClick={() => props.onChoose(option)}
      onKeyDown={(event) => {
        if (event.key === ' ') props.onChoose(option);
      }}
    >
      {props.multiple ? (
        <span aria-hidden="true" className="w-select__check">
          {chosen ? '✓' : ''}
        </span>
      ) : null}
      <span className="w-select__texts">
        <span className="w-select__name">{option.name}</span>
        {option.subtitle ? <span className="w-select__subtitle">{option.subtitle}</span> : null}
      </span>
    </div>
  );
}

function VirtualRow({ index, style, rows, ariaAttributes: _aria, ...props }: RowComponentProps<RowProps>) {
  return <OptionRowView row={rows[index]} style={style} rows={rows} {...props} />;
}

/** The listbox of a select: plain up to 100 options, virtualised with react-window beyond. */
export function OptionList({ id, label, maxHeight, focusable, activeDescendant, ...props }: OptionListProps) {
  const listRef = useRef<ListImperativeAPI | null>(null);
  const plainRef = useRef<HTMLDivElement | null>(null);
  const virtual = props.rows.length > VIRTUALISE_AFTER;
  const { activeIndex, rows } = props;

  useEffect(() => {
    if (activeIndex < 0) return;
    const rowIndex = rows.findIndex((row) => row.kind === 'option' && row.activeIndex === activeIndex);
    if (virtual) {
      if (rowIndex >= 0) listRef.current?.scrollToRow({ index: rowIndex, align: 'auto' });
      return;
    }
    plainRef.current
      ?.querySelector(`[id="${props.optionId(activeIndex)}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, rows, virtual, props.optionId]);

  if (rows.length === 0) {
    return (
      <div className="w-select__empty" role="status">
        Ничего не найдено
      </div>
    );
  }
  const listbox = {
    id,
    role: 'listbox',
    tabIndex: focusable ? 0 : -1,
    'aria-label': label,
    'aria-multiselectable': props.multiple ? true : undefined,
    'aria-activedescendant': activeDescendant,
  } as const;
  if (virtual) {
    const total = rows.reduce((sum, row) => sum + rowHeight(row), 0);
    return (
      <List
        {...listbox}
        listRef={listRef}
        rowComponent={VirtualRow}
        rowCount={rows.length}
        rowHeight={(index) => rowHeight(rows[index])}
        rowProps={props}
        defaultHeight={Math.min(total, maxHeight)}
        style={{ height: Math.min(total, maxHeight) }}
      />
    );
  }
  return (
    <div {...listbox} ref={plainRef} style={{ maxHeight, overflowY: 'auto' }}>
      {rows.map((row) => (
        <OptionRowView
          key={row.kind === 'group' ? `group-${row.group.key}` : `option-${row.option.id}`}
          row={row}
          style={{ minHeight: rowHeight(row) }}
          {...props}
        />
      ))}
    </div>
  );
}
