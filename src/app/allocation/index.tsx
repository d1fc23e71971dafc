import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { allocationModalMachine } from '../../machines/allocationModal.ts';
import { ALLOCATION_PAGE_SIZES, ALLOCATION_PER_PAGE, type Allocation } from '../../shared/allocation.ts';
import {
  DataGridView,
  type GridColumn,
  Page,
  PageCard,
  PageTitle,
  useGridActor,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { AllocationModal } from './AllocationModal.tsx';
import { loadAllocationPage } from './api.ts';
import { allocationColumns, rowTitle } from './columns.tsx';
import { DeleteAllocation } from './DeleteAllocation.tsx';
import './allocation.css';

const TITLE = 'Аллокация подрядчиков';

/** /allocation (spec 2): the paged list (20 a page), its add button and row actions by rule, the modals. */
export default function Screen() {
  const canCreate = useCan('allocation-create');
  const canUpdate = useCan('allocation-update');
  const canDelete = useCan('allocation-delete');
  const grid = useGridActor(loadAllocationPage, { perPage: ALLOCATION_PER_PAGE });
  const [logic] = useState(() =>
    allocationModalMachine.provide({ actions: { refreshList: () => grid.send({ type: 'GRID.RELOAD' }) } }),
  );
  const modal = useActorRef(logic);
  const referencesFailed = useSelector(modal, (snapshot) => snapshot.hasTag('referencesFailed'));

  const columns = useMemo(() => {
    if (!canCreate && !canUpdate && !canDelete) return allocationColumns(null);
    const actions: GridColumn<Allocation> = {
      key: 'actions',
      title: 'Действия',
      kind: 'render',
      width: 260,
      align: 'center',
      render: (row) => {
        const name = rowTitle(row);
        return (
          <span className="allocation__actions">
            {canCreate ? (
              <button
                type="button"
                className="allocation__action"
                aria-label={`Создать на основе: ${name}`}
                onClick={() => modal.send({ type: 'MODAL.CREATE_ON_BASIS', id: row.id })}
              >
                На основе
              </button>
            ) : null}
            {canUpdate ? (
              <button
                type="button"
                className="allocation__action"
                aria-label={`Изменить: ${name}`}
                onClick={() => modal.send({ type: 'MODAL.EDIT', id: row.id })}
              >
                Изменить
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className="allocation__action"
                aria-label={`Удалить: ${name}`}
                onClick={() => modal.send({ type: 'DELETE.ASK', target: { id: row.id, name } })}
              >
                Удалить
              </button>
            ) : null}
          </span>
        );
      },
    };
    return allocationColumns(actions);
  }, [canCreate, canUpdate, canDelete, modal]);

  return (
    <Page label={TITLE}>
      <PageTitle
        title={TITLE}
        actions={
          canCreate ? [{ label: 'Добавить', onClick: () => modal.send({ type: 'MODAL.CREATE' }) }] : []
        }
      />
      <PageCard>
        {referencesFailed ? (
          <p role="alert" className="allocation__error">
            Подрядчики и типы коэффициентов не загрузились: форма без вариантов выбора.{' '}
            <button
              type="button"
              className="w-button w-button--secondary"
              onClick={() => modal.send({ type: 'REFERENCES.RETRY' })}
            >
              Повторить
            </button>
          </p>
        ) : null}
        <DataGridView<Allocation>
          actorRef={grid}
          label={TITLE}
          columns={columns}
          pageSizes={ALLOCATION_PAGE_SIZES}
          height={520}
        />
      </PageCard>
      <AllocationModal modal={modal} />
      <DeleteAllocation modal={modal} />
    </Page>
  );
}
