import { type RefObject, useCallback, useState } from 'react';
import { barAt } from './barHit.ts';
import { formatMinute, localOffset } from './clock.ts';
import { type LiveTimeline, localPoint } from './useLive.ts';

/** The hover hint: the bar and the stage point it hangs from. */
export interface BarHint {
  bar: number;
  x: number;
  y: number;
}

/** An open context menu of a bar. */
export interface BarMenu {
  position: { x: number; y: number };
  items: { label: string; onSelect: () => void }[];
}

function clock(minute: number): string {
  return formatMinute(minute, localOffset(minute), 'stamp');
}

/** The hint of the bar under the pointer (or the focused bar), its text, and the bar's context menu. */
export function useBarHint(
  { propsRef, frameOf, currentScene }: LiveTimeline,
  containerRef: RefObject<HTMLDivElement | null>,
) {
  const [hint, setHint] = useState<BarHint | null>(null);
  const [menu, setMenu] = useState<BarMenu | null>(null);

  const hintText = useCallback(
    (bar: number): string => {
      const p = propsRef.current;
      if (p.describeBar) return p.describeBar(bar);
      return `${p.rowLabel(p.bars.rows[bar])}: ${clock(p.bars.starts[bar])}–${clock(p.bars.ends[bar])}`;
    },
    [propsRef],
  );

  const onContextMenu = (event: React.MouseEvent<HTMLDivElement>) => {
    const scene = currentScene();
    if (!scene) return;
    const { x, y } = localPoint(containerRef.current, event);
    const bar = barAt(scene, frameOf(), x, y);
    if (bar < 0) return;
    event.preventDefault();
    const items = propsRef.current.barMenu?.(bar) ?? [];
    if (items.length === 0) return;
    setHint(null);
    setMenu({ position: { x: event.clientX, y: event.clientY }, items });
  };

  return { hint, setHint, menu, setMenu, hintText, onContextMenu };
}
