import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { vipFieldModalMachine } from '../../machines/vipFieldModal.ts';
import { VIP_FIELD_COLUMNS, VIP_FIELD_PAGE_SIZES, type VipField } from '../../shared/tariff-vip.ts';
import {
  type ContextMenuItem,
  DataGridView,
  type GridColumn,
  Page,
  PageCard,
  PageTitle,
  useGridActor,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { loadVipFieldPage } from './api.ts';
import { vipColumns, vipRowColor } from './columns.tsx';
import { DeleteVipField } from './DeleteVipField.tsx';
import { RowActions } from './RowActions.tsx';
import { VipFieldModal } from './VipFieldModal.tsx';
import './tariffVip.css';

const TITLE = 'VIP-расчёты';

/** /tariff/vip-passenger (spec 2.4): the VIP fields grid, its add button and row menu by rule, the modals. */
export default function Screen() {
  const canCreate = useCan('tariff-vip-field-create');
  const canUpdate = useCan('tariff-vip-field-update');
  const canDelete = useCan('tariff-vip-field-delete');
  const grid = useGridActor(loadVipFieldPage, {
    perPage: 20,
    horizontalScroll: true,
    filterKeys: [...VIP_FIELD_COLUMNS],
  });
  const [logic] = useState(() =>
    vipFieldModalMachine.provide({ actions: { refreshList: () => grid.send({ type: 'GRID.RELOAD' }) } }),
  );
  const modal = useActorRef(logic);
  const references = useSelector(modal, (snapshot) => snapshot.context.references);
  const referencesFailed = useSelector(modal, (snapshot) => snapshot.hasTag('referencesFailed'));

  // needUpdate goes back to false once the list has loaded (spec 4.4).
  useEffect(() => {
    const subscription = grid.subscribe((snapshot) => {
      if (!snapshot.hasTag('loading') && modal.getSnapshot().context.needUpdate)
        modal.send({ type: 'LIST.LOADED' });
    });
    return () => subscription.unsubscribe();
  }, [grid, modal]);

  const hasActions = canUpdate || canDelete;
  const columns = useMemo(() => {
    const menu = (row: VipField): ContextMenuItem[] => [
      ...(canUpdate
        ? [{ label: 'Редактировать', onSelect: () => modal.send({ type: 'FORM.EDIT', id: row.id }) }]
        : []),
      ...(canDelete
        ? [
            {
              label: 'Удалить',
              danger: true,
              onSelect: () => modal.send({ type: 'DELETE.ASK', target: { id: row.id, name: row.name } }),
            },
          ]
        : []),
    ];
    const actions: GridColumn<VipField> = {
      key: 'actions',
      title: 'Действия',
      kind: 'render',
      width: 100,
      align: 'center',
      render: (row) => <RowActions label={`Действия: ${row.name}`} items={menu(row)} />,
    };
    return { list: vipColumns(references, hasActions ? actions : null), menu };
  }, [references, canUpdate, canDelete, hasActions, modal]);

  return (
    <Page label={TITLE}>
      <PageTitle
        title={TITLE}
        actions={canCreate ? [{ label: 'Добавить', onClick: () => modal.send({ type: 'FORM.ADD' }) }] : []}
      />
      <PageCard>
        {referencesFailed ? (
          <p role="alert" className="tariff-vip__error">
            Справочники не загрузились: фильтры и форма без вариантов выбора.{' '}
            <button
              type="button"
              className="w-button w-button--secondary"
              onClick={() => modal.send({ type: 'REFERENCES.RETRY' })}
            >
              Повторить
            </button>
          </p>
        ) : null}
        <DataGridView<VipField>
          actorRef={grid}
          label={TITLE}
          columns={columns.list}
          rowColor={vipRowColor}
          contextMenu={hasActions ? columns.menu : undefined}
          pageSizes={VIP_FIELD_PAGE_SIZES}
          height={520}
        />
      </PageCard>
      <VipFieldModal modal={modal} />
      <DeleteVipField modal={modal} />
    </Page>
  );
}
