/** The audit trail (issue 17): the answers of `GET /api/audit` and `GET /api/audit/entities`. */
import { z } from './messages.ts';

export const AUDIT_ACTIONS = { insert: 'Создание', update: 'Изменение', delete: 'Удаление' } as const;

/** The period read when an audit query names none (the longest is `MAX_PERIOD_DAYS` of dates.ts). */
export const AUDIT_DEFAULT_DAYS = 7;
export const AUDIT_MAX_PER_PAGE = 100;

export const auditUserSchema = z.object({ id: z.number().int(), login: z.string(), name: z.string() });
export type AuditUser = z.infer<typeof auditUserSchema>;

/**
 * The names of the rows an entry's change refers to, by column and id: `{department_id: {'1': 'СОП', '7': null}}`;
 * null is a row deleted since. Only the `*_id` columns that point at a known table are there, and the id lists inside
 * a JSON column under 'column.key' (a saved calculation's `params.working_shift`).
 */
const auditRefsSchema = z.record(z.string(), z.record(z.string(), z.string().nullable()));
export type AuditRefs = z.infer<typeof auditRefsSchema>;

/**
 * One written row. `change`: the new row (insert), the old row (delete), or `{column: [old, new]}` of the changed
 * columns only (update). `at`: ISO 8601 with the offset of the request's time zone. `user`: null for the system.
 * `refs`: the names, as of now, of the rows the change's ids point at (see `auditRefsSchema`).
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: auditUserSchema.nullable(),
  action: z.enum(['insert', 'update', 'delete']),
  entity: z.string(),
  entity_id: z.string(),
  change: z.record(z.string(), z.unknown()),
  refs: auditRefsSchema,
  /**
   * A row of a table keyed by more than one column: `entity_id` split into its key columns, `{role_id: '4',
   * rule_name: 'audit-index'}` for '4,audit-index' (absent for a one-column key).
   */
  key: z.record(z.string(), z.string()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditEntitySchema = z.object({ entity: z.string(), label: z.string() });
export type AuditEntity = z.infer<typeof auditEntitySchema>;

/** Russian names of the audited tables; a table missing here is shown by its own name. */
const AUDIT_ENTITY_LABELS: Record<string, string> = {
  aircraft_types: 'Типы ВС',
  airlines: 'Авиакомпании',
  airports: 'Аэропорты',
  allocation_coefs: 'Аллокация: коэффициенты',
  allocations: 'Аллокация подрядчиков',
  app_config: 'Операционные настройки',
  aviacompany_baggage_registers: 'Настройки БРС авиакомпаний',
  bag_routes: 'Маршруты багажа',
  bags: 'Багаж',
  calc_types: 'Типы расчётов',
  card_bank_types: 'Типы банковских карт',
  coefficient_types: 'Типы коэффициентов',
  contractors: 'Подрядчики',
  delay_iata_codes: 'Причины задержек IATA',
  delay_rrp_codes: 'Причины задержек РРП',
  departments: 'Подразделения',
  employee_positions: 'Должности',
  employee_skills: 'Навыки сотрудников',
  employees: 'Сотрудники',
  flight_classes: 'Классы обслуживания',
  flight_delays: 'Задержки рейсов',
  flight_schedules: 'Расписания рейсов',
  flight_statuses: 'Статусы рейсов',
  flight_types: 'Типы рейсов',
  flights: 'Рейсы',
  formats: 'Форматы',
  hall_access_types: 'Типы доступа в зал',
  job_indicators: 'Показатели работ',
  job_positions: 'Работы: должности',
  job_resource_types: 'Работы: типы ресурсов',
  jobs: 'Работы',
  loyalty_card_types: 'Карты лояльности',
  med_services: 'Медицинские услуги',
  minor_bags: 'Багаж без бирки',
  passenger_categories: 'Категории пассажиров',
  pattern_departments: 'Почтовые ведомости: подразделения',
  pattern_position_exclusions: 'Почтовые ведомости: исключённые должности',
  pattern_types: 'Типы шаблонов ведомостей',
  patterns: 'Почтовые ведомости',
  pay_types: 'Типы оплаты',
  pectab_layouts: 'Макеты PECTAB',
  planning_calcs: 'Сохранённые расчёты',
  planning_vacation_days: 'Планирование отпусков',
  print_templates: 'Шаблоны печати',
  print_types: 'Типы печати',
  printers: 'Принтеры',
  resource_types: 'Типы ресурсов',
  resources: 'Ресурсы',
  role_rules: 'Правила ролей',
  roles: 'Роли',
  roundings: 'Округления',
  rules: 'Правила доступа',
  rush_baggage_codes: 'Коды досылки',
  rush_routes: 'Досылка: маршруты',
  rush_tags: 'Бирки досылки',
  rushes: 'Досылка багажа',
  scales: 'Шкалы',
  service_halls: 'Залы обслуживания',
  services: 'Услуги',
  skill_accesses: 'Доступы навыков',
  skills: 'Навыки',
  tariff_calc_charges: 'Расчёты услуг: начисления',
  tariff_calc_directions: 'Расчёты услуг: направления',
  tariff_calc_jobs: 'Расчёты услуг: работы',
  tariff_calc_med_services: 'Расчёты услуг: медуслуги',
  tariff_calc_positions: 'Расчёты услуг: должности',
  tariff_calc_resource_types: 'Расчёты услуг: типы ресурсов',
  tariff_calc_resources: 'Расчёты услуг: ресурсы',
  tariff_calc_service_map_types: 'Расчёты услуг: типы карт услуг',
  tariff_calc_vip_services: 'Расчёты услуг: VIP-услуги',
  tariff_calcs: 'Расчёты услуг',
  task_employees: 'Сотрудники задач',
  task_positions: 'Должности задач',
  task_resources: 'Ресурсы задач',
  tasks: 'Задачи',
  team_employees: 'Сотрудники бригад',
  team_flights: 'Рейсы бригад',
  team_position_rules: 'Правила бригад по должностям',
  team_rule_accesses: 'Доступы правил бригад',
  team_statuses: 'Статусы бригад',
  teams: 'Бригады',
  tgo_aircraft_types: 'ТГО: типы ВС',
  tgo_job_positions: 'ТГО: должности работ',
  tgo_job_resource_types: 'ТГО: типы ресурсов работ',
  tgo_jobs: 'ТГО: работы',
  tgo_templates: 'Шаблоны ТГО',
  travel_classes: 'Классы перелёта',
  turnarounds: 'Обороты рейсов',
  user_roles: 'Роли пользователей',
  users: 'Пользователи',
  vip_field_airlines: 'VIP-расчёты: авиакомпании',
  vip_field_card_bank_types: 'VIP-расчёты: банковские карты',
  vip_field_directions: 'VIP-расчёты: направления',
  vip_field_flight_classes: 'VIP-расчёты: классы обслуживания',
  vip_field_flight_types: 'VIP-расчёты: типы рейсов',
  vip_field_hall_access_types: 'VIP-расчёты: доступ в зал',
  vip_field_loyalty_card_types: 'VIP-расчёты: карты лояльности',
  vip_field_passenger_categories: 'VIP-расчёты: категории пассажиров',
  vip_field_pay_types: 'VIP-расчёты: типы оплаты',
  vip_field_service_halls: 'VIP-расчёты: залы',
  vip_field_travel_classes: 'VIP-расчёты: классы перелёта',
  vip_fields: 'VIP-расчёты',
  vip_services: 'VIP-услуги',
  windings: 'Намотки этикеток',
  working_shifts: 'Рабочие смены',
  workplace_distances: 'Расстояния между рабочими местами',
  workplaces: 'Рабочие места',
};

/** The Russian name of an audited table. Example: `auditEntityLabel('flights')` → 'Рейсы'. */
export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
}
