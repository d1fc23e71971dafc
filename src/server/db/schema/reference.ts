import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** A reference list of id and a unique Russian name. */
function namedList(table: string) {
  return pgTable(table, { id: serial('id').primaryKey(), name: text('name').notNull().unique() });
}

/** A reference list whose entries also have a long name (`name_full`), as formats and roundings do. */
function fullNamedList(table: string) {
  return pgTable(table, {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    nameFull: text('name_full').notNull(),
  });
}

/** Names and codes that airports and airlines share (spec: an airline has "the same codes and names"). */
function namesAndCodes() {
  return {
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    iataCode: text('iata_code'),
    icaoCode: text('icao_code'),
    sirenaCode: text('sirena_code'),
  };
}

export const airports = pgTable(
  'airports',
  {
    id: serial('id').primaryKey(),
    ...namesAndCodes(),
    timeZone: text('time_zone').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    isHome: boolean('is_home').notNull().default(false),
  },
  (t) => [
    uniqueIndex('airports_iata_uq').on(t.iataCode),
    uniqueIndex('airports_icao_uq').on(t.icaoCode),
    index('airports_name_ru_idx').on(t.nameRu),
  ],
);

export const airlines = pgTable(
  'airlines',
  {
    id: serial('id').primaryKey(),
    ...namesAndCodes(),
    /** The 3-digit IATA accounting (ticketing) code, also the carrier part of a bag tag. */
    numericCode: text('numeric_code'),
    countryCode: text('country_code').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    uniqueIndex('airlines_iata_uq').on(t.iataCode),
    uniqueIndex('airlines_icao_uq').on(t.icaoCode),
    index('airlines_name_ru_idx').on(t.nameRu),
  ],
);

export const aircraftTypes = pgTable('aircraft_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icaoCode: text('icao_code').notNull().unique(),
  iataCode: text('iata_code'),
  /** 1 wide body, 2 narrow body, 3 regional jet, 4 turboprop: picks the TGO template. */
  category: smallint('category').notNull(),
  seats: integer('seats').notNull(),
});

export const flightStatuses = namedList('flight_statuses');
export const flightClasses = namedList('flight_classes');
export const flightTypes = namedList('flight_types');
/** 1 daily (регулярный), 2 season, 3 request (заявка). */
export const flightSchedules = namedList('flight_schedules');

export const serviceHalls = namedList('service_halls');
export const passengerCategories = namedList('passenger_categories');
export const travelClasses = namedList('travel_classes');
/** Id 7 reveals the use-parent-access-type checkbox of a VIP field. */
export const hallAccessTypes = namedList('hall_access_types');
export const loyaltyCardTypes = namedList('loyalty_card_types');
export const cardBankTypes = namedList('card_bank_types');
export const payTypes = namedList('pay_types');
export const medServices = namedList('med_services');
export const vipServices = namedList('vip_services');
/** 1 Duration, 2 Operations, 3 Indicators. */
export const calcTypes = namedList('calc_types');

export const formats = fullNamedList('formats');

/** Id 1 means no rounding (it disables accuracy). */
export const roundings = fullNamedList('roundings');

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en'),
  /** The mnemocode of the service in 1C accounting. */
  id1c: text('id_1c').notNull().unique(),
});

export const contractors = pgTable('contractors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  inn: text('inn'),
});

export const coefficientTypes = namedList('coefficient_types');
export const teamStatuses = namedList('team_statuses');
export const patternTypes = namedList('pattern_types');

/** Workplaces between which distances are kept. Kind: 1 stand, 2 gate, 3 hall, 4 service building. */
export const workplaces = pgTable(
  'workplaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    kind: smallint('kind').notNull(),
  },
  (t) => [index('workplaces_kind_idx').on(t.kind)],
);

export const printTypes = namedList('print_types');

export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    printTypeId: integer('print_type_id')
      .notNull()
      .references(() => printTypes.id),
    /** Empty for the spool printer; host:port of a raw TCP 9100 printer. */
    address: text('address'),
  },
  (t) => [index('printers_type_idx').on(t.printTypeId, t.isActive)],
);

/** PECTAB print templates; winding 1 is face out, 2 face in. */
export const printTemplates = pgTable(
  'print_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    printTypeId: integer('print_type_id')
      .notNull()
      .references(() => printTypes.id),
    winding: smallint('winding').notNull(),
    pectab: text('pectab').notNull(),
  },
  (t) => [index('print_templates_type_idx').on(t.printTypeId)],
);

export const rushBaggageCodes = pgTable('rush_baggage_codes', {
  id: serial('id').primaryKey(),
  numberCode: text('number_code').notNull().unique(),
  description: text('description').notNull(),
});

/** IATA delay codes (AHM 730). */
export const delayIataCodes = pgTable('delay_iata_codes', {
  id: serial('id').primaryKey(),
  numberCode: text('number_code').notNull().unique(),
  letterCode: text('letter_code'),
  transcript: text('transcript').notNull(),
  delayIataTypeId: smallint('delay_iata_type_id').notNull(),
  isReasonAirport: boolean('is_reason_airport').notNull().default(false),
});

/** The Russian RRP classifier of delay reasons. */
export const delayRrpCodes = pgTable('delay_rrp_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  isReasonAirport: boolean('is_reason_airport').notNull().default(false),
});
