import { type CSSProperties, type JSX, useEffect, useId, useRef } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import { ContextMenu } from '../widgets/ContextMenu.tsx';
import { sharedLayoutClient } from '../workers/layout.ts';
import { AriaList } from './AriaList.tsx';
import { formatMinute, localOffset } from './clock.ts';
import type { RowShade } from './drawBackground.ts';
import type { BarStyle } from './frame.ts';
import { keysText } from './navigation.ts';
import { useAriaList } from './useAriaList.ts';
import { useBarDrag } from './useBarDrag.ts';
import { useBarFocus } from './useBarFocus.ts';
import { useBarHint } from './useBarHint.ts';
import { useLive } from './useLive.ts';
import { useTimelinePaint } from './useTimelinePaint.ts';
import { useZoomPan } from './useZoomPan.ts';
import './timeline.css';

export interface TimelineBars {
  starts: Float64Array;
  ends: Float64Array; // minutes since the Unix epoch
  rows: Int32Array; // row index of each bar (rows are in display order 0..rowCount-1)
  kind?: Uint8Array; // colour class: 0 normal, 1 understaffed, 2 conflict, 3 muted
  style?: Uint16Array; // index into `styles` per bar: replaces the kind colours (an airline's colours)
  styles?: readonly BarStyle[];
  mark?: Uint8Array; // 1: a conflict mark (red outline and corner) over the bar's fill
}
export type { BarStyle, RowShade };
/** What a drag from outside the timeline (an HTML drag) carries: the span it would occupy and its text. */
export interface DropPayload {
  start: number;
  end: number;
  label: string;
  style?: number;
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
  onZoom?: (scaleMinutes: number) => unknown; // the scale after wheel zoom; answer a number: the preset shown for it
  initialWindow?: { from: number; to: number }; // visible at first paint (minutes)
  describeBar?: (bar: number) => string; // hover hint text (multi-line with '\n')
  barMenu?: (bar: number) => { label: string; onSelect: () => void }[]; // context menu items
  menuLabel?: string; // the context menu's accessible name; default 'Действия с задачей'
  barLabel?: (bar: number) => string; // ARIA list text of a bar
  /** What a bar is across new bars (a flight's id): the keyboard focus follows it when the bars change; absent: the index. */
  barKey?: (bar: number) => string | number;
  /** A bar shown as chosen: ringed, and brought into view when the bars arrive or it changes; −1 or absent: none. */
  selectedBar?: number;
  curve?: TimelineCurve | null;
  onFirstPaint?: () => void; // first frame with every visible bar drawn
  ariaLabel: string;
  height?: number; // px; default fills its container
  barText?: (bar: number) => string; // written inside bars wide enough (and on a dragged bar)
  rowShade?: RowShade; // a span per row shaded behind its bars (a team's time on shift)
  now?: number; // the current time in the bars' minutes: a line through the axis and the rows (redrawn when it moves)
  /** Bars that may be dragged to another row; a press elsewhere pans as before. */
  dragBars?: { canDrag: (bar: number) => boolean; onDrop: (bar: number, row: number) => void };
  /** Accepts an HTML drag from outside: `payload` tells what is dragged now (null: not ours), `onDrop` the row. */
  externalDrop?: { payload: () => DropPayload | null; onDrop: (row: number) => void };
}

// The layout worker starts with this module, before any data arrives.
if (typeof window !== 'undefined') sharedLayoutClient();

/**
 * A canvas timeline of rows and bars (Konva, three layers: background and axis, bars, overlay). Layout comes from
 * the layout worker as typed arrays; every frame draws only the bars of the rows and minutes in view. Ctrl+wheel
 * (or the wheel over the axis) zooms around the pointer, the wheel scrolls rows, shift+wheel and drag pan; + and −
 * zoom around the focused bar, Shift+←/→ and PageUp/PageDown pan; arrows move a focus ring across bars, Enter shows
 * the hint. With `dragBars` or `externalDrop` a fourth layer, shown only
 * while a bar is dragged, draws the dragged bar and its target row.
 */
export function Timeline(props: TimelineProps): JSX.Element {
  const { ariaLabel } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const timeline = useLive(props);
  const { hint, setHint, menu, setMenu, hintText, onContextMenu } = useBarHint(timeline, containerRef);
  const { listItems, refreshList, listLabel, shown } = useAriaList(timeline, hintText);
  const { scene, layers, scenes, schedule, scheduleHover } = useTimelinePaint(timeline, setHint, refreshList);
  const { size, onZoomPanKey, pointerHandlers } = useZoomPan(
    timeline,
    containerRef,
    schedule,
    scheduleHover,
    setHint,
  );
  const { focusBar, onKeyDown, reveal, followFocus } = useBarFocus(
    timeline,
    containerRef,
    schedule,
    setHint,
    setMenu,
  );
  const { dragLayer, drawDragScene, handlers } = useBarDrag(timeline, containerRef, pointerHandlers, setHint);
  const hintId = useId();
  const statusId = useId();
  const nowId = useId();
  const keysId = useId();
  const shownId = useId();
  const selected = props.selectedBar ?? -1;
  // The selected bar is brought into view once per bars and bar (a restored selection may be far off screen); the
  // overlay is drawn again whenever it changes.
  const revealed = useRef<{ bars: TimelineBars; bar: number } | null>(null);
  useEffect(() => {
    const bars = timeline.propsRef.current.bars;
    if (!scene || !timeline.live.current.viewReady || !timeline.currentScene() || size.width === 0) return;
    const done = revealed.current;
    if (selected >= 0 && selected < bars.starts.length && (done?.bars !== bars || done.bar !== selected)) {
      revealed.current = { bars, bar: selected };
      reveal(selected);
    }
    schedule();
  }, [timeline, scene, selected, size, reveal, schedule]);

  // New bars (a refresh after the user's own move): the focus ring stays on the same bar, wherever it went.
  useEffect(() => {
    if (scene) followFocus();
  }, [scene, followFocus]);

  // What the layers draw from props other than the bars (those are laid out again first): labels, shading, the curve
  // and the bars' text are drawn again when they change, and only then (a render of the timeline's own state, such
  // as the ARIA list's refresh after a paint, draws nothing).
  const { rowLabel, rowShade, curve, barText } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draw reads them through propsRef; a change redraws
  useEffect(() => schedule(), [rowLabel, rowShade, curve, barText, schedule]);

  // The current time's line moves (a minute at a time): the background is drawn again.
  const now = props.now;
  useEffect(() => {
    if (now !== undefined) schedule();
  }, [now, schedule]);

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
        aria-describedby={[
          statusId,
          now === undefined ? '' : nowId,
          shown ? shownId : '',
          keysId,
          hint ? hintId : '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-ready={scene ? 'true' : 'false'}
        {...handlers}
        onContextMenu={onContextMenu}
        onKeyDown={(event) => {
          if (!onZoomPanKey(event)) onKeyDown(event);
        }}
        onFocus={() => {
          timeline.live.current.focused = true;
          schedule();
        }}
        onBlur={() => {
          timeline.live.current.focused = false;
          schedule();
        }}
      >
        {size.width > 0 && size.height > 0 ? (
          <Stage width={size.width} height={size.height} listening={false}>
            <Layer ref={layers.backgroundLayer} listening={false}>
              <Shape sceneFunc={scenes.drawBackgroundScene} />
            </Layer>
            <Layer ref={layers.barLayer} listening={false}>
              <Shape sceneFunc={scenes.drawBarScene} />
            </Layer>
            <Layer ref={layers.overlayLayer} listening={false} visible={false}>
              <Shape sceneFunc={scenes.drawOverlayScene} />
            </Layer>
            {props.dragBars || props.externalDrop ? (
              <Layer ref={dragLayer} listening={false} visible={false}>
                <Shape sceneFunc={drawDragScene} />
              </Layer>
            ) : null}
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
      {now === undefined ? null : (
        // The line's words for a screen reader: part of the canvas's description, not announced as it moves.
        <div id={nowId} className="timeline__status">
          {`Текущее время: ${formatMinute(now, localOffset(now), 'stamp')}`}
        </div>
      )}
      {shown ? (
        // What a zoom or a pan left on screen, in words (the axis is canvas only).
        <div id={shownId} className="timeline__status">
          {shown}
        </div>
      ) : null}
      <div id={keysId} className="timeline__status">
        {keysText(props.barMenu !== undefined)}
      </div>
      <AriaList
        ariaLabel={`${ariaLabel}: строки и задачи на экране`}
        items={listItems}
        label={listLabel}
        current={focusBar}
        anchor={selected}
      />
      {menu ? (
        <ContextMenu
          position={menu.position}
          items={menu.items}
          onClose={() => {
            setMenu(null);
            containerRef.current?.focus();
          }}
          label={props.menuLabel ?? 'Действия с задачей'}
        />
      ) : null}
    </div>
  );
}
