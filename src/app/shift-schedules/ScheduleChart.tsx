import { useEffect, useRef, useState } from 'react';
import { coverSentence, coverSpans, coverSummary, WEEKDAYS } from './schedule.ts';

export interface ScheduleChartProps {
  name: string;
  demand: readonly number[];
  cover: readonly number[];
  slotMinutes: number;
  height?: number;
}

const COLORS = {
  grid: '#e3e6ea',
  axis: '#5f6b7a',
  cover: 'rgba(47, 128, 237, 0.28)',
  coverLine: '#2f80ed',
  demand: '#1d2733',
  short: 'rgba(224, 49, 49, 0.75)',
  surplus: 'rgba(245, 159, 0, 0.55)',
} as const;

const PAD = { left: 40, right: 12, top: 12, bottom: 34 };
/** Height of the band under the plot marking runs of shortage and surplus, visible at any zoom. */
const BAND = 4;

/** A step of "nice" numbers for the y axis: about five ticks up to `peak`. */
function tickStep(peak: number): number {
  const raw = Math.max(1, peak) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * power).find((s) => s >= raw) ?? raw;
  return Math.max(1, Math.round(step));
}

/** Draws demand (a dark step line) against cover (a blue area); shortage red, surplus amber, per slot. */
function draw(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  { demand, cover, slotMinutes }: Pick<ScheduleChartProps, 'demand' | 'cover' | 'slotMinutes'>,
) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const slots = Math.max(demand.length, cover.length, 1);
  const peak = Math.max(1, ...demand, ...cover);
  const step = tickStep(peak);
  const top = Math.ceil(peak / step) * step;
  const plotW = Math.max(1, width - PAD.left - PAD.right);
  const plotH = Math.max(1, height - PAD.top - PAD.bottom);
  const x = (slot: number) => PAD.left + (slot / slots) * plotW;
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;

  ctx.font = '11px Roboto, sans-serif';
  ctx.fillStyle = COLORS.axis;
  ctx.strokeStyle = COLORS.grid;
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let value = 0; value <= top; value += step) {
    ctx.beginPath();
    ctx.moveTo(PAD.left, Math.round(y(value)) + 0.5);
    ctx.lineTo(PAD.left + plotW, Math.round(y(value)) + 0.5);
    ctx.stroke();
    ctx.fillText(String(value), PAD.left - 6, y(value));
  }
  const slotsPerDay = Math.round((24 * 60) / slotMinutes);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let day = 0; day < 7; day += 1) {
    const left = x(day * slotsPerDay);
    ctx.beginPath();
    ctx.moveTo(Math.round(left) + 0.5, PAD.top);
    ctx.lineTo(Math.round(left) + 0.5, PAD.top + plotH);
    ctx.stroke();
    ctx.fillText(WEEKDAYS[day], x((day + 0.5) * slotsPerDay), PAD.top + plotH + BAND + 8);
  }

  // The cover as one step area: per-slot rectangles would leave seams between slots.
  ctx.fillStyle = COLORS.cover;
  ctx.beginPath();
  ctx.moveTo(x(0), y(0));
  for (let slot = 0; slot < slots; slot += 1) {
    ctx.lineTo(x(slot), y(cover[slot] ?? 0));
    ctx.lineTo(x(slot + 1), y(cover[slot] ?? 0));
  }
  ctx.lineTo(x(slots), y(0));
  ctx.closePath();
  ctx.fill();
  for (let slot = 0; slot < slots; slot += 1) {
    const need = demand[slot] ?? 0;
    const have = cover[slot] ?? 0;
    const left = x(slot);
    const w = x(slot + 1) - left;
    if (have < need) {
      ctx.fillStyle = COLORS.short;
      ctx.fillRect(left, y(need), w, y(have) - y(need));
    } else if (have > need) {
      ctx.fillStyle = COLORS.surplus;
      ctx.fillRect(left, y(have), w, y(need) - y(have));
    }
  }
  const stepLine = (values: readonly number[], color: string, lineWidth: number) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    for (let slot = 0; slot < slots; slot += 1) {
      const value = values[slot] ?? 0;
      if (slot === 0) ctx.moveTo(x(0), y(value));
      else ctx.lineTo(x(slot), y(value));
      ctx.lineTo(x(slot + 1), y(value));
    }
    ctx.stroke();
  };
  for (const span of coverSpans(demand, cover)) {
    ctx.fillStyle = span.kind === 'short' ? COLORS.short : COLORS.surplus;
    ctx.fillRect(x(span.from), PAD.top + plotH + 1, Math.max(1, x(span.to) - x(span.from)), BAND);
  }
  stepLine(cover, COLORS.coverLine, 1);
  stepLine(demand, COLORS.demand, 1.5);
}

/** Staffed against required per slot across the typical week, on a plain canvas sized to its box. */
export function ScheduleChart(props: ScheduleChartProps) {
  const { height = 280, demand, cover, slotMinutes, name } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (canvas.current && width > 0) draw(canvas.current, width, height, { demand, cover, slotMinutes });
  }, [width, height, demand, cover, slotMinutes]);

  const sentence = coverSentence(name, coverSummary(demand, cover));
  return (
    <figure className="shift-schedule__chart" aria-label="Покрытие потребности">
      <div ref={box} className="shift-schedule__canvas-box" style={{ height }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={sentence}
          data-testid="shift-schedule-chart"
          style={{ width: '100%', height }}
        />
      </div>
      <figcaption className="shift-schedule__legend">
        <span className="shift-schedule__key shift-schedule__key--demand">Потребность</span>
        <span className="shift-schedule__key shift-schedule__key--cover">На смене</span>
        <span className="shift-schedule__key shift-schedule__key--short">Нехватка</span>
        <span className="shift-schedule__key shift-schedule__key--surplus">Избыток</span>
        <span className="shift-schedule__summary" role="status">
          {sentence}
        </span>
      </figcaption>
    </figure>
  );
}
