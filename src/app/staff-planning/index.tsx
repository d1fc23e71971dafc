import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { rangeMinutes, selectedBarOf, staffPlanningMachine } from '../../machines/staffPlanning.ts';
import {
  type MaxDemandRow,
  nearestScale,
  type StaffPlanningFilters,
} from '../../machines/staffPlanningFilters.ts';
import { Page, PageCard, PageTitle, TabList, tabPanelProps } from '../../widgets/index.ts';
import { readTimeZone } from '../api/storage.ts';
import { type DemandResult, startPlanningWorker } from './api.ts';
import { DemandGrid } from './DemandGrid.tsx';
import { Filters } from './Filters.tsx';
import { MaxDemandPanel, PassengerPanel, PeakGraphPanel } from './Panels.tsx';
import { PlanningTimeline } from './PlanningTimeline.tsx';
import { StandardSchedule } from './standard/StandardScheduleForm.tsx';
import './staff-planning.css';

/** uPlot comes with the graph views only, so the timeline view's chunk stays lean. */
const SeriesChart = lazy(() => import('./SeriesChart.tsx'));

/** The chart data of a demand answer: slot starts, the total, then each series. */
function demandChart(demand: DemandResult) {
  const minutes = Array.from(demand.total, (_, k) => demand.from + k * demand.step);
  const series = [
    { label: 'Всего', values: demand.total },
    ...demand.series.map((s) => ({ label: s.name, values: s.values })),
  ];
  return { minutes, series };
}

const TITLE = 'Планирование персонала по рейсам';
type View = 'timeline' | 'grid' | 'line' | 'bar';
/** The id of the panel the «Вид» tabs show. */
const VIEW_PANEL = 'staff-planning-view';
const VIEWS: { id: View; name: string }[] = [
  { id: 'timeline', name: 'Шкала' },
  { id: 'grid', name: 'Таблица' },
  { id: 'line', name: 'Линейный график' },
  { id: 'bar', name: 'Столбчатый график' },
];

/** /resource-planning (spec 2, 4, 9): flights and their tasks on a timeline, the demand, and the demand panels. */
export default function Screen() {
  useEffect(startPlanningWorker, []);
  const actor = useActorRef(staffPlanningMachine, { input: { zone: readTimeZone() } });
  const context = useSelector(actor, (s) => s.context);
  const booting = useSelector(actor, (s) => s.matches('booting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const loadingFlights = useSelector(actor, (s) => s.hasTag('loadingFlights'));
  const counting = useSelector(actor, (s) => s.hasTag('countingDemand'));
  const selectedBar = useSelector(actor, (s) => selectedBarOf(s.context));
  const [view, setView] = useState<View>('timeline');
  const { filters, reference, data, demand } = context;

  const onChange = useCallback(
    (patch: Partial<StaffPlanningFilters>) => actor.send({ type: 'FILTER.SET', patch }),
    [actor],
  );
  const onChooseTask = useCallback(
    (taskId: number) => actor.send({ type: 'SELECTION.SET', taskId }),
    [actor],
  );
  // The scale select follows the wheel zoom: the closest preset is shown (and kept); only the demand is counted again.
  const onZoom = useCallback(
    (minutes: number) => {
      const presets = actor.getSnapshot().context.reference?.scales.map((s) => s.period) ?? [];
      const preset = nearestScale(presets, minutes);
      if (preset !== undefined && preset !== actor.getSnapshot().context.filters?.scale) {
        actor.send({ type: 'FILTER.SET', patch: { scale: preset } });
      }
      return preset;
    },
    [actor],
  );
  const onMaxDemand = useCallback(
    (minTime: number, rows: MaxDemandRow[]) => actor.send({ type: 'MAX_DEMAND.SET', minTime, rows }),
    [actor],
  );

  const chart = useMemo(() => (demand ? demandChart(demand) : null), [demand]);
  const itemWord = filters?.parameterType === 2 ? 'типам ресурсов' : 'должностям';
  const curveLabel = filters?.parameterType === 2 ? 'Ресурсы, ед.' : 'Потребность, чел.';
  const status = booting
    ? 'Загрузка справочников…'
    : loadingFlights
      ? 'Загрузка рейсов…'
      : counting
        ? 'Расчёт потребности…'
        : data
          ? `Рейсов: ${data.flightId.length}, задач: ${data.starts.length}`
          : '';

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE}>
        <span className="staff-planning__status" role="status" aria-busy={loadingFlights || counting}>
          {status}
        </span>
        {reference && filters ? (
          <StandardSchedule reference={reference} lists={context.lists} filters={filters} />
        ) : null}
      </PageTitle>
      {failed ? (
        <PageCard>
          <div role="alert" className="staff-planning__error">
            <p>{context.message}</p>
            <button
              type="button"
              className="w-button w-button--secondary"
              onClick={() => actor.send({ type: 'LOAD.RETRY' })}
            >
              Повторить
            </button>
          </div>
        </PageCard>
      ) : null}
      {reference && filters ? (
        <>
          <PageCard>
            <Filters
              reference={reference}
              lists={context.lists}
              filters={filters}
              onChange={onChange}
              onReset={() => actor.send({ type: 'FILTERS.RESET' })}
            />
          </PageCard>
          <PageCard>
            <TabList
              label="Вид"
              tabs={VIEWS}
              selected={view}
              onSelect={setView}
              className="staff-planning__views"
              tabClassName="staff-planning__view"
              panelId={VIEW_PANEL}
            />
            <div
              {...tabPanelProps(VIEW_PANEL, view)}
              className="staff-planning__body"
              aria-busy={loadingFlights}
            >
              {!data ? (
                <p className="staff-planning__note">{loadingFlights ? 'Загрузка рейсов…' : 'Нет данных'}</p>
              ) : data.flightId.length === 0 ? (
                <p className="staff-planning__note">Нет рейсов за период с выбранными фильтрами</p>
              ) : view === 'timeline' ? (
                <PlanningTimeline
                  key={context.dataVersion}
                  set={data}
                  range={data.span ?? rangeMinutes(filters)}
                  scale={filters.scale}
                  onZoom={onZoom}
                  demand={demand}
                  curveLabel={curveLabel}
                  onChooseTask={onChooseTask}
                  selectedBar={selectedBar}
                />
              ) : !demand || !chart ? (
                <p className="staff-planning__note">Расчёт потребности…</p>
              ) : view === 'grid' ? (
                <DemandGrid demand={demand} itemWord={itemWord} />
              ) : (
                <Suspense fallback={<p className="staff-planning__note">Загрузка графика…</p>}>
                  <SeriesChart
                    {...chart}
                    kind={view}
                    title={`Потребность по ${itemWord}`}
                    unit={filters.parameterType === 2 ? 'ед.' : 'чел.'}
                  />
                </Suspense>
              )}
            </div>
          </PageCard>
          <PageCard>
            <div className="staff-planning__panels">
              <MaxDemandPanel
                filters={filters}
                positions={context.lists.positions}
                maxDemand={context.maxDemand}
                onResult={onMaxDemand}
              />
              <PeakGraphPanel filters={filters} />
              <PassengerPanel filters={filters} />
            </div>
          </PageCard>
        </>
      ) : null}
    </Page>
  );
}
