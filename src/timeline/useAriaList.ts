import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMinute, localOffset } from './clock.ts';
import type { LiveTimeline } from './useLive.ts';

/** The ARIA list follows the picture once it has been still this long (no React render per frame). */
const LIST_SETTLE_MS = 150;

/** Whether two item lists hold the same items in the same order. Example: [−1, 4] equals [−1, 4], not [−1]. */
function sameItems(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The span of minutes on screen as words. Example: 'На экране: 24.11 10:00 – 25.11 02:00'. */
function shownText(from: number, to: number): string {
  const stamp = (minute: number) => formatMinute(minute, localOffset(minute), 'stamp');
  return `На экране: ${stamp(Math.round(from))} – ${stamp(Math.round(to))}`;
}

/**
 * The ARIA list of what is on screen: the rows in view (as −(row + 1)) each followed by its visible bars, refreshed
 * once the picture settles; `listLabel` is the text of an item, `shown` the span of time on screen (empty until the
 * first draw), so a zoom or a pan is told in words.
 */
export function useAriaList({ live, propsRef, plotWidth }: LiveTimeline, hintText: (bar: number) => string) {
  const [listItems, setListItems] = useState<Int32Array>(() => new Int32Array(0));
  const [shown, setShown] = useState('');
  const listTimer = useRef(0);
  useEffect(() => () => window.clearTimeout(listTimer.current), []);

  const refreshList = useCallback(() => {
    window.clearTimeout(listTimer.current);
    listTimer.current = window.setTimeout(() => {
      const drawn = live.current.drawn;
      if (!drawn) return;
      const rows = propsRef.current.bars.rows;
      const items = new Int32Array(drawn.rowTo - drawn.rowFrom + drawn.ids.length);
      let n = 0;
      let i = 0;
      for (let r = drawn.rowFrom; r < drawn.rowTo; r++) {
        items[n++] = -(r + 1);
        while (i < drawn.ids.length && rows[drawn.ids[i]] === r) items[n++] = drawn.ids[i++];
      }
      // The same items again (a repaint of an unchanged picture: the clock's line, the focus) keep the array, so
      // the list does not render and the timeline is not redrawn for nothing.
      const next = items.subarray(0, n);
      setListItems((old) => (sameItems(old, next) ? old : next));
      const { origin, minutesPerPx } = live.current.view;
      setShown(shownText(origin, origin + plotWidth() * minutesPerPx));
    }, LIST_SETTLE_MS);
  }, [live, propsRef, plotWidth]);

  const listLabel = useCallback(
    (item: number) => {
      const p = propsRef.current;
      // The items are refreshed only once the picture settles: until then they may name rows or bars that new props
      // no longer have.
      if (item < 0) return -item - 1 < p.rowCount ? p.rowLabel(-item - 1) : '';
      if (item >= p.bars.starts.length) return '';
      return p.barLabel ? p.barLabel(item) : hintText(item).replace(/\n/g, ', ');
    },
    [hintText, propsRef],
  );

  return { listItems, refreshList, listLabel, shown };
}
