import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { calcModalMachine } from '../../machines/calcModal.ts';
import { calcDeleteMachine } from '../../machines/calcModalDelete.ts';
import type { Calc } from '../../shared/tariff-calc.ts';
import {
  type ContextMenuItem,
  DataGridView,
  type GridColumn,
  Page,
  PageCard,
  PageTitle,
  ReferencesFailed,
  useGridActor,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { loadCalcPage } from './api.ts';
import { CalcModal } from './CalcModal.tsx';
import { calcColumns } from './columns.tsx';
import { DeleteCalc } from './DeleteCalc.tsx';
import { BinIcon, EditIcon } from './RowIcons.tsx';
import { asOptions } from './useCalcModal.ts';
import './tariffCalc.css';

const TITLE = 'Расчёты услуг';

/** /tariff/service (spec 2.5): the calc grid, the calc modal and the delete flow; actions by rule. */
export default function TariffCalcScreen() {
  const canCreate = useCan('tariff-calc-create');
  const canUpdate = useCan('tariff-calc-update');
  const canDelete = useCan('tariff-calc-delete');
  const modal = useActorRef(calcModalMachine);
  const deletion = useActorRef(calcDeleteMachine);
  const refs = useSelector(modal, (snapshot) => snapshot.context.refs);
  // Row edits asked before the lists are in wait for them in the machine; adding waits here.
  const ready = useSelector(
    modal,
    (snapshot) => !snapshot.hasTag('loadingReferences') && !snapshot.hasTag('referencesFailed'),
  );
  // Fourteen columns do not fit a screen: they keep their width and the grid scrolls sideways.
  const grid = useGridActor(loadCalcPage, {
    horizontalScroll: true,
    filterKeys: calcColumns([], [])
      .filter((column) => column.filterable)
      .map((column) => column.key),
  });

  useEffect(() => {
    const saved = modal.on('CALC.SAVED', () => grid.send({ type: 'GRID.RELOAD' }));
    const deleted = deletion.on('GRID.REFRESH', () => grid.send({ type: 'GRID.RELOAD' }));
    return () => {
      saved.unsubscribe();
      deleted.unsubscribe();
    };
  }, [modal, deletion, grid]);

  const actions = (row: Calc): ContextMenuItem[] => [
    ...(canUpdate
      ? [{ label: 'Редактировать', onSelect: () => modal.send({ type: 'CALC.EDIT', id: row.id }) }]
      : []),
    ...(canDelete
      ? [
          {
            label: 'Удалить',
            danger: true,
            onSelect: () =>
              deletion.send({ type: 'DELETE.ASK', calc: { id: row.id, name: row.service.name_ru } }),
          },
        ]
      : []),
  ];

  const columns = useMemo<GridColumn<Calc>[]>(() => {
    const base = calcColumns(
      asOptions(refs.calcTypes),
      refs.formats.map((item) => ({ id: item.id, name: item.name_full })),
    );
    if (!canUpdate && !canDelete) return base;
    const rowActions: GridColumn<Calc> = {
      key: 'actions',
      title: 'Действия',
      kind: 'render',
      width: 96,
      pin: 'right',
      render: (row) => (
        <span className="calc-row-actions">
          {canUpdate ? (
            <button
              type="button"
              className="calc-row-actions__button"
              aria-label={`Редактировать «${row.service.name_ru}»`}
              title="Редактировать"
              onClick={() => modal.send({ type: 'CALC.EDIT', id: row.id })}
            >
              <EditIcon />
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className="calc-row-actions__button calc-row-actions__button--danger"
              aria-label={`Удалить «${row.service.name_ru}»`}
              title="Удалить"
              onClick={() =>
                deletion.send({ type: 'DELETE.ASK', calc: { id: row.id, name: row.service.name_ru } })
              }
            >
              <BinIcon />
            </button>
          ) : null}
        </span>
      ),
    };
    return [...base, rowActions];
  }, [refs, canUpdate, canDelete, modal, deletion]);

  return (
    <Page label={TITLE}>
      <PageTitle
        title={TITLE}
        actions={
          canCreate
            ? [
                {
                  label: 'Добавить расчёт',
                  onClick: () => modal.send({ type: 'CALC.ADD' }),
                  disabled: !ready,
                },
              ]
            : []
        }
      />
      <PageCard>
        <ReferencesFailed
          modal={modal}
          message="Справочники не загрузились: расчёт нельзя добавить или изменить, фильтры без вариантов выбора."
        />
        <DataGridView<Calc>
          actorRef={grid}
          label={TITLE}
          columns={columns}
          contextMenu={canUpdate || canDelete ? actions : undefined}
          pageSizes={[5, 10, 15, 20, 50]}
          height="fill"
        />
      </PageCard>
      <CalcModal actor={modal} />
      <DeleteCalc actor={deletion} />
    </Page>
  );
}
