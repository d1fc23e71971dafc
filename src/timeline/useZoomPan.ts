import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { AXIS_HEIGHT } from './frame.ts';
import type { BarHint } from './useBarHint.ts';
import { LABEL_WIDTH, type LiveTimeline, localPoint } from './useLive.ts';
import {
  clampView,
  firstOrigin,
  keyView,
  minutesPerPxOf,
  scaleOf,
  viewAtScale,
  viewOfWindow,
  wheelFactor,
  zoomAt,
} from './view.ts';

/** The zoom is reported (onZoom) once the wheel has been still this long. */
const ZOOM_SETTLE_MS = 200;

/**
 * The view and its size: the stage measured from its container, the first view (the initial window or the preset
 * scale), the scale select's jumps, the wheel (Ctrl+wheel or the wheel over the axis zooms around the pointer, the
 * wheel scrolls rows, shift+wheel pans), the zoom and pan keys (`keyView`: the wheel's zoom, reported the same way)
 * and dragging to pan; the pointer's place is kept for the hover hit test.
 */
export function useZoomPan(
  { live, propsRef, plotWidth, maxScroll }: LiveTimeline,
  containerRef: RefObject<HTMLDivElement | null>,
  schedule: () => void,
  scheduleHover: () => void,
  setHint: (hint: BarHint | null) => void,
) {
  const { range, scaleMinutes } = propsRef.current;
  const [size, setSize] = useState({ width: 0, height: 0 });
  const zoomTimer = useRef(0);
  const reportedScale = useRef<number | null>(null);
  useEffect(() => () => window.clearTimeout(zoomTimer.current), []);

  // Size from the container.
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      const width = Math.floor(element.clientWidth);
      const height = Math.floor(propsRef.current.height ?? element.clientHeight);
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    // jsdom and very old browsers have no ResizeObserver: the first measure stands.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [containerRef, propsRef]);
  useLayoutEffect(() => {
    const s = live.current;
    s.width = size.width;
    s.height = size.height;
    if (size.width === 0) return;
    if (!s.viewReady) {
      const p = propsRef.current;
      const minutesPerPx = minutesPerPxOf(p.scaleMinutes);
      s.view = p.initialWindow
        ? viewOfWindow(p.initialWindow, p.range, plotWidth())
        : clampView(
            { origin: firstOrigin(p, plotWidth() * minutesPerPx), minutesPerPx },
            p.range,
            plotWidth(),
          );
      s.viewReady = true;
    } else {
      s.view = clampView(s.view, propsRef.current.range, plotWidth());
    }
    s.scrollTop = Math.min(s.scrollTop, maxScroll());
    schedule();
  }, [live, propsRef, size, schedule, maxScroll, plotWidth]);

  // The scale select jumps the zoom (unless it only echoes the scale this timeline reported).
  useEffect(() => {
    const s = live.current;
    if (!s.viewReady || reportedScale.current === scaleMinutes) return;
    s.view = viewAtScale(s.view, scaleMinutes, propsRef.current.range, plotWidth());
    schedule();
  }, [live, propsRef, scaleMinutes, schedule, plotWidth]);

  // New range, curve, labels or kinds: redraw.
  useEffect(() => {
    const s = live.current;
    if (s.viewReady) s.view = clampView(s.view, range, plotWidth());
    schedule();
  }, [live, range.from, range.to, schedule, range, plotWidth]);

  const settleZoom = useCallback(() => {
    window.clearTimeout(zoomTimer.current);
    zoomTimer.current = window.setTimeout(() => {
      const scale = Math.round(scaleOf(live.current.view) * 1000) / 1000;
      // The parent may answer the preset it will show for this zoom; that echo must not jump the view either.
      const shown = propsRef.current.onZoom?.(scale);
      reportedScale.current = typeof shown === 'number' ? shown : scale;
    }, ZOOM_SETTLE_MS);
  }, [live, propsRef]);

  // Wheel: native listener, because React's wheel listener is passive and cannot stop the page from scrolling.
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const s = live.current;
      if (!s.scene || !s.viewReady) return;
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const x = event.clientX - rect.left;
      const y = event.clientY - rect.top;
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const range = propsRef.current.range;
      if (event.ctrlKey || event.metaKey || y < AXIS_HEIGHT) {
        const delta = (event.deltaY || event.deltaX) * unit;
        s.view = zoomAt(s.view, Math.max(0, x - LABEL_WIDTH), wheelFactor(delta), range, plotWidth());
        settleZoom();
      } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        const delta = (event.shiftKey ? event.deltaY || event.deltaX : event.deltaX) * unit;
        s.view = clampView(
          { origin: s.view.origin + delta * s.view.minutesPerPx, minutesPerPx: s.view.minutesPerPx },
          range,
          plotWidth(),
        );
      } else {
        s.scrollTop = Math.min(maxScroll(), Math.max(0, s.scrollTop + event.deltaY * unit));
      }
      schedule();
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [containerRef, live, propsRef, schedule, settleZoom, plotWidth, maxScroll]);

  /** The keyboard's zoom and pan (true when the key was one of them): a zoom settles as the wheel's does. */
  const onZoomPanKey = useCallback(
    (event: KeyboardEvent<HTMLDivElement>): boolean => {
      const s = live.current;
      if (!s.scene || !s.viewReady) return false;
      const { bars, range } = propsRef.current;
      const bar = s.focus >= 0 && s.focus < bars.starts.length ? s.focus : -1;
      const pin = bar >= 0 ? (bars.starts[bar] + bars.ends[bar]) / 2 : undefined;
      const next = keyView(event, s.view, pin, range, plotWidth());
      if (!next) return false;
      event.preventDefault();
      s.view = next.view;
      if (next.zoomed) settleZoom();
      setHint(null);
      schedule();
      return true;
    },
    [live, propsRef, plotWidth, settleZoom, setHint, schedule],
  );

  // Drag to pan (both axes), hover to hit-test.
  const drag = useRef<{ x: number; y: number; origin: number; scrollTop: number; moved: boolean } | null>(
    null,
  );
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const s = live.current;
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      origin: s.view.origin,
      scrollTop: s.scrollTop,
      moved: false,
    };
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer (tests) cannot be captured; dragging still works while it stays over the canvas.
    }
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const s = live.current;
    const d = drag.current;
    if (d) {
      const dx = event.clientX - d.x;
      const dy = event.clientY - d.y;
      if (Math.abs(dx) + Math.abs(dy) > 2) d.moved = true;
      if (d.moved) {
        s.view = clampView(
          { origin: d.origin - dx * s.view.minutesPerPx, minutesPerPx: s.view.minutesPerPx },
          propsRef.current.range,
          plotWidth(),
        );
        s.scrollTop = Math.min(maxScroll(), Math.max(0, d.scrollTop - dy));
        s.pointer = null;
        if (s.hover >= 0) {
          s.hover = -1;
          setHint(null);
        }
        schedule();
        return;
      }
    }
    s.pointer = localPoint(containerRef.current, event);
    scheduleHover();
  };
  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onPointerLeave = () => {
    const s = live.current;
    s.pointer = null;
    if (s.hover >= 0) {
      s.hover = -1;
      setHint(null);
      scheduleHover();
    }
  };

  return {
    size,
    onZoomPanKey,
    pointerHandlers: { onPointerDown, onPointerMove, onPointerUp, onPointerLeave },
  };
}
