import { VIP_DIRECTIONS, VIP_LINKS, type VipField, type VipLinkKey } from '../../shared/tariff-vip.ts';
import type { GridColumn, SelectOption } from '../../widgets/index.ts';
import type { VipReferences } from './api.ts';

const DASH = '—';

/** The yes/no filter: the grid sends yes as 1 and no as 0 (spec 2.4). */
const YES_NO: SelectOption[] = [
  { id: 'yes', name: 'Да', value: true },
  { id: 'no', name: 'Нет', value: false },
];

/**
 * A multi-value cell: the names joined by commas, or a dash when empty (spec 2.4).
 * Example: two airlines → 'Аэрофлот, Победа'; none → '—'.
 */
function joinedNames(row: VipField, list: VipLinkKey): string {
  const nested = VIP_LINKS[list].nested;
  const names = (row[list] as Record<string, unknown>[]).map(
    (entry) => (entry[nested] as { name: string }).name,
  );
  return names.length ? names.join(', ') : DASH;
}

/** The use_parent_access_type cell: yes, no, or a dash for null (spec 2.4). */
function yesNoDash(value: boolean | null): string {
  if (value === null) return DASH;
  return value ? 'Да' : 'Нет';
}

/** The choices of a link list: the fixed directions or the reference answered by the server. */
export function linkOptions(references: VipReferences | null, list: VipLinkKey): SelectOption[] {
  if (list === 'vipFieldDirection') return VIP_DIRECTIONS.map(({ id, name }) => ({ id, name }));
  return references?.[list] ?? [];
}

/** Spec 2.4's titles of the link columns where they differ from the form's labels. */
const COLUMN_TITLES: Partial<Record<VipLinkKey, string>> = {
  vipFieldPassengerCategory: 'Тип пассажира',
  vipFieldDirection: 'Направление рейса',
};

function linkColumn(list: VipLinkKey, references: VipReferences | null): GridColumn<VipField> {
  return {
    key: VIP_LINKS[list].idKey,
    title: COLUMN_TITLES[list] ?? VIP_LINKS[list].label,
    sortable: true,
    filterable: true,
    filterType: 'select',
    filterData: linkOptions(references, list),
    kind: 'render',
    render: (row) => {
      const text = joinedNames(row, list);
      return <span title={text}>{text}</span>;
    },
  };
}

/**
 * The grid's columns in spec 2.4's order; keys are the server's filter and sort keys (`VIP_FIELD_COLUMNS`).
 * `actions` is the last column (the row menu button) when the user may edit or delete.
 */
export function vipColumns(
  references: VipReferences | null,
  actions: GridColumn<VipField> | null,
): GridColumn<VipField>[] {
  const link = (list: VipLinkKey) => linkColumn(list, references);
  const columns: GridColumn<VipField>[] = [
    { key: 'name', title: 'Поле JSON', sortable: true, filterable: true, filterType: 'text', width: 180 },
    {
      key: 'description',
      title: 'Название',
      sortable: true,
      filterable: true,
      filterType: 'text',
      width: 220,
    },
    link('vipFieldServiceHalls'),
    link('vipFieldPassengerCategory'),
    link('vipFieldTravelClass'),
    link('vipFieldDirection'),
    link('vipFieldAviacompany'),
    link('vipFieldFlightClass'),
    link('vipFieldFlightType'),
    link('vipFieldHallAccessType'),
    {
      key: 'use_parent_access_type',
      title: 'Тип учёта',
      sortable: true,
      filterable: true,
      filterType: 'select',
      filterData: YES_NO,
      kind: 'render',
      render: (row) => yesNoDash(row.use_parent_access_type),
      width: 130,
    },
    link('vipFieldLoyaltyCardType'),
    link('vipFieldHallCardBankType'),
    link('vipFieldHallPayType'),
    {
      key: 'is_guest_count',
      title: 'Пассажир-гость',
      sortable: true,
      filterable: true,
      filterType: 'select',
      filterData: YES_NO,
      kind: 'render',
      render: (row) => yesNoDash(row.is_guest_count),
      width: 150,
    },
  ];
  return actions ? [...columns, actions] : columns;
}

/** Row colours (spec 2.4): fields counted as guests are tinted green, fields that follow the parent's access blue. */
export function vipRowColor(row: VipField): string | undefined {
  if (row.use_parent_access_type) return '#EAF2FD';
  if (row.is_guest_count) return '#EAF7EE';
  return undefined;
}
