import { type KeyboardEvent, useRef } from 'react';

export interface TabListProps<Id extends string | number> {
  /** The list's accessible name, e.g. «Вид». */
  label: string;
  /** `panelId`: the panel this tab shows, when it is not the list's `panelId`. */
  tabs: readonly { id: Id; name: string; panelId?: string }[];
  /**
   * The id of the panel the tabs show (drawn by the screen with `tabPanelProps`): each tab gets an id and
   * `aria-controls` from it. Absent: the tabs name no panel.
   */
  panelId?: string;
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

/** The id of tab `tab` of a list whose panel is `panelId`. Example: `tabIdOf('views', 'grid')` → 'views-tab-grid'. */
function tabIdOf(panelId: string, tab: string | number): string {
  return `${panelId}-tab-${tab}`;
}

/**
 * The panel's side of the tabs pattern: its role and id, named by the chosen tab. Example:
 * `<div {...tabPanelProps(panelId, view)}>` beside `<TabList panelId={panelId} selected={view} …/>`.
 */
export function tabPanelProps(panelId: string, selected: string | number) {
  return { id: panelId, role: 'tabpanel', 'aria-labelledby': tabIdOf(panelId, selected) } as const;
}

/**
 * A row of tabs as WAI-ARIA's tabs pattern has them: one tab stop (the chosen tab; the others are reached with ←/→,
 * Home and End, which also choose them, as the views behind them are cheap to show). The screens draw the panel
 * (`tabPanelProps`), whose id `panelId` the tabs name in `aria-controls`.
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
  panelId,
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
      {tabs.map((tab, index) => {
        const controls = tab.panelId ?? panelId;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={controls === undefined ? undefined : tabIdOf(controls, tab.id)}
            aria-controls={controls}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === stop ? 0 : -1}
            className={tabClassName}
            disabled={disabled}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
