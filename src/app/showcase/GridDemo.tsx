import { useMemo } from 'react';
import {
  createLoadPage,
  DataGrid,
  type FilterParam,
  type GridColumn,
  Page,
  PageCard,
  PageTitle,
  showAlert,
} from '../../widgets/index.ts';
import { api } from '../api/clients.ts';
import { type BigRow, bigRows, memoryLoadPage } from './bigRows.ts';

/** An airline as GET /aviacompany answers it. */
export interface Airline {
  id: number;
  name_ru: string;
  name_en: string;
  iata_code: string | null;
  icao_code: string | null;
  sirena_code: string | null;
  code: string | null;
}

/** The airline search of spec (planning 7): `filter[or][][name_ru][like]=…`. */
const likeFilter: FilterParam = (key, value) => ({ [`filter[or][][${key}][like]`]: value });

const loadAirlines = createLoadPage<Airline>(api, '/aviacompany', { filterParam: likeFilter });

/** Sortable only where GET /aviacompany offers the sort (id, name_ru, iata_code, icao_code); others are a 400. */
const AIRLINE_COLUMNS: GridColumn<Airline>[] = [
  { key: 'serial', title: '№', kind: 'serial', width: 64 },
  { key: 'name_ru', title: 'Название', sortable: true, filterable: true, filterType: 'text' },
  { key: 'name_en', title: 'Название (англ.)', filterable: true, filterType: 'text' },
  { key: 'iata_code', title: 'IATA', sortable: true, filterable: true, filterType: 'text', width: 110 },
  { key: 'icao_code', title: 'ICAO', sortable: true, filterable: true, filterType: 'text', width: 110 },
  { key: 'sirena_code', title: 'Сирена', filterable: true, filterType: 'text', width: 110 },
  { key: 'code', title: 'Код', width: 90 },
];

const BIG_COLUMNS: GridColumn<BigRow>[] = [
  { key: 'serial', title: '№', kind: 'serial', width: 90 },
  { key: 'flight', title: 'Рейс', sortable: true },
  { key: 'stand', title: 'Стоянка', sortable: true },
  { key: 'tasks', title: 'Задач', kind: 'number', sortable: true },
  {
    key: 'late',
    title: 'Задержка',
    kind: 'icon',
    icon: (row) => (row.late ? <span title="Задержан">⚠</span> : null),
  },
];

/** /react_app/grid: airlines from the server, then 50,000 generated rows in the virtualised body. */
export function GridDemo() {
  const rows = useMemo(() => bigRows(50_000), []);
  const loadBig = useMemo(() => memoryLoadPage(rows), [rows]);
  return (
    <Page label="Таблица данных">
      <PageTitle title="Таблица данных" />
      <PageCard title="Авиакомпании">
        <DataGrid<Airline>
          label="Авиакомпании"
          columns={AIRLINE_COLUMNS}
          loadPage={loadAirlines}
          pageSizes={[5, 10, 15, 20, 50]}
          rowColor={(row) => (row.iata_code ? undefined : '#FDECEC')}
          contextMenu={(row) => [
            {
              label: 'Показать коды',
              onSelect: () => showAlert(`${row.name_ru}: ${row.iata_code ?? '—'} / ${row.icao_code ?? '—'}`),
            },
          ]}
          height={420}
        />
      </PageCard>
      <PageCard title="50 000 строк">
        <DataGrid<BigRow>
          label="50 000 строк"
          columns={BIG_COLUMNS}
          loadPage={loadBig}
          perPage={50_000}
          pageSizes={[100, 1_000, 50_000]}
          syncQuery={false}
          rowColor={(row) => (row.late ? '#FFF4E5' : undefined)}
          height={480}
          rowHeight={36}
        />
      </PageCard>
    </Page>
  );
}
