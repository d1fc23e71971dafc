/** Ground-handling jobs with their staff, vehicles, timing and indicators, and the jobs of each TGO. */

export interface JobFact {
  name: string;
  nameEn: string;
  /** 1 arrival, 2 departure, 3 both. */
  direction: number;
  color: string;
  /** [position, staff count]. */
  positions: [string, number][];
  resourceTypes: string[];
  /** Offset from on-block (arrival) or off-block (departure), and duration, in minutes, for a narrow body. */
  offset: number;
  duration: number;
  indicators: [string, string][];
}

type JobRow = [string, string, number, string, string, number, number, string];

/** positions as 'Name*count|Name*count', resources as 'A|B', indicators as 'name:unit|...'. */
const JOB_ROWS: JobRow[] = [
  ['Встреча воздушного судна', 'Aircraft marshalling', 1, 'Техник по встрече ВС*1', '', -10, 15, ''],
  [
    'Подача трапа',
    'Passenger steps',
    3,
    'Водитель трапа*1',
    'Самоходный трап',
    0,
    10,
    'Количество трапов:шт',
  ],
  [
    'Перевозка пассажиров перронным автобусом',
    'Passenger bussing',
    3,
    'Водитель перронного автобуса*1|Агент по перронному обслуживанию*1',
    'Перронный автобус',
    2,
    25,
    'Количество рейсов автобуса:шт',
  ],
  [
    'Выгрузка багажа',
    'Baggage unloading',
    1,
    'Грузчик*2|Водитель багажного тягача*1',
    'Багажный тягач|Ленточный транспортёр',
    3,
    25,
    'Количество мест багажа:шт|Вес багажа:кг',
  ],
  ['Уборка салона', 'Cabin cleaning', 1, 'Уборщик салона ВС*2', '', 12, 25, ''],
  ['Ассенизация', 'Toilet service', 1, 'Водитель спецавтомобиля*1', 'Ассенизационная машина', 10, 15, ''],
  ['Выдача багажа', 'Baggage delivery', 1, 'Агент по обработке багажа*1', '', 15, 30, ''],
  ['Техническое обслуживание по прилёту', 'Arrival check', 1, 'Авиатехник*1', '', 2, 40, ''],
  [
    'Выгрузка груза и почты',
    'Cargo and mail unloading',
    1,
    'Грузчик*2|Водитель автопогрузчика*1|Приёмосдатчик груза и почты*1',
    'Автопогрузчик',
    5,
    35,
    'Вес груза:кг|Вес почты:кг',
  ],
  [
    'Регистрация пассажиров',
    'Check-in',
    2,
    'Агент по регистрации*2',
    '',
    -150,
    110,
    'Количество пассажиров:чел',
  ],
  ['Предполётный досмотр', 'Security screening', 2, 'Инспектор САБ*2', '', -130, 100, ''],
  [
    'Заправка топливом',
    'Fuelling',
    2,
    'Водитель топливозаправщика*1|Заправщик ГСМ*1',
    'Топливозаправщик',
    -50,
    25,
    'Объём топлива:т',
  ],
  [
    'Загрузка бортового питания',
    'Catering loading',
    2,
    'Водитель автолифта*1|Комплектовщик бортпитания*1',
    'Автолифт',
    -55,
    20,
    'Количество комплектов питания:шт',
  ],
  [
    'Загрузка багажа',
    'Baggage loading',
    2,
    'Грузчик*2|Водитель багажного тягача*1',
    'Багажный тягач|Ленточный транспортёр',
    -45,
    30,
    'Количество мест багажа:шт',
  ],
  ['Посадка пассажиров', 'Boarding', 2, 'Агент по посадке*2', '', -40, 25, ''],
  [
    'Доставка пассажиров на посадку',
    'Boarding bussing',
    2,
    'Водитель перронного автобуса*1|Агент по перронному обслуживанию*1',
    'Перронный автобус',
    -35,
    25,
    '',
  ],
  [
    'Заправка водой',
    'Potable water',
    2,
    'Водитель спецавтомобиля*1',
    'Водозаправщик',
    -40,
    15,
    'Объём воды:л',
  ],
  [
    'Буксировка',
    'Pushback',
    2,
    'Водитель тягача ВС*1|Техник по буксировке*1',
    'Тягач ВС',
    -5,
    10,
    'Количество буксировок:шт',
  ],
  ['Выпуск воздушного судна', 'Aircraft dispatch', 2, 'Авиатехник*1', '', -15, 20, ''],
  ['Доставка экипажа', 'Crew transport', 2, 'Водитель микроавтобуса*1', 'Микроавтобус', -75, 15, ''],
  [
    'Обслуживание в VIP-зале',
    'VIP lounge service',
    2,
    'Агент VIP-зала*1',
    '',
    -100,
    70,
    'Количество пассажиров:чел',
  ],
  ['Расчёт центровки', 'Load control', 2, 'Диспетчер по центровке*1', '', -60, 45, ''],
  [
    'Погрузка груза и почты',
    'Cargo and mail loading',
    2,
    'Грузчик*2|Водитель автопогрузчика*1|Агент по обработке груза*1',
    'Автопогрузчик',
    -60,
    35,
    'Вес груза:кг',
  ],
  [
    'Противообледенительная обработка',
    'De-icing',
    2,
    'Оператор деайсера*2',
    'Деайсер',
    -10,
    15,
    'Объём ПОЖ:л',
  ],
  [
    'Подача электропитания',
    'Ground power',
    3,
    'Водитель спецавтомобиля*1',
    'Аэродромный источник питания',
    0,
    40,
    '',
  ],
  [
    'Сопровождение ПМГ',
    'PRM assistance',
    3,
    'Агент по сопровождению ПМГ*1',
    'Амбулифт',
    -30,
    40,
    'Количество пассажиров:чел',
  ],
  ['Медицинский осмотр экипажа', 'Crew medical check', 2, 'Фельдшер*1', '', -90, 15, ''],
  ['Перронный контроль', 'Ramp supervision', 3, 'Инспектор перрона*1', '', -20, 30, ''],
];

const COLORS = ['#1472C5', '#27AE60', '#EB5757', '#F2994A', '#9B51E0', '#2D9CDB', '#219653', '#BB6BD9'];

export const JOBS: JobFact[] = JOB_ROWS.map(
  ([name, nameEn, direction, positions, resourceTypes, offset, duration, indicators], i) => ({
    name,
    nameEn,
    direction,
    color: COLORS[i % COLORS.length],
    positions: positions.split('|').map((p) => {
      const [pos, count] = p.split('*');
      return [pos, Number(count)] as [string, number];
    }),
    resourceTypes: resourceTypes ? resourceTypes.split('|') : [],
    offset,
    duration,
    indicators: indicators ? indicators.split('|').map((x) => x.split(':') as [string, string]) : [],
  }),
);

/** Jobs of the TGO of a direction (2 arrival, 1 departure), flight type and aircraft category. Example: `tgoJobNames(2, false, 3)` → 4 jobs of a domestic regional arrival. */
export function tgoJobNames(direction: number, international: boolean, category: number): string[] {
  const wide = category === 1;
  const small = category >= 3;
  if (direction === 2) {
    const list = ['Встреча воздушного судна', 'Выгрузка багажа', 'Выдача багажа'];
    list.push(small ? 'Подача трапа' : 'Перевозка пассажиров перронным автобусом');
    if (!small) list.push('Подача трапа', 'Уборка салона');
    if (wide || international)
      list.push('Выгрузка груза и почты', 'Ассенизация', 'Техническое обслуживание по прилёту');
    if (wide) list.push('Подача электропитания', 'Сопровождение ПМГ');
    return list;
  }
  const list = ['Регистрация пассажиров', 'Посадка пассажиров', 'Загрузка багажа', 'Заправка топливом'];
  list.push(small ? 'Выпуск воздушного судна' : 'Буксировка');
  if (!small) list.push('Доставка пассажиров на посадку', 'Загрузка бортового питания');
  if (international) list.push('Предполётный досмотр');
  if (wide)
    list.push('Расчёт центровки', 'Погрузка груза и почты', 'Обслуживание в VIP-зале', 'Заправка водой');
  return list;
}
