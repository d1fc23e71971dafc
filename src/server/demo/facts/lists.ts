/** Small reference lists; the loader numbers each from 1 in list order. */

/** The id the loader gives a name of a list; throws when the list has no such name. Example: `idIn(['a', 'b'], 'b')` → 2. */
function idIn(list: readonly string[], name: string): number {
  const index = list.indexOf(name);
  if (index < 0) throw new Error(`demo data: no '${name}' in the list`);
  return index + 1;
}

/** Leg direction as the flights table stores it (a check constraint, not a list). */
export const DIRECTION = { departure: 1, arrival: 2 } as const;

/** Workplace kinds as the workplaces table stores them. */
export const WORKPLACE_KIND = { stand: 1, gate: 2, hall: 3, serviceBuilding: 4 } as const;

export const FLIGHT_STATUSES = [
  'Запланирован',
  'Отменён',
  'Подтверждён',
  'Согласован',
  'Черновик',
  'На согласовании',
  'Регистрация',
  'Посадка',
  'Задержан',
  'Перенесён',
  'Вылетел',
  'Возврат',
  'Уход на запасной',
  'Прибыл',
  'В полёте',
  'Выполнен',
  'Аннулирован',
  'Отклонён',
  'Закрыт',
  'Архив',
];

/** The flight status ids the generator uses. */
export const FLIGHT_STATUS = {
  planned: idIn(FLIGHT_STATUSES, 'Запланирован'),
  cancelled: idIn(FLIGHT_STATUSES, 'Отменён'),
  confirmed: idIn(FLIGHT_STATUSES, 'Подтверждён'),
  agreed: idIn(FLIGHT_STATUSES, 'Согласован'),
  delayed: idIn(FLIGHT_STATUSES, 'Задержан'),
  departed: idIn(FLIGHT_STATUSES, 'Вылетел'),
  arrived: idIn(FLIGHT_STATUSES, 'Прибыл'),
  done: idIn(FLIGHT_STATUSES, 'Выполнен'),
  closed: idIn(FLIGHT_STATUSES, 'Закрыт'),
};

export const FLIGHT_CLASSES = [
  'Пассажирский',
  'Грузовой',
  'Почтовый',
  'Технический',
  'Деловая авиация',
  'Санитарный',
];
export const FLIGHT_TYPES = ['Внутренний', 'Международный'];
export const FLIGHT_SCHEDULES = ['Ежедневный', 'Сезонный', 'Заявка'];

export const FLIGHT_CLASS = {
  passenger: idIn(FLIGHT_CLASSES, 'Пассажирский'),
  cargo: idIn(FLIGHT_CLASSES, 'Грузовой'),
  business: idIn(FLIGHT_CLASSES, 'Деловая авиация'),
};
export const FLIGHT_TYPE = {
  domestic: idIn(FLIGHT_TYPES, 'Внутренний'),
  international: idIn(FLIGHT_TYPES, 'Международный'),
};
export const FLIGHT_SCHEDULE = {
  daily: idIn(FLIGHT_SCHEDULES, 'Ежедневный'),
  seasonal: idIn(FLIGHT_SCHEDULES, 'Сезонный'),
  request: idIn(FLIGHT_SCHEDULES, 'Заявка'),
};

export const SERVICE_HALLS = [
  'Зал официальных делегаций',
  'VIP-зал терминала 1',
  'Бизнес-зал внутренних линий',
  'Бизнес-зал международных линий',
  'Зал повышенной комфортности',
];
export const PASSENGER_CATEGORIES = [
  'Взрослый',
  'Ребёнок до 2 лет',
  'Ребёнок от 2 до 12 лет',
  'Сопровождающий',
  'Встречающий',
  'Провожающий',
  'Член официальной делегации',
];
export const TRAVEL_CLASSES = ['Эконом', 'Комфорт', 'Бизнес', 'Первый'];
/** Id 7 is the guest of a card holder: it reveals use-parent-access-type. */
export const HALL_ACCESS_TYPES = [
  'Разовое посещение',
  'По посадочному талону бизнес-класса',
  'По карте лояльности',
  'По банковской карте',
  'По договору с авиакомпанией',
  'По абонементу',
  'Гость владельца карты',
  'По приглашению администрации',
];
export const LOYALTY_CARD_TYPES = [
  'Аэрофлот Бонус Gold',
  'Аэрофлот Бонус Platinum',
  'S7 Priority Gold',
  'S7 Priority Platinum',
  'Крылья Silver',
  'Priority Pass',
  'LoungeKey',
  'DragonPass',
];
export const CARD_BANK_TYPES = [
  'Visa Infinite',
  'Visa Platinum',
  'Mastercard World Elite',
  'Mastercard Platinum',
  'Мир Премиальная',
  'UnionPay Diamond',
];
export const PAY_TYPES = ['Наличные', 'Банковская карта', 'Безналичный расчёт', 'По договору', 'Бесплатно'];
export const MED_SERVICES = [
  'Медицинское сопровождение пассажира',
  'Предполётный медосмотр экипажа',
  'Оказание первой помощи',
  'Перевозка пассажира на носилках',
  'Вызов бригады скорой помощи',
  'Санитарная обработка ВС',
];
export const VIP_SERVICES = [
  'Обслуживание в VIP-зале на вылет',
  'Обслуживание в VIP-зале на прилёт',
  'Трансфер к борту',
  'Оформление багажа в VIP-зале',
  'Обслуживание в бизнес-зале',
  'Встреча у трапа',
];
export const CALC_TYPES = ['Продолжительность', 'Операции', 'Показатели'];
/** [name, name_full]. */
export const FORMATS: [string, string][] = [
  ['мин', 'Минуты'],
  ['ч', 'Часы'],
  ['шт', 'Штуки'],
  ['чел', 'Человеки'],
  ['т', 'Тонны'],
  ['кг', 'Килограммы'],
  ['л', 'Литры'],
  ['рейс', 'Рейсы'],
];
/** Id 1 is no rounding. */
export const ROUNDINGS: [string, string][] = [
  ['Нет', 'Без округления'],
  ['Вверх', 'Округление в большую сторону'],
  ['Вниз', 'Округление в меньшую сторону'],
  ['Мат.', 'Математическое округление'],
];
/** [name_ru, name_en, id_1c]. */
export const SERVICES: [string, string, string][] = [
  ['Обеспечение пассажирским трапом', 'Passenger steps', 'TRAP'],
  ['Перевозка пассажиров перронным автобусом', 'Passenger bussing', 'BUS'],
  ['Обработка багажа', 'Baggage handling', 'BAG'],
  ['Уборка салона ВС', 'Cabin cleaning', 'CLEAN'],
  ['Ассенизация ВС', 'Toilet service', 'TOILET'],
  ['Заправка ВС питьевой водой', 'Potable water', 'WATER'],
  ['Буксировка ВС', 'Towing', 'TOW'],
  ['Противообледенительная обработка ВС', 'De-icing', 'DEICE'],
  ['Обеспечение электропитанием', 'Ground power', 'GPU'],
  ['Регистрация пассажиров', 'Passenger check-in', 'CHECKIN'],
  ['Посадка пассажиров', 'Boarding', 'BOARD'],
  ['Предполётный досмотр', 'Security screening', 'SECUR'],
  ['Расчёт центровки', 'Load control', 'LOADCTL'],
  ['Обработка груза и почты', 'Cargo and mail handling', 'CARGO'],
  ['Техническое обслуживание ВС', 'Line maintenance', 'TECH'],
  ['Доставка экипажа', 'Crew transport', 'CREW'],
  ['Обслуживание в VIP-зале', 'VIP lounge', 'VIP'],
  ['Обслуживание в бизнес-зале', 'Business lounge', 'BUSLNG'],
  ['Сопровождение ПМГ', 'PRM assistance', 'PRM'],
  ['Медицинское обслуживание', 'Medical service', 'MED'],
  ['Стоянка ВС', 'Aircraft parking', 'PARK'],
  ['Загрузка бортового питания', 'Catering loading', 'CATER'],
];
export const COEFFICIENT_TYPES = [
  'Коэффициент приоритета',
  'Коэффициент обеспеченности',
  'Коэффициент удалённости',
  'Коэффициент загрузки',
];
/** Id 2 is the default of a new postal-statement pattern. */
export const PATTERN_TYPES = ['Общий шаблон', 'Шаблон подразделения'];
export const PRINT_TYPES = ['Багажная бирка', 'Посадочный талон'];
/** [external id, manufacturer, model, name, active, print type id, address]. */
export const PRINTERS: [string, string, string, string, boolean, number, string | null][] = [
  ['SPOOL-1', 'Встроенный', 'PDF', 'Спул-принтер (PDF в папку данных)', true, 1, null],
  ['BTP-REG-01', 'IER', '512', 'Стойка регистрации №1', true, 1, '10.10.1.21:9100'],
  ['BTP-REG-02', 'IER', '512', 'Стойка регистрации №2', true, 1, '10.10.1.22:9100'],
  ['BTP-LL-01', 'Zebra', 'ZT410', 'Служба розыска багажа', true, 1, '10.10.1.40:9100'],
  ['BTP-OLD-01', 'Zebra', 'ZM400', 'Резервный (списан)', false, 1, '10.10.1.41:9100'],
  ['ATB-REG-01', 'IER', '400', 'Выход на посадку №1', true, 2, '10.10.1.51:9100'],
];
/** [name, print type id, winding, pectab]. */
export const PRINT_TEMPLATES: [string, number, number, string][] = [
  ['Бирка стандартная, намотка наружу', 1, 1, 'BTT01^01C0A1010^02C0A1210^03B1A0010I25^'],
  ['Бирка стандартная, намотка внутрь', 1, 2, 'BTT02^01C0A1010^02C0A1210^03B1A0010I25^'],
  ['Посадочный талон', 2, 1, 'ATB01^01C0A1010^02C0A1110^'],
];
/** [name, period minutes, is default]. */
export const SCALES: [string, number, boolean][] = [
  ['5 минут', 5, false],
  ['10 минут', 10, false],
  ['15 минут', 15, true],
  ['30 минут', 30, false],
  ['1 час', 60, false],
];
