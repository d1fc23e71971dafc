import type { JSX } from 'react';

/**
 * Items the list holds at a time. The list is visually hidden and does not scroll (a scrolling region would have to
 * take the keyboard, and the keyboard belongs to the canvas, whose arrows move across bars); it holds a window of the
 * items on screen around the focused bar instead, each telling its place among all of them.
 */
const WINDOW = 40;

/**
 * Index of the first item shown: the focused item in the middle of the window, else the anchor (the selected bar),
 * else the first item on screen.
 */
function windowStart(items: Int32Array, current: number, anchor: number): number {
  const middle = current >= 0 && items.includes(current) ? current : anchor;
  const at = middle >= 0 ? items.indexOf(middle) : -1;
  if (at < 0) return 0;
  return Math.max(0, Math.min(at - Math.floor(WINDOW / 2), items.length - WINDOW));
}

/**
 * The screen reader's view of the timeline: the rows and bars on screen (rows as −(row + 1)), at most WINDOW of them
 * around the focused bar, which is marked current; items whose label is empty are left out.
 */
export function AriaList(props: {
  ariaLabel: string;
  items: Int32Array;
  label: (item: number) => string;
  current: number;
  /** The item the window is kept around when no focused item is on screen (the selected bar); −1 or absent: none. */
  anchor?: number;
}): JSX.Element {
  const { items, label, current } = props;
  const start = windowStart(items, current, props.anchor ?? -1);
  const shown = Array.from(items.subarray(start, start + WINDOW));
  return (
    <ul className="timeline__aria" aria-label={props.ariaLabel}>
      {shown.map((item, i) => {
        // Empty for an item the new props no longer have, until the list is refreshed.
        const text = label(item);
        return text ? (
          <li
            key={item}
            className={item < 0 ? 'timeline__aria-row' : 'timeline__aria-bar'}
            aria-posinset={start + i + 1}
            aria-setsize={items.length}
            aria-current={item === current && item >= 0 ? 'true' : undefined}
          >
            {text}
          </li>
        ) : null;
      })}
    </ul>
  );
}
