import { type Allocation, distanceText } from '../../shared/allocation.ts';
import type { GridColumn } from '../../widgets/index.ts';

const yesNo = (flag: boolean) => (flag ? 'Да' : 'Нет');
const number = new Intl.NumberFormat('ru', { maximumFractionDigits: 4 });

/** The coefficients of a row as the cell shows them. Example: 'Коэффициент приоритета: 1,5'; none → '—'. */
function coefsText(row: Allocation): string {
  if (row.coefs.length === 0) return '—';
  return row.coefs.map((coef) => `${coef.coef_type.name}: ${number.format(coef.value)}`).join('; ');
}

/** What a row is called in questions and button labels. Example: 'КХ-Перрон (ООО «Казань Хэндлинг»), 0–1500 м'. */
export function rowTitle(row: Allocation): string {
  return `${row.department.name} (${row.contractor.name}), ${distanceText(row.distance_range_set)}`;
}

const text = (value: string) => <span title={value}>{value}</span>;

/** The list's columns; the actions column comes last when the user may do anything with a row. */
export function allocationColumns(actions: GridColumn<Allocation> | null): GridColumn<Allocation>[] {
  const columns: GridColumn<Allocation>[] = [
    { key: 'id', title: '№', width: 70, kind: 'render', render: (row) => row.id },
    { key: 'contractor', title: 'Подрядчик', kind: 'render', render: (row) => text(row.contractor.name) },
    { key: 'department', title: 'Подразделение', kind: 'render', render: (row) => text(row.department.name) },
    {
      key: 'is_priority_set',
      title: 'Приоритет',
      width: 110,
      kind: 'render',
      render: (row) => yesNo(row.is_priority_set),
    },
    {
      key: 'is_provide_set',
      title: 'Обеспеченность',
      width: 140,
      kind: 'render',
      render: (row) => yesNo(row.is_provide_set),
    },
    {
      key: 'distance_range_set',
      title: 'Расстояние',
      width: 130,
      kind: 'render',
      render: (row) => distanceText(row.distance_range_set),
    },
    { key: 'coefs', title: 'Коэффициенты', kind: 'render', render: (row) => text(coefsText(row)) },
  ];
  return actions ? [...columns, actions] : columns;
}
