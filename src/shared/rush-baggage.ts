/**
 * Rush baggage (spec 2, 3 "Rush baggage and printing", 5, 7; DOMAIN "Rush baggage"): a mishandled bag is forwarded on
 * another flight under a new rush tag. The wire shapes of the bags, flights, rush codes, the rush payload and its
 * answer, new tags and the print data of tags. Client and server validate with the same schemas.
 *
 * Airports and airlines of the selects are `airportSchema` and `airlineSchema` of `./reference.ts`
 * (`GET /airport`, `GET /aviacompany`, both with `filter[name]` searching names and codes).
 */
import { API_FORMAT_MESSAGE, apiDate, apiDateTime } from './apiFormats.ts';
import { MESSAGES, z } from './messages.ts';
import { PRINT_LIMITS } from './printing.ts';
import { idSchema } from './reference.ts';
import { safeText } from './text.ts';

const id = z.number().int();

/** How many pieces one rush forwards, legs a route holds and addresses it mails. */
export const RUSH_LIMITS = { pieces: 50, legs: 10, emails: 20 } as const;

/** Russian texts of the module beyond the shared catalogue. */
export const RUSH_MESSAGES = {
  /** Spec 5: rush dates in the date-only format, else this very text. */
  dateFormat: API_FORMAT_MESSAGE,
  email: 'Некорректный адрес электронной почты',
  tag: 'Бирка — 10 цифр',
  countTag: `Целое число от 1 до ${PRINT_LIMITS.tags}`,
  flightNumber: 'Номер рейса — от 1 до 4 цифр и, возможно, буква',
  tagNotOfBag: 'Бирка не относится к этому багажу',
  duplicateTag: 'Эта бирка уже выбрана',
  noBag: 'Багаж не найден',
  noAirport: 'Аэропорт не найден',
  noAirline: 'Авиакомпания не найдена',
  noCode: 'Код причины не найден',
  noFlight: 'Рейс не найден',
  noNumericCode: 'У авиакомпании нет трёхзначного цифрового кода IATA для бирки',
  legOrder: 'Участки маршрута нумеруются по порядку с 1',
  noPieces: 'Выберите хотя бы одно место багажа',
  tooManyPieces: `Не больше ${RUSH_LIMITS.pieces} мест багажа за раз`,
  noLegs: 'Добавьте хотя бы один участок маршрута',
  tooManyLegs: `Не больше ${RUSH_LIMITS.legs} участков в маршруте`,
  tooManyEmails: `Не больше ${RUSH_LIMITS.emails} адресов`,
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  /** The server's: a bag whose route is not the rush's `originBaggageRoute`. */
  routeDiffers:
    'Маршрут этой сумки не совпадает с исходным маршрутом досылки: отправьте её отдельной досылкой',
  /** The form's: the chosen bags do not share one route. */
  mixedRoutes: 'У выбранных сумок разные маршруты: отправьте их отдельными досылками',
  serialsExhausted: (code: string) =>
    `Номера бирок перевозчика ${code} исчерпаны (999 999): новые бирки выдать нельзя`,
  noTag: (ids: readonly number[]) => `Бирки не найдены: ${ids.join(', ')}`,
  mailDomain: (domains: readonly string[]) => `Письма уходят только на адреса доменов: ${domains.join(', ')}`,
  spareTagsPerDay: (left: number) =>
    left > 0
      ? `За сутки перевозчику выдано почти ${SPARE_TAGS_PER_DAY} запасных бирок: можно ещё не больше ${left}`
      : `За сутки перевозчику уже выдано ${SPARE_TAGS_PER_DAY} запасных бирок: новые можно будет выдать позже`,
} as const;

/**
 * Spare tags (`POST /rush-baggage`) of one carrier per 24 hours, all users together: far above a station's day, and
 * it keeps the carrier's 999,999 serials from being used up by requests (security review, session 9).
 */
export const SPARE_TAGS_PER_DAY = 1000;

/** Bag statuses: checked in, loaded on its flight, mishandled (left behind, needs a rush), forwarded as rush. */
const BAG_STATUSES = ['checked', 'loaded', 'mishandled', 'rushed'] as const;
export type BagStatus = (typeof BAG_STATUSES)[number];

/** A 10-digit bag tag (licence plate, IATA Res. 740): for a rush tag '2' + carrier's 3 digits + 6-digit serial. */
const tagSchema = z.string().regex(/^\d{10}$/, RUSH_MESSAGES.tag);

/**
 * One leg of a bag's route: the carrier, the airport the leg flies TO (as on a tag's routing), the flight number
 * without the carrier code ('1234', '123A'), the leg's place in the route (1, 2, …) and the flight's local date.
 */
const baggageRouteSchema = z.object({
  id,
  aviacompany_id: id,
  airport_id: id,
  flight_number: z.string(),
  number_in_route: id,
  date: apiDate,
});
export type BaggageRoute = z.infer<typeof baggageRouteSchema>;

/**
 * A minor (secondary) piece checked under a major bag: its own tag; `new_tag` once it has been rushed, and
 * `new_tag_id`, that rush tag's id, which the print calls take.
 */
const minorBaggageSchema = z.object({
  id,
  tag: z.string(),
  new_tag: z.string().nullable(),
  new_tag_id: id.nullable(),
});

/**
 * A (major) bag: the passenger's name, the original tag, its route (ordered by `number_in_route`), the latest rush
 * tag (`new_tag`, null until rushed), its minor pieces; beyond the spec the flight it was checked on, its airline and
 * status.
 */
export const baggageSchema = z.object({
  id,
  name: z.string(),
  tag: z.string(),
  flight_id: id,
  aviacompany_id: id,
  status: z.enum(BAG_STATUSES),
  baggageRoute: z.array(baggageRouteSchema),
  new_tag: z.string().nullable(),
  /** The id of `new_tag` (for `POST /print-tag?id[]=` and `print-btp`), null until rushed. */
  new_tag_id: id.nullable(),
  minorBaggage: z.array(minorBaggageSchema),
});
export type Baggage = z.infer<typeof baggageSchema>;

const airportRefSchema = z.object({ id, name: z.string(), iata_code: z.string().nullable() });
const airlineRefSchema = z.object({ id, name: z.string(), code: z.string().nullable() });

/**
 * A flight of `GET /flights` and of the bag page: number without and with the carrier code ('SU 1234'), direction
 * (1 departure, 2 arrival), plan / calc / fact departure as 'YYYY-MM-DD HH:mm:ss' in the caller's time zone, the
 * airports and the airline.
 */
export const flightSearchItemSchema = z.object({
  id,
  flight_number: z.string(),
  aviacompany_id: id,
  flight_number_symbol: z.string(),
  direction_id: z.union([z.literal(1), z.literal(2)]),
  plan_departure_datetime: apiDateTime,
  calc_departure_datetime: apiDateTime.nullable(),
  fact_departure_datetime: apiDateTime.nullable(),
  plan_arrival_datetime: apiDateTime,
  departure_airport: airportRefSchema,
  arrival_airport: airportRefSchema,
  aviacompany: airlineRefSchema,
});
export type FlightSearchItem = z.infer<typeof flightSearchItemSchema>;

/** `GET /baggage/flight/{flight_id}`: the flight and its bags, mishandled first, then rushed, then by tag. */
export const flightBaggageSchema = z.object({
  flight: flightSearchItemSchema,
  baggage: z.array(baggageSchema),
});
export type FlightBaggage = z.infer<typeof flightBaggageSchema>;

/** A rush reason code (`GET /rush-baggage-code`). */
export const rushCodeSchema = z.object({ id, number_code: z.string(), description: z.string() });
export type RushCode = z.infer<typeof rushCodeSchema>;

const shortText = (max: number) => safeText().trim().max(max, RUSH_MESSAGES.tooLong(max));

/** A leg of a route the client sends; `date` must be 'YYYY-MM-DD' ('Invalid format'). */
const routeLegInputSchema = z.object({
  aviacompany_id: idSchema,
  airport_id: idSchema,
  flight_number: z.string().regex(/^\d{1,4}[A-Z]?$/, RUSH_MESSAGES.flightNumber),
  number_in_route: z
    .number()
    .int()
    .min(1, RUSH_MESSAGES.legOrder)
    .max(RUSH_LIMITS.legs, RUSH_MESSAGES.tooManyLegs),
  date: apiDate,
});
export type RouteLegInput = z.infer<typeof routeLegInputSchema>;

/** A route of a rush: 1..10 legs, said in Russian (zod's own «array будет иметь >=1 элемент» reached the form). */
const routeSchema = z
  .array(routeLegInputSchema)
  .min(1, RUSH_MESSAGES.noLegs)
  .max(RUSH_LIMITS.legs, RUSH_MESSAGES.tooManyLegs);

/**
 * One piece to forward: the major bag and the tag of the piece. The tag is the major bag's own tag (the major bag
 * travels) or the tag of one of its minor pieces (that piece travels). Each piece gets its own new rush tag.
 */
const baggageRelationSchema = z.object({ major_baggage_id: idSchema, tag: tagSchema });

/** `POST /baggage/rush` (spec 3): the pieces, the rush info, the rush flight, e-mails and both routes. */
export const rushPayloadSchema = z.object({
  baggageRelations: z
    .array(baggageRelationSchema)
    .min(1, RUSH_MESSAGES.noPieces)
    .max(RUSH_LIMITS.pieces, RUSH_MESSAGES.tooManyPieces),
  rushBaggageInfo: z.object({
    /** The station where the bag is forwarded from (usually the home airport). */
    airport_id: idSchema,
    rush_baggage_code_id: idSchema,
    act_number: shortText(50).optional().default(''),
    claim_number: shortText(50).optional().default(''),
    comment: shortText(1000).optional().default(''),
  }),
  /** The flight the bag is forwarded on; its airline issues the new tags. */
  rush_flight_id: idSchema,
  emailAddresses: z
    .array(z.email(RUSH_MESSAGES.email).max(254, RUSH_MESSAGES.tooLong(254)))
    .max(RUSH_LIMITS.emails, RUSH_MESSAGES.tooManyEmails)
    .default([]),
  originBaggageRoute: routeSchema,
  rushBaggageRoute: routeSchema,
});
export type RushPayload = z.input<typeof rushPayloadSchema>;

/** A leg as `sameRoute` compares it: a stored leg or one of a payload. */
type ComparableLeg = Pick<
  BaggageRoute,
  'aviacompany_id' | 'airport_id' | 'flight_number' | 'number_in_route' | 'date'
>;

/**
 * True when two routes are the same journey: the same number of legs and, leg by leg in `number_in_route` order,
 * the same carrier, destination airport, flight number (case and spaces aside) and day. The ids of stored legs and
 * the numbering itself (1, 2 … or 2, 5 …) do not count. One rush carries one `originBaggageRoute` for all its
 * bags, so its bags must share a route by this test.
 * Example: [{SU, SVO, '1263', 1, '2026-11-23'}] vs [{SU, SVO, '1263 ', 1, '2026-11-23'}] → true; another day → false.
 */
export function sameRoute(a: readonly ComparableLeg[], b: readonly ComparableLeg[]): boolean {
  if (a.length !== b.length) return false;
  const key = (legs: readonly ComparableLeg[]) =>
    [...legs]
      .sort((x, y) => x.number_in_route - y.number_in_route)
      .map((leg) =>
        [
          leg.aviacompany_id,
          leg.airport_id,
          leg.flight_number.replace(/\s+/g, '').toUpperCase(),
          leg.date,
        ].join('|'),
      )
      .join('>');
  return key(a) === key(b);
}

/** `POST /baggage/rush` answer: the rush, and each forwarded major bag with its new route and new tags. */
export const rushAnswerSchema = z.object({
  id,
  baggage: z.array(baggageSchema),
});
export type RushAnswer = z.infer<typeof rushAnswerSchema>;

/** `POST /rush-baggage` body: how many new tags, of which carrier. */
const countTagMessage = RUSH_MESSAGES.countTag;
export const newTagsPayloadSchema = z.object({
  count_tag: z
    .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : countTagMessage) })
    .int({ message: countTagMessage })
    .min(1, { message: countTagMessage })
    // No more than one print job takes, so every tag issued can be printed at once.
    .max(PRINT_LIMITS.tags, { message: countTagMessage }),
  aviacompany_id: idSchema,
});
export type NewTagsPayload = z.infer<typeof newTagsPayloadSchema>;

/** A new rush tag: its id (for `POST /print-tag?id[]=`), the ten digits and the carrier. */
export const newTagSchema = z.object({ id, new_tag: z.string(), aviacompany_id: id });
export type NewTag = z.infer<typeof newTagSchema>;

/** One routing leg on a printed tag: airport and carrier codes, flight number and date ('2026-11-23'). */
const tagPrintLegSchema = z.object({
  number_in_route: id,
  airport_iata: z.string(),
  airport_name: z.string(),
  airline_code: z.string(),
  flight_number: z.string(),
  date: apiDate,
});

/**
 * What a tag prints (`POST /print-tag?id[]=` and the print job of `POST /v1/printer/print-btp`): the ten digits
 * (the barcode), the licence plate with the two-letter carrier code ('SU 123456'), the carrier's codes, the
 * passenger (null for a tag not yet on a bag) and the routing legs in order (empty when not on a rush).
 */
export const tagPrintSchema = z.object({
  id,
  new_tag: z.string(),
  licence_plate: z.string(),
  carrier: z.object({ id, name: z.string(), iata_code: z.string(), numeric_code: z.string() }),
  passenger: z.string().nullable(),
  original_tag: z.string().nullable(),
  routing: z.array(tagPrintLegSchema),
  /** When the tag was issued: 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone. */
  issued_at: apiDateTime,
});
export type TagPrint = z.infer<typeof tagPrintSchema>;

const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;

/** A rush e-mail of `GET /baggage/outbox`. */
export const outboxMailSchema = z.object({
  id,
  to: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  attempts: id.min(0),
  created_at: apiDateTime,
  sent_at: apiDateTime.nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * True when the address may get rush mail: its domain is one of `domains` or below one (`lost@kzn.aero` and
 * `a@mail.kzn.aero` for `kzn.aero`); an empty list allows every address.
 * Example: `mailDomainAllowed('ops@KZN.aero', ['kzn.aero'])` → true; `('x@evil.example', ['kzn.aero'])` → false.
 */
export function mailDomainAllowed(address: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}
