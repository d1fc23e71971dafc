import { useCallback, useEffect, useRef, useState } from 'react';
import { pluralRu } from '../../shared/plural.ts';
import { Page, PageCard, PageTitle } from '../../widgets/index.ts';
import { createLayoutClient, type LayoutPath } from '../../workers/layout.ts';
import { demoBars, firstDifference, laneTotal } from './geometryCheck.ts';

const TASKS = 20_000;
const ROWS = 1_500;
/** A worker that fails to load never answers over Comlink; the page says so instead of waiting for ever. */
const WORKER_TIMEOUT_MS = 15_000;

type Check =
  | { state: 'running' }
  | {
      state: 'done';
      lanes: number;
      difference: ReturnType<typeof firstDifference>;
      path: LayoutPath;
      workerMs: number;
      mainMs: number;
    }
  | { state: 'failed'; message: string };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`воркер не ответил за ${ms / 1000} с`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Lays the same bars out through the worker client and on the main thread, and compares every typed array. */
async function runCheck(): Promise<Check> {
  const client = createLayoutClient();
  try {
    const workerStart = performance.now();
    const fromWorker = await withTimeout(
      client.layout(demoBars(TASKS, ROWS), { transferInput: true }),
      WORKER_TIMEOUT_MS,
    );
    const workerMs = performance.now() - workerStart;
    const path = await withTimeout(client.where(), WORKER_TIMEOUT_MS);
    // Loaded on demand like the client's own fallback, so the geometry stays out of the showcase chunk.
    const { layout } = await import('../../timeline/geometry/layout.ts');
    const mainStart = performance.now();
    const fromMain = layout(demoBars(TASKS, ROWS));
    const mainMs = performance.now() - mainStart;
    return {
      state: 'done',
      lanes: laneTotal(fromMain),
      difference: firstDifference(fromMain, fromWorker),
      path,
      workerMs,
      mainMs,
    };
  } catch (error) {
    return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    client.dispose();
  }
}

function resultLine(check: Check): string {
  if (check.state === 'running') return 'Идёт проверка…';
  if (check.state === 'failed') return `Проверка не удалась: ${check.message}`;
  if (check.difference) {
    return `Воркер и основной поток расходятся: поле ${check.difference.field}, элемент ${check.difference.index}`;
  }
  return `Воркер и основной поток совпадают: ${check.lanes} ${pluralRu(check.lanes, ['полоса', 'полосы', 'полос'])}`;
}

function pathLine(check: Check): string {
  if (check.state !== 'done') return '—';
  return check.path === 'worker'
    ? 'Ответил воркер (Comlink)'
    : 'Ответил основной поток: воркер недоступен, сработал запасной путь';
}

/** /react_app/geometry: the timeline geometry through the real Comlink worker, checked against the main thread. */
export function GeometryDemo() {
  const [check, setCheck] = useState<Check>({ state: 'running' });
  // Only the latest run may show its answer (a second click, or leaving the page, outdates the earlier one).
  const latest = useRef(0);
  const start = useCallback(() => {
    latest.current += 1;
    const run = latest.current;
    setCheck({ state: 'running' });
    runCheck().then((result) => {
      if (latest.current === run) setCheck(result);
    });
  }, []);
  useEffect(() => {
    start();
    return () => {
      latest.current += 1;
    };
  }, [start]);
  return (
    <Page label="Геометрия в воркере">
      <PageTitle
        title="Геометрия шкалы времени в воркере"
        actions={[
          {
            label: 'Проверить ещё раз',
            onClick: start,
            disabled: check.state === 'running',
          },
        ]}
      />
      <PageCard title={`${TASKS.toLocaleString('ru')} задач в ${ROWS.toLocaleString('ru')} строках`}>
        <div className="showcase__column">
          <p>
            Раскладка (прямоугольники, полосы, конфликты, индекс) считается в воркере через Comlink и в
            основном потоке; ответы сравниваются поэлементно.
          </p>
          <output aria-label="Результат проверки">{resultLine(check)}</output>
          <output aria-label="Кто ответил">{pathLine(check)}</output>
          {check.state === 'done' ? (
            <output aria-label="Время">
              Воркер: {Math.round(check.workerMs)} мс, основной поток: {Math.round(check.mainMs)} мс
            </output>
          ) : null}
        </div>
      </PageCard>
    </Page>
  );
}
