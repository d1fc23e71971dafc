/**
 * The flight table's column settings (spec 3: key, name, order, selected; spec 4: kept in sessionStorage; spec 5:
 * revalidated and reset to the defaults of spec 9 when invalid). Pure functions over the list; the dialog and the
 * screen only call them.
 */
import {
  type ColumnSetting,
  columnSettingSchema,
  FLIGHT_TABLE_COLUMN_KEYS,
  FLIGHT_TABLE_COLUMNS,
  type FlightTableColumn,
} from '../../shared/flight-table.ts';
import { z } from '../../shared/messages.ts';

/** The sessionStorage key of the settings. */
export const COLUMN_SETTINGS_KEY = 'flightTable.columns';

/** Spec 9: every column shown, in the default order. `defaultColumnSettings()[0]` is {key: 'flight', order: 0, ...}. */
export function defaultColumnSettings(): ColumnSetting[] {
  return FLIGHT_TABLE_COLUMN_KEYS.map((key, order) => ({
    key,
    name: FLIGHT_TABLE_COLUMNS[key],
    order,
    selected: true,
  }));
}

const settingsSchema = z.array(columnSettingSchema);

/**
 * The stored settings if they are valid (every column once, distinct orders, at least one shown), sorted by order
 * with the names of today's catalogue; the defaults otherwise. `parseColumnSettings('nonsense')` is the defaults.
 */
export function parseColumnSettings(raw: string | null): ColumnSetting[] {
  if (raw === null) return defaultColumnSettings();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return defaultColumnSettings();
  }
  const parsed = settingsSchema.safeParse(data);
  if (!parsed.success) return defaultColumnSettings();
  const settings = parsed.data;
  const keys = new Set(settings.map((setting) => setting.key));
  const orders = new Set(settings.map((setting) => setting.order));
  const valid =
    settings.length === FLIGHT_TABLE_COLUMN_KEYS.length &&
    keys.size === settings.length &&
    orders.size === settings.length &&
    settings.some((setting) => setting.selected);
  if (!valid) return defaultColumnSettings();
  return [...settings]
    .sort((a, b) => a.order - b.order)
    .map((setting, order) => ({ ...setting, name: FLIGHT_TABLE_COLUMNS[setting.key], order }));
}

/** The settings kept in the storage (sessionStorage on screen), revalidated. */
export function readColumnSettings(storage: Pick<Storage, 'getItem'>): ColumnSetting[] {
  try {
    return parseColumnSettings(storage.getItem(COLUMN_SETTINGS_KEY));
  } catch {
    return defaultColumnSettings();
  }
}

/** Keeps the settings in the storage; a full or refused storage only loses them for the next visit. */
export function writeColumnSettings(storage: Pick<Storage, 'setItem'>, settings: ColumnSetting[]): void {
  try {
    storage.setItem(COLUMN_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Nothing to tell the user: the table still shows the columns chosen in this visit.
  }
}

/** Shows or hides a column; the last shown column stays (a table of no columns is not a choice). */
export function toggleColumn(settings: ColumnSetting[], key: FlightTableColumn): ColumnSetting[] {
  const shown = settings.filter((setting) => setting.selected);
  if (shown.length === 1 && shown[0].key === key) return settings;
  return settings.map((setting) =>
    setting.key === key ? { ...setting, selected: !setting.selected } : setting,
  );
}

/**
 * The column moved to a position (clamped), the orders renumbered from 0:
 * moving 'date' to 0 in [flight, aircraft_type, date] gives [date, flight, aircraft_type].
 */
export function moveColumn(settings: ColumnSetting[], key: FlightTableColumn, to: number): ColumnSetting[] {
  const from = settings.findIndex((setting) => setting.key === key);
  if (from < 0) return settings;
  const target = Math.max(0, Math.min(settings.length - 1, to));
  if (target === from) return settings;
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next.map((setting, order) => ({ ...setting, order }));
}

/** The keys of the shown columns in their order. */
export function shownColumns(settings: ColumnSetting[]): FlightTableColumn[] {
  return settings.filter((setting) => setting.selected).map((setting) => setting.key);
}
