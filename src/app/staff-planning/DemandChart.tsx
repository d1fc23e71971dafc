import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DemandResult } from './api.ts';

/** Colours of the series after the total, in order. */
const COLORS = [
  '#2f6fdb',
  '#e8590c',
  '#2b8a3e',
  '#ae3ec9',
  '#1098ad',
  '#f08c00',
  '#c2255c',
  '#5c940d',
  '#3b5bdb',
];
/** More series than this make an unreadable chart: the rest are in the grid. */
const MAX_SERIES = 9;

export interface DemandChartProps {
  demand: DemandResult;
  kind: 'line' | 'bar';
  title: string;
}

/** The demand per slot as a uPlot line or bar chart: the total and the first series (loaded lazily with uPlot). */
export default function DemandChart({ demand, kind, title }: DemandChartProps) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const slots = demand.total.length;
    const xs = new Float64Array(slots);
    for (let k = 0; k < slots; k += 1) xs[k] = (demand.from + k * demand.step) * 60;
    const shown = demand.series.slice(0, MAX_SERIES);
    const paths = kind === 'bar' ? uPlot.paths.bars?.({ size: [0.9, 40] }) : undefined;
    const chart = new uPlot(
      {
        title,
        width: Math.max(320, element.clientWidth),
        height: 360,
        series: [
          {},
          {
            label: 'Всего',
            stroke: '#212529',
            width: 2,
            paths,
            fill: kind === 'bar' ? '#21252922' : undefined,
          },
          ...shown.map((series, i) => ({
            label: series.name,
            stroke: COLORS[i % COLORS.length],
            width: 1,
            paths,
            show: kind === 'line',
          })),
        ],
        axes: [{}, { label: 'чел.' }],
        scales: { x: { time: true } },
      },
      [
        xs as unknown as number[],
        demand.total as unknown as number[],
        ...shown.map((s) => s.values as unknown as number[]),
      ],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(320, element.clientWidth), height: 360 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [demand, kind, title]);
  return <div ref={target} className="staff-planning__chart" role="img" aria-label={title} />;
}
