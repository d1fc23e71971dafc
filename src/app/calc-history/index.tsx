import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { calcHistoryMachine } from '../../machines/calcHistory.ts';
import { CALC_NAME_MAX, CALC_PER_PAGE, type CalcItem } from '../../shared/planning-calc.ts';
import {
  DataGridView,
  ErrorPopup,
  type GridColumn,
  Modal,
  Page,
  PageCard,
  PageTitle,
  useGridActor,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { loadCalcPage } from './api.ts';
import './calc-history.css';
import { useRenameFocus } from './renameFocus.ts';

const TITLE = 'Сохранённые расчёты';

type HistoryRef = ActorRefFrom<typeof calcHistoryMachine>;

/** 'DD.MM.YYYY' of 'YYYY-MM-DD…'. */
const day = (stamp: string) => `${stamp.slice(8, 10)}.${stamp.slice(5, 7)}.${stamp.slice(0, 4)}`;

/** The rename form's id: its input sits in the name cell, its buttons in the actions cell of the same row. */
const renameForm = (id: number) => `calc-rename-${id}`;
/** The rename's message, above the grid (a 44 px row has no room under the input). */
const RENAME_ERROR_ID = 'calc-rename-error';

/**
 * The name cell: a link to the schedule (plain text for a user who may not open it), or the inline rename input of
 * the row being renamed (Enter saves, Escape cancels).
 */
function NameCell({ row, history, linked }: { row: CalcItem; history: HistoryRef; linked: boolean }) {
  const editing = useSelector(history, (s) => (s.context.editing?.id === row.id ? s.context.editing : null));
  const error = useSelector(history, (s) => (s.context.editing?.id === row.id ? s.context.nameError : null));
  const saving = useSelector(history, (s) => s.hasTag('saving') && s.context.editing?.id === row.id);
  if (!editing)
    return linked ? (
      <Link className="calc-history__text" to={`/shift-schedules/${row.id}`} title={row.name}>
        {row.name}
      </Link>
    ) : (
      <span className="calc-history__text" title={row.name}>
        {row.name}
      </span>
    );
  return (
    <form
      id={renameForm(row.id)}
      className="calc-history__name"
      onSubmit={(event) => {
        event.preventDefault();
        history.send({ type: 'RENAME.SAVE' });
      }}
    >
      <input
        aria-label={`Новое название: ${row.name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? RENAME_ERROR_ID : undefined}
        autoFocus
        maxLength={CALC_NAME_MAX + 50}
        value={editing.name}
        disabled={saving}
        onChange={(event) => history.send({ type: 'RENAME.CHANGE', name: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') history.send({ type: 'RENAME.CANCEL' });
        }}
      />
    </form>
  );
}

/** The actions of a row: the vacation planner, rename and delete by rule; the rename's buttons while it is renamed. */
function ActionsCell({
  row,
  history,
  canUpdate,
  canDelete,
}: {
  row: CalcItem;
  history: HistoryRef;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const editing = useSelector(history, (s) => s.context.editing?.id === row.id);
  const saving = useSelector(history, (s) => s.hasTag('saving') && s.context.editing?.id === row.id);
  if (editing)
    return (
      <span className="calc-history__actions">
        <button type="submit" form={renameForm(row.id)} className="calc-history__action" disabled={saving}>
          Сохранить
        </button>
        <button
          type="button"
          className="calc-history__action"
          onClick={() => history.send({ type: 'RENAME.CANCEL' })}
        >
          Отмена
        </button>
      </span>
    );
  return (
    <span className="calc-history__actions">
      <Link className="calc-history__action" to={`/planning-vacation/${row.id}`}>
        Отпуска
      </Link>
      {canUpdate ? (
        <button
          type="button"
          className="calc-history__action"
          aria-label={`Переименовать: ${row.name}`}
          // Focus comes back here when the row's rename ends (renameFocus.ts).
          data-rename-id={row.id}
          onClick={() =>
            history.send({ type: 'RENAME.START', id: row.id, name: row.name, version: row.version })
          }
        >
          Переименовать
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          className="calc-history__action"
          aria-label={`Удалить: ${row.name}`}
          onClick={() => history.send({ type: 'DELETE.ASK', id: row.id, name: row.name })}
        >
          Удалить
        </button>
      ) : null}
    </span>
  );
}

/** The rename's refusal (a blank or long name, another user's rename first), named after the row being renamed. */
function RenameError({ history }: { history: HistoryRef }) {
  const error = useSelector(history, (s) => s.context.nameError);
  if (!error) return null;
  return (
    <p id={RENAME_ERROR_ID} role="alert" className="calc-history__rename-error">
      {error}
    </p>
  );
}

/** /planning-calc-history (spec 2): saved calculations, 20 a page; rename inline and delete by rule. */
export default function Screen() {
  const canUpdate = useCan('calc-update');
  const canDelete = useCan('calc-delete');
  // The rule of the route /shift-schedules/{id}; the list needs only calc-index. The planner's route needs none.
  const canOpenSchedule = useCan('strategic-planning-index');
  const grid = useGridActor(loadCalcPage, { perPage: CALC_PER_PAGE, filterKeys: ['name'] });
  const [logic] = useState(() =>
    calcHistoryMachine.provide({ actions: { refreshList: () => grid.send({ type: 'GRID.RELOAD' }) } }),
  );
  const history = useActorRef(logic);
  useRenameFocus(history, grid);
  const target = useSelector(history, (s) => s.context.target);
  const confirming = useSelector(history, (s) => s.hasTag('confirming'));
  const deleting = useSelector(history, (s) => s.hasTag('confirming') && s.hasTag('saving'));
  const deleteError = useSelector(history, (s) => s.context.deleteError);

  const columns = useMemo<GridColumn<CalcItem>[]>(
    () => [
      {
        key: 'name',
        title: 'Название',
        sortable: true,
        filterable: true,
        grow: 2,
        kind: 'render',
        render: (row) => <NameCell row={row} history={history} linked={canOpenSchedule} />,
      },
      {
        key: 'created_at',
        title: 'Создан',
        sortable: true,
        width: 140,
        kind: 'render',
        render: (row) => `${day(row.created_at)} ${row.created_at.slice(11, 16)}`,
      },
      {
        key: 'period',
        title: 'Период',
        width: 190,
        kind: 'render',
        render: (row) => `${day(row.begin)} – ${day(row.end)}`,
      },
      {
        key: 'positions',
        title: 'Должности',
        kind: 'render',
        render: (row) => (
          <span className="calc-history__text" title={row.positions.join(', ')}>
            {row.positions.join(', ') || '—'}
          </span>
        ),
      },
      { key: 'author', title: 'Автор', width: 150, kind: 'render', render: (row) => row.author ?? '—' },
      {
        key: 'actions',
        title: 'Действия',
        width: 250,
        align: 'center',
        kind: 'render',
        render: (row) => (
          <ActionsCell row={row} history={history} canUpdate={canUpdate} canDelete={canDelete} />
        ),
      },
    ],
    [canUpdate, canDelete, canOpenSchedule, history],
  );

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} />
      <PageCard>
        <RenameError history={history} />
        <DataGridView<CalcItem> actorRef={grid} label={TITLE} columns={columns} height={560} rowHeight={44} />
      </PageCard>
      <Modal
        open={confirming}
        role="alertdialog"
        title="Удалить расчёт?"
        width={560}
        disabled={deleting}
        submitDisabled={deleting}
        submitLabel="Удалить"
        onClose={() => history.send({ type: 'DELETE.CANCEL' })}
        onSubmit={() => history.send({ type: 'DELETE.CONFIRM' })}
      >
        <p style={{ margin: 0 }}>
          «{target?.name}». Расчёт и его план отпусков будут удалены без возможности восстановления.
        </p>
      </Modal>
      <ErrorPopup
        open={deleteError !== null}
        title="Расчёт не удалён"
        message={deleteError ?? ''}
        onClose={() => history.send({ type: 'ERROR.CLOSE' })}
      />
    </Page>
  );
}
