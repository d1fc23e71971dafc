import { type RefObject, useCallback, useMemo, useRef } from 'react';
import type { Drawn } from './drawBars.ts';
import { CURVE_HEIGHT, type Frame, plotOf } from './frame.ts';
import type { LayoutResult } from './geometry/layout.ts';
import type { TimelineProps } from './Timeline.tsx';
import { minutesPerPxOf, type TimeView } from './view.ts';

/** Width of the row label column, in CSS pixels. */
export const LABEL_WIDTH = 168;

/** A bar being dragged to another row: its span, the row it comes from (−1 from outside), the row under the pointer. */
export interface BarDrag {
  /** The dragged bar, −1 for a drag from outside the timeline. */
  bar: number;
  start: number;
  end: number;
  sourceRow: number;
  /** The row under the pointer, −1 when none. */
  row: number;
  /** The pointer's stage y. */
  y: number;
  label: string;
  /** Index into the bars' styles, −1 for the plain colour. */
  style: number;
}

/** Mutable state read by the draw functions: changing it schedules one draw in the next animation frame. */
interface Live {
  view: TimeView;
  scrollTop: number;
  width: number;
  height: number;
  scene: LayoutResult | null;
  hover: number;
  focus: number;
  focused: boolean;
  pointer: { x: number; y: number } | null;
  drawn: Drawn | null;
  viewReady: boolean;
  /** The view, data or size changed since the last draw of the background and bar layers. */
  sceneDirty: boolean;
  drag: BarDrag | null;
  /** The bars `scene` was laid out for: until the layout of new bars arrives, nothing is drawn or hit. */
  sceneFor: TimelineProps['bars'] | null;
}

/** The live state, the latest props and the measures derived from them, shared by the timeline's hooks. */
export interface LiveTimeline {
  live: RefObject<Live>;
  propsRef: RefObject<TimelineProps>;
  /** Where things are on the stage now. */
  frameOf: () => Frame;
  /** Width of the rows area (at least 1 px). */
  plotWidth: () => number;
  /** The largest scroll of the rows. */
  maxScroll: () => number;
  /** The layout when it belongs to the current bars and rows, else null (new bars are being laid out). */
  currentScene: () => LayoutResult | null;
}

/** The point of a pointer event relative to the element's top left corner. */
export function localPoint(element: HTMLElement | null, event: { clientX: number; clientY: number }) {
  const rect = element?.getBoundingClientRect();
  return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
}

/**
 * The timeline's live state: read by the draw functions and the event handlers without a React render. The object
 * is the same for the timeline's whole life (refs and stable callbacks only): an effect that lists it runs once, not
 * on every render (a new object each render made the ARIA list's refresh repaint the canvas, and that repaint
 * refresh the list again, ~6 times a second while idle).
 */
export function useLive(props: TimelineProps): LiveTimeline {
  const propsRef = useRef(props);
  propsRef.current = props;
  const live = useRef<Live>({
    view: { origin: props.range.from, minutesPerPx: minutesPerPxOf(props.scaleMinutes) },
    scrollTop: 0,
    width: 0,
    height: 0,
    scene: null,
    hover: -1,
    focus: -1,
    focused: false,
    pointer: null,
    drawn: null,
    viewReady: false,
    sceneDirty: true,
    drag: null,
    sceneFor: null,
  });

  const frameOf = useCallback((): Frame => {
    const s = live.current;
    return {
      width: s.width,
      height: s.height,
      labelWidth: LABEL_WIDTH,
      bandHeight: propsRef.current.curve ? CURVE_HEIGHT : 0,
      view: s.view,
      scrollTop: s.scrollTop,
    };
  }, []);

  const plotWidth = useCallback(() => Math.max(1, live.current.width - LABEL_WIDTH), []);
  const maxScroll = useCallback(() => {
    const s = live.current;
    if (!s.scene) return 0;
    const total = s.scene.rowTop[s.scene.rowTop.length - 1];
    return Math.max(0, total - plotOf(frameOf()).h);
  }, [frameOf]);

  const currentScene = useCallback(() => {
    const s = live.current;
    const p = propsRef.current;
    if (!s.scene || s.sceneFor !== p.bars || s.scene.rowTop.length - 1 !== p.rowCount) return null;
    return s.scene;
  }, []);

  return useMemo(
    () => ({ live, propsRef, frameOf, plotWidth, maxScroll, currentScene }),
    [frameOf, plotWidth, maxScroll, currentScene],
  );
}
