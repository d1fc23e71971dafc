import type { Calc } from '../../shared/tariff-calc.ts';
import type { GridColumn, SelectOption } from '../../widgets/index.ts';

/** Names joined by commas, or a dash when there are none. Example: `joined(['А', 'Б'])` is 'А, Б'. */
function joined(names: readonly (string | null | undefined)[]): string {
  const shown = [...new Set(names.filter((name): name is string => Boolean(name)))];
  return shown.length ? shown.join(', ') : '—';
}

type Column = GridColumn<Calc>;

/** A text column of the grid: sortable and filterable under its key (spec 2.5, shared keys of the server). */
function textColumn(key: string, title: string, value: (row: Calc) => string, width?: number): Column {
  return {
    key,
    title,
    sortable: true,
    filterable: true,
    filterType: 'text',
    kind: 'render',
    render: (row) => <span title={value(row)}>{value(row)}</span>,
    width,
  };
}

/** Every column of spec 2.5; calc type and units filter by a select of their reference lists. */
export function calcColumns(calcTypes: SelectOption[], formats: SelectOption[]): Column[] {
  return [
    { key: 'serial', title: '№', kind: 'serial', width: 56 },
    textColumn('name_ru', 'Услуга', (row) => row.service.name_ru, 200),
    textColumn('name_en', 'Услуга (англ.)', (row) => row.service.name_en ?? '—', 180),
    textColumn('id_1c', 'Мнемокод', (row) => row.service.id_1c, 120),
    textColumn('start_job', 'Тарифицируемая работа', (row) =>
      joined(row.calcJob.map((entry) => entry.start_job.name)),
    ),
    textColumn('end_job', 'Завершающая работа', (row) =>
      joined(row.calcJob.map((entry) => entry.end_job?.name)),
    ),
    textColumn('med_service', 'Медицинские услуги', (row) =>
      joined(row.calcMedService.map((item) => item.med_service.name)),
    ),
    textColumn('vip_service', 'VIP', (row) =>
      joined(row.calcVipService.map((item) => item.vip_service.name)),
    ),
    {
      key: 'calc_type',
      title: 'Расчёт',
      sortable: true,
      filterable: true,
      filterType: 'select',
      filterData: calcTypes,
      kind: 'render',
      render: (row) => row.calc_type.name,
      width: 150,
    },
    {
      key: 'format',
      title: 'Единицы',
      sortable: true,
      filterable: true,
      filterType: 'select',
      filterData: formats,
      kind: 'render',
      render: (row) => row.format.name_full,
      width: 140,
    },
    textColumn('job_indicator', 'Показатель работы', (row) =>
      joined(row.calcJob.map((entry) => entry.job_indicator?.indicator_name)),
    ),
    textColumn('employee_position', 'Позиция проверки', (row) =>
      joined(row.calcEmployeePosition.map((item) => item.name)),
    ),
    textColumn('resource_type', 'Тип проверки', (row) =>
      joined(row.calcResourceType.map((item) => item.name)),
    ),
    textColumn('resource', 'Ресурс проверки', (row) => joined(row.calcResource.map((item) => item.name))),
  ];
}
