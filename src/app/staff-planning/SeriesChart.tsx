import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisLabels, type ChartAxisKind, legendCount, legendTime } from './chartFormat.ts';

/** Colours of the series, in order. */
const COLORS = [
  '#212529',
  '#2f6fdb',
  '#e8590c',
  '#2b8a3e',
  '#ae3ec9',
  '#1098ad',
  '#f08c00',
  '#c2255c',
  '#5c940d',
];
/** More series than this make an unreadable chart. */
const MAX_SERIES = COLORS.length;

interface ChartSeries {
  label: string;
  values: ArrayLike<number>;
}

export interface SeriesChartProps {
  /** Epoch minutes of each point. */
  minutes: ArrayLike<number>;
  series: ChartSeries[];
  kind: 'line' | 'bar';
  title: string;
  unit: string;
  height?: number;
  /** 'time' (default): real dates on the x axis; 'week': a typical week, ticks by weekday ('Пн' … 'Вс'). */
  axis?: ChartAxisKind;
}

/**
 * Series over time as a uPlot line or bar chart (canvas), at most nine series. The module is loaded lazily, so uPlot
 * comes only with the charts. Axis ticks and the legend are Russian and 24-hour (chartFormat.ts), not uPlot's
 * English defaults ('Time', '12am', '11/24').
 */
export default function SeriesChart({
  minutes,
  series,
  kind,
  title,
  unit,
  height = 360,
  axis = 'time',
}: SeriesChartProps) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const xs = Array.from(minutes, (minute) => minute * 60);
    const shown = series.slice(0, MAX_SERIES);
    const paths = kind === 'bar' ? uPlot.paths.bars?.({ size: [0.9, 40] }) : undefined;
    const width = () => Math.max(320, element.clientWidth);
    const chart = new uPlot(
      {
        title,
        width: width(),
        height,
        series: [
          { label: 'Время', value: (_self, seconds) => legendTime(seconds, axis) },
          ...shown.map((s, i) => ({
            label: s.label,
            value: (_self: uPlot, count: number) => legendCount(count),
            stroke: COLORS[i],
            width: i === 0 ? 2 : 1,
            paths,
            fill: kind === 'bar' ? `${COLORS[i]}33` : undefined,
          })),
        ],
        axes: [
          {
            size: 56,
            values: (_self, splits, _axis, _space, increment) => axisLabels(splits, increment, axis),
          },
          { label: unit },
        ],
        scales: { x: { time: true } },
      },
      [xs, ...shown.map((s) => Array.from(s.values))],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [minutes, series, kind, title, unit, height, axis]);
  return <div ref={target} className="staff-planning__chart" role="img" aria-label={title} />;
}
