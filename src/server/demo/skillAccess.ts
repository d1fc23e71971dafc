/**
 * Demo skill access: what the demo skills grant, by the names of the generated jobs, resource types, resources and
 * aircraft types, so the screen and team planning have links to show.
 */
import { skillAccesses } from '../db/schema/skillAccess.ts';
import { type DemoTable, Table } from './table.ts';

/** Per skill: the names it grants on each tab (resources by their name's start, aircraft types by theirs). */
const FACTS: [
  skill: string,
  jobs: string[],
  resourceTypes: string[],
  resources: string[],
  aircraft: string[],
][] = [
  [
    'Допуск на перрон',
    ['Встреча воздушного судна', 'Перронный контроль', 'Выпуск воздушного судна'],
    [],
    [],
    [],
  ],
  ['Допуск к управлению трапом', [], ['Самоходный трап'], ['Трап СПТ №1', 'Трап СПТ №2'], []],
  ['Допуск к управлению перронным автобусом', [], ['Перронный автобус'], [], []],
  ['Допуск к буксировке ВС', [], ['Тягач ВС'], [], []],
  ['Допуск к работе с телетрапом', [], ['Телетрап'], [], []],
  ['Допуск к заправке ВС', [], ['Топливозаправщик'], [], []],
  ['Допуск к противообледенительной обработке', [], ['Деайсер'], [], []],
  ['Допуск к обслуживанию Airbus A320', [], [], [], ['Airbus A319', 'Airbus A320', 'Airbus A321']],
  ['Допуск к обслуживанию Boeing 737', [], [], [], ['Boeing 737']],
  ['Допуск к обслуживанию Sukhoi Superjet 100', [], [], [], ['Sukhoi Superjet 100']],
  [
    'Допуск к обслуживанию широкофюзеляжных ВС',
    [],
    [],
    [],
    ['Airbus A330', 'Boeing 767', 'Boeing 777', 'Boeing 787'],
  ],
  ['Работа с пассажирами с ограниченной мобильностью', ['Посадка пассажиров'], ['Амбулифт'], [], []],
  [
    'Водительское удостоверение категории D',
    ['Доставка экипажа'],
    ['Микроавтобус', 'Перронный автобус'],
    [],
    [],
  ],
];

/** The ids of the rows whose name equals one of the names or, with `prefix`, starts with one. */
function idsOf(table: DemoTable | undefined, names: readonly string[], prefix: boolean): number[] {
  if (!table) throw new Error('demo skill access: a referenced table is missing');
  return table.rows
    .filter((row) => names.some((name) => (prefix ? String(row.name).startsWith(name) : row.name === name)))
    .map((row) => row.id as number);
}

/** The links of the demo skills, ids read from the generated tables by name. */
export function buildSkillAccess(tables: readonly DemoTable[]): DemoTable[] {
  const byName = (name: string) => tables.find((table) => table.name === name);
  const links = new Table(skillAccesses);
  const none = { jobId: null, resourceTypeId: null, resourceId: null, aircraftTypeId: null };
  for (const [skill, jobNames, typeNames, resourceNames, aircraftNames] of FACTS) {
    const [skillId] = idsOf(byName('skills'), [skill], false);
    if (skillId === undefined) throw new Error(`demo skill access: no skill ${skill}`);
    const add = (key: keyof typeof none, ids: number[]) => {
      for (const id of ids) links.add({ id: links.nextId, skillId, ...none, [key]: id });
    };
    add('jobId', idsOf(byName('jobs'), jobNames, false));
    add('resourceTypeId', idsOf(byName('resource_types'), typeNames, false));
    add('resourceId', idsOf(byName('resources'), resourceNames, false));
    add('aircraftTypeId', idsOf(byName('aircraft_types'), aircraftNames, true));
  }
  return [links];
}
