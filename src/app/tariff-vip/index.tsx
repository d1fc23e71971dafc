import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { vipFieldModalMachine } from '../../machines/vipFieldModal.ts';
import { VIP_FIELD_COLUMNS, VIP_FIELD_PAGE_SIZES, type VipField } from '../../shared/tariff-vip.ts';
import {
  type ContextMenuItem,
  DataGridView,
  type GridColumn,
  RowModalPage,
  useGridActor,
  useRowModalList,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { loadVipFieldPage } from './api.ts';
import { vipColumns, vipRowColor } from './columns.tsx';
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
  const modal = useActorRef(vipFieldModalMachine);
  // needUpdate goes back to false once the list has loaded (spec 4.4).
  useRowModalList(modal, grid);
  const references = useSelector(modal, (snapshot) => snapshot.context.references);

  const hasActions = canUpdate || canDelete;
  const columns = useMemo(() => {
    const menu = (row: VipField): ContextMenuItem[] => [
      ...(canUpdate
        ? [
            {
              label: 'Редактировать',
              onSelect: () => modal.send({ type: 'MODAL.OPEN', modalType: 'edit', id: row.id }),
            },
          ]
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
      pin: 'right',
      align: 'center',
      render: (row) => <RowActions label={`Действия: ${row.name}`} items={menu(row)} />,
    };
    return { list: vipColumns(references, hasActions ? actions : null), menu };
  }, [references, canUpdate, canDelete, hasActions, modal]);

  return (
    <RowModalPage
      title={TITLE}
      modal={modal}
      canCreate={canCreate}
      referencesMessage="Справочники не загрузились: фильтры и форма без вариантов выбора."
      deletion={{
        title: (name) => `Вы уверены, что хотите удалить поле «${name}»?`,
        text: () => 'Расчёт будет удалён без возможности восстановления.',
        failureTitles: { delete: 'Ошибка удаления' },
      }}
      dialog={<VipFieldModal modal={modal} />}
    >
      <DataGridView<VipField>
        actorRef={grid}
        label={TITLE}
        columns={columns.list}
        rowColor={vipRowColor}
        contextMenu={hasActions ? columns.menu : undefined}
        pageSizes={VIP_FIELD_PAGE_SIZES}
        height="fill"
      />
    </RowModalPage>
  );
}
