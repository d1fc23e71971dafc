/**
 * Demo service calcs: three dozen realistic rules over the demo airport's real jobs, covering the three calc types
 * and the three sources, and billing charges for a few of them on the last finished turnarounds (computed by the
 * same evaluation as the API), so that deleting a billed calc shows the 409.
 */
import * as schema from '../db/schema/tariffCalc.ts';
import { type EvalCalc, type EvalLeg, type EvalTask, evaluateCalc } from '../modules/tariff-calc/evaluate.ts';
import * as L from './facts/lists.ts';
import { type Cell, type DemoTable, iso, Table } from './table.ts';

type Source = 'job' | 'med' | 'vip';
/** [start job, start param, end job, end param] for Duration; [job] or [job, indicator] otherwise. */
type Entry = [string, 1 | 2, string, 1 | 2] | [string] | [string, string];

interface CalcFact {
  id1c: string;
  type: 1 | 2 | 3;
  source?: Source;
  format: string;
  rounding?: string;
  accuracy?: number;
  coeff?: number;
  minimum?: number;
  group?: 1 | 2;
  roundingFirst?: boolean;
  accuracyFirst?: boolean;
  plan?: boolean;
  directions?: (1 | 2)[];
  mapTypes?: (1 | 2 | 3)[];
  jobs?: Entry[];
  items?: string[];
  positions?: string[];
  resourceTypes?: string[];
  /** Resources: the first unit of each named type. */
  resourcesOf?: string[];
}

const UP = 'Вверх';
const DOWN = 'Вниз';
const MATH = 'Мат.';

const CALCS: CalcFact[] = [
  // Duration
  {
    id1c: 'TRAP',
    type: 1,
    format: 'мин',
    rounding: UP,
    minimum: 10,
    mapTypes: [1, 2, 3],
    jobs: [['Подача трапа', 1, 'Подача трапа', 2]],
    positions: ['Водитель трапа'],
    resourceTypes: ['Самоходный трап'],
  },
  {
    id1c: 'BUS',
    type: 1,
    format: 'мин',
    rounding: UP,
    jobs: [['Перевозка пассажиров перронным автобусом', 1, 'Перевозка пассажиров перронным автобусом', 2]],
  },
  {
    id1c: 'GPU',
    type: 1,
    format: 'ч',
    rounding: UP,
    minimum: 1,
    jobs: [['Подача электропитания', 1, 'Подача электропитания', 2]],
  },
  {
    id1c: 'TOW',
    type: 1,
    format: 'мин',
    rounding: UP,
    minimum: 10,
    directions: [1],
    jobs: [['Буксировка', 1, 'Буксировка', 2]],
  },
  {
    id1c: 'PARK',
    type: 1,
    format: 'ч',
    rounding: UP,
    coeff: 1,
    mapTypes: [3],
    jobs: [['Встреча воздушного судна', 1, 'Выпуск воздушного судна', 2]],
  },
  {
    id1c: 'CLEAN',
    type: 1,
    format: 'мин',
    rounding: MATH,
    accuracy: 0,
    directions: [2],
    jobs: [['Уборка салона', 1, 'Уборка салона', 2]],
  },
  {
    id1c: 'TOILET',
    type: 1,
    format: 'мин',
    rounding: UP,
    directions: [2],
    jobs: [['Ассенизация', 1, 'Ассенизация', 2]],
  },
  {
    id1c: 'DEICE',
    type: 1,
    format: 'мин',
    rounding: UP,
    coeff: 1.2,
    minimum: 15,
    directions: [1],
    jobs: [['Противообледенительная обработка', 1, 'Противообледенительная обработка', 2]],
    resourceTypes: ['Деайсер'],
  },
  {
    id1c: 'CHECKIN',
    type: 1,
    format: 'ч',
    rounding: UP,
    accuracy: 1,
    coeff: 1.1,
    roundingFirst: false,
    accuracyFirst: false,
    directions: [1],
    plan: true,
    jobs: [['Регистрация пассажиров', 1, 'Регистрация пассажиров', 2]],
  },
  {
    id1c: 'BOARD',
    type: 1,
    format: 'мин',
    rounding: UP,
    directions: [1],
    jobs: [['Посадка пассажиров', 1, 'Посадка пассажиров', 2]],
  },
  {
    id1c: 'SECUR',
    type: 1,
    format: 'ч',
    rounding: DOWN,
    directions: [1],
    jobs: [['Предполётный досмотр', 1, 'Предполётный досмотр', 2]],
  },
  {
    id1c: 'PRM',
    type: 1,
    format: 'мин',
    rounding: UP,
    group: 2,
    minimum: 30,
    jobs: [['Сопровождение ПМГ', 1, 'Сопровождение ПМГ', 2]],
    positions: ['Агент по сопровождению ПМГ'],
  },
  {
    id1c: 'TECH',
    type: 1,
    format: 'ч',
    rounding: UP,
    group: 2,
    jobs: [
      ['Техническое обслуживание по прилёту', 1, 'Техническое обслуживание по прилёту', 2],
      ['Выпуск воздушного судна', 1, 'Выпуск воздушного судна', 2],
    ],
  },
  {
    id1c: 'CREW',
    type: 1,
    format: 'мин',
    rounding: UP,
    directions: [1],
    jobs: [['Доставка экипажа', 1, 'Доставка экипажа', 2]],
  },
  {
    id1c: 'LOADCTL',
    type: 1,
    format: 'ч',
    rounding: UP,
    directions: [1],
    jobs: [['Расчёт центровки', 1, 'Расчёт центровки', 2]],
  },
  {
    id1c: 'BAG',
    type: 1,
    format: 'мин',
    rounding: UP,
    directions: [2],
    jobs: [['Выгрузка багажа', 1, 'Выдача багажа', 2]],
  },
  // Operations on jobs
  {
    id1c: 'TRAP',
    type: 2,
    format: 'шт',
    jobs: [['Подача трапа']],
    resourceTypes: ['Самоходный трап'],
    resourcesOf: ['Самоходный трап'],
  },
  {
    id1c: 'BUS',
    type: 2,
    format: 'шт',
    jobs: [['Перевозка пассажиров перронным автобусом'], ['Доставка пассажиров на посадку']],
  },
  { id1c: 'BAG', type: 2, format: 'рейс', jobs: [['Выгрузка багажа'], ['Загрузка багажа']], coeff: 0.5 },
  { id1c: 'WATER', type: 2, format: 'шт', directions: [1], jobs: [['Заправка водой']] },
  { id1c: 'CATER', type: 2, format: 'шт', directions: [1], jobs: [['Загрузка бортового питания']] },
  { id1c: 'TOW', type: 2, format: 'шт', directions: [1], minimum: 1, jobs: [['Буксировка']] },
  { id1c: 'CARGO', type: 2, format: 'шт', jobs: [['Выгрузка груза и почты'], ['Погрузка груза и почты']] },
  { id1c: 'MED', type: 2, format: 'чел', directions: [1], jobs: [['Медицинский осмотр экипажа']] },
  // Operations on medical services
  {
    id1c: 'MED',
    type: 2,
    source: 'med',
    format: 'шт',
    items: ['Медицинское сопровождение пассажира', 'Оказание первой помощи'],
  },
  {
    id1c: 'MED',
    type: 2,
    source: 'med',
    format: 'чел',
    directions: [1],
    items: ['Предполётный медосмотр экипажа'],
  },
  {
    id1c: 'MED',
    type: 2,
    source: 'med',
    format: 'шт',
    minimum: 1,
    items: ['Санитарная обработка ВС', 'Перевозка пассажира на носилках', 'Вызов бригады скорой помощи'],
  },
  // Operations on VIP services
  {
    id1c: 'VIP',
    type: 2,
    source: 'vip',
    format: 'чел',
    items: ['Обслуживание в VIP-зале на вылет', 'Обслуживание в VIP-зале на прилёт'],
  },
  {
    id1c: 'BUSLNG',
    type: 2,
    source: 'vip',
    format: 'чел',
    directions: [1],
    items: ['Обслуживание в бизнес-зале'],
  },
  {
    id1c: 'VIP',
    type: 2,
    source: 'vip',
    format: 'шт',
    items: ['Трансфер к борту', 'Встреча у трапа', 'Оформление багажа в VIP-зале'],
  },
  // Indicators
  {
    id1c: 'CHECKIN',
    type: 3,
    format: 'чел',
    directions: [1],
    jobs: [['Регистрация пассажиров', 'Количество пассажиров']],
  },
  {
    id1c: 'BAG',
    type: 3,
    format: 'кг',
    rounding: UP,
    directions: [2],
    jobs: [['Выгрузка багажа', 'Вес багажа']],
  },
  {
    id1c: 'CARGO',
    type: 3,
    format: 'кг',
    rounding: MATH,
    jobs: [
      ['Выгрузка груза и почты', 'Вес груза'],
      ['Выгрузка груза и почты', 'Вес почты'],
    ],
  },
  { id1c: 'WATER', type: 3, format: 'л', directions: [1], jobs: [['Заправка водой', 'Объём воды']] },
  {
    id1c: 'DEICE',
    type: 3,
    format: 'л',
    directions: [1],
    minimum: 100,
    jobs: [['Противообледенительная обработка', 'Объём ПОЖ']],
  },
  {
    id1c: 'VIP',
    type: 3,
    format: 'чел',
    directions: [1],
    jobs: [['Обслуживание в VIP-зале', 'Количество пассажиров']],
  },
  { id1c: 'PRM', type: 3, format: 'чел', coeff: 1, jobs: [['Сопровождение ПМГ', 'Количество пассажиров']] },
];

/** Calcs billed on the last finished turnarounds (by position in CALCS) and how many turnarounds. */
const BILLED = [0, 1, 30];
const BILLED_TURNAROUNDS = 12;

type Rows = readonly Readonly<Record<string, Cell>>[];

/** The generated rows of a table by its SQL name. */
function rowsNamed(tables: readonly DemoTable[], name: string): Rows {
  const table = tables.find((t) => t.name === name);
  if (!table) throw new Error(`demo calcs: no table ${name}`);
  return table.rows;
}

/** The id of the row whose `key` is `value`; throws when absent, so a renamed fact fails the generator. */
function idBy(rows: Rows, key: string, value: Cell, idKey = 'id'): number {
  const row = rows.find((r) => r[key] === value);
  if (!row) throw new Error(`demo calcs: no ${key} = ${value}`);
  return row[idKey] as number;
}

const listId = (list: readonly string[], name: string) => {
  const index = list.indexOf(name);
  if (index < 0) throw new Error(`demo calcs: no '${name}'`);
  return index + 1;
};

/** The demo calcs, their lists and their charges, over the generated tables (jobs, staff, flights, tasks). */
export function buildTariffCalcs(tables: readonly DemoTable[], now: number): DemoTable[] {
  const jobRows = rowsNamed(tables, 'jobs');
  const indicatorRows = rowsNamed(tables, 'job_indicators');
  const positionRows = rowsNamed(tables, 'employee_positions');
  const typeRows = rowsNamed(tables, 'resource_types');
  const resourceRows = rowsNamed(tables, 'resources');
  const serviceRows = rowsNamed(tables, 'services');
  const jobId = (name: string) => idBy(jobRows, 'name', name);

  const calcs = new Table(schema.tariffCalcs);
  const mapTypes = new Table(schema.tariffCalcServiceMapTypes);
  const directions = new Table(schema.tariffCalcDirections);
  const med = new Table(schema.tariffCalcMedServices);
  const vip = new Table(schema.tariffCalcVipServices);
  const jobs = new Table(schema.tariffCalcJobs);
  const positions = new Table(schema.tariffCalcPositions);
  const types = new Table(schema.tariffCalcResourceTypes);
  const units = new Table(schema.tariffCalcResources);
  const charges = new Table(schema.tariffCalcCharges);
  const evalCalcs: EvalCalc[] = [];

  for (const fact of CALCS) {
    const formatId = L.FORMATS.findIndex(([name]) => name === fact.format) + 1;
    const roundingId = fact.rounding ? L.ROUNDINGS.findIndex(([name]) => name === fact.rounding) + 1 : 1;
    if (formatId < 1 || roundingId < 1) throw new Error(`demo calcs: bad format or rounding of ${fact.id1c}`);
    const calcId = calcs.add({
      id: calcs.nextId,
      serviceId: idBy(serviceRows, 'id1c', fact.id1c),
      calcTypeId: fact.type,
      formatId,
      roundingId,
      accuracy: roundingId === 1 || fact.accuracy === undefined ? null : String(fact.accuracy),
      groupType: fact.group ?? 1,
      coeff: fact.coeff === undefined ? null : String(fact.coeff),
      minimumAmount: fact.minimum === undefined ? null : String(fact.minimum),
      isRoundingFirst: fact.roundingFirst ?? true,
      isAccuracyFirst: fact.accuracyFirst ?? true,
      isUsingPlanTime: fact.plan ?? false,
    });
    for (const serviceMapType of fact.mapTypes ?? []) mapTypes.add({ calcId, serviceMapType });
    const calcDirections = fact.directions ?? [1, 2];
    for (const direction of calcDirections) directions.add({ calcId, direction });
    const source = fact.source ?? 'job';
    for (const name of fact.items ?? []) {
      if (source === 'med') med.add({ calcId, medServiceId: listId(L.MED_SERVICES, name) });
      else vip.add({ calcId, vipServiceId: listId(L.VIP_SERVICES, name) });
    }
    const entries: EvalCalc['entries'] = [];
    (fact.jobs ?? []).forEach((entry, sort) => {
      const start = jobId(entry[0]);
      const duration = entry.length === 4;
      const end = duration ? jobId(entry[2]) : null;
      const indicator =
        entry.length === 2
          ? idBy(
              indicatorRows.filter((row) => row.jobId === start),
              'indicatorName',
              entry[1],
            )
          : null;
      jobs.add({
        id: jobs.nextId,
        calcId,
        sort,
        startJobId: start,
        startParam: duration ? entry[1] : null,
        endJobId: end,
        endParam: duration ? entry[3] : null,
        jobIndicatorId: indicator,
      });
      entries.push({
        startJob: { id: start, name: entry[0] },
        startParam: duration ? entry[1] : null,
        endJob: duration ? { id: end as number, name: entry[2] } : null,
        endParam: duration ? entry[3] : null,
        indicator: entry.length === 2 ? { id: indicator as number, name: entry[1] } : null,
      });
    });
    const positionIds = (fact.positions ?? []).map((name) => idBy(positionRows, 'name', name));
    for (const employeePositionId of positionIds) positions.add({ calcId, employeePositionId });
    const typeIds = (fact.resourceTypes ?? []).map((name) => idBy(typeRows, 'name', name));
    for (const resourceTypeId of typeIds) types.add({ calcId, resourceTypeId });
    const resourceIds = (fact.resourcesOf ?? []).map((name) =>
      idBy(resourceRows, 'resourceTypeId', idBy(typeRows, 'name', name)),
    );
    for (const resourceId of resourceIds) units.add({ calcId, resourceId });
    const [formatName, formatFull] = L.FORMATS[formatId - 1];
    evalCalcs.push({
      calcTypeId: fact.type,
      source: source === 'job' ? 1 : source === 'med' ? 2 : 3,
      format: { id: formatId, name: formatName, name_full: formatFull },
      roundingId,
      roundingName: L.ROUNDINGS[roundingId - 1][1],
      accuracy: roundingId === 1 ? null : (fact.accuracy ?? null),
      coeff: fact.coeff ?? null,
      minimumAmount: fact.minimum ?? null,
      groupType: fact.group ?? 1,
      isRoundingFirst: fact.roundingFirst ?? true,
      isAccuracyFirst: fact.accuracyFirst ?? true,
      isUsingPlanTime: fact.plan ?? false,
      directions: calcDirections,
      serviceMapTypes: fact.mapTypes ?? [],
      entries,
      positionIds,
      resourceTypeIds: typeIds,
      resourceIds,
    });
  }

  billCharges(tables, now, evalCalcs, charges);
  return [calcs, mapTypes, directions, med, vip, jobs, positions, types, units, charges];
}

/** Charges of the billed calcs on the last finished turnarounds (both legs before now), as the evaluation gives. */
function billCharges(
  tables: readonly DemoTable[],
  now: number,
  evalCalcs: EvalCalc[],
  charges: Table<typeof schema.tariffCalcCharges>,
): void {
  const flights = new Map(rowsNamed(tables, 'flights').map((row) => [row.id as number, row]));
  const planOf = (id: Cell) => Date.parse(flights.get(id as number)?.planAt as string);
  const finished = rowsNamed(tables, 'turnarounds')
    .filter((t) => t.arrivalFlightId !== null && t.departureFlightId !== null)
    .filter((t) => planOf(t.departureFlightId) < now - 3_600_000)
    .sort(
      (a, b) =>
        planOf(b.departureFlightId) - planOf(a.departureFlightId) || (b.aid as number) - (a.aid as number),
    )
    .slice(0, BILLED_TURNAROUNDS);
  const legIds = new Set(
    finished.flatMap((t) => [t.arrivalFlightId as number, t.departureFlightId as number]),
  );
  const tasksByFlight = new Map<number, EvalTask[]>();
  for (const row of rowsNamed(tables, 'tasks')) {
    const flightId = row.flightId as number;
    if (!legIds.has(flightId)) continue;
    const date = (cell: Cell) => (cell === null ? null : new Date(cell as string));
    const list = tasksByFlight.get(flightId) ?? [];
    list.push({
      id: row.id as number,
      flightId,
      job: { id: row.jobId as number, name: '' },
      planBegin: new Date(row.planBeginAt as string),
      planEnd: new Date(row.planEndAt as string),
      factBegin: date(row.factBeginAt),
      factEnd: date(row.factEndAt),
      positionIds: [],
      resourceTypeIds: [],
      resourceIds: [],
    });
    tasksByFlight.set(flightId, list);
  }
  const byTask = new Map([...tasksByFlight.values()].flat().map((task) => [task.id, task]));
  for (const row of rowsNamed(tables, 'task_positions'))
    byTask.get(row.taskId as number)?.positionIds.push(row.employeePositionId as number);
  for (const row of rowsNamed(tables, 'task_resources')) {
    const task = byTask.get(row.taskId as number);
    task?.resourceTypeIds.push(row.resourceTypeId as number);
    if (row.resourceId !== null) task?.resourceIds.push(row.resourceId as number);
  }
  const weight = (cell: Cell) => (cell === null ? null : Number(cell));
  for (const turnaround of finished) {
    const legs: EvalLeg[] = [turnaround.arrivalFlightId, turnaround.departureFlightId].map((id) => {
      const row = flights.get(id as number) as Readonly<Record<string, Cell>>;
      return {
        id: row.id as number,
        direction: row.direction as 1 | 2,
        flightNumber: row.flightNumber as string,
        planAt: new Date(row.planAt as string),
        passengers: row.passengers as number,
        baggageWeight: weight(row.baggageWeight),
        cargoWeight: weight(row.cargoWeight),
        mailWeight: weight(row.mailWeight),
      };
    });
    const turnaroundTasks = legs.flatMap((leg) => tasksByFlight.get(leg.id) ?? []);
    for (const index of BILLED) {
      const { result } = evaluateCalc({ calc: evalCalcs[index], legs, tasks: turnaroundTasks });
      if (result === null || result === 0) continue;
      charges.add({
        id: charges.nextId,
        calcId: index + 1,
        aid: turnaround.aid as number,
        quantity: String(result),
        chargedAt: iso(planOf(turnaround.departureFlightId) + 3_600_000),
      });
    }
  }
}
