import type Konva from 'konva';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sharedLayoutClient } from '../workers/layout.ts';
import { barAt } from './barHit.ts';
import { drawBackground, drawNow } from './drawBackground.ts';
import { createScratch, drawBars } from './drawBars.ts';
import { curveMax, drawCurve } from './drawCurve.ts';
import { drawOverlay } from './drawOverlay.ts';
import { LANE_HEIGHT, ROW_GAP } from './frame.ts';
import type { LayoutResult } from './geometry/layout.ts';
import { minutes, px } from './geometry/units.ts';
import type { TimelineProps } from './Timeline.tsx';
import type { BarHint } from './useBarHint.ts';
import type { LiveTimeline } from './useLive.ts';
import { nowRow, presentIn } from './view.ts';

/** The selected bar of the props when it is one of the bars, else −1. */
function selectedOf(p: TimelineProps): number {
  const bar = p.selectedBar ?? -1;
  return bar < p.bars.starts.length ? bar : -1;
}

/**
 * The layout and the drawing: the worker lays the bars out whenever they change (zoom never relayouts); `schedule`
 * asks for one draw of the three layers (background and axis, bars, overlay) in the next animation frame, and
 * `scheduleHover` for a hit test that redraws only the overlay when the hover changed.
 */
export function useTimelinePaint(
  { live, propsRef, frameOf, maxScroll, currentScene }: LiveTimeline,
  setHint: (hint: BarHint | null) => void,
  refreshList: () => void,
) {
  const { bars, rowCount, range } = propsRef.current;
  const backgroundLayer = useRef<Konva.Layer>(null);
  const barLayer = useRef<Konva.Layer>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const scratch = useRef(createScratch());
  const firstPaint = useRef(false);
  const overlayDrawn = useRef(false);
  const lastOverlay = useRef('');
  const frameRequest = useRef(0);
  const [scene, setScene] = useState<LayoutResult | null>(null);

  /** Draws the three layers now (called from the animation frame). */
  const paint = useCallback(() => {
    frameRequest.current = 0;
    const s = live.current;
    const p = propsRef.current;
    if (!s.scene || s.width === 0 || s.height === 0 || !s.viewReady) return;
    // New bars or rows whose layout has not come back yet: the old layout's ids would index the new arrays.
    if (!currentScene()) return;
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
    const selected = selectedOf(p);
    const overlay = s.hover >= 0 || s.focus >= 0 || selected >= 0;
    const overlayKey = `${s.hover} ${s.focus} ${s.focused} ${selected}`;
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
  }, [live, propsRef, frameOf, setHint, refreshList, currentScene]);

  // The layers' scene functions read the live state; they run only inside `paint`.
  const drawBackgroundScene = useCallback(
    (context: Konva.Context) => {
      const p = propsRef.current;
      // Konva also draws on its own (a stage resize): never with a layout of other bars.
      const scene = currentScene();
      if (!scene) return;
      const frame = frameOf();
      drawBackground(context._context, scene, frame, p.rowLabel, p.rowShade);
      if (p.curve) drawCurve(context._context, p.curve, curveMax(p.curve.values), frame);
      if (p.now !== undefined) drawNow(context._context, frame, p.now);
    },
    [propsRef, frameOf, currentScene],
  );
  const drawBarScene = useCallback(
    (context: Konva.Context) => {
      const s = live.current;
      const scene = currentScene();
      if (!scene) return;
      const p = propsRef.current;
      s.drawn = drawBars(context._context, scene, p.bars, frameOf(), scratch.current, p.barText);
    },
    [live, propsRef, frameOf, currentScene],
  );
  const drawOverlayScene = useCallback(
    (context: Konva.Context) => {
      const s = live.current;
      const scene = currentScene();
      if (!scene) return;
      const p = propsRef.current;
      drawOverlay(context._context, scene, p.bars, frameOf(), s.hover, s.focus, s.focused, selectedOf(p));
    },
    [live, propsRef, frameOf, currentScene],
  );

  /** Asks for one draw of every layer in the next animation frame. */
  const schedule = useCallback(() => {
    live.current.sceneDirty = true;
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(paint);
  }, [live, paint]);
  /** Asks for a hit test and, if the hover changed, the overlay only. */
  const scheduleHover = useCallback(() => {
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(paint);
  }, [paint]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frameRequest.current);
      frameRequest.current = 0;
    },
    [],
  );
  // The worker lays the bars out (lanes, index, rows) whenever the bars change; zoom never relayouts.
  useEffect(() => {
    let current = true;
    const client = sharedLayoutClient();
    client
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
        if (!current) {
          client.retire(result);
          return;
        }
        // The scene replaced is read no more; its buffers go back with the next layout call, not before.
        const replaced = live.current.scene;
        if (replaced) client.retire(replaced);
        live.current.scene = result;
        live.current.sceneFor = bars;
        live.current.hover = -1;
        if (live.current.focus >= result.lane.length) live.current.focus = -1;
        // The first bars open with the present's rows at the top (the view starts at `now`, see firstOrigin), unless
        // a window is given or a selected bar is to be brought into view; later bars keep the rows the user has.
        const p = propsRef.current;
        const now = presentIn(p);
        const row =
          !replaced && !p.initialWindow && (p.selectedBar ?? -1) < 0 && now !== undefined
            ? nowRow(bars, now)
            : -1;
        live.current.scrollTop = Math.min(
          row >= 0 ? result.rowTop[row] : live.current.scrollTop,
          maxScroll(),
        );
        setScene(result);
        // Draw at once rather than a frame later: the first paint follows the data as closely as it can.
        cancelAnimationFrame(frameRequest.current);
        live.current.sceneDirty = true;
        paint();
      });
    return () => {
      current = false;
    };
  }, [live, propsRef, bars, rowCount, range.from, paint, maxScroll]);

  return {
    scene,
    layers: { backgroundLayer, barLayer, overlayLayer },
    scenes: { drawBackgroundScene, drawBarScene, drawOverlayScene },
    schedule,
    scheduleHover,
  };
}
