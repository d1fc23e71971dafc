import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { AUDIT_ACTIONS, type AuditEntry, auditEntityLabel } from '../../shared/audit.ts';
import { MAX_PERIOD_DAYS } from '../../shared/dates.ts';
import {
  DataGridView,
  DateRangePicker,
  type GridColumn,
  Modal,
  Page,
  PageCard,
  PageTitle,
  Select,
  TextInput,
  useGridActor,
} from '../../widgets/index.ts';
import { readTimeZone } from '../api/storage.ts';
import { type AuditChoices, loadAuditChoices, loadAuditPage } from './api.ts';
import { auditTime, changeLines, changeSummary, recordText } from './change.ts';
import './audit.css';

const TITLE = 'Журнал изменений';
const FILTER_KEYS = ['user_id', 'entity', 'entity_id', 'from', 'to'];
const PAGE_SIZES = [20, 50, 100] as const;

const userText = (entry: AuditEntry) => (entry.user ? `${entry.user.name} (${entry.user.login})` : 'Система');

/** /audit (issue 17): every recorded write, newest first, filtered by user, table, row and period; a row's change in a modal. */
export default function Screen() {
  const grid = useGridActor(loadAuditPage, { perPage: 50, filterKeys: FILTER_KEYS });
  const filters = useSelector(grid, (snapshot) => snapshot.context.filters);
  const [choices, setChoices] = useState<AuditChoices>({ entities: [], users: [] });
  const [choicesFailed, setChoicesFailed] = useState(false);
  const [shown, setShown] = useState<AuditEntry | null>(null);
  // The frame reloads the page when the zone changes: timestamps in a change read in the zone chosen now.
  const [zone] = useState(readTimeZone);

  useEffect(() => {
    let live = true;
    loadAuditChoices().then(
      (loaded) => live && setChoices(loaded),
      () => live && setChoicesFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const filter = (key: string) => filters.find((item) => item.key === key)?.value ?? '';
  const setFilter = (key: string, value: string) =>
    grid.send(value === '' ? { type: 'FILTER.REMOVE', key } : { type: 'FILTER.SET', key, value });
  const from = filter('from');
  const to = filter('to');

  const userOptions = useMemo(
    () => choices.users.map((user) => ({ id: user.id, name: user.name, subtitle: user.login })),
    [choices.users],
  );
  const entityOptions = useMemo(
    () =>
      choices.entities.map((entity) => ({ id: entity.entity, name: entity.label, subtitle: entity.entity })),
    [choices.entities],
  );

  const columns = useMemo<GridColumn<AuditEntry>[]>(
    () => [
      { key: 'at', title: 'Время', width: 150, kind: 'render', render: (row) => auditTime(row.at) },
      {
        key: 'user',
        title: 'Пользователь',
        width: 210,
        kind: 'render',
        render: (row) => <span title={userText(row)}>{userText(row)}</span>,
      },
      {
        key: 'action',
        title: 'Действие',
        width: 100,
        kind: 'render',
        render: (row) => AUDIT_ACTIONS[row.action],
      },
      {
        key: 'entity',
        title: 'Таблица',
        width: 200,
        kind: 'render',
        render: (row) => <span title={row.entity}>{auditEntityLabel(row.entity)}</span>,
      },
      // The row by its name where the answer has one; a long one is cut, the tooltip and the modal's title hold it.
      {
        key: 'entity_id',
        title: 'Запись',
        grow: 1,
        kind: 'render',
        render: (row) => <span title={recordText(row)}>{recordText(row)}</span>,
      },
      {
        key: 'change',
        title: 'Изменение',
        grow: 2,
        kind: 'render',
        render: (row) => {
          const summary = changeSummary(row, zone);
          return (
            <button
              type="button"
              className="audit__change"
              title={summary}
              aria-label={`Подробно: ${AUDIT_ACTIONS[row.action]}, ${auditEntityLabel(row.entity)} ${recordText(row)}`}
              onClick={() => setShown(row)}
            >
              {summary}
            </button>
          );
        },
      },
    ],
    [zone],
  );

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} />
      <PageCard>
        <div className="audit__filters">
          <Select
            label="Пользователь"
            options={userOptions}
            value={filter('user_id') === '' ? null : Number(filter('user_id'))}
            onChange={(id) => setFilter('user_id', id === null ? '' : String(id))}
            searchable
            clearable
            placeholder="Все"
          />
          <Select
            label="Таблица"
            options={entityOptions}
            value={filter('entity') || null}
            onChange={(id) => setFilter('entity', id === null ? '' : String(id))}
            searchable
            clearable
            placeholder="Все"
          />
          <TextInput
            label="Запись (ключ)"
            value={filter('entity_id')}
            onChange={(value) => setFilter('entity_id', value.trim())}
            placeholder="Любая"
          />
          <DateRangePicker
            label="Период"
            value={from && to ? { from: `${from} 00:00`, to: `${to} 23:59` } : null}
            onChange={(range) => {
              setFilter('from', range.from.slice(0, 10));
              setFilter('to', range.to.slice(0, 10));
            }}
            limitDays={MAX_PERIOD_DAYS}
            placeholder="Последние 7 дней"
          />
          {from || to ? (
            <button
              type="button"
              className="w-button w-button--secondary audit__reset"
              onClick={() => {
                setFilter('from', '');
                setFilter('to', '');
              }}
            >
              Последние 7 дней
            </button>
          ) : null}
        </div>
        {choicesFailed ? (
          <p role="alert" className="audit__error">
            Списки пользователей и таблиц не загрузились: фильтры без вариантов выбора.
          </p>
        ) : null}
        <DataGridView<AuditEntry>
          actorRef={grid}
          label={TITLE}
          columns={columns}
          pageSizes={PAGE_SIZES}
          height="fill"
        />
      </PageCard>
      <ChangeModal entry={shown} zone={zone} onClose={() => setShown(null)} />
    </Page>
  );
}

/** The change of one entry as a table: column, before, after (an insert has no before, a delete no after). */
function ChangeModal({
  entry,
  zone,
  onClose,
}: {
  entry: AuditEntry | null;
  zone: string;
  onClose: () => void;
}) {
  const lines = entry ? changeLines(entry, zone) : [];
  const title = entry
    ? `${AUDIT_ACTIONS[entry.action]}: ${auditEntityLabel(entry.entity)}, запись ${recordText(entry)}`
    : '';
  return (
    <Modal
      open={entry !== null}
      title={title}
      onClose={onClose}
      width={760}
      footer={
        <button type="button" className="w-button w-button--secondary" onClick={onClose}>
          Закрыть
        </button>
      }
    >
      {entry ? (
        <>
          <p className="audit__who">
            {auditTime(entry.at)}, {userText(entry)}
          </p>
          <table className="audit__table">
            <caption className="audit__caption">Изменённые поля</caption>
            <thead>
              <tr>
                <th scope="col">Поле</th>
                {entry.action === 'insert' ? null : <th scope="col">Было</th>}
                {entry.action === 'delete' ? null : <th scope="col">Стало</th>}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.column}>
                  <th scope="row" title={line.column}>
                    {line.label}
                    {line.label === line.column ? null : <span className="audit__column">{line.column}</span>}
                  </th>
                  {line.before === null ? null : <td className="audit__before">{line.before}</td>}
                  {line.after === null ? null : <td className="audit__after">{line.after}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </Modal>
  );
}
