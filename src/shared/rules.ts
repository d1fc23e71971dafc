/** Every rule name the spec uses to gate a route or an action, with a Russian title for administrators. */
export const RULE_CATALOGUE = {
  'workplace-distance-index': 'Расстояния между рабочими местами: просмотр',
  'workplace-distance-update': 'Расстояния между рабочими местами: изменение',
  'allocation-index': 'Аллокация подрядчиков: просмотр',
  'allocation-create': 'Аллокация подрядчиков: создание',
  'allocation-update': 'Аллокация подрядчиков: изменение',
  'allocation-delete': 'Аллокация подрядчиков: удаление',
  'skill-access-index': 'Доступы навыков: просмотр',
  'skill-access-update': 'Доступы навыков: изменение',
  'read-all-team': 'Бригады: просмотр всех',
  'read-department-team': 'Бригады: просмотр своего подразделения',
  'edit-department-team': 'Бригады: изменение в своём подразделении',
  'team-all': 'Бригады: полный доступ',
  'tariff-vip-field-create': 'VIP-расчёты: создание',
  'tariff-vip-field-update': 'VIP-расчёты: изменение',
  'tariff-vip-field-delete': 'VIP-расчёты: удаление',
  'tariff-calc-create': 'Расчёты услуг: создание',
  'tariff-calc-update': 'Расчёты услуг: изменение',
  'tariff-calc-delete': 'Расчёты услуг: удаление',
  'strategic-planning-index': 'Стратегическое планирование',
  'calc-index': 'Сохранённые расчёты: просмотр',
  'calc-update': 'Сохранённые расчёты: изменение',
  'calc-delete': 'Сохранённые расчёты: удаление',
  'read-settings-baggage-aviacompany': 'Настройки БРС авиакомпаний: просмотр',
  'edit-settings-baggage-aviacompany': 'Настройки БРС авиакомпаний: изменение',
  'delay-employee-index': 'Ответственные за задержки: просмотр',
  'delay-employee-update': 'Ответственные за задержки: назначение',
  'audit-index': 'Журнал изменений: просмотр',
} as const;

export type RuleName = keyof typeof RULE_CATALOGUE;

export const RULE_NAMES = Object.keys(RULE_CATALOGUE) as RuleName[];

/** True when the value is a list of strings, the only rules answer the client accepts (spec 5). */
export function isRuleList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
