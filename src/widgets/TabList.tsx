import { type KeyboardEvent, useRef } from 'react';

export interface TabListProps<Id extends string | number> {
  /** The list's accessible name, e.g. «Вид». */
  label: string;
  tabs: readonly { id: Id; name: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  disabled?: boolean;
  className?: string;
  tabClassName?: string;
}

/** Where a key moves the focus in a row of `count` tabs from `index` (wrapping), or null for any other key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A row of tabs as WAI-ARIA's tabs pattern has them: one tab stop (the chosen tab; the others are reached with ←/→,
 * Home and End, which also choose them, as the views behind them are cheap to show). The screens draw the panel.
 * Example: `<TabList label="Вид" tabs={[{ id: 'board', name: 'Рейсы по бригадам' }, …]} selected={view} onSelect={setView} />`.
 */
export function TabList<Id extends string | number>({
  label,
  tabs,
  selected,
  onSelect,
  disabled = false,
  className,
  tabClassName,
}: TabListProps<Id>) {
  const list = useRef<HTMLDivElement>(null);
  // With none chosen (a list still loading), the first tab is the stop.
  const stop = tabs.some((tab) => tab.id === selected) ? selected : tabs[0]?.id;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
    onSelect(tabs[target].id);
  };
  return (
    <div ref={list} className={className} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          tabIndex={tab.id === stop ? 0 : -1}
          className={tabClassName}
          disabled={disabled}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.name}
        </button>
      ))}
    </div>
  );
}
