import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from '../../../shared/messages.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import {
  type Baggage,
  type FlightBaggage,
  mailDomainAllowed,
  type NewTag,
  type NewTagsPayload,
  type OutboxMail,
  RUSH_MESSAGES,
  type RushAnswer,
  type RushCode,
  type rushPayloadSchema,
  SPARE_TAGS_PER_DAY,
  sameRoute,
} from '../../../shared/rush-baggage.ts';
import { instantToWallClock, wallClockToInstant } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  airlines,
  airports,
  bags,
  flights,
  mailOutbox,
  minorBags,
  rushBaggageCodes,
  rushes,
  rushRoutes,
  rushTags,
} from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { BadRequestError } from '../../http/errors.ts';
import { containsPattern, filterText, orderOf, searchAny } from '../../http/filters.ts';
import type { FilterParser, QueryOf } from '../../http/list.ts';
import { midnight } from '../../http/period.ts';
import {
  countFlights,
  describeBags,
  flightItem,
  READ_LIMIT,
  ROUTE_KIND,
  readBags,
  selectFlights,
} from './answer.ts';
import { rushMail } from './compose.ts';
import { issueTags, readTagsForPrint, type TagLink } from './tags.ts';

type RushInput = z.output<typeof rushPayloadSchema>;

const bad = (field: string, message: string): never => {
  throw new BadRequestError(MESSAGES.malformed, { [field]: [message] });
};

/** `filter[direction_id]` and `filter[fact]`: 1 or 2. */
const oneOrTwo: FilterParser<1 | 2> = (value, field) =>
  value === '1' ? 1 : value === '2' ? 2 : bad(field, 'Ожидается 1 или 2');

/** `filter[date]`: a date-only day; a bad one is a 400 in Russian (the body's dates say 'Invalid format', spec 5). */
const filterDay: FilterParser<string> = (value, field) =>
  typeof value === 'string' && wallClockToInstant(value, 'UTC') !== null && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? value
    : bad(field, MESSAGES.dateFormat);

const filterId: FilterParser<number> = (value, field) => {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : bad(field, MESSAGES.idRange);
};

/** `GET /flights`: direction, number search, airport at either end, plan or fact, day, a flight left out. */
export const FLIGHT_LIST = {
  filters: {
    direction_id: oneOrTwo,
    name: filterText,
    airport_id: filterId,
    fact: oneOrTwo,
    date: filterDay,
    ignore_flight_id: filterId,
  },
  sorts: [],
  defaultPerPage: 20,
  maxPerPage: 100,
} as const;

/** Days `GET /flights` covers without `filter[date]`: today and the next ones in the caller's zone. */
export const FLIGHT_DAYS_DEFAULT = 3;

/** `GET /rush-baggage-code`: search by code or description. */
export const CODE_LIST = { filters: { name: filterText }, sorts: ['id', 'number_code'] } as const;

/** `GET /baggage/outbox`: newest first, by status. */
export const OUTBOX_LIST = {
  filters: {
    status: ((value, field) =>
      value === 'queued' || value === 'sent' || value === 'failed'
        ? value
        : bad(field, 'Ожидается queued, sent или failed')) as FilterParser<'queued' | 'sent' | 'failed'>,
  },
  sorts: [],
  defaultPerPage: 20,
  maxPerPage: 100,
} as const;

export type RushBaggageDeps = Pick<DbHandle, 'db' | 'kind'>;

export interface RushBaggageOptions {
  /** The domains rush mail may go to (config `RUSH_MAIL_DOMAINS`); empty: any address. */
  mailDomains?: readonly string[];
}

/** Flights whose number, with or without the carrier's code, holds the text ('SU1234', 'su 12', '123'). */
function numberSearch(text: string | undefined) {
  const compact = text?.replace(/\s+/g, '');
  if (!compact) return undefined;
  const pattern = containsPattern(compact);
  return or(
    ilike(flights.flightNumber, pattern),
    ilike(sql`concat(${airlines.iataCode}, ${flights.flightNumber})`, pattern),
    ilike(sql`concat(${airlines.icaoCode}, ${flights.flightNumber})`, pattern),
  );
}

/** Rush baggage: bags of flights, the flight search, rush codes, rushes, new tags, tag print data, the outbox. */
export function createRushBaggageService({ db, kind }: RushBaggageDeps, options: RushBaggageOptions = {}) {
  const mailDomains = options.mailDomains ?? [];
  return {
    /** One bag with its route, new tag and minor pieces. */
    async bag(id: number): Promise<Baggage> {
      const [bag] = await readBags(db, [id]);
      if (!bag) throw new NotFoundError(RUSH_MESSAGES.noBag);
      return bag;
    },

    /** A flight and its bags: mishandled first (the work to do), then rushed (the work done), then by tag. */
    async flightBaggage(flightId: number, zone: string): Promise<FlightBaggage> {
      const [row] = await selectFlights(db).where(eq(flights.id, flightId));
      if (!row) throw new NotFoundError(RUSH_MESSAGES.noFlight);
      const rows = await db
        .select()
        .from(bags)
        .where(eq(bags.flightId, flightId))
        .orderBy(
          sql`${bags.status} = 'mishandled' desc`,
          sql`${bags.status} = 'rushed' desc`,
          asc(bags.tag),
          asc(bags.id),
        )
        .limit(READ_LIMIT);
      return {
        flight: flightItem(row, zone),
        baggage: await describeBags(db, rows),
      };
    },

    /** Flights for the rush selects, paged, by plan time. */
    async flights(query: QueryOf<typeof FLIGHT_LIST>, zone: string) {
      const f = query.filters;
      const first = f.date ?? instantToWallClock(Date.now(), zone).slice(0, 10);
      const from = midnight(first, zone)!;
      const to = midnight(first, zone, f.date ? 1 : FLIGHT_DAYS_DEFAULT)!;
      const factAt = sql`case when ${flights.direction} = 1 then ${flights.factDepartureAt} else ${flights.factArrivalAt} end`;
      const where = and(
        gte(flights.planAt, from),
        lt(flights.planAt, to),
        f.direction_id ? eq(flights.direction, f.direction_id) : undefined,
        f.airport_id
          ? or(eq(flights.departureAirportId, f.airport_id), eq(flights.arrivalAirportId, f.airport_id))
          : undefined,
        f.fact === 1 ? sql`${factAt} is null` : f.fact === 2 ? sql`${factAt} is not null` : undefined,
        f.ignore_flight_id ? ne(flights.id, f.ignore_flight_id) : undefined,
        numberSearch(f.name),
      );
      const [{ total }] = await countFlights(db, where);
      const rows = await selectFlights(db)
        .where(where)
        .orderBy(asc(flights.planAt), asc(flights.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return { items: rows.map((row) => flightItem(row, zone)), total };
    },

    /** Rush reason codes, searched by code or description. */
    async rushCodes(query: QueryOf<typeof CODE_LIST>): Promise<RushCode[]> {
      return db
        .select({
          id: rushBaggageCodes.id,
          number_code: rushBaggageCodes.numberCode,
          description: rushBaggageCodes.description,
        })
        .from(rushBaggageCodes)
        .where(searchAny(query.filters.name, [rushBaggageCodes.numberCode, rushBaggageCodes.description]))
        .orderBy(
          ...orderOf(
            kind,
            query.sort,
            { id: rushBaggageCodes.id, number_code: rushBaggageCodes.numberCode },
            rushBaggageCodes.numberCode,
            rushBaggageCodes.id,
          ),
        );
    },

    /**
     * Forwards bags on a flight in one transaction: checks every id, the tags against the bags, the legs' order
     * and that every major bag's current route is `originBaggageRoute` (`sameRoute`; 422 with `fields` by payload
     * path, nothing written), stores the rush with both routes, issues a
     * rush tag for every piece from the rush flight's carrier, marks the major bags rushed and queues one mail
     * per address. Answers the forwarded major bags with their new route, new tags and minor pieces.
     */
    async rush(input: RushInput, userId: number | null): Promise<RushAnswer> {
      return db.transaction(async (tx) => {
        const fields: FieldErrors = {};
        const fail = (path: string, message: string) => {
          fields[path] ??= [];
          fields[path].push(message);
        };
        const exists = async (table: typeof airports | typeof airlines, ids: number[]) =>
          new Set(
            ids.length
              ? (await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id)
              : [],
          );
        const routes = {
          originBaggageRoute: input.originBaggageRoute,
          rushBaggageRoute: input.rushBaggageRoute,
        };
        const allLegs = [...routes.originBaggageRoute, ...routes.rushBaggageRoute];
        const airportIds = await exists(airports, [
          input.rushBaggageInfo.airport_id,
          ...allLegs.map((l) => l.airport_id),
        ]);
        const airlineIds = await exists(
          airlines,
          allLegs.map((l) => l.aviacompany_id),
        );
        if (!airportIds.has(input.rushBaggageInfo.airport_id))
          fail('rushBaggageInfo.airport_id', RUSH_MESSAGES.noAirport);
        const [code] = await tx
          .select({
            id: rushBaggageCodes.id,
            number: rushBaggageCodes.numberCode,
            text: rushBaggageCodes.description,
          })
          .from(rushBaggageCodes)
          .where(eq(rushBaggageCodes.id, input.rushBaggageInfo.rush_baggage_code_id));
        if (!code) fail('rushBaggageInfo.rush_baggage_code_id', RUSH_MESSAGES.noCode);
        const [flight] = await selectFlights(tx).where(eq(flights.id, input.rush_flight_id));
        if (!flight) fail('rush_flight_id', RUSH_MESSAGES.noFlight);
        for (const [name, legs] of Object.entries(routes)) {
          legs.forEach((leg, i) => {
            if (!airportIds.has(leg.airport_id)) fail(`${name}.${i}.airport_id`, RUSH_MESSAGES.noAirport);
            if (!airlineIds.has(leg.aviacompany_id))
              fail(`${name}.${i}.aviacompany_id`, RUSH_MESSAGES.noAirline);
          });
          const order = legs.map((l) => l.number_in_route).sort((a, b) => a - b);
          if (order.some((n, i) => n !== i + 1)) fail(name, RUSH_MESSAGES.legOrder);
        }

        const majorIds = [...new Set(input.baggageRelations.map((r) => r.major_baggage_id))];
        const majors = await tx
          .select({ id: bags.id, tag: bags.tag })
          .from(bags)
          .where(inArray(bags.id, majorIds));
        const minors = await tx
          .select({ id: minorBags.id, major: minorBags.majorBagId, tag: minorBags.tag })
          .from(minorBags)
          .where(inArray(minorBags.majorBagId, majorIds));
        const majorTag = new Map(majors.map((m) => [m.id, m.tag]));
        // One rush has one origin route for all its pieces: every major bag must travel now on exactly that route
        // (its latest rush route, else the route it was checked on: what the bag reads answer), else the bags
        // would be stored, tagged and mailed on another bag's route. Minor pieces travel on their major bag's.
        const routeOf = new Map(
          (
            await readBags(
              tx,
              majors.map((m) => m.id),
            )
          ).map((bag) => [bag.id, bag.baggageRoute]),
        );
        const seen = new Set<string>();
        const links: TagLink[] = [];
        for (const [i, relation] of input.baggageRelations.entries()) {
          const own = majorTag.get(relation.major_baggage_id);
          const key = `${relation.major_baggage_id}:${relation.tag}`;
          const minor = minors.find((m) => m.major === relation.major_baggage_id && m.tag === relation.tag);
          if (own === undefined) fail(`baggageRelations.${i}.major_baggage_id`, RUSH_MESSAGES.noBag);
          else if (seen.has(key)) fail(`baggageRelations.${i}.tag`, RUSH_MESSAGES.duplicateTag);
          else if (!sameRoute(routeOf.get(relation.major_baggage_id) ?? [], input.originBaggageRoute))
            fail(`baggageRelations.${i}.major_baggage_id`, RUSH_MESSAGES.routeDiffers);
          else if (own === relation.tag) links.push({ bagId: relation.major_baggage_id });
          else if (minor) links.push({ minorBagId: minor.id });
          else fail(`baggageRelations.${i}.tag`, RUSH_MESSAGES.tagNotOfBag);
          seen.add(key);
        }
        input.emailAddresses.forEach((address, i) => {
          if (!mailDomainAllowed(address, mailDomains))
            fail(`emailAddresses.${i}`, RUSH_MESSAGES.mailDomain(mailDomains));
        });
        if (Object.keys(fields).length > 0 || !flight || !code) throw new ValidationError(fields);

        const info = input.rushBaggageInfo;
        const [rush] = await tx
          .insert(rushes)
          .values({
            airportId: info.airport_id,
            rushBaggageCodeId: info.rush_baggage_code_id,
            actNumber: info.act_number,
            claimNumber: info.claim_number,
            comment: info.comment,
            rushFlightId: input.rush_flight_id,
            emails: input.emailAddresses,
            createdBy: userId,
          })
          .returning({ id: rushes.id });
        const legRows = (kindOf: number, legs: typeof allLegs) =>
          legs.map((leg) => ({
            rushId: rush.id,
            kind: kindOf,
            airlineId: leg.aviacompany_id,
            airportId: leg.airport_id,
            flightNumber: leg.flight_number,
            numberInRoute: leg.number_in_route,
            date: leg.date,
          }));
        await tx
          .insert(rushRoutes)
          .values([
            ...legRows(ROUTE_KIND.origin, routes.originBaggageRoute),
            ...legRows(ROUTE_KIND.rush, routes.rushBaggageRoute),
          ]);
        const issued = await issueTags(tx, {
          airlineId: flight.airlineId,
          links: links.map((link) => ({ ...link, rushId: rush.id })),
          userId,
          field: 'rush_flight_id',
        });
        await tx.update(bags).set({ status: 'rushed' }).where(inArray(bags.id, majorIds));
        const answer = await readBags(tx, majorIds);
        if (input.emailAddresses.length > 0) {
          const legAirports = await tx
            .select({ id: airports.id, iata: airports.iataCode, name: airports.nameRu })
            .from(airports)
            .where(inArray(airports.id, [...airportIds]));
          const mail = rushMail({
            rushId: rush.id,
            flight: flightItem(flight, 'UTC'),
            code: `${code.number} ${code.text}`,
            info,
            tags: issued.map((t) => t.tag),
            bags: answer,
            route: routes.rushBaggageRoute,
            airports: new Map(legAirports.map((a) => [a.id, a.iata ?? a.name])),
          });
          await tx
            .insert(mailOutbox)
            .values(input.emailAddresses.map((to) => ({ to: [to], ...mail, rushId: rush.id })));
        }
        return { id: rush.id, baggage: answer };
      });
    },

    /** Issues `count_tag` spare rush tags of the airline in one transaction. */
    async newTags(input: NewTagsPayload, userId: number | null): Promise<NewTag[]> {
      return db.transaction(async (tx) => {
        const issued = await issueTags(tx, {
          airlineId: input.aviacompany_id,
          links: Array.from({ length: input.count_tag }, () => ({})),
          userId,
          field: 'aviacompany_id',
        });
        // Counted after the issue, which holds the carrier's counter row: concurrent issuers of the carrier wait for
        // this one's commit, so together they never pass the cap. Over it, the throw rolls the serials back.
        const [{ spare }] = await tx
          .select({ spare: sql<number>`count(*)::int` })
          .from(rushTags)
          .where(
            and(
              eq(rushTags.airlineId, input.aviacompany_id),
              gte(rushTags.createdAt, sql`now() - interval '1 day'`),
              isNull(rushTags.bagId),
              isNull(rushTags.minorBagId),
              isNull(rushTags.rushId),
            ),
          );
        if (spare > SPARE_TAGS_PER_DAY) {
          const left = SPARE_TAGS_PER_DAY - (spare - input.count_tag);
          throw new ValidationError({ count_tag: [RUSH_MESSAGES.spareTagsPerDay(left)] });
        }
        return issued.map((t) => ({ id: t.id, new_tag: t.tag, aviacompany_id: input.aviacompany_id }));
      });
    },

    /** What the tags print (see `readTagsForPrint`). */
    readTagsForPrint: (ids: readonly number[], zone: string) => readTagsForPrint(db, ids, zone),

    /** The outbox, newest first. */
    async outbox(query: QueryOf<typeof OUTBOX_LIST>, zone: string) {
      const where = query.filters.status ? eq(mailOutbox.status, query.filters.status) : undefined;
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(where);
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const items: OutboxMail[] = rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        body: row.body,
        status: row.status as OutboxMail['status'],
        error: row.error,
        attempts: row.attempts,
        created_at: instantToWallClock(row.createdAt, zone),
        sent_at: row.sentAt ? instantToWallClock(row.sentAt, zone) : null,
      }));
      return { items, total };
    },
  };
}
