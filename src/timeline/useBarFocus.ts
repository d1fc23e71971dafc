import { type KeyboardEvent, type RefObject, useCallback, useRef, useState } from 'react';
import { barBox } from './barHit.ts';
import { plotOf } from './frame.ts';
import { barOfKey, type Move, moveFocus, nearestInRow } from './navigation.ts';
import type { BarHint, BarMenu } from './useBarHint.ts';
import type { LiveTimeline } from './useLive.ts';
import { clampView } from './view.ts';

const MOVES: Record<string, Move> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * Keyboard focus across bars: arrows move a focus ring (scrolling and panning the bar into view), Enter shows the
 * focused bar's hint, Escape hides it, the context menu key (or Shift+F10) opens its menu.
 */
export function useBarFocus(
  { live, propsRef, frameOf, plotWidth, maxScroll }: LiveTimeline,
  containerRef: RefObject<HTMLDivElement | null>,
  schedule: () => void,
  setHint: (hint: BarHint | null) => void,
  setMenu: (menu: BarMenu | null) => void,
) {
  const [focusBar, setFocusBar] = useState(-1);
  // The focused bar's key (props.barKey), kept to find it again among new bars.
  const focusKey = useRef<string | number | null>(null);

  /** Scrolls and pans so that a bar is in view. */
  const reveal = useCallback(
    (bar: number) => {
      const s = live.current;
      if (!s.scene) return;
      const frame = frameOf();
      const plot = plotOf(frame);
      const box = barBox(s.scene, propsRef.current.bars, frame, bar);
      const contentY = box.y - plot.y + s.scrollTop;
      if (contentY - 4 < s.scrollTop) s.scrollTop = Math.max(0, contentY - 4);
      else if (contentY + box.h + 4 > s.scrollTop + plot.h)
        s.scrollTop = Math.min(maxScroll(), contentY + box.h + 4 - plot.h);
      const bs = propsRef.current.bars;
      const width = plot.w * s.view.minutesPerPx;
      const margin = 20 * s.view.minutesPerPx;
      let origin = s.view.origin;
      if (bs.starts[bar] < origin + margin) origin = bs.starts[bar] - margin;
      else if (bs.ends[bar] > origin + width - margin)
        origin = Math.min(bs.starts[bar] - margin, bs.ends[bar] + margin - width);
      s.view = clampView({ origin, minutesPerPx: s.view.minutesPerPx }, propsRef.current.range, plotWidth());
    },
    [live, propsRef, frameOf, plotWidth, maxScroll],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const s = live.current;
    const scene = s.scene;
    if (!scene) return;
    const move = MOVES[event.key];
    const bs = propsRef.current.bars;
    if (move) {
      event.preventDefault();
      let next: number;
      if (s.focus < 0 || s.focus >= bs.starts.length) {
        // First press: the bar nearest the middle of the view in the first row in view.
        const frame = frameOf();
        const plot = plotOf(frame);
        const drawn = s.drawn;
        const middle = s.view.origin + (plot.w / 2) * s.view.minutesPerPx;
        next = nearestInRow(scene, drawn ? drawn.rowFrom : 0, 1, middle);
      } else {
        next = moveFocus(scene, s.focus, bs.rows[s.focus], bs.starts[s.focus], move);
      }
      if (next < 0) return;
      s.focus = next;
      focusKey.current = propsRef.current.barKey?.(next) ?? null;
      setFocusBar(next);
      setHint(null);
      reveal(next);
      schedule();
    } else if (event.key === 'Enter' && s.focus >= 0) {
      event.preventDefault();
      const box = barBox(scene, bs, frameOf(), s.focus);
      setHint({ bar: s.focus, x: box.x + box.w / 2, y: box.y + box.h });
    } else if (event.key === 'Escape') {
      setHint(null);
    } else if ((event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) && s.focus >= 0) {
      event.preventDefault();
      const items = propsRef.current.barMenu?.(s.focus) ?? [];
      const rect = containerRef.current?.getBoundingClientRect();
      const box = barBox(scene, bs, frameOf(), s.focus);
      if (items.length > 0)
        setMenu({ position: { x: (rect?.left ?? 0) + box.x, y: (rect?.top ?? 0) + box.y + box.h }, items });
    }
  };

  /**
   * Puts the focus back on the bar it was on once new bars are laid out (found by `barKey`; none when it is gone),
   * brought into view. Without `barKey` the focus keeps its index.
   */
  const followFocus = useCallback(() => {
    const s = live.current;
    const p = propsRef.current;
    const key = focusKey.current;
    if (key === null || !p.barKey || !s.scene || s.sceneFor !== p.bars) return;
    const next = barOfKey(p.bars.starts.length, p.barKey, key);
    if (next === s.focus && (next < 0 || p.barKey(next) === key)) return;
    s.focus = next;
    setFocusBar(next);
    if (next < 0) focusKey.current = null;
    else reveal(next);
    schedule();
  }, [live, propsRef, reveal, schedule]);

  return { focusBar, onKeyDown, reveal, followFocus };
}
