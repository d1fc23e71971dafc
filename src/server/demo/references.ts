import * as schema from '../db/schema/index.ts';
import { DELAY_IATA, DELAY_RRP, isAirportDelay } from './facts/delays.ts';
import { AIRCRAFT_TYPES, AIRLINES, AIRPORTS, HOME_IATA } from './facts/geo.ts';
import * as L from './facts/lists.ts';
import { Table } from './table.ts';

/** A reference list of id and name (every such schema table has this one type), numbered in list order. */
function namedTable(table: typeof schema.flightStatuses, items: readonly string[]) {
  const rows = new Table(table);
  for (const name of items) rows.add({ id: rows.nextId, name });
  return rows;
}

/** The fixed reference lists and geography: the same for every seed. */
export function buildReferences() {
  const airports = new Table(schema.airports);
  for (const a of AIRPORTS) {
    airports.add({
      id: airports.nextId,
      nameRu: a.nameRu,
      nameEn: a.nameEn,
      iataCode: a.iata,
      icaoCode: a.icao,
      sirenaCode: a.sirena,
      timeZone: a.timeZone,
      city: a.city,
      countryCode: a.country,
      isHome: a.iata === HOME_IATA,
    });
  }
  const airlines = new Table(schema.airlines);
  for (const a of AIRLINES) {
    airlines.add({
      id: airlines.nextId,
      nameRu: a.nameRu,
      nameEn: a.nameEn,
      iataCode: a.iata,
      icaoCode: a.icao,
      sirenaCode: a.sirena,
      numericCode: a.numeric.replace('~', ''),
      countryCode: a.country,
      isDeleted: false,
    });
  }
  airlines.add({
    id: airlines.nextId,
    nameRu: 'Трансаэро',
    nameEn: 'Transaero',
    iataCode: 'UN',
    icaoCode: 'TSO',
    sirenaCode: 'УН',
    numericCode: '670',
    countryCode: 'RU',
    isDeleted: true,
  });
  const aircraftTypes = new Table(schema.aircraftTypes);
  for (const t of AIRCRAFT_TYPES)
    aircraftTypes.add({
      id: aircraftTypes.nextId,
      name: t.name,
      icaoCode: t.icao,
      iataCode: t.iata,
      category: t.category,
      seats: t.seats,
    });

  const formats = new Table(schema.formats);
  for (const [name, nameFull] of L.FORMATS) formats.add({ id: formats.nextId, name, nameFull });
  const roundings = new Table(schema.roundings);
  for (const [name, nameFull] of L.ROUNDINGS) roundings.add({ id: roundings.nextId, name, nameFull });
  const services = new Table(schema.services);
  for (const [nameRu, nameEn, id1c] of L.SERVICES)
    services.add({ id: services.nextId, nameRu, nameEn, id1c });
  const contractors = new Table(schema.contractors);
  const workplaces = new Table(schema.workplaces);
  const kind = L.WORKPLACE_KIND;
  for (let i = 1; i <= 32; i += 1)
    workplaces.add({ id: workplaces.nextId, name: `МС-${i}`, kind: kind.stand });
  for (let i = 1; i <= 14; i += 1)
    workplaces.add({ id: workplaces.nextId, name: `Выход ${i}`, kind: kind.gate });
  for (const hall of [
    'Зал вылета',
    'Зал прилёта',
    'VIP-зал',
    'Бизнес-зал',
    'Багажный зал',
    'Зал международных линий',
  ])
    workplaces.add({ id: workplaces.nextId, name: hall, kind: kind.hall });
  const printers = new Table(schema.printers);
  for (const [externalId, manufacturer, model, name, isActive, printTypeId, address] of L.PRINTERS)
    printers.add({
      id: printers.nextId,
      externalId,
      manufacturer,
      model,
      name,
      isActive,
      printTypeId,
      address,
    });
  const printTemplates = new Table(schema.printTemplates);
  for (const [name, printTypeId, winding, pectab] of L.PRINT_TEMPLATES)
    printTemplates.add({ id: printTemplates.nextId, name, printTypeId, winding, pectab });
  const delayIata = new Table(schema.delayIataCodes);
  for (const [numberCode, letterCode, transcript] of DELAY_IATA)
    delayIata.add({
      id: delayIata.nextId,
      numberCode,
      letterCode,
      transcript,
      delayIataTypeId: Number(numberCode[0]),
      isReasonAirport: isAirportDelay(numberCode),
    });
  const delayRrp = new Table(schema.delayRrpCodes);
  for (const [code, name, isReasonAirport] of DELAY_RRP)
    delayRrp.add({ id: delayRrp.nextId, code, name, isReasonAirport });

  return {
    before: [
      airports,
      airlines,
      aircraftTypes,
      namedTable(schema.flightStatuses, L.FLIGHT_STATUSES),
      namedTable(schema.flightClasses, L.FLIGHT_CLASSES),
      namedTable(schema.flightTypes, L.FLIGHT_TYPES),
      namedTable(schema.flightSchedules, L.FLIGHT_SCHEDULES),
      namedTable(schema.serviceHalls, L.SERVICE_HALLS),
      namedTable(schema.passengerCategories, L.PASSENGER_CATEGORIES),
      namedTable(schema.travelClasses, L.TRAVEL_CLASSES),
      namedTable(schema.hallAccessTypes, L.HALL_ACCESS_TYPES),
      namedTable(schema.loyaltyCardTypes, L.LOYALTY_CARD_TYPES),
      namedTable(schema.cardBankTypes, L.CARD_BANK_TYPES),
      namedTable(schema.payTypes, L.PAY_TYPES),
      namedTable(schema.medServices, L.MED_SERVICES),
      namedTable(schema.vipServices, L.VIP_SERVICES),
      namedTable(schema.calcTypes, L.CALC_TYPES),
      formats,
      roundings,
      services,
      contractors,
      namedTable(schema.coefficientTypes, L.COEFFICIENT_TYPES),
      namedTable(schema.patternTypes, L.PATTERN_TYPES),
      workplaces,
      namedTable(schema.printTypes, L.PRINT_TYPES),
      printers,
      printTemplates,
      delayIata,
      delayRrp,
    ],
    contractors,
    workplaces,
  };
}
