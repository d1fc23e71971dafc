import type Konva from 'konva';
import { type DragEvent, type PointerEvent, type RefObject, useCallback, useEffect, useRef } from 'react';
import { barAt, rowAt } from './barHit.ts';
import { drawDrag } from './drawDrag.ts';
import type { BarHint } from './useBarHint.ts';
import { type LiveTimeline, localPoint } from './useLive.ts';

/** A press moves this far (px) before it counts as a drag. */
const DRAG_SLOP = 3;

interface PointerHandlers {
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerLeave: () => void;
}

/**
 * Dragging bars to another row, on a layer of its own: a press on a bar that `dragBars.canDrag` allows drags it
 * (elsewhere the press pans as before); an HTML drag from outside (`externalDrop`) is shown the same way. While a
 * drag is on, each animation frame redraws only the drag layer (the target row and the bar): no relayout, no React
 * render. Dropping on another row calls `onDrop`.
 */
export function useBarDrag(
  { live, propsRef, frameOf, currentScene }: LiveTimeline,
  containerRef: RefObject<HTMLDivElement | null>,
  pan: PointerHandlers,
  setHint: (hint: BarHint | null) => void,
) {
  const dragLayer = useRef<Konva.Layer>(null);
  const frameRequest = useRef(0);
  const press = useRef<{ bar: number; x: number; y: number; bars: object } | null>(null);

  const paintDrag = useCallback(() => {
    frameRequest.current = 0;
    const layer = dragLayer.current;
    if (!layer) return;
    const on = live.current.drag !== null;
    if (layer.visible() !== on) layer.visible(on);
    const start = performance.now();
    layer.draw();
    // What one frame of a drag costs, for the e2e and the bench (cleared when a drag starts).
    if (on) performance.measure('timeline:drag-frame', { start, end: performance.now() });
  }, [live]);
  const scheduleDrag = useCallback(() => {
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(paintDrag);
  }, [paintDrag]);
  useEffect(() => () => cancelAnimationFrame(frameRequest.current), []);

  const drawDragScene = useCallback(
    (context: Konva.Context) => {
      const s = live.current;
      const scene = currentScene();
      if (!scene || !s.drag) return;
      drawDrag(context._context, scene, propsRef.current.bars, frameOf(), s.drag);
    },
    [live, propsRef, frameOf, currentScene],
  );

  /** Moves the drag to stage height y. */
  const follow = (y: number) => {
    const s = live.current;
    if (!s.scene || !s.drag) return;
    s.drag.y = y;
    s.drag.row = rowAt(s.scene, frameOf(), y);
    scheduleDrag();
  };
  const quietHover = () => {
    const s = live.current;
    s.pointer = null;
    if (s.hover >= 0) {
      s.hover = -1;
      setHint(null);
    }
  };
  const end = () => {
    live.current.drag = null;
    press.current = null;
    scheduleDrag();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const p = propsRef.current;
    const scene = currentScene();
    if (event.button === 0 && p.dragBars && scene) {
      const { x, y } = localPoint(containerRef.current, event);
      const bar = barAt(scene, frameOf(), x, y);
      if (bar >= 0 && p.dragBars.canDrag(bar)) {
        press.current = { bar, x: event.clientX, y: event.clientY, bars: p.bars };
        try {
          event.currentTarget.setPointerCapture(event.pointerId);
        } catch {
          // A synthetic pointer (tests) cannot be captured.
        }
        return;
      }
    }
    pan.onPointerDown(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const held = press.current;
    if (!held) {
      pan.onPointerMove(event);
      return;
    }
    const s = live.current;
    const { y } = localPoint(containerRef.current, event);
    if (!s.drag) {
      if (Math.abs(event.clientX - held.x) + Math.abs(event.clientY - held.y) <= DRAG_SLOP) return;
      const p = propsRef.current;
      const bars = p.bars;
      s.drag = {
        bar: held.bar,
        start: bars.starts[held.bar],
        end: bars.ends[held.bar],
        sourceRow: bars.rows[held.bar],
        row: bars.rows[held.bar],
        y,
        label: p.barText?.(held.bar) ?? '',
        style: bars.style ? bars.style[held.bar] : -1,
      };
      performance.clearMeasures('timeline:drag-frame');
      quietHover();
    }
    follow(y);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const held = press.current;
    if (!held) {
      pan.onPointerUp(event);
      return;
    }
    if (event.currentTarget.hasPointerCapture?.(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    const drag = live.current.drag;
    end();
    if (drag && drag.row >= 0 && drag.row !== drag.sourceRow)
      propsRef.current.dragBars?.onDrop(held.bar, drag.row);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    const s = live.current;
    const payload = propsRef.current.externalDrop?.payload();
    if (!payload || !s.scene) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const { y } = localPoint(containerRef.current, event);
    if (!s.drag) {
      s.drag = {
        bar: -1,
        start: payload.start,
        end: payload.end,
        sourceRow: -1,
        row: -1,
        y,
        label: payload.label,
        style: payload.style ?? -1,
      };
      quietHover();
    }
    follow(y);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && containerRef.current?.contains(next)) return;
    if (live.current.drag?.bar === -1) end();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const external = propsRef.current.externalDrop;
    const scene = currentScene();
    if (!external || !scene) {
      end();
      return;
    }
    event.preventDefault();
    const { y } = localPoint(containerRef.current, event);
    const row = rowAt(scene, frameOf(), y);
    end();
    if (row >= 0) external.onDrop(row);
  };

  return {
    dragLayer,
    drawDragScene,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerLeave: pan.onPointerLeave,
      onDragOver,
      onDragLeave,
      onDrop,
    },
  };
}
