import type { ComponentType } from 'react';
import type { RuleName } from '../shared/rules.ts';

/** A screen module, loaded as its own chunk. */
type ModuleLoader = () => Promise<{ default: ComponentType }>;

export interface RouteEntry {
  /** Path as in spec 2.2; `/:id` marks a trailing id segment, `#x` a hash page. */
  path: string;
  /** Rule needed to open: '' or [] for none, a list for any one of them. A misspelt name fails the type check. */
  rule: '' | RuleName | readonly RuleName[];
  /** Rules that unlock actions inside the screen; they never gate the route. */
  extraRules: readonly RuleName[];
  /** Screen name, shown in the menu and as the page title. */
  title: string;
  /** Module folder under src/app. */
  module: string;
  /** Shown in the navigation menu (ids and hash pages of one group are reached otherwise). */
  inMenu: boolean;
  load: ModuleLoader;
}

/** Two paths open the same team-planning screen. */
const TEAM_PLANNING = {
  rule: ['read-all-team', 'read-department-team', 'edit-department-team', 'team-all'],
  extraRules: ['edit-department-team', 'team-all'],
  module: 'team-planning',
  inMenu: true,
  load: () => import('./team-planning/index.tsx'),
} as const satisfies Partial<RouteEntry>;

/** Two paths open the rush-baggage page of a flight. */
const RUSH_BAGGAGE = {
  rule: '',
  extraRules: [],
  title: 'Срочный багаж',
  module: 'rush-baggage',
  inMenu: false,
  load: () => import('./rush-baggage/index.tsx'),
} as const satisfies Partial<RouteEntry>;

/** The route table of spec 2.2, as data. */
export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/resource-planning',
    rule: 'strategic-planning-index',
    extraRules: [],
    title: 'Планирование персонала по рейсам',
    module: 'staff-planning',
    inMenu: true,
    load: () => import('./staff-planning/index.tsx'),
  },
  {
    path: '/shift-schedules/:id',
    rule: 'strategic-planning-index',
    extraRules: [],
    title: 'График сменности',
    module: 'shift-schedules',
    inMenu: false,
    load: () => import('./shift-schedules/index.tsx'),
  },
  {
    path: '/planning-calc-history',
    rule: 'calc-index',
    extraRules: ['calc-update', 'calc-delete'],
    title: 'Сохранённые расчёты',
    module: 'calc-history',
    inMenu: true,
    load: () => import('./calc-history/index.tsx'),
  },
  {
    path: '/planning-vacation/:id',
    rule: '',
    extraRules: [],
    title: 'Планирование отпусков',
    module: 'vacation',
    inMenu: false,
    load: () => import('./vacation/index.tsx'),
  },
  { ...TEAM_PLANNING, path: '/team-planning', title: 'Планирование бригад' },
  { ...TEAM_PLANNING, path: '/team-planning-race', title: 'Бригады на рейсах' },
  {
    path: '/race-newest',
    rule: '',
    extraRules: [],
    title: 'Суточный план полётов',
    module: 'flight-table',
    inMenu: true,
    load: () => import('./flight-table/index.tsx'),
  },
  { ...RUSH_BAGGAGE, path: '/flight/view/:id' },
  { ...RUSH_BAGGAGE, path: '/baggage/flight/:id' },
  {
    path: '/tariff/vip-passenger',
    rule: '',
    extraRules: ['tariff-vip-field-create', 'tariff-vip-field-update', 'tariff-vip-field-delete'],
    title: 'VIP-расчёты',
    module: 'tariff-vip',
    inMenu: true,
    load: () => import('./tariff-vip/index.tsx'),
  },
  {
    path: '/tariff/service',
    rule: '',
    extraRules: ['tariff-calc-create', 'tariff-calc-update', 'tariff-calc-delete'],
    title: 'Расчёты услуг',
    module: 'tariff-calc',
    inMenu: true,
    load: () => import('./tariff-calc/index.tsx'),
  },
  {
    path: '/workplace',
    rule: 'workplace-distance-index',
    extraRules: ['workplace-distance-update'],
    title: 'Расстояния между рабочими местами',
    module: 'workplace',
    inMenu: true,
    load: () => import('./workplace/index.tsx'),
  },
  {
    path: '/allocation',
    rule: 'allocation-index',
    extraRules: ['allocation-create', 'allocation-update', 'allocation-delete'],
    title: 'Аллокация подрядчиков',
    module: 'allocation',
    inMenu: true,
    load: () => import('./allocation/index.tsx'),
  },
  {
    path: '/skill-access',
    rule: 'skill-access-index',
    extraRules: ['skill-access-update'],
    title: 'Доступы навыков',
    module: 'skill-access',
    inMenu: true,
    load: () => import('./skill-access/index.tsx'),
  },
  {
    path: '/brs/config',
    rule: '',
    extraRules: ['read-settings-baggage-aviacompany', 'edit-settings-baggage-aviacompany'],
    title: 'Настройки БРС авиакомпаний',
    module: 'brs-config',
    inMenu: true,
    load: () => import('./brs-config/index.tsx'),
  },
  {
    path: '/system/config#kpi_report',
    rule: '',
    extraRules: [],
    title: 'Причины задержек',
    module: 'delay-reasons',
    inMenu: true,
    load: () => import('./delay-reasons/index.tsx'),
  },
  {
    path: '/system/config#postal-statements',
    rule: '',
    extraRules: [],
    title: 'Почтовые ведомости',
    module: 'postal-statements',
    inMenu: true,
    load: () => import('./postal-statements/index.tsx'),
  },
  {
    path: '/delay-employee',
    rule: 'delay-employee-index',
    extraRules: ['delay-employee-update'],
    title: 'Ответственные за задержки',
    module: 'delay-employee',
    inMenu: true,
    load: () => import('./delay-employee/index.tsx'),
  },
  {
    path: '/audit',
    rule: 'audit-index',
    extraRules: [],
    title: 'Журнал изменений',
    module: 'audit',
    inMenu: true,
    load: () => import('./audit/index.tsx'),
  },
  {
    path: '/react_app',
    rule: '',
    extraRules: [],
    title: 'Витрина компонентов',
    module: 'showcase',
    inMenu: true,
    load: () => import('./showcase/index.tsx'),
  },
];
