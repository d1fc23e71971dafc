/**
 * Flight table (spec 2, 3, 4, 7, 9: "/race-newest"): one row per turnaround (`aid`), the column set with its Russian
 * headers and default order, the filter and sort keys of `GET /api/v1/race`, the race-filter lists and the bodies and
 * answers of the row actions. Client and server validate with the same schemas.
 *
 * Times in a row are wall-clock texts in the request's time zone (`Time-Zone` header); a paired row shows
 * 'arrival / departure' (`'14:20 / 15:30'`), a single-leg row only its leg's value; a missing value is ''.
 */
import { z } from './messages.ts';
import { idSchema } from './reference.ts';

/**
 * A flight number as the flight table writes it: the carrier's code, a space, the number; without a code, the number.
 * Example: `flightNumberText('SU', '288')` → 'SU 288'; `flightNumberText(null, '288')` → '288'.
 */
export function flightNumberText(code: string | null | undefined, number: string): string {
  return code ? `${code} ${number}` : number;
}

/** The display columns of spec 9 in their default order, with their Russian headers. */
export const FLIGHT_TABLE_COLUMNS = {
  flight: 'Рейс',
  aircraft_type: 'Тип ВС',
  date: 'Дата',
  board: 'Борт',
  stand: 'Стоянка',
  plan: 'План',
  calculated: 'Расчёт',
  fact: 'Факт',
  departure_airport: 'А/п вылета',
  arrival_airport: 'А/п прилёта',
  code_share: 'Код-шеринг',
  takeoff: 'Взлёт',
  direction: 'Направление',
  type: 'Тип',
  status: 'Статус',
  link: 'Связь',
  tgo: 'ТГО',
  arrival_model: 'Модель прилёта',
  confirmed: 'Подтверждён',
} as const;
export type FlightTableColumn = keyof typeof FLIGHT_TABLE_COLUMNS;
/** Column keys in the default order (all shown by default). */
export const FLIGHT_TABLE_COLUMN_KEYS = Object.keys(FLIGHT_TABLE_COLUMNS) as FlightTableColumn[];
const flightTableColumnSchema = z.enum(
  FLIGHT_TABLE_COLUMN_KEYS as [FlightTableColumn, ...FlightTableColumn[]],
);

/** A column setting (spec 3): key, name, order, selected. Kept by the client in sessionStorage. */
export const columnSettingSchema = z.object({
  key: flightTableColumnSchema,
  name: z.string(),
  order: z.number().int(),
  selected: z.boolean(),
});
export type ColumnSetting = z.infer<typeof columnSettingSchema>;

/**
 * A row of `GET /api/v1/race`: the turnaround's `aid`, the ids of its legs (null for the missing side of a
 * single-leg row), then one field per display column:
 * - flight: 'SU 1234 / SU 1235' (airline IATA code or ICAO when none, and the number);
 * - aircraft_type: the departure's aircraft type (the arrival's when single); arrival_model: the arrival's type;
 * - date: 'DD.MM.YYYY' of the row's first leg (arrival on-block, else departure off-block);
 * - board, stand: the aircraft registration and stand (of the departure when the legs differ);
 * - plan, calculated, fact: on-block of the arrival / off-block of the departure ('HH:mm', 'DD.MM HH:mm' when the
 *   leg's day differs from `date`);
 * - departure_airport: where the aircraft comes from (the arrival's origin, home for a departure-only row);
 *   arrival_airport: where it goes (the departure's destination, home for an arrival-only row); IATA codes;
 * - code_share: the legs' marketing flight numbers; takeoff: the arrival's take-off from its origin (fact, else
 *   calculated; the departure's off-block fact for a departure-only row);
 * - direction: the remote cities ('Москва – Сочи'); type: flight types; status: flight statuses;
 * - link: the pairing ('Прилёт – вылет', 'Только прилёт', 'Только вылет', see COMBINE_TYPES);
 * - tgo: the legs' TGO names; confirmed: the turnaround is confirmed.
 */
const raceRowSchema = z.object({
  aid: z.number().int(),
  arrival_flight_id: z.number().int().nullable(),
  departure_flight_id: z.number().int().nullable(),
  flight: z.string(),
  aircraft_type: z.string(),
  date: z.string(),
  board: z.string(),
  stand: z.string(),
  plan: z.string(),
  calculated: z.string(),
  fact: z.string(),
  departure_airport: z.string(),
  arrival_airport: z.string(),
  code_share: z.string(),
  takeoff: z.string(),
  direction: z.string(),
  type: z.string(),
  status: z.string(),
  link: z.string(),
  tgo: z.string(),
  arrival_model: z.string(),
  confirmed: z.boolean(),
});
export type RaceRow = z.infer<typeof raceRowSchema>;
export const raceRowsSchema = z.array(raceRowSchema);

/**
 * Filters of `GET /api/v1/race` (`filter[key]=value`; blank means none):
 * - the period: `filter[date_from]`, `filter[date_to]` as 'YYYY-MM-DD' (both days included, at most 93 days; today
 *   when absent; one alone is the one day). A row belongs when any of its legs is planned in the period;
 * - text columns (contains, case-insensitive, either leg): the keys of RACE_TEXT_FILTERS;
 * - list columns (ids of the race-filter lists, one or several comma-separated `filter[status]=1,3` or repeated
 *   `filter[status][]=1`): the keys of RACE_LIST_FILTERS;
 * - `filter[confirmed]` = 1 or 0.
 * Sort: `sort=<column key>` or `-<column key>` for every column (default: by the first leg's plan time).
 * Paging: `page`, `per-page` (default 100, at most 2000) with the x-pagination-* headers.
 */
export const RACE_TEXT_FILTERS = [
  'flight',
  'aircraft_type',
  'date',
  'board',
  'stand',
  'plan',
  'calculated',
  'fact',
  'departure_airport',
  'arrival_airport',
  'code_share',
  'takeoff',
  'tgo',
  'arrival_model',
] as const satisfies readonly FlightTableColumn[];
/** List filters and the race-filter list each takes its ids from. */
export const RACE_LIST_FILTERS = {
  direction: 'directions',
  type: 'types',
  status: 'statuses',
  link: 'combine-types',
} as const satisfies Partial<Record<FlightTableColumn, string>>;
const RACE_PERIOD_FILTERS = ['date_from', 'date_to'] as const;
/** Every `filter[key]` of `GET /api/v1/race`. */
export const RACE_FILTER_KEYS = [
  ...RACE_PERIOD_FILTERS,
  ...RACE_TEXT_FILTERS,
  ...(Object.keys(RACE_LIST_FILTERS) as (keyof typeof RACE_LIST_FILTERS)[]),
  'confirmed',
] as const;
export const RACE_DEFAULT_PER_PAGE = 100;
export const RACE_MAX_PER_PAGE = 2000;

/** An item of a race-filter list (`GET /api/v1/race-filter/{directions|types|statuses|combine-types|approved}`). */
const raceFilterItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type RaceFilterItem = z.infer<typeof raceFilterItemSchema>;
export const raceFilterItemsSchema = z.array(raceFilterItemSchema);

/** The pairing of a row (`/race-filter/combine-types`, the `link` column). */
export const COMBINE_TYPES = [
  { id: 1, name: 'Прилёт – вылет' },
  { id: 2, name: 'Только прилёт' },
  { id: 3, name: 'Только вылет' },
] as const satisfies readonly RaceFilterItem[];
/** `/race-filter/approved`: the `confirmed` filter values. */
export const APPROVED_ITEMS = [
  { id: 1, name: 'Да' },
  { id: 0, name: 'Нет' },
] as const satisfies readonly RaceFilterItem[];

/** The most rows one action of the table takes. */
export const RACE_ACTION_MAX_ROWS = 2000;
/** How a wrong count of chosen rows reads (zod's own «array будет иметь >=1 элемент» means nothing to a dispatcher). */
export const ROW_COUNT_MESSAGES = {
  noRows: 'Выберите хотя бы одну строку',
  tooManyRows: `Не больше ${RACE_ACTION_MAX_ROWS} строк за раз`,
} as const;

/** Chosen rows: `{aids}` (1..2000 distinct turnarounds). */
const aidsSchema = z
  .array(idSchema)
  .min(1, ROW_COUNT_MESSAGES.noRows)
  .max(RACE_ACTION_MAX_ROWS, ROW_COUNT_MESSAGES.tooManyRows);
export const raceAidsSchema = z.object({ aids: aidsSchema });

/** `POST /api/race/fetch-tgo` body: one row. */
export const fetchTgoSchema = z.object({ aid: idSchema });
/** A TGO in the dialogs: valid for the row(s) asked; `current` when a leg of the (single) row uses it now. */
const tgoOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 departure, 2 arrival: the legs it applies to. */
  direction: z.number().int(),
  current: z.boolean(),
});
export type TgoOption = z.infer<typeof tgoOptionSchema>;
export const tgoOptionsSchema = z.array(tgoOptionSchema);
/** `POST /api/race/get-tgos` takes form data `aids[]=1&aids[]=2` (or JSON `{aids}`) and answers `tgoOptionsSchema`. */

/** `POST /api/race/fill-flights` body: apply the TGO to the legs of the rows it is valid for. */
export const fillFlightsSchema = z.object({ aids: aidsSchema, tgo_id: idSchema });
/** Its answer: legs whose tasks were regenerated and the tasks written. */
export const fillFlightsResultSchema = z.object({ flights: z.number().int(), tasks: z.number().int() });

/** `POST /api/race/set-employees`, `/set-desk-employees`, `/drop-employees` answer: counts. */
export const employeesResultSchema = z.object({
  /** Tasks of the chosen rows looked at. */
  tasks: z.number().int(),
  /** Assignments added (set-*) or removed (drop). */
  assignments: z.number().int(),
  /** Staff still missing on those tasks after the call (set-*): needs no on-shift free employee could cover. */
  missing: z.number().int(),
});
export type EmployeesResult = z.infer<typeof employeesResultSchema>;

/** `GET /api/race/divide-flight/{aid}` answer: the two single-leg rows' aids (the arrival keeps the old aid). */
export const divideResultSchema = z.object({
  arrival_aid: z.number().int(),
  departure_aid: z.number().int(),
});
export type DivideResult = z.infer<typeof divideResultSchema>;
/** `GET /api/race/combine-flight?arrivalFlightId=&departureFlightId=` answer: the paired row's aid. */
export const combineResultSchema = z.object({ aid: z.number().int() });
export type CombineResult = z.infer<typeof combineResultSchema>;
/** `GET /api/v1/race/delete?id=` answer. */
export const deleteResultSchema = z.object({ flights: z.number().int(), tasks: z.number().int() });

/**
 * `POST /api/race/index?RaceSearch[date_range]=DD.MM.YYYY - DD.MM.YYYY&RaceSearch[export_to_excel]=1`, body
 * `{aids?, columns?}`: the .xlsx of the period's rows (only `aids` when given, in the order of the default sort) with
 * the `columns` in their order (all by default), Russian headers; the other `filter[...]` of the list may be passed
 * in the query too. The file is named 'Суточный план полетов на {from} - {to}.xlsx'.
 */
export const raceExportSchema = z.object({
  aids: z.array(idSchema).max(100_000).optional(),
  columns: z.array(flightTableColumnSchema).min(1).max(FLIGHT_TABLE_COLUMN_KEYS.length).optional(),
});
export const raceExportFileName = (from: string, to: string) => `Суточный план полетов на ${from} - ${to}`;

/**
 * The export's headers of a column: the screen's header, except for the times a paired row shows as 'arrival /
 * departure', which the sheet splits into two date-time columns (the arrival's on-block, the departure's off-block).
 * Example: `raceExportHeaders(['flight', 'plan'])` → ['Рейс', 'План прилёта', 'План вылета'].
 */
export const RACE_EXPORT_SPLIT_HEADERS = {
  plan: ['План прилёта', 'План вылета'],
  calculated: ['Расчёт прилёта', 'Расчёт вылета'],
  fact: ['Факт прилёта', 'Факт вылета'],
} as const satisfies Partial<Record<FlightTableColumn, readonly [string, string]>>;
export const raceExportHeaders = (columns: readonly FlightTableColumn[]): string[] =>
  columns.flatMap((key) =>
    key in RACE_EXPORT_SPLIT_HEADERS
      ? [...RACE_EXPORT_SPLIT_HEADERS[key as keyof typeof RACE_EXPORT_SPLIT_HEADERS]]
      : [FLIGHT_TABLE_COLUMNS[key]],
  );
/** The sheet's name: «Суточный план» for one day, «План полётов» for a longer period. */
export const raceExportSheetName = (from: string, to: string) =>
  from === to ? 'Суточный план' : 'План полётов';

/** Russian texts of the flight table beyond the shared catalogue. */
export const FLIGHT_TABLE_MESSAGES = {
  noCommonTgo: 'У выбранных рейсов отсутствуют одинаковые ТГО',
  error: 'Ошибка',
  sameDirection: 'Нельзя связать два рейса одного направления',
  notArrival: 'Первый рейс должен быть прилётом',
  notDeparture: 'Второй рейс должен быть вылетом',
  otherBoard: 'Рейсы выполняются разными бортами',
  departureBeforeArrival: 'Вылет раньше прилёта',
  alreadyPaired: 'Рейс уже связан с другим рейсом',
  notPaired: 'Рейс не связан: делить нечего',
  unknownFlight: 'Рейс не найден',
  unknownRow: 'Строка не найдена',
  /** A billed turnaround keeps its legs: its charges are what the bills sent refer to. */
  billed: (numbers: readonly string[]) =>
    `Нельзя удалить рейсы с начислениями по тарифам: ${numbers.join(', ')}`,
  tgoNotValid: 'ТГО не подходит ни к одному выбранному рейсу',
  dateRange: 'Ожидается ДД.ММ.ГГГГ - ДД.ММ.ГГГГ',
  ...ROW_COUNT_MESSAGES,
} as const;
