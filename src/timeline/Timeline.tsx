import type Konva from 'konva';
import {
  type CSSProperties,
  type JSX,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import { List, type RowComponentProps } from 'react-window';
import { ContextMenu } from '../widgets/ContextMenu.tsx';
import { sharedLayoutClient } from '../workers/layout.ts';
import { barAt, barBox } from './barHit.ts';
import { formatMinute, localOffset } from './clock.ts';
import { drawBackground } from './drawBackground.ts';
import { createScratch, type Drawn, drawBars } from './drawBars.ts';
import { curveMax, drawCurve } from './drawCurve.ts';
import { drawOverlay } from './drawOverlay.ts';
import { AXIS_HEIGHT, CURVE_HEIGHT, type Frame, LANE_HEIGHT, plotOf, ROW_GAP } from './frame.ts';
import type { LayoutResult } from './geometry/layout.ts';
import { minutes, px } from './geometry/units.ts';
import { type Move, moveFocus, nearestInRow } from './navigation.ts';
import {
  clampView,
  minutesPerPxOf,
  scaleOf,
  type TimeView,
  viewAtScale,
  viewOfWindow,
  wheelFactor,
  zoomAt,
} from './view.ts';
import './timeline.css';

export interface TimelineBars {
  starts: Float64Array;
  ends: Float64Array; // minutes since the Unix epoch
  rows: Int32Array; // row index of each bar (rows are in display order 0..rowCount-1)
  kind?: Uint8Array; // colour class: 0 normal, 1 understaffed, 2 conflict, 3 muted
}
export interface TimelineCurve {
  from: number;
  step: number;
  values: Float32Array;
  label: string;
} // minutes; drawn in a band under the bars, same x axis
export interface TimelineProps {
  rowCount: number;
  rowLabel: (row: number) => string; // left column and ARIA list text
  bars: TimelineBars;
  range: { from: number; to: number }; // minutes: the data span (zoom-out limit: whole range on screen)
  scaleMinutes: number; // preset from the scale select: changing it jumps the zoom to it (40 px per slot)
  onZoom?: (scaleMinutes: number) => void; // the effective scale after wheel zoom
  initialWindow?: { from: number; to: number }; // visible at first paint (minutes)
  describeBar?: (bar: number) => string; // hover hint text (multi-line with '\n')
  barMenu?: (bar: number) => { label: string; onSelect: () => void }[]; // context menu items
  barLabel?: (bar: number) => string; // ARIA list text of a bar
  curve?: TimelineCurve | null;
  onFirstPaint?: () => void; // first frame with every visible bar drawn
  ariaLabel: string;
  height?: number; // px; default fills its container
}

const LABEL_WIDTH = 168;
/** The zoom is reported (onZoom) once the wheel has been still this long. */
const ZOOM_SETTLE_MS = 200;

// The layout worker starts with this module, before any data arrives.
if (typeof window !== 'undefined') sharedLayoutClient();
/** The ARIA list follows the picture once it has been still this long (no React render per frame). */
const LIST_SETTLE_MS = 150;
const LIST_ITEM_HEIGHT = 22;

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
}

function clock(minute: number): string {
  return formatMinute(minute, localOffset(minute), 'stamp');
}

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

/**
 * A canvas timeline of rows and bars (Konva, three layers: background and axis, bars, overlay). Layout comes from
 * the layout worker as typed arrays; every frame draws only the bars of the rows and minutes in view. Ctrl+wheel
 * (or the wheel over the axis) zooms around the pointer, the wheel scrolls rows, shift+wheel and drag pan; arrows
 * move a focus ring across bars, Enter shows the hint.
 */
export function Timeline(props: TimelineProps): JSX.Element {
  const { bars, rowCount, range, ariaLabel } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const backgroundLayer = useRef<Konva.Layer>(null);
  const barLayer = useRef<Konva.Layer>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const live = useRef<Live>({
    view: { origin: range.from, minutesPerPx: minutesPerPxOf(props.scaleMinutes) },
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
  });
  const scratch = useRef(createScratch());
  const firstPaint = useRef(false);
  const overlayDrawn = useRef(false);
  const lastOverlay = useRef('');
  const frameRequest = useRef(0);
  const zoomTimer = useRef(0);
  const listTimer = useRef(0);
  const reportedScale = useRef<number | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scene, setScene] = useState<LayoutResult | null>(null);
  const [hint, setHint] = useState<{ bar: number; x: number; y: number } | null>(null);
  const [menu, setMenu] = useState<{
    position: { x: number; y: number };
    items: { label: string; onSelect: () => void }[];
  } | null>(null);
  const [listItems, setListItems] = useState<Int32Array>(() => new Int32Array(0));
  const [focusBar, setFocusBar] = useState(-1);
  const hintId = useId();
  const statusId = useId();

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

  const hintText = useCallback((bar: number): string => {
    const p = propsRef.current;
    if (p.describeBar) return p.describeBar(bar);
    return `${p.rowLabel(p.bars.rows[bar])}: ${clock(p.bars.starts[bar])}–${clock(p.bars.ends[bar])}`;
  }, []);

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
  }, []);

  /** Draws the three layers now (called from the animation frame). */
  const paint = useCallback(() => {
    frameRequest.current = 0;
    const s = live.current;
    const p = propsRef.current;
    if (!s.scene || s.width === 0 || s.height === 0 || !s.viewReady) return;
    const frame = frameOf();
    if (s.pointer) {
      const { x, y } = s.pointer;
      const bar = barAt(s.scene, frame, x, y);
      if (bar !== s.hover) {
        s.hover = bar;
        setHint(bar >= 0 ? { bar, x, y } : null);
      }
    }
    // A frame only the pointer asked for (hover) leaves the background and the bars as they are.
    const sceneDirty = s.sceneDirty || !s.drawn;
    if (sceneDirty) {
      backgroundLayer.current?.draw();
      barLayer.current?.draw();
      s.sceneDirty = false;
      refreshList();
    }
    // An empty overlay is hidden, so the browser has one canvas less to composite while panning and zooming.
    const overlay = s.hover >= 0 || s.focus >= 0;
    const overlayKey = `${s.hover} ${s.focus} ${s.focused}`;
    const overlayLayerNode = overlayLayer.current;
    if (overlayLayerNode) {
      if (overlay !== overlayDrawn.current) overlayLayerNode.visible(overlay);
      if (overlay && (sceneDirty || overlayKey !== lastOverlay.current)) overlayLayerNode.draw();
    }
    overlayDrawn.current = overlay;
    lastOverlay.current = overlayKey;
    if (!firstPaint.current && s.drawn) {
      firstPaint.current = true;
      p.onFirstPaint?.();
    }
  }, [frameOf, refreshList]);

  // The layers' scene functions read the live state; they run only inside `paint`.
  const drawBackgroundScene = useCallback(
    (context: Konva.Context) => {
      const s = live.current;
      const p = propsRef.current;
      if (!s.scene) return;
      const frame = frameOf();
      drawBackground(context._context, s.scene, frame, p.rowLabel);
      if (p.curve) drawCurve(context._context, p.curve, curveMax(p.curve.values), frame);
    },
    [frameOf],
  );
  const drawBarScene = useCallback(
    (context: Konva.Context) => {
      const s = live.current;
      if (!s.scene) return;
      s.drawn = drawBars(context._context, s.scene, propsRef.current.bars, frameOf(), scratch.current);
    },
    [frameOf],
  );
  const drawOverlayScene = useCallback(
    (context: Konva.Context) => {
      const s = live.current;
      if (!s.scene) return;
      drawOverlay(context._context, s.scene, propsRef.current.bars, frameOf(), s.hover, s.focus, s.focused);
    },
    [frameOf],
  );

  /** Asks for one draw of every layer in the next animation frame. */
  const schedule = useCallback(() => {
    live.current.sceneDirty = true;
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(paint);
  }, [paint]);
  /** Asks for a hit test and, if the hover changed, the overlay only. */
  const scheduleHover = useCallback(() => {
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(paint);
  }, [paint]);

  // The worker lays the bars out (lanes, index, rows) whenever the bars change; zoom never relayouts.
  useEffect(
    () => () => {
      cancelAnimationFrame(frameRequest.current);
      frameRequest.current = 0;
      window.clearTimeout(zoomTimer.current);
      window.clearTimeout(listTimer.current);
    },
    [],
  );
  useEffect(() => {
    let current = true;
    sharedLayoutClient()
      .layout({
        starts: bars.starts,
        ends: bars.ends,
        rows: bars.rows,
        rowCount,
        view: {
          originMinute: minutes(range.from),
          scaleMinutes: 5,
          pxPerSlot: px(40),
          laneHeight: px(LANE_HEIGHT),
          rowGap: px(ROW_GAP),
        },
        lod: 'bars',
        parts: 'rows',
      })
      .then((result) => {
        if (!current) return;
        live.current.scene = result;
        live.current.hover = -1;
        if (live.current.focus >= result.lane.length) live.current.focus = -1;
        live.current.scrollTop = Math.min(live.current.scrollTop, maxScroll());
        setScene(result);
        // Draw at once rather than a frame later: the first paint follows the data as closely as it can.
        cancelAnimationFrame(frameRequest.current);
        live.current.sceneDirty = true;
        paint();
      });
    return () => {
      current = false;
    };
  }, [bars, rowCount, range.from, paint, maxScroll]);

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
  }, []);
  useLayoutEffect(() => {
    const s = live.current;
    s.width = size.width;
    s.height = size.height;
    if (size.width === 0) return;
    if (!s.viewReady) {
      const p = propsRef.current;
      s.view = p.initialWindow
        ? viewOfWindow(p.initialWindow, p.range, plotWidth())
        : clampView(
            { origin: p.range.from, minutesPerPx: minutesPerPxOf(p.scaleMinutes) },
            p.range,
            plotWidth(),
          );
      s.viewReady = true;
    } else {
      s.view = clampView(s.view, propsRef.current.range, plotWidth());
    }
    s.scrollTop = Math.min(s.scrollTop, maxScroll());
    schedule();
  }, [size, schedule, maxScroll, plotWidth]);

  // The scale select jumps the zoom (unless it only echoes the scale this timeline reported).
  const { scaleMinutes } = props;
  useEffect(() => {
    const s = live.current;
    if (!s.viewReady || reportedScale.current === scaleMinutes) return;
    s.view = viewAtScale(s.view, scaleMinutes, propsRef.current.range, plotWidth());
    schedule();
  }, [scaleMinutes, schedule, plotWidth]);

  // New range, curve, labels or kinds: redraw.
  useEffect(() => {
    const s = live.current;
    if (s.viewReady) s.view = clampView(s.view, range, plotWidth());
    schedule();
  }, [range.from, range.to, schedule, range, plotWidth]);

  const settleZoom = useCallback(() => {
    window.clearTimeout(zoomTimer.current);
    zoomTimer.current = window.setTimeout(() => {
      const scale = Math.round(scaleOf(live.current.view) * 1000) / 1000;
      reportedScale.current = scale;
      propsRef.current.onZoom?.(scale);
    }, ZOOM_SETTLE_MS);
  }, []);

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
  }, [schedule, settleZoom, plotWidth, maxScroll]);

  // Drag to pan (both axes), hover to hit-test.
  const drag = useRef<{ x: number; y: number; origin: number; scrollTop: number; moved: boolean } | null>(
    null,
  );
  const localPoint = (event: { clientX: number; clientY: number }) => {
    const rect = containerRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };
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
    s.pointer = localPoint(event);
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
  const onContextMenu = (event: React.MouseEvent<HTMLDivElement>) => {
    const s = live.current;
    if (!s.scene) return;
    const { x, y } = localPoint(event);
    const bar = barAt(s.scene, frameOf(), x, y);
    if (bar < 0) return;
    event.preventDefault();
    const items = propsRef.current.barMenu?.(bar) ?? [];
    if (items.length === 0) return;
    setHint(null);
    setMenu({ position: { x: event.clientX, y: event.clientY }, items });
  };

  /** Scrolls and pans so that a bar is in view. */
  const reveal = (bar: number) => {
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
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const s = live.current;
    const scene = s.scene;
    if (!scene) return;
    const moves: Record<string, Move> = {
      ArrowLeft: 'left',
      ArrowRight: 'right',
      ArrowUp: 'up',
      ArrowDown: 'down',
    };
    const move = moves[event.key];
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

  const listLabel = useCallback(
    (item: number) => {
      const p = propsRef.current;
      if (item < 0) return p.rowLabel(-item - 1);
      return p.barLabel ? p.barLabel(item) : hintText(item).replace(/\n/g, ', ');
    },
    [hintText],
  );

  const style: CSSProperties = props.height === undefined ? { height: '100%' } : { height: props.height };
  const focusText = focusBar >= 0 && scene ? listLabel(focusBar) : '';
  const hintStyle: CSSProperties | undefined = hint
    ? { left: Math.min(hint.x + 12, Math.max(0, size.width - 260)), top: hint.y + 14 }
    : undefined;
  return (
    <div className="timeline" style={style}>
      <div
        ref={containerRef}
        className="timeline__canvas"
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes the keyboard (arrows move across bars)
        tabIndex={0}
        aria-label={ariaLabel}
        aria-roledescription="шкала времени"
        aria-describedby={hint ? `${statusId} ${hintId}` : statusId}
        data-ready={scene ? 'true' : 'false'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerLeave}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        onFocus={() => {
          live.current.focused = true;
          schedule();
        }}
        onBlur={() => {
          live.current.focused = false;
          schedule();
        }}
      >
        {size.width > 0 && size.height > 0 ? (
          <Stage width={size.width} height={size.height} listening={false}>
            <Layer ref={backgroundLayer} listening={false}>
              <Shape sceneFunc={drawBackgroundScene} />
            </Layer>
            <Layer ref={barLayer} listening={false}>
              <Shape sceneFunc={drawBarScene} />
            </Layer>
            <Layer ref={overlayLayer} listening={false} visible={false}>
              <Shape sceneFunc={drawOverlayScene} />
            </Layer>
          </Stage>
        ) : null}
        {hint ? (
          <div id={hintId} role="tooltip" className="timeline__hint" style={hintStyle}>
            {hintText(hint.bar)}
          </div>
        ) : null}
      </div>
      <div id={statusId} className="timeline__status" aria-live="polite">
        {focusText}
      </div>
      <div className="timeline__aria">
        <List
          aria-label={`${ariaLabel}: строки и задачи на экране`}
          rowComponent={ListItem}
          rowCount={listItems.length}
          rowHeight={LIST_ITEM_HEIGHT}
          rowProps={{ items: listItems, label: listLabel, current: focusBar }}
          style={{ height: 200 }}
        />
      </div>
      {menu ? (
        <ContextMenu
          position={menu.position}
          items={menu.items}
          onClose={() => {
            setMenu(null);
            containerRef.current?.focus();
          }}
          label="Действия с задачей"
        />
      ) : null}
    </div>
  );
}
