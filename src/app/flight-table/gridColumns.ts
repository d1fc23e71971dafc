import {
  type ColumnSetting,
  RACE_LIST_FILTERS,
  RACE_TEXT_FILTERS,
  type RaceFilterItem,
  type RaceRow,
} from '../../shared/flight-table.ts';
import type { GridColumn } from '../../widgets/index.ts';

/** The race-filter lists the select filters take their choices from, by column key. */
export type FilterLists = Partial<
  Record<'direction' | 'type' | 'status' | 'link' | 'confirmed', RaceFilterItem[]>
>;

/** Widths in px of the columns that need other than the 120 px default. */
const WIDTHS: Partial<Record<ColumnSetting['key'], number>> = {
  flight: 170,
  date: 110,
  // A paired row's times may carry a day on both legs: '24.11 00:31 / 24.11 01:05' must fit whole.
  plan: 190,
  calculated: 190,
  fact: 190,
  direction: 220,
  code_share: 160,
  type: 150,
  status: 140,
  link: 150,
  tgo: 200,
  departure_airport: 110,
  arrival_airport: 110,
  confirmed: 120,
};

const TEXT_FILTERS = new Set<string>(RACE_TEXT_FILTERS);
const LIST_FILTERS = new Set<string>([...Object.keys(RACE_LIST_FILTERS), 'confirmed']);

/** 'Да' or 'Нет' for the confirmed column. */
const confirmedText = (row: RaceRow) => (row.confirmed ? 'Да' : 'Нет');

/**
 * The grid columns of the shown settings in their order: every column sorts; text columns filter by a text, list
 * columns by a choice of their race-filter list (sent as its id).
 */
export function gridColumns(settings: ColumnSetting[], lists: FilterLists): GridColumn<RaceRow>[] {
  return settings
    .filter((setting) => setting.selected)
    .map((setting): GridColumn<RaceRow> => {
      const column: GridColumn<RaceRow> = {
        key: setting.key,
        title: setting.name,
        sortable: true,
        filterable: TEXT_FILTERS.has(setting.key) || LIST_FILTERS.has(setting.key),
        width: WIDTHS[setting.key] ?? 120,
      };
      if (LIST_FILTERS.has(setting.key)) {
        column.filterType = 'select';
        column.filterData = (lists[setting.key as keyof FilterLists] ?? []).map((item) => ({
          id: item.id,
          name: item.name,
          value: String(item.id),
        }));
      }
      if (setting.key === 'confirmed') {
        column.kind = 'render';
        column.render = confirmedText;
      }
      return column;
    });
}
