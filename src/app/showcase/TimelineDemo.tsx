import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMinute, localOffset } from '../../timeline/clock.ts';
import { demoBars, runningPerSlot } from '../../timeline/demoBars.ts';
import { minutes, px } from '../../timeline/geometry/units.ts';
import { Timeline, type TimelineBars, type TimelineCurve } from '../../timeline/Timeline.tsx';
import { Page, PageCard, PageTitle, Select } from '../../widgets/index.ts';
import { sharedLayoutClient } from '../../workers/layout.ts';

const DAY = 1440;
const SCALES = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1440].map((minutes) => ({
  id: minutes,
  name: minutes < 60 ? `${minutes} мин` : minutes < DAY ? `${minutes / 60} ч` : 'Сутки',
}));

/** A positive whole number from the query, within [min, max], else the default. */
function queryNumber(
  params: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = Number(params.get(name));
  if (!params.has(name) || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

function formatMinutes(value: number): string {
  const hours = Math.floor(value / 60);
  const rest = Math.round((value % 60) * 10) / 10;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

function hhmm(minute: number): string {
  return formatMinute(minute, localOffset(minute), 'stamp');
}

const KIND_NAMES = ['обычная', 'не хватает людей', 'конфликт', 'неактивная'];

const LAYOUT_RUNS = 7;
const WORKER_WAIT_MS = 5_000;

/**
 * Times the worker layout call of these bars, seen from the page (copy in, layout, transfer back): the first call
 * on this input, then the median of LAYOUT_RUNS more.
 */
async function timeWorkerLayout(
  bars: { starts: Float64Array; ends: Float64Array; rows: Int32Array },
  rowCount: number,
) {
  const client = sharedLayoutClient();
  const input = {
    starts: bars.starts,
    ends: bars.ends,
    rows: bars.rows,
    rowCount,
    view: { originMinute: minutes(bars.starts[0] ?? 0), scaleMinutes: 5, pxPerSlot: px(40) },
    lod: 'bars' as const,
    parts: 'rows' as const,
  };
  const firstStarted = performance.now();
  // Each result is retired as the timeline retires a scene it replaces, so later calls reuse its buffers.
  client.retire(await client.layout(input));
  const first = performance.now() - firstStarted;
  const times: number[] = [];
  for (let run = 0; run < LAYOUT_RUNS; run++) {
    const started = performance.now();
    const result = await client.layout(input);
    times.push(performance.now() - started);
    client.retire(result);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], first };
}

interface Paint {
  sinceNavigation: number;
  sinceData: number;
}

/**
 * /react_app/timeline?rows=&bars=&days=&window=: the timeline component on generated bars (20–90 minutes, uniform
 * over `days`), `window` days on screen at first paint; marks `timeline:first-paint` when every visible bar is
 * drawn, so it can be compared with other timeline libraries on the same machine.
 */
export function TimelineDemo() {
  const [params] = useSearchParams();
  const rows = queryNumber(params, 'rows', 1000, 1, 100_000);
  const count = queryNumber(params, 'bars', 50_000, 0, 1_000_000);
  const days = queryNumber(params, 'days', 30, 1, 93);
  const window = queryNumber(params, 'window', 1, 0.01, days);
  const data = useMemo(() => {
    // Today's midnight in the application's time zone.
    const now = Math.floor(Date.now() / 60_000);
    const offset = localOffset(now);
    const from = Math.floor((now + offset) / DAY) * DAY - offset;
    const bars = demoBars(count, rows, from, days) satisfies TimelineBars;
    const step = 15;
    const slots = Math.ceil((days * DAY) / step);
    const curve: TimelineCurve = {
      from,
      step,
      values: runningPerSlot(bars.starts, bars.ends, from, step, slots),
      label: 'Задач одновременно',
    };
    return { from, bars, curve, range: { from, to: from + days * DAY } };
  }, [rows, count, days]);
  // A screen loads its data while the layout worker starts; this page has its data at once, so it waits for the
  // worker (at most WORKER_WAIT_MS) before handing the bars over, and `timeline:data` marks that moment.
  const [workerReady, setWorkerReady] = useState(false);
  useEffect(() => {
    let live = true;
    const ready = () => {
      if (live) setWorkerReady(true);
    };
    const timer = globalThis.setTimeout(ready, WORKER_WAIT_MS);
    sharedLayoutClient().where().then(ready, ready);
    return () => {
      live = false;
      globalThis.clearTimeout(timer);
    };
  }, []);
  const handedOver = useRef<unknown>(null);
  if (workerReady && handedOver.current !== data) {
    handedOver.current = data;
    performance.clearMarks('timeline:data');
    performance.mark('timeline:data');
  }
  const [scale, setScale] = useState(15);
  const [zoom, setZoom] = useState<number | null>(null);
  const [paint, setPaint] = useState<Paint | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [layoutMs, setLayoutMs] = useState<{ median: number; first: number } | 'running' | null>(null);
  const measureLayout = () => {
    setLayoutMs('running');
    timeWorkerLayout(data.bars, rows).then(setLayoutMs);
  };
  const initialWindow = useMemo(
    () => ({ from: data.from, to: data.from + window * DAY }),
    [data.from, window],
  );
  const onFirstPaint = useCallback(() => {
    performance.mark('timeline:first-paint');
    const measure = performance.measure('timeline:first-paint', { start: 0, end: 'timeline:first-paint' });
    const afterData = performance.measure('timeline:first-paint-after-data', {
      start: 'timeline:data',
      end: 'timeline:first-paint',
    });
    setPaint({ sinceNavigation: measure.duration, sinceData: afterData.duration });
  }, []);
  const rowLabel = useCallback((row: number) => `Строка ${row + 1}`, []);
  const describeBar = useCallback(
    (bar: number) =>
      `Задача ${bar + 1}, строка ${data.bars.rows[bar] + 1}\n${hhmm(data.bars.starts[bar])} – ${hhmm(
        data.bars.ends[bar],
      )}\n${KIND_NAMES[data.bars.kind[bar]]}`,
    [data],
  );
  const barLabel = useCallback(
    (bar: number) =>
      `Задача ${bar + 1}: ${hhmm(data.bars.starts[bar])} – ${hhmm(data.bars.ends[bar])}, ${KIND_NAMES[data.bars.kind[bar]]}`,
    [data],
  );
  const barMenu = useCallback(
    (bar: number) => [
      { label: 'Показать номер задачи', onSelect: () => setChosen(`Выбрана задача ${bar + 1}`) },
      { label: 'Показать строку', onSelect: () => setChosen(`Строка ${data.bars.rows[bar] + 1}`) },
    ],
    [data],
  );
  return (
    <Page label="Шкала времени">
      <PageTitle
        title="Шкала времени на Konva"
        actions={[
          { label: 'Замерить раскладку в воркере', onClick: measureLayout, disabled: layoutMs === 'running' },
        ]}
      />
      <PageCard
        title={`${count.toLocaleString('ru')} задач в ${rows.toLocaleString('ru')} строках за ${days} дн.`}
      >
        <div className="showcase__row">
          <Select
            label="Масштаб"
            options={SCALES}
            value={scale}
            onChange={(id) => {
              if (typeof id === 'number') {
                setScale(id);
                setZoom(null);
              }
            }}
          />
          <output aria-label="Масштаб после прокрутки">
            {zoom === null ? 'Ctrl+колесо — масштаб' : `Масштаб: ${formatMinutes(zoom)} на 40 px`}
          </output>
          <output aria-label="Первая отрисовка">
            {paint
              ? `Первая отрисовка: ${Math.round(paint.sinceData)} мс после данных, ${Math.round(
                  paint.sinceNavigation,
                )} мс от загрузки страницы`
              : 'Рисуется…'}
          </output>
          <output aria-label="Раскладка в воркере">
            {layoutMs !== null && layoutMs !== 'running'
              ? `Раскладка в воркере: ${layoutMs.median.toFixed(1)} мс (медиана ${LAYOUT_RUNS} прогонов; первый вызов ${layoutMs.first.toFixed(1)} мс)`
              : layoutMs === 'running'
                ? 'Раскладка замеряется…'
                : ''}
          </output>
          <output aria-label="Выбор">{chosen ?? ''}</output>
        </div>
        <p style={{ margin: '0 0 8px', fontSize: 13, color: '#6c757d' }}>
          Колесо прокручивает строки, Shift+колесо и перетаскивание сдвигают время, Ctrl+колесо или колесо над
          шкалой меняют масштаб; стрелки переходят по задачам, Enter показывает подсказку.
        </p>
        {workerReady ? (
          <Timeline
            rowCount={rows}
            rowLabel={rowLabel}
            bars={data.bars}
            range={data.range}
            scaleMinutes={scale}
            onZoom={setZoom}
            initialWindow={initialWindow}
            describeBar={describeBar}
            barMenu={barMenu}
            barLabel={barLabel}
            curve={data.curve}
            onFirstPaint={onFirstPaint}
            ariaLabel="Задачи по строкам"
            height={600}
          />
        ) : (
          <p>Запуск воркера раскладки…</p>
        )}
      </PageCard>
    </Page>
  );
}
