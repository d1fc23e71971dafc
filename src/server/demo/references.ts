import { DELAY_IATA, DELAY_RRP, isAirportDelay } from './facts/delays.ts';
import { AIRCRAFT_TYPES, AIRLINES, AIRPORTS, HOME_IATA } from './facts/geo.ts';
import * as L from './facts/lists.ts';
import { Table } from './table.ts';

function namedTable(name: string, items: readonly string[]): Table {
  const table = new Table(name, ['id', 'name']);
  for (const item of items) table.add(table.rows.length + 1, item);
  return table;
}

/** The fixed reference lists and geography: the same for every seed. */
export function buildReferences() {
  const airports = new Table('airports', [
    'id',
    'name_ru',
    'name_en',
    'iata_code',
    'icao_code',
    'sirena_code',
    'time_zone',
    'city',
    'country_code',
    'is_home',
  ]);
  for (const a of AIRPORTS) {
    const id = airports.rows.length + 1;
    airports.add(
      id,
      a.nameRu,
      a.nameEn,
      a.iata,
      a.icao,
      a.sirena,
      a.timeZone,
      a.city,
      a.country,
      a.iata === HOME_IATA,
    );
  }
  const airlines = new Table('airlines', [
    'id',
    'name_ru',
    'name_en',
    'iata_code',
    'icao_code',
    'sirena_code',
    'numeric_code',
    'country_code',
    'is_deleted',
  ]);
  for (const a of AIRLINES) {
    const id = airlines.rows.length + 1;
    airlines.add(
      id,
      a.nameRu,
      a.nameEn,
      a.iata,
      a.icao,
      a.sirena,
      a.numeric.replace('~', ''),
      a.country,
      false,
    );
  }
  airlines.add(airlines.rows.length + 1, 'Трансаэро', 'Transaero', 'UN', 'TSO', 'УН', '670', 'RU', true);
  const aircraftTypes = new Table('aircraft_types', [
    'id',
    'name',
    'icao_code',
    'iata_code',
    'category',
    'seats',
  ]);
  for (const t of AIRCRAFT_TYPES)
    aircraftTypes.add(aircraftTypes.rows.length + 1, t.name, t.icao, t.iata, t.category, t.seats);

  const formats = new Table('formats', ['id', 'name', 'name_full']);
  L.FORMATS.forEach(([name, full], i) => {
    formats.add(i + 1, name, full);
  });
  const roundings = new Table('roundings', ['id', 'name', 'name_full']);
  L.ROUNDINGS.forEach(([name, full], i) => {
    roundings.add(i + 1, name, full);
  });
  const services = new Table('services', ['id', 'name_ru', 'name_en', 'id_1c']);
  L.SERVICES.forEach(([ru, en, code], i) => {
    services.add(i + 1, ru, en, code);
  });
  const contractors = new Table('contractors', ['id', 'name', 'inn']);
  const workplaces = new Table('workplaces', ['id', 'name', 'kind']);
  for (let i = 1; i <= 32; i += 1) workplaces.add(workplaces.rows.length + 1, `МС-${i}`, 1);
  for (let i = 1; i <= 14; i += 1) workplaces.add(workplaces.rows.length + 1, `Выход ${i}`, 2);
  for (const hall of [
    'Зал вылета',
    'Зал прилёта',
    'VIP-зал',
    'Бизнес-зал',
    'Багажный зал',
    'Зал международных линий',
  ])
    workplaces.add(workplaces.rows.length + 1, hall, 3);
  const printers = new Table('printers', [
    'id',
    'external_id',
    'manufacturer',
    'model',
    'name',
    'is_active',
    'print_type_id',
    'address',
  ]);
  L.PRINTERS.forEach((p, i) => {
    printers.add(i + 1, ...p);
  });
  const printTemplates = new Table('print_templates', ['id', 'name', 'print_type_id', 'winding', 'pectab']);
  L.PRINT_TEMPLATES.forEach((p, i) => {
    printTemplates.add(i + 1, ...p);
  });
  const rushCodes = new Table('rush_baggage_codes', ['id', 'number_code', 'description']);
  L.RUSH_CODES.forEach(([code, text], i) => {
    rushCodes.add(i + 1, code, text);
  });
  const delayIata = new Table('delay_iata_codes', [
    'id',
    'number_code',
    'letter_code',
    'transcript',
    'delay_iata_type_id',
    'is_reason_airport',
  ]);
  DELAY_IATA.forEach(([num, letter, text], i) => {
    delayIata.add(i + 1, num, letter, text, Number(num[0]), isAirportDelay(num));
  });
  const delayRrp = new Table('delay_rrp_codes', ['id', 'code', 'name', 'is_reason_airport']);
  DELAY_RRP.forEach(([code, name, airport], i) => {
    delayRrp.add(i + 1, code, name, airport);
  });

  return {
    before: [
      airports,
      airlines,
      aircraftTypes,
      namedTable('flight_statuses', L.FLIGHT_STATUSES),
      namedTable('flight_classes', L.FLIGHT_CLASSES),
      namedTable('flight_types', L.FLIGHT_TYPES),
      namedTable('flight_schedules', L.FLIGHT_SCHEDULES),
      namedTable('service_halls', L.SERVICE_HALLS),
      namedTable('passenger_categories', L.PASSENGER_CATEGORIES),
      namedTable('travel_classes', L.TRAVEL_CLASSES),
      namedTable('hall_access_types', L.HALL_ACCESS_TYPES),
      namedTable('loyalty_card_types', L.LOYALTY_CARD_TYPES),
      namedTable('card_bank_types', L.CARD_BANK_TYPES),
      namedTable('pay_types', L.PAY_TYPES),
      namedTable('med_services', L.MED_SERVICES),
      namedTable('vip_services', L.VIP_SERVICES),
      namedTable('calc_types', L.CALC_TYPES),
      formats,
      roundings,
      services,
      contractors,
      namedTable('coefficient_types', L.COEFFICIENT_TYPES),
      namedTable('team_statuses', L.TEAM_STATUSES),
      namedTable('pattern_types', L.PATTERN_TYPES),
      workplaces,
      namedTable('print_types', L.PRINT_TYPES),
      printers,
      printTemplates,
      rushCodes,
      delayIata,
      delayRrp,
    ],
    contractors,
    workplaces,
  };
}
