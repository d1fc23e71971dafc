import * as schema from '../db/schema/tariffVip.ts';
import { AIRLINES } from './facts/geo.ts';
import * as L from './facts/lists.ts';
import { type DemoTable, Table } from './table.ts';

/** The id the loader gives a name of a reference list (numbered from 1 in list order); throws when absent. */
function idOf(list: readonly string[], name: string): number {
  const index = list.indexOf(name);
  if (index < 0) throw new Error(`demo VIP fields: no '${name}' in the list`);
  return index + 1;
}

/** The id of an airline by its IATA code (airlines are numbered in the order of the facts). */
function airlineId(iata: string): number {
  const index = AIRLINES.findIndex((airline) => airline.iata === iata);
  if (index < 0) throw new Error(`demo VIP fields: no airline ${iata}`);
  return index + 1;
}

interface VipFieldFact {
  name: string;
  description: string;
  guests?: boolean;
  parentAccess?: boolean | null;
  halls: string[];
  categories: string[];
  travelClasses?: string[];
  airlines: string[];
  directions: (1 | 2)[];
  flightClasses: string[];
  flightTypes: string[];
  access: string[];
  loyalty?: string[];
  banks?: string[];
  pay: string[];
}

const RUSSIAN = ['SU', 'FV', 'DP', 'S7', 'U6', 'UT', 'N4', '5N', 'WZ', 'A4'];
const FOREIGN = ['TK', 'PC', 'EK', 'FZ', 'G9', 'QR'];
const { departure, arrival } = L.DIRECTION;
const PASSENGER = ['Пассажирский'];
const DOMESTIC = ['Внутренний'];
const INTERNATIONAL = ['Международный'];
const BOTH_TYPES = [...DOMESTIC, ...INTERNATIONAL];
const CASH_OR_CARD = ['Наличные', 'Банковская карта'];

/** Billing fields of Kazan's business and VIP halls: who enters which hall, how, and how it is paid. */
const FIELDS: VipFieldFact[] = [
  {
    name: 'business_lounge_domestic_adult',
    description: 'Бизнес-зал внутренних линий: взрослый, разовое посещение',
    halls: ['Бизнес-зал внутренних линий'],
    categories: ['Взрослый'],
    airlines: RUSSIAN,
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: DOMESTIC,
    access: ['Разовое посещение'],
    pay: CASH_OR_CARD,
  },
  {
    name: 'business_lounge_domestic_child',
    description: 'Бизнес-зал внутренних линий: ребёнок от 2 до 12 лет',
    halls: ['Бизнес-зал внутренних линий'],
    categories: ['Ребёнок от 2 до 12 лет'],
    airlines: RUSSIAN,
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: DOMESTIC,
    access: ['Разовое посещение'],
    pay: CASH_OR_CARD,
  },
  {
    name: 'business_lounge_infant',
    description: 'Бизнес-залы: ребёнок до 2 лет без оплаты',
    guests: true,
    halls: ['Бизнес-зал внутренних линий', 'Бизнес-зал международных линий'],
    categories: ['Ребёнок до 2 лет'],
    airlines: [...RUSSIAN, ...FOREIGN],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: BOTH_TYPES,
    access: ['Разовое посещение', 'Гость владельца карты'],
    parentAccess: true,
    pay: ['Бесплатно'],
  },
  {
    name: 'business_class_boarding_pass',
    description: 'Пассажиры бизнес-класса по посадочному талону, по договору с авиакомпанией',
    halls: ['Бизнес-зал внутренних линий', 'Бизнес-зал международных линий'],
    categories: ['Взрослый', 'Ребёнок от 2 до 12 лет'],
    travelClasses: ['Бизнес', 'Первый'],
    airlines: ['SU', 'S7', 'U6', 'TK', 'EK', 'QR'],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: BOTH_TYPES,
    access: ['По посадочному талону бизнес-класса', 'По договору с авиакомпанией'],
    pay: ['По договору'],
  },
  {
    name: 'international_lounge_programmes',
    description: 'Бизнес-зал международных линий: Priority Pass, LoungeKey, DragonPass',
    halls: ['Бизнес-зал международных линий'],
    categories: ['Взрослый'],
    airlines: [...FOREIGN, 'SU', 'N4'],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: INTERNATIONAL,
    access: ['По карте лояльности'],
    loyalty: ['Priority Pass', 'LoungeKey', 'DragonPass'],
    pay: ['По договору'],
  },
  {
    name: 'aeroflot_bonus_elite',
    description: 'Участники «Аэрофлот Бонус» уровней Gold и Platinum',
    halls: ['Бизнес-зал внутренних линий', 'Бизнес-зал международных линий'],
    categories: ['Взрослый'],
    airlines: ['SU', 'FV'],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: BOTH_TYPES,
    access: ['По карте лояльности'],
    loyalty: ['Аэрофлот Бонус Gold', 'Аэрофлот Бонус Platinum'],
    pay: ['По договору'],
  },
  {
    name: 's7_priority_elite',
    description: 'Участники S7 Priority уровней Gold и Platinum',
    halls: ['Бизнес-зал внутренних линий'],
    categories: ['Взрослый'],
    airlines: ['S7'],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: DOMESTIC,
    access: ['По карте лояльности'],
    loyalty: ['S7 Priority Gold', 'S7 Priority Platinum'],
    pay: ['По договору'],
  },
  {
    name: 'premium_bank_card',
    description: 'Держатели премиальных банковских карт',
    halls: ['Бизнес-зал внутренних линий', 'Бизнес-зал международных линий', 'Зал повышенной комфортности'],
    categories: ['Взрослый'],
    airlines: [...RUSSIAN, ...FOREIGN],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: BOTH_TYPES,
    access: ['По банковской карте'],
    banks: ['Visa Infinite', 'Mastercard World Elite', 'Мир Премиальная', 'UnionPay Diamond'],
    pay: ['Бесплатно'],
  },
  {
    name: 'cardholder_guest_by_card',
    description: 'Гость владельца карты: по условиям карты владельца',
    guests: true,
    parentAccess: true,
    halls: ['Бизнес-зал внутренних линий', 'Бизнес-зал международных линий'],
    categories: ['Взрослый', 'Ребёнок от 2 до 12 лет'],
    airlines: [...RUSSIAN, ...FOREIGN],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: BOTH_TYPES,
    access: ['Гость владельца карты'],
    banks: ['Visa Infinite', 'Mastercard World Elite'],
    pay: ['Банковская карта'],
  },
  {
    name: 'cardholder_guest_paid',
    description: 'Гость владельца карты: оплата на месте',
    guests: true,
    parentAccess: false,
    halls: ['Бизнес-зал внутренних линий', 'Зал повышенной комфортности'],
    categories: ['Взрослый'],
    airlines: RUSSIAN,
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: DOMESTIC,
    access: ['Гость владельца карты'],
    pay: CASH_OR_CARD,
  },
  {
    name: 'official_delegation',
    description: 'Зал официальных делегаций: делегация и сопровождающие',
    halls: ['Зал официальных делегаций'],
    categories: ['Член официальной делегации', 'Сопровождающий'],
    airlines: [...RUSSIAN, ...FOREIGN],
    directions: [departure, arrival],
    flightClasses: ['Пассажирский', 'Деловая авиация'],
    flightTypes: BOTH_TYPES,
    access: ['По приглашению администрации'],
    pay: ['Безналичный расчёт'],
  },
  {
    name: 'vip_terminal_meet_and_greet',
    description: 'VIP-зал терминала 1: встреча прилетающих',
    halls: ['VIP-зал терминала 1'],
    categories: ['Взрослый', 'Встречающий'],
    travelClasses: ['Комфорт', 'Бизнес', 'Первый'],
    airlines: [...RUSSIAN, ...FOREIGN],
    directions: [arrival],
    flightClasses: PASSENGER,
    flightTypes: BOTH_TYPES,
    access: ['Разовое посещение', 'По абонементу'],
    pay: ['Наличные', 'Банковская карта', 'Безналичный расчёт'],
  },
  {
    name: 'comfort_hall_subscription',
    description: 'Зал повышенной комфортности по корпоративному абонементу',
    halls: ['Зал повышенной комфортности'],
    categories: ['Взрослый', 'Провожающий'],
    travelClasses: ['Эконом', 'Комфорт'],
    airlines: ['DP', 'UT', 'WZ', 'A4', '5N'],
    directions: [departure],
    flightClasses: PASSENGER,
    flightTypes: DOMESTIC,
    access: ['По абонементу'],
    pay: ['Безналичный расчёт', 'По договору'],
  },
];

/**
 * The demo VIP fields and their eleven link lists: the same for every seed (a fixed list, no randomness).
 * Example: `buildVipFields()[0].rows.length` → 13 fields.
 */
export function buildVipFields(): DemoTable[] {
  const fields = new Table(schema.vipFields);
  const halls = new Table(schema.vipFieldServiceHalls);
  const categories = new Table(schema.vipFieldPassengerCategories);
  const travel = new Table(schema.vipFieldTravelClasses);
  const airlines = new Table(schema.vipFieldAirlines);
  const directions = new Table(schema.vipFieldDirections);
  const classes = new Table(schema.vipFieldFlightClasses);
  const types = new Table(schema.vipFieldFlightTypes);
  const access = new Table(schema.vipFieldHallAccessTypes);
  const loyalty = new Table(schema.vipFieldLoyaltyCardTypes);
  const banks = new Table(schema.vipFieldCardBankTypes);
  const pay = new Table(schema.vipFieldPayTypes);
  for (const fact of FIELDS) {
    const vipFieldId = fields.add({
      id: fields.nextId,
      name: fact.name,
      description: fact.description,
      isGuestCount: fact.guests ?? false,
      useParentAccessType: fact.parentAccess ?? null,
    });
    for (const name of fact.halls) halls.add({ vipFieldId, serviceHallId: idOf(L.SERVICE_HALLS, name) });
    for (const name of fact.categories)
      categories.add({ vipFieldId, passengerCategoryId: idOf(L.PASSENGER_CATEGORIES, name) });
    for (const name of fact.travelClasses ?? [])
      travel.add({ vipFieldId, travelClassId: idOf(L.TRAVEL_CLASSES, name) });
    for (const iata of fact.airlines) airlines.add({ vipFieldId, airlineId: airlineId(iata) });
    for (const directionId of fact.directions) directions.add({ vipFieldId, directionId });
    for (const name of fact.flightClasses)
      classes.add({ vipFieldId, flightClassId: idOf(L.FLIGHT_CLASSES, name) });
    for (const name of fact.flightTypes) types.add({ vipFieldId, flightTypeId: idOf(L.FLIGHT_TYPES, name) });
    for (const name of fact.access)
      access.add({ vipFieldId, hallAccessTypeId: idOf(L.HALL_ACCESS_TYPES, name) });
    for (const name of fact.loyalty ?? [])
      loyalty.add({ vipFieldId, loyaltyCardTypeId: idOf(L.LOYALTY_CARD_TYPES, name) });
    for (const name of fact.banks ?? [])
      banks.add({ vipFieldId, cardBankTypeId: idOf(L.CARD_BANK_TYPES, name) });
    for (const name of fact.pay) pay.add({ vipFieldId, payTypeId: idOf(L.PAY_TYPES, name) });
  }
  return [
    fields,
    halls,
    categories,
    travel,
    airlines,
    directions,
    classes,
    types,
    access,
    loyalty,
    banks,
    pay,
  ];
}
