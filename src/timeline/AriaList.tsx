import type { JSX } from 'react';
import { List, type RowComponentProps } from 'react-window';

const LIST_ITEM_HEIGHT = 22;

interface ListItemProps {
  items: Int32Array;
  label: (item: number) => string;
  current: number;
}

function ListItem({ index, style, items, label, current, ariaAttributes }: RowComponentProps<ListItemProps>) {
  const item = items[index];
  return (
    <div
      {...ariaAttributes}
      style={style}
      className={item < 0 ? 'timeline__aria-row' : 'timeline__aria-bar'}
      aria-current={item === current && item >= 0 ? 'true' : undefined}
    >
      {label(item)}
    </div>
  );
}

/** The screen reader's view of the timeline: a virtual list of the rows and bars on screen, the focused bar current. */
export function AriaList(props: {
  ariaLabel: string;
  items: Int32Array;
  label: (item: number) => string;
  current: number;
}): JSX.Element {
  return (
    <div className="timeline__aria">
      <List
        aria-label={props.ariaLabel}
        rowComponent={ListItem}
        rowCount={props.items.length}
        rowHeight={LIST_ITEM_HEIGHT}
        rowProps={{ items: props.items, label: props.label, current: props.current }}
        style={{ height: 200 }}
      />
    </div>
  );
}
