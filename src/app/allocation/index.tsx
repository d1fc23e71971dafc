import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { ALLOCATION_ERROR_TITLES, allocationModalMachine } from '../../machines/allocationModal.ts';
import { ALLOCATION_PAGE_SIZES, ALLOCATION_PER_PAGE, type Allocation } from '../../shared/allocation.ts';
import {
  DataGridView,
  type GridColumn,
  RowModalPage,
  useGridActor,
  useRowModalList,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { AllocationModal } from './AllocationModal.tsx';
import { loadAllocationPage } from './api.ts';
import { allocationColumns, rowTitle } from './columns.tsx';
import './allocation.css';

const TITLE = 'Аллокация подрядчиков';

/** /allocation (spec 2): the paged list (20 a page), its add button and row actions by rule, the modals. */
export default function Screen() {
  const canCreate = useCan('allocation-create');
  const canUpdate = useCan('allocation-update');
  const canDelete = useCan('allocation-delete');
  // Sideways below about 1440 px, so the contractor keeps its room instead of being cut (see allocationColumns).
  const grid = useGridActor(loadAllocationPage, { perPage: ALLOCATION_PER_PAGE, horizontalScroll: true });
  const modal = useActorRef(allocationModalMachine);
  useRowModalList(modal, grid);

  const columns = useMemo(() => {
    if (!canCreate && !canUpdate && !canDelete) return allocationColumns(null);
    const actions: GridColumn<Allocation> = {
      key: 'actions',
      title: 'Действия',
      kind: 'render',
      // Three buttons of 13 px text (6 px padding) with their gaps and the cell's padding.
      width: 248,
      pin: 'right',
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
                onClick={() => modal.send({ type: 'MODAL.OPEN', modalType: 'createOnBasis', id: row.id })}
              >
                На основе
              </button>
            ) : null}
            {canUpdate ? (
              <button
                type="button"
                className="allocation__action"
                aria-label={`Изменить: ${name}`}
                onClick={() => modal.send({ type: 'MODAL.OPEN', modalType: 'edit', id: row.id })}
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
    <RowModalPage
      title={TITLE}
      modal={modal}
      canCreate={canCreate}
      referencesMessage="Подрядчики и типы коэффициентов не загрузились: форма без вариантов выбора."
      deletion={{
        title: () => 'Удалить настройку аллокации?',
        text: (name) => `${name}. Настройка будет удалена без возможности восстановления.`,
        failureTitles: ALLOCATION_ERROR_TITLES,
      }}
      dialog={<AllocationModal modal={modal} />}
    >
      <DataGridView<Allocation>
        actorRef={grid}
        label={TITLE}
        columns={columns}
        pageSizes={ALLOCATION_PAGE_SIZES}
        height="fill"
      />
    </RowModalPage>
  );
}
