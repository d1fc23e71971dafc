import type { FuzzFamily } from './fuzzRun.ts';
import { rushSeeds, standardScheduleSeeds, tariffCalcSeeds, vipFieldSeeds } from './fuzzSeeds.ts';
import {
  allocationSeeds,
  configSeeds,
  delayEmployeeSeeds,
  flightTableSeeds,
  printingSeeds,
  workplaceDistanceSeeds,
} from './fuzzSeedsOps.ts';
import { planningCalcSeeds } from './fuzzSeedsPlanning.ts';
import { teamSeeds } from './fuzzSeedsTeam.ts';

/**
 * Every module with write routes, by its tag in the API docs. A write route whose tag is not here fails
 * `tests/fuzz/catalogue.test.ts`: a new module gets a family before it lands.
 */
export const FUZZ_FAMILIES: readonly FuzzFamily[] = [
  // A wrong login is counted (failed logins per login and address) and a right one opens a session: both on purpose.
  { tag: 'auth', part: 1, alsoAllowed: [401, 429], ignoredTables: ['sessions', 'login_failures'] },
  { tag: 'Аллокация подрядчиков', part: 1, seeds: allocationSeeds },
  { tag: 'Настройки БРС авиакомпаний', part: 1 },
  { tag: 'Ответственные за задержки', part: 1, seeds: delayEmployeeSeeds },
  { tag: 'Причины задержек', part: 1, seeds: configSeeds },
  { tag: 'Таблица рейсов', part: 1, seeds: flightTableSeeds },
  { tag: 'Планирование: расчёты, коэффициенты, отпуска', part: 1, seeds: planningCalcSeeds },
  { tag: 'Почтовые ведомости', part: 1 },
  { tag: 'Печать бирок', part: 2, seeds: printingSeeds },
  { tag: 'Срочный багаж', part: 2, seeds: rushSeeds },
  { tag: 'Планирование: график сменности', part: 2, seeds: standardScheduleSeeds },
  { tag: 'Доступы навыков', part: 2 },
  { tag: 'Тарифы: расчёты услуг', part: 2, seeds: tariffCalcSeeds },
  { tag: 'Тарифы: VIP-поля', part: 2, seeds: vipFieldSeeds },
  { tag: 'Планирование бригад', part: 2, seeds: teamSeeds },
  { tag: 'Расстояния между рабочими местами', part: 2, seeds: workplaceDistanceSeeds },
];
