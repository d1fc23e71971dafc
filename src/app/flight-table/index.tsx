// biome-ignore-all lint/a11y/noNoninteractiveTabindex: the table region takes the keys that choose rows (arrows, Shift, Ctrl+A, Space)

import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { flightActionsMachine } from '../../machines/flightActions.ts';
import { combinedLegs, dividedLegs, type FlightMessage } from '../../machines/flightActionsMessages.ts';
import { defaultRange, formatStamp, MAX_PERIOD_DAYS } from '../../shared/dates.ts';
import type { LiveEntity } from '../../shared/events.ts';
import { type ColumnSetting, RACE_FILTER_KEYS, type RaceRow } from '../../shared/flight-table.ts';
import { instantToDay } from '../../shared/wallClock.ts';
import {
  ALL_ROWS,
  type ContextMenuItem,
  DataGridView,
  type DateRange,
  DateRangePicker,
  Page,
  PageCard,
  PageTitle,
  showAlert,
  useGridActor,
} from '../../widgets/index.ts';
import { subscribeLiveFeed } from '../api/events.ts';
import { saveFile } from '../api/files.ts';
import { readTimeZone } from '../api/storage.ts';
import { type ExportedFile, loadFilterList, loadRaces, type RaceFilterList } from './api.ts';
import { ColumnSettingsDialog } from './ColumnSettingsDialog.tsx';
import { ConfirmDialogs } from './ConfirmDialogs.tsx';
import { readColumnSettings, shownColumns, writeColumnSettings } from './columns.ts';
import { type FilterLists, gridColumns } from './gridColumns.ts';
import {
  clickRow,
  EMPTY_SELECTION,
  isSelectionKey,
  keepShown,
  pressKey,
  type Selection,
} from './selection.ts';
import { TgoDialog } from './TgoDialog.tsx';
import './flight-table.css';

const TITLE = 'Суточный план полётов';
const LABEL = 'Рейсы';
/** The entities whose change may change a row. */
const ROW_ENTITIES = new Set<LiveEntity>(['flight', 'turnaround', 'task', 'task_employee']);
/** Changes arriving within this time make one refresh. */
const REFRESH_DELAY_MS = 300;

const LISTS: [keyof FilterLists, RaceFilterList][] = [
  ['direction', 'directions'],
  ['type', 'types'],
  ['status', 'statuses'],
  ['link', 'combine-types'],
  ['confirmed', 'approved'],
];

/**
 * The legs to pair when the two rows are an arrival-only row and a departure-only row, with their names for the
 * message ('S7 407 (23.11) и S7 406 (24.11)'), else null.
 */
function combinePair(
  rows: RaceRow[],
): { arrivalFlightId: number; departureFlightId: number; legs: string } | null {
  if (rows.length !== 2) return null;
  const arrival = rows.find((row) => row.arrival_flight_id !== null && row.departure_flight_id === null);
  const departure = rows.find((row) => row.departure_flight_id !== null && row.arrival_flight_id === null);
  if (!arrival || !departure) return null;
  return {
    arrivalFlightId: arrival.arrival_flight_id as number,
    departureFlightId: departure.departure_flight_id as number,
    legs: combinedLegs(arrival, departure),
  };
}

/** The filter lists, set once when all have answered (a list that failed stays empty): one header change, not five. */
function useFilterLists(): FilterLists {
  const [lists, setLists] = useState<FilterLists>({});
  useEffect(() => {
    let live = true;
    Promise.allSettled(LISTS.map(([, list]) => loadFilterList(list))).then((answers) => {
      if (!live) return;
      const loaded: FilterLists = {};
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') loaded[LISTS[i][0]] = answer.value;
      });
      setLists(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return lists;
}

/**
 * /race-newest (spec 2, 4, 8, 9): the flights of a period, one row per turnaround, filtered and sorted on the server;
 * rows chosen by click, ctrl-click, shift-click and keyboard; bulk actions through the flightActions machine; the
 * column set kept in sessionStorage; silent refresh on the live feed, keeping the choice and the scroll position.
 */
export default function Screen() {
  const grid = useGridActor(loadRaces, {
    perPage: ALL_ROWS,
    filterKeys: [...RACE_FILTER_KEYS],
    horizontalScroll: true,
  });
  const rows = useSelector(grid, (snapshot) => snapshot.context.items) as RaceRow[];
  const filters = useSelector(grid, (snapshot) => snapshot.context.filters);
  const reload = useCallback(() => grid.send({ type: 'GRID.RELOAD' }), [grid]);

  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const actions = useActorRef(
    flightActionsMachine.provide({
      actions: {
        reportChanged: () => reload(),
        // The rows of a divide or combine are chosen; the reload then keeps those in view (`keepShown`).
        reportPaired: (_, aids: number[]) =>
          setSelection({ selected: new Set(aids), anchor: aids[0] ?? null, active: aids[0] ?? null }),
        showMessage: (_, message: FlightMessage) => showAlert(message.text, message.tone),
        saveFile: (_, file: ExportedFile) => saveFile(file.blob, file.name),
      },
    }),
  );
  const busy = useSelector(actions, (snapshot) => snapshot.hasTag('busy'));
  const exporting = useSelector(actions, (snapshot) => snapshot.hasTag('exporting'));
  const { pairing, progress } = useSelector(actions, (snapshot) => snapshot.context);

  const [settings, setSettings] = useState<ColumnSetting[]>(() => readColumnSettings(sessionStorage));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const lists = useFilterLists();
  const columns = useMemo(() => gridColumns(settings, lists), [settings, lists]);

  const order = useMemo(() => rows.map((row) => row.aid), [rows]);
  useEffect(() => setSelection((current) => keepShown(current, order)), [order]);
  const chosenRows = useMemo(() => rows.filter((row) => selection.selected.has(row.aid)), [rows, selection]);
  const chosen = chosenRows.map((row) => row.aid);
  const activeRow = selection.active === null ? null : order.indexOf(selection.active);

  // Live refresh: changes to rows reload silently (the rows stay on screen, so do the choice and the scroll).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, REFRESH_DELAY_MS);
    };
    const stop = subscribeLiveFeed((notice) => ROW_ENTITIES.has(notice.entity) && later(), {
      // A first stream opened at once follows the screen's own load; any other ready (a reconnection, or a feed that
      // was down when the page opened) may have missed changes.
      onReady: ({ first }) => {
        if (!first) later();
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [reload]);

  // Today of the zone the user chose (the rows are in it), not of the browser.
  const today = instantToDay(new Date(), readTimeZone());
  const dateFrom = filters.find((filter) => filter.key === 'date_from')?.value || today;
  const dateTo = filters.find((filter) => filter.key === 'date_to')?.value || dateFrom;
  const range: DateRange = { from: defaultRange(dateFrom).from, to: defaultRange(dateTo).to };
  const onRange = (next: DateRange) => {
    grid.send({ type: 'FILTER.SET', key: 'date_from', value: next.from.slice(0, 10) });
    grid.send({ type: 'FILTER.SET', key: 'date_to', value: next.to.slice(0, 10) });
  };

  const onRowClick = useCallback(
    (row: RaceRow, _index: number, event: MouseEvent) => {
      setSelection((current) =>
        clickRow(current, order, row.aid, { ctrl: event.ctrlKey || event.metaKey, shift: event.shiftKey }),
      );
    },
    [order],
  );
  const isRowSelected = useCallback((row: RaceRow) => selection.selected.has(row.aid), [selection]);
  const navigate = useNavigate();
  const rowMenu = useCallback(
    (row: RaceRow): ContextMenuItem[] =>
      baggageMenu(row, (flightId) => navigate(`/baggage/flight/${flightId}`)),
    [navigate],
  );
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSelectionKey(event.key)) return;
    // Keys typed into a filter, a picker or a dialog are theirs.
    if (
      (event.target as HTMLElement).closest('input, textarea, select, button, [role=combobox], [role=dialog]')
    )
      return;
    if (event.key === 'a' && !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    setSelection((current) =>
      pressKey(current, order, event.key as Parameters<typeof pressKey>[2], {
        ctrl: event.ctrlKey || event.metaKey,
        shift: event.shiftKey,
      }),
    );
  };

  const single = chosenRows.length === 1 ? chosenRows[0] : null;
  const pair = combinePair(chosenRows);
  const none = chosen.length === 0;
  const send = actions.send;
  const pageActions = [
    { label: 'Настройка колонок', onClick: () => setSettingsOpen(true), variant: 'secondary' as const },
    {
      label: exporting ? 'Формируется файл…' : 'Выгрузить в Excel',
      disabled: busy,
      onClick: () =>
        send({
          type: 'EXPORT.START',
          request: {
            from: formatStamp(range.from, false),
            to: formatStamp(range.to, false),
            aids: none ? undefined : chosen,
            columns: shownColumns(settings),
            filters: Object.fromEntries(filters.map((filter) => [filter.key, filter.value])),
            sort: grid.getSnapshot().context.sort,
          },
        }),
    },
  ];

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} actions={pageActions}>
        {exporting ? (
          <span className="flight-table__progress" role="status">
            <progress
              aria-label="Формирование файла"
              max={progress.total ?? undefined}
              value={progress.total ? progress.received : undefined}
            />
            {progress.received > 0 ? ` ${Math.ceil(progress.received / 1024)} КБ` : ' Формируется файл…'}
          </span>
        ) : null}
      </PageTitle>
      <PageCard>
        <div className="flight-table__bar">
          <div className="flight-table__period">
            <DateRangePicker label="Период" value={range} onChange={onRange} limitDays={MAX_PERIOD_DAYS} />
          </div>
          <div className="flight-table__actions" role="toolbar" aria-label="Действия с выбранными рейсами">
            <span className="flight-table__count" role="status">
              Выбрано: {chosen.length}
            </span>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={busy || !pair}
              onClick={() => pair && send({ type: 'COMBINE.RUN', ...pair })}
            >
              Связать
            </button>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={
                busy || !single || single.arrival_flight_id === null || single.departure_flight_id === null
              }
              onClick={() =>
                single && send({ type: 'DIVIDE.REQUEST', aid: single.aid, legs: dividedLegs(single) })
              }
            >
              Разделить
            </button>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={busy || none}
              onClick={() => send({ type: 'TGO.OPEN', aids: chosen })}
            >
              Выбрать ТГО
            </button>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={busy || none}
              onClick={() => send({ type: 'EMPLOYEES.CHANGE', action: 'set-employees', aids: chosen })}
            >
              Назначить сотрудников
            </button>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={busy || none}
              onClick={() => send({ type: 'EMPLOYEES.CHANGE', action: 'set-desk-employees', aids: chosen })}
            >
              Назначить на стойки
            </button>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={busy || none}
              onClick={() => send({ type: 'EMPLOYEES.CHANGE', action: 'drop-employees', aids: chosen })}
            >
              Снять сотрудников
            </button>
            <button
              type="button"
              className="w-button w-button--danger"
              disabled={busy || none}
              onClick={() => send({ type: 'DELETE.REQUEST', aids: chosen })}
            >
              Удалить
            </button>
          </div>
        </div>
        {pairing.status === 'pending' || pairing.status === 'rejected' ? (
          <p className={`flight-table__pairing is-${pairing.status}`} role="status">
            {pairing.status === 'pending' ? 'Выполняется…' : pairing.message}
          </p>
        ) : null}
        <section
          className="flight-table__grid"
          tabIndex={0}
          aria-label="Таблица рейсов: стрелки, Shift, Ctrl+A и пробел выбирают строки"
          onKeyDown={onKeyDown}
        >
          <DataGridView<RaceRow>
            actorRef={grid}
            label={LABEL}
            columns={columns}
            pageSizes={[ALL_ROWS]}
            height="fill"
            rowHeight={36}
            isRowSelected={isRowSelected}
            onRowClick={onRowClick}
            contextMenu={rowMenu}
            activeRow={activeRow}
            windowColumns
          />
        </section>
      </PageCard>
      <ColumnSettingsDialog
        open={settingsOpen}
        settings={settings}
        onClose={() => setSettingsOpen(false)}
        onSave={(next) => {
          setSettings(next);
          writeColumnSettings(sessionStorage, next);
          setSettingsOpen(false);
        }}
      />
      <TgoDialog actor={actions} />
      <ConfirmDialogs actor={actions} />
    </Page>
  );
}

/** A row's menu: the rush-baggage page of its arrival and of its departure leg (a missing leg's item is disabled). */
function baggageMenu(row: RaceRow, open: (flightId: number) => void): ContextMenuItem[] {
  const item = (label: string, flightId: number | null): ContextMenuItem => ({
    label,
    disabled: flightId === null,
    onSelect: () => {
      if (flightId !== null) open(flightId);
    },
  });
  return [item('Багаж прилёта', row.arrival_flight_id), item('Багаж вылета', row.departure_flight_id)];
}
