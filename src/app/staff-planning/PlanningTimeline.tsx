import { useCallback, useMemo, useRef, useState } from 'react';
import { KIND_COLOURS } from '../../timeline/drawBars.ts';
import { keysText } from '../../timeline/navigation.ts';
import { Timeline, type TimelineCurve } from '../../timeline/Timeline.tsx';
import { useNowMinute } from '../shell/useNowMinute.ts';
import type { DemandResult, PlanningSet } from './api.ts';
import { barLabelOf, hintOf, rowLabelOf } from './format.ts';
import { TaskEmployeesModal } from './TaskEmployeesModal.tsx';

export interface PlanningTimelineProps {
  set: PlanningSet;
  /** The span of the bars: the zoom-out limit, and the first bar is at the left edge at first. */
  range: { from: number; to: number };
  scale: number;
  /** A wheel zoom settled at this many minutes a slot: answer the preset scale the screen shows for it. */
  onZoom: (minutes: number) => number | undefined;
  demand: DemandResult | null;
  curveLabel: string;
  /** A task chosen through the context menu (kept as the screen's selection). */
  onChooseTask: (taskId: number) => void;
  /** The bar of the selected task (spec 4: kept in sessionStorage), −1 when it is not among these bars. */
  selectedBar: number;
}

/** The legend's entries, by the worker's kind (0 staffed, 1 understaffed, 2 conflict). */
const LEGEND = ['Укомплектована', 'Не хватает сотрудников', 'Конфликт'] as const;

/**
 * The bar colours of the timeline, from the painter's own KIND_COLOURS, how to zoom and pan
 * (src/timeline/useZoomPan.ts) and the canvas's keys (src/timeline/useBarFocus.ts): compact lines.
 */
function TimelineLegend() {
  return (
    <div className="staff-planning__legend">
      <ul aria-label="Цвета задач">
        {LEGEND.map((label, kind) => (
          <li key={label}>
            <span
              className="staff-planning__swatch"
              style={{ background: KIND_COLOURS[kind] }}
              aria-hidden="true"
            />
            {label}
          </li>
        ))}
      </ul>
      <p>
        Масштаб: Ctrl + колесо мыши или колесо над шкалой времени; сдвиг: перетаскивание или Shift + колесо
      </p>
      <p>С клавиатуры (фокус на шкале): {keysText(true)}</p>
    </div>
  );
}

/** The flights × tasks timeline of staff planning: one row per flight, the demand curve under the bars. */
export function PlanningTimeline({
  set,
  range,
  scale,
  onZoom,
  demand,
  curveLabel,
  onChooseTask,
  selectedBar,
}: PlanningTimelineProps) {
  const [staffOf, setStaffOf] = useState<number | null>(null);
  const now = useNowMinute();
  // Mounted once per answer (the screen keys it by answer): first paint is measured from the answer's arrival.
  const mounted = useRef(performance.now());
  const onFirstPaint = useCallback(
    () =>
      performance.measure('staff-planning:first-paint', { start: mounted.current, end: performance.now() }),
    [],
  );
  const bars = useMemo(() => ({ starts: set.starts, ends: set.ends, rows: set.rows, kind: set.kind }), [set]);
  const curve = useMemo<TimelineCurve | null>(
    () => (demand ? { from: demand.from, step: demand.step, values: demand.total, label: curveLabel } : null),
    [demand, curveLabel],
  );
  const rowLabel = useCallback((row: number) => rowLabelOf(set, row), [set]);
  const describeBar = useCallback((bar: number) => hintOf(set, bar), [set]);
  const barLabel = useCallback(
    (bar: number) => barLabelOf(set, bar, bar === selectedBar),
    [set, selectedBar],
  );
  const barMenu = useCallback(
    (bar: number) => {
      const url = set.texts[set.urlText[set.rows[bar]]];
      const taskId = set.taskId[bar];
      return [
        { label: 'Открыть рейс', onSelect: () => window.open(url, '_blank', 'noopener') },
        {
          label: 'Сотрудники задачи',
          onSelect: () => {
            onChooseTask(taskId);
            setStaffOf(taskId);
          },
        },
      ];
    },
    [set, onChooseTask],
  );
  return (
    <>
      <TimelineLegend />
      <Timeline
        rowCount={set.flightId.length}
        rowLabel={rowLabel}
        bars={bars}
        range={range}
        scaleMinutes={scale}
        onZoom={onZoom}
        describeBar={describeBar}
        barMenu={barMenu}
        barLabel={barLabel}
        selectedBar={selectedBar}
        curve={curve}
        now={now}
        onFirstPaint={onFirstPaint}
        ariaLabel="Рейсы и задачи"
        height={620}
      />
      {staffOf !== null ? <TaskEmployeesModal taskId={staffOf} onClose={() => setStaffOf(null)} /> : null}
    </>
  );
}
