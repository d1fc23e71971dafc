/**
 * Russian names of the audited columns and of the codes some of them hold, as the trail shows them (the auditor's
 * walk: raw column names and codes told an auditor nothing). A column or code missing here shows as stored.
 */

import { PRIORITY_HANDLING, RUSH_HANDLING } from '../../shared/brs-config.ts';
import { CONFIG_LABELS } from '../../shared/delay-reasons.ts';
import { PECTAB_LANGUAGE_NAMES } from '../../shared/printing.ts';
import { AIRCRAFT_CATEGORIES } from '../../shared/reference.ts';
import { RULE_CATALOGUE } from '../../shared/rules.ts';
import { CALC_DIRECTIONS, GROUP_TYPES, JOB_PARAMS, SERVICE_MAP_TYPES } from '../../shared/tariff-calc.ts';
import { VIP_DIRECTIONS } from '../../shared/tariff-vip.ts';
import { WORKPLACE_KINDS } from '../../shared/workplace.ts';
import { STATUS_TEXT } from '../rush-baggage/labels.ts';

/** The name of a column in every table that has it. */
const COLUMN_LABELS: Record<string, string> = {
  accuracy: 'Точность',
  act_number: 'Номер акта',
  address: 'Адрес',
  aid: 'Оборот',
  aircraft_type_id: 'Тип ВС',
  airline_id: 'Авиакомпания',
  airport_id: 'Аэропорт',
  allocation_id: 'Аллокация',
  arrival_airport_id: 'Аэропорт прилёта',
  arrival_flight_id: 'Рейс прилёта',
  aviacompany_id: 'Авиакомпания',
  bag_id: 'Багаж',
  baggage_weight: 'Вес багажа',
  barcode_height_mm: 'Высота штрихкода, мм',
  begin: 'Начало',
  begin_at: 'Начало',
  begin_time: 'Время начала',
  board_number: 'Бортовой номер',
  bpm_exchange: 'Обмен BPM',
  break_minutes: 'Перерыв, мин',
  bsm_exchange: 'Обмен BSM',
  bytes: 'Содержимое',
  calc_arrival_at: 'Расчётный прилёт',
  calc_departure_at: 'Расчётный вылет',
  calc_id: 'Расчёт услуги',
  calc_type_id: 'Тип расчёта',
  cargo_weight: 'Вес груза',
  category: 'Категория',
  charged_at: 'Время начисления',
  city: 'Город',
  claim_number: 'Номер заявления',
  code: 'Код',
  code_share: 'Код-шеринг',
  coef_type_id: 'Тип коэффициента',
  coeff: 'Коэффициент',
  color: 'Цвет',
  comment: 'Комментарий',
  contractor_id: 'Подрядчик',
  count: 'Количество',
  country_code: 'Код страны',
  created_at: 'Создано',
  created_by: 'Создал',
  date: 'Дата',
  day: 'День',
  delay_iata_code_id: 'Код задержки IATA',
  delay_iata_type_id: 'Тип задержки IATA',
  department_id: 'Подразделение',
  departure_airport_id: 'Аэропорт вылета',
  departure_flight_id: 'Рейс вылета',
  description: 'Описание',
  direction: 'Направление',
  direction_id: 'Направление',
  direction_kind: 'Направление работы',
  distance: 'Расстояние, м',
  distance_from: 'Расстояние от, м',
  distance_to: 'Расстояние до, м',
  duration_minutes: 'Длительность, мин',
  emails: 'Адреса почты',
  employee_id: 'Сотрудник',
  employee_position_id: 'Должность',
  enabled: 'Включён',
  end: 'Окончание',
  end_at: 'Окончание',
  end_job_id: 'Работа окончания',
  end_param: 'Параметр окончания',
  external_id: 'Внешний код',
  fact_arrival_at: 'Фактический прилёт',
  fact_begin_at: 'Фактическое начало',
  fact_departure_at: 'Фактический вылет',
  fact_end_at: 'Фактическое окончание',
  first_name: 'Имя',
  flight_class_id: 'Класс обслуживания',
  flight_id: 'Рейс',
  flight_number: 'Номер рейса',
  flight_schedule_id: 'Расписание',
  flight_status_id: 'Статус рейса',
  flight_type_id: 'Тип рейса',
  format_id: 'Формат',
  full_name: 'Полное название',
  group_type: 'Тип группировки',
  iata_code: 'Код IATA',
  icao_code: 'Код ICAO',
  id: 'ID',
  id_1c: 'Код 1С',
  indicator_name: 'Показатель',
  inn: 'ИНН',
  is_accuracy_first: 'Сначала точность',
  is_active: 'Активен',
  is_confirmed: 'Подтверждён',
  is_default: 'По умолчанию',
  is_deleted: 'Удалена',
  is_demo: 'Демо',
  is_enabled: 'БРС включена',
  is_guest_count: 'Учитывать гостей',
  is_home: 'Домашний',
  is_main_employee: 'Старший',
  is_priority_set: 'Приоритет',
  is_provide_set: 'Обеспеченность',
  is_reason_airport: 'Вина аэропорта',
  is_rounding_first: 'Сначала округление',
  is_using_plan_time: 'По плановому времени',
  job_id: 'Работа',
  job_indicator_id: 'Показатель работы',
  key: 'Параметр',
  kind: 'Вид',
  language: 'Язык',
  length_mm: 'Длина, мм',
  letter_code: 'Буквенный код',
  loading_close_minutes: 'Загрузка до вылета, мин',
  login: 'Логин',
  loyalty_card_type_id: 'Карта лояльности',
  mail_weight: 'Вес почты',
  major_bag_id: 'Основное место багажа',
  manufacturer: 'Производитель',
  max_bag_pieces: 'Мест',
  max_bag_weight_kg: 'Вес места, кг',
  med_service_id: 'Медицинская услуга',
  minimum_amount: 'Минимальное количество',
  minor_bag_id: 'Багаж без бирки',
  minutes: 'Минуты',
  model: 'Модель',
  module_tenth_mm: 'Модуль, 0,1 мм',
  name: 'Название',
  name_en: 'Название (англ.)',
  name_full: 'Полное название',
  name_ru: 'Название',
  number_code: 'Цифровой код',
  number_in_route: 'Номер в маршруте',
  numeric_code: 'Цифровой код',
  offset_minutes: 'Сдвиг, мин',
  params: 'Параметры',
  passenger_category_id: 'Категория пассажиров',
  passenger_name: 'Пассажир',
  passengers: 'Пассажиры',
  password_hash: 'Пароль',
  patronymic: 'Отчество',
  pattern_id: 'Ведомость',
  pattern_type_id: 'Тип шаблона',
  pectab: 'PECTAB',
  period_minutes: 'Период, мин',
  personnel_number: 'Табельный номер',
  plan_arrival_at: 'Плановый прилёт',
  plan_at: 'Плановое время',
  plan_begin_at: 'Плановое начало',
  plan_departure_at: 'Плановый вылет',
  plan_end_at: 'Плановое окончание',
  print_type_id: 'Тип печати',
  priority_tag_handling: 'Приоритетные бирки',
  quantity: 'Количество',
  resource_id: 'Ресурс',
  resource_type_id: 'Тип ресурса',
  result: 'Результат',
  role_id: 'Роль',
  rounding_id: 'Округление',
  rule_id: 'Правило бригады',
  rule_name: 'Правило доступа',
  rush_baggage_code_id: 'Код досылки',
  rush_flight_id: 'Рейс досылки',
  rush_id: 'Досылка',
  rush_tag_handling: 'Бирки досылки',
  seats: 'Кресел',
  serial: 'Серийный номер',
  service_halls_id: 'Зал обслуживания',
  service_id: 'Услуга',
  service_map_type: 'Тип карты услуг',
  sirena_code: 'Код Сирена',
  size: 'Размер',
  skill_id: 'Навык',
  solve_ms: 'Время расчёта, мс',
  sort: 'Порядок',
  stand_id: 'Место стоянки',
  start_job_id: 'Работа начала',
  start_param: 'Параметр начала',
  status: 'Статус',
  surname: 'Фамилия',
  tag: 'Бирка',
  task_id: 'Задача',
  team_id: 'Бригада',
  team_status_id: 'Статус бригады',
  template_id: 'Шаблон печати',
  template_team_rule_employee_id: 'Сотрудник шаблона',
  template_team_rule_id: 'Правило шаблона',
  tgo_job_id: 'Работа ТГО',
  tgo_template_id: 'Шаблон ТГО',
  time_zone: 'Часовой пояс',
  title: 'Название',
  transcript: 'Расшифровка',
  travel_class_id: 'Класс перелёта',
  unit: 'Единица',
  updated_at: 'Изменено',
  use_parent_access_type: 'Доступ как у родителя',
  user_id: 'Пользователь',
  value: 'Значение',
  vip_field_id: 'VIP-расчёт',
  vip_hall_access_type_id: 'Доступ в зал',
  vip_hall_card_bank_type_id: 'Банковская карта',
  vip_hall_pay_type_id: 'Тип оплаты',
  vip_service_id: 'VIP-услуга',
  width_mm: 'Ширина, мм',
  winding: 'Намотка',
  working_shift_id: 'Рабочая смена',
  workplace_from_id: 'Откуда',
  workplace_to_id: 'Куда',
};

/** Where a column means something else in one table. */
const TABLE_COLUMN_LABELS: Record<string, Record<string, string>> = {
  app_config: { key: 'Настройка' },
  employees: { name: 'ФИО' },
  roles: { name: 'Код' },
  rules: { name: 'Код' },
  planning_calcs: { begin: 'Начало периода', end: 'Окончание периода' },
  planning_vacation_days: { calc_id: 'Расчёт' },
  rush_routes: { kind: 'Вид маршрута', date: 'Дата рейса' },
  bag_routes: { date: 'Дата рейса' },
  users: { name: 'Имя', enabled: 'Вход разрешён' },
  workplaces: { kind: 'Вид места' },
  allocation_coefs: { value: 'Коэффициент' },
};

/**
 * The names of the keys inside a JSON column, by table and column, as the form that wrote it labels them (a saved
 * calculation's inputs: the standard schedule's form). A column listed here reads as its keys, one by one.
 */
const NESTED_LABELS: Record<string, Record<string, Record<string, string>>> = {
  planning_calcs: {
    params: {
      begin: 'Начало периода',
      end: 'Окончание периода',
      employee_position_ids: 'Должности',
      working_shift: 'Рабочие смены',
      interval_repeat_in_period: 'Повторений в периоде, недель',
      deviation_in_period: 'Отклонение в периоде, %',
      interval_repeat_in_week: 'Повторений в неделе, дней',
      deviation_in_week: 'Отклонение в неделе, %',
      flight_schedule: 'Вид расписания',
      flight_status: 'Статусы заявок',
      flight_type: 'Тип рейса',
    },
  },
};

/**
 * The names of the keys of a JSON column that reads key by key, in the order to show them, or undefined.
 * Example: `nestedLabels('planning_calcs', 'params')?.working_shift` → 'Рабочие смены'.
 */
export function nestedLabels(entity: string, column: string): Readonly<Record<string, string>> | undefined {
  return NESTED_LABELS[entity]?.[column];
}

/**
 * The Russian name of a column of an audited table; an unknown column keeps its own name.
 * Example: `columnLabel('employees', 'department_id')` → 'Подразделение'; `('users', 'name')` → 'Имя'.
 */
export function columnLabel(entity: string, column: string): string {
  return TABLE_COLUMN_LABELS[entity]?.[column] ?? COLUMN_LABELS[column] ?? column;
}

const named = (items: readonly { id: number; name: string }[]) =>
  Object.fromEntries(items.map((item) => [String(item.id), item.name]));

/** 'широкофюзеляжные ВС' → 'Широкофюзеляжные ВС': a name written to follow a comma, standing alone. */
const capitalised = (names: Readonly<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(names).map(([code, name]) => [code, name[0].toUpperCase() + name.slice(1)]),
  );

/** A text key by its Russian name with the key after it, as an administrator also meets the key. */
const withKeys = (names: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(names).map(([key, name]) => [key, `${name} (${key})`]));

/** Flight directions as the flights table stores them: 1 departure, 2 arrival. */
const DIRECTIONS = named(CALC_DIRECTIONS);

/**
 * The legs a job is done for (`jobs.direction_kind`: 1 arrival, 2 departure, 3 both, as the schema documents it;
 * no screen edits it, so the trail is the only place that names it). Note the order differs from a flight's
 * direction.
 */
const JOB_DIRECTION_KINDS = { 1: 'Прилёт', 2: 'Вылет', 3: 'Прилёт и вылет' };

/** The two routes a rush stores (`rush_routes.kind`), as the rush screen titles them. */
const RUSH_ROUTE_KINDS = { 1: 'Исходный маршрут', 2: 'Маршрут досылки' };

/** The Russian names of the codes a column holds, by table and column (the project's own names, nothing new). */
const VALUE_NAMES: Record<string, Record<string, Record<string, string>>> = {
  aircraft_types: { category: capitalised(AIRCRAFT_CATEGORIES) },
  app_config: { key: withKeys(CONFIG_LABELS) },
  aviacompany_baggage_registers: {
    priority_tag_handling: PRIORITY_HANDLING,
    rush_tag_handling: RUSH_HANDLING,
  },
  bags: { status: STATUS_TEXT },
  flights: { direction: DIRECTIONS },
  jobs: { direction_kind: JOB_DIRECTION_KINDS },
  print_templates: { language: PECTAB_LANGUAGE_NAMES },
  role_rules: { rule_name: withKeys(RULE_CATALOGUE) },
  rush_routes: { kind: RUSH_ROUTE_KINDS },
  tariff_calc_directions: { direction: DIRECTIONS },
  tariff_calc_jobs: { start_param: named(JOB_PARAMS), end_param: named(JOB_PARAMS) },
  tariff_calc_service_map_types: { service_map_type: named(SERVICE_MAP_TYPES) },
  tariff_calcs: { group_type: named(GROUP_TYPES) },
  tgo_templates: { direction: DIRECTIONS },
  vip_field_directions: { direction_id: named(VIP_DIRECTIONS) },
  workplaces: { kind: WORKPLACE_KINDS },
};

/**
 * The Russian name of a code a column holds, or undefined when the project has none; a text key reads as its name
 * with the key.
 * Example: `codeName('bags', 'status', 'rushed')` → 'Отправлен досылкой'; `('role_rules', 'rule_name',
 * 'audit-index')` → 'Журнал изменений: просмотр (audit-index)'; `('bags', 'tag', '123')` → undefined.
 */
export function codeName(entity: string, column: string, value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const names = VALUE_NAMES[entity]?.[column];
  return names && Object.hasOwn(names, String(value)) ? names[String(value)] : undefined;
}
