import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveTimeline } from './useLive.ts';

/** The ARIA list follows the picture once it has been still this long (no React render per frame). */
const LIST_SETTLE_MS = 150;

/**
 * The ARIA list of what is on screen: the rows in view (as −(row + 1)) each followed by its visible bars, refreshed
 * once the picture settles; `listLabel` is the text of an item.
 */
export function useAriaList({ live, propsRef }: LiveTimeline, hintText: (bar: number) => string) {
  const [listItems, setListItems] = useState<Int32Array>(() => new Int32Array(0));
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
      setListItems(items.subarray(0, n));
    }, LIST_SETTLE_MS);
  }, [live, propsRef]);

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

  return { listItems, refreshList, listLabel };
}
