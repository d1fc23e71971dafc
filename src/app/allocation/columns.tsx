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

/**
 * The list's columns; the actions column comes last when the user may do anything with a row. The id, department
 * (a short name, `КХ-Перрон`), yes/no and distance columns are as wide as their titles and values need (Roboto 14 px,
 * 8 px padding each side); the contractor has room for the demo's longest name («ООО «Казань Хэндлинг»», 175 px)
 * and more, the coefficients 180 px: a longer list ends in «…» with the whole list as its tooltip. Together about
 * 1110 px, the grid's width at 1440; narrower, the grid scrolls sideways rather than cut the contractor.
 */
export function allocationColumns(actions: GridColumn<Allocation> | null): GridColumn<Allocation>[] {
  const columns: GridColumn<Allocation>[] = [
    { key: 'id', title: '№', width: 40, kind: 'render', render: (row) => row.id },
    {
      key: 'contractor',
      title: 'Подрядчик',
      width: 200,
      kind: 'render',
      render: (row) => text(row.contractor.name),
    },
    {
      key: 'department',
      title: 'Подразделение',
      width: 122,
      kind: 'render',
      render: (row) => text(row.department.name),
    },
    {
      key: 'is_priority_set',
      title: 'Приоритет',
      width: 88,
      kind: 'render',
      render: (row) => yesNo(row.is_priority_set),
    },
    {
      key: 'is_provide_set',
      title: 'Обеспеченность',
      width: 128,
      kind: 'render',
      render: (row) => yesNo(row.is_provide_set),
    },
    {
      key: 'distance_range_set',
      title: 'Расстояние',
      width: 106,
      kind: 'render',
      render: (row) => text(distanceText(row.distance_range_set)),
    },
    {
      key: 'coefs',
      title: 'Коэффициенты',
      width: 180,
      kind: 'render',
      render: (row) => text(coefsText(row)),
    },
  ];
  return actions ? [...columns, actions] : columns;
}
