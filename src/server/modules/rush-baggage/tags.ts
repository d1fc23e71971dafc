/**
 * Rush tags (IATA Resolution 740 licence plates): ten digits, '2' for a rush tag, the carrier's three-digit numeric
 * (accounting) code and a six-digit serial. Serials come from a counter row per carrier code, bumped inside the
 * issuing transaction, so concurrent issuers in any number of processes wait on its row lock and never share a
 * serial; a rolled-back issue gives its serials back, a committed one never does. `rush_tags.tag` is unique too.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RUSH_MESSAGES, type TagPrint } from '../../../shared/rush-baggage.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { Db } from '../../db/client.ts';
import {
  airlines,
  airports,
  bags,
  minorBags,
  rushRoutes,
  rushTagCounters,
  rushTags,
} from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';

/** The largest serial of a carrier: six digits. */
export const MAX_SERIAL = 999_999;

/** Leading digit of a rush tag (Res. 740: 1 fallback, 2 rush, 0 interline / ordinary). */
const RUSH_DIGIT = '2';

/** A rush tag's ten digits. Example: `rushTag('555', 42)` → '2555000042'. */
export function rushTag(carrierCode: string, serial: number): string {
  if (!/^\d{3}$/.test(carrierCode)) throw new Error(`carrier code must be 3 digits: ${carrierCode}`);
  if (!Number.isInteger(serial) || serial < 1 || serial > MAX_SERIAL)
    throw new Error(`serial out of range: ${serial}`);
  return `${RUSH_DIGIT}${carrierCode}${String(serial).padStart(6, '0')}`;
}

/** Where an issued tag belongs: nothing (a spare tag), or a bag or minor piece of a rush. */
export interface TagLink {
  bagId?: number;
  minorBagId?: number;
  rushId?: number;
}

/** A Drizzle database or transaction: the issuer always runs inside the caller's transaction. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Issues one tag per link for the airline, in the caller's transaction: bumps the carrier's counter by the count
 * (its row lock serialises issuers) and inserts the tags. Refuses an airline without a numeric code (422 on
 * `field`) and a carrier whose serials would pass 999,999 (409).
 * Example: 3 links for Aeroflot (555) after serial 41 → '2555000042', '2555000043', '2555000044'.
 */
export async function issueTags(
  tx: Tx,
  input: { airlineId: number; links: TagLink[]; userId: number | null; field: string },
): Promise<{ id: number; tag: string; link: TagLink }[]> {
  const count = input.links.length;
  if (count === 0) return [];
  const [airline] = await tx
    .select({ code: airlines.numericCode, name: airlines.nameRu })
    .from(airlines)
    .where(eq(airlines.id, input.airlineId));
  if (!airline) throw new ValidationError({ [input.field]: [RUSH_MESSAGES.noAirline] });
  const code = airline.code ?? '';
  if (!/^\d{3}$/.test(code)) throw new ValidationError({ [input.field]: [RUSH_MESSAGES.noNumericCode] });
  const [counter] = await tx
    .insert(rushTagCounters)
    .values({ carrierCode: code, lastSerial: count })
    .onConflictDoUpdate({
      target: rushTagCounters.carrierCode,
      set: { lastSerial: sql`${rushTagCounters.lastSerial} + ${count}` },
    })
    .returning({ last: rushTagCounters.lastSerial });
  if (counter.last > MAX_SERIAL) throw new ConflictError(RUSH_MESSAGES.serialsExhausted(code));
  const first = counter.last - count + 1;
  const rows = await tx
    .insert(rushTags)
    .values(
      input.links.map((link, i) => ({
        tag: rushTag(code, first + i),
        airlineId: input.airlineId,
        serial: first + i,
        bagId: link.bagId ?? null,
        minorBagId: link.minorBagId ?? null,
        rushId: link.rushId ?? null,
        createdBy: input.userId,
      })),
    )
    .returning({ id: rushTags.id, tag: rushTags.tag, serial: rushTags.serial });
  rows.sort((a, b) => a.serial - b.serial);
  return rows.map((row, i) => ({ id: row.id, tag: row.tag, link: input.links[i] }));
}

/** The major bag of a tag: the tag's own bag, or the bag a minor piece belongs to. */
const major = alias(bags, 'major');

/** Most tags one print call may ask for. */
export const MAX_PRINT_TAGS = 100;

/**
 * What each tag prints, in the order of `ids` (duplicates answered once): the ten digits for the Interleaved 2 of 5
 * barcode, the licence plate with the two-letter carrier code ('SU 123456'), the carrier, the passenger and the
 * original tag when the tag is on a bag, the routing legs of its rush (empty for a spare tag) and when the tag was
 * issued, on the wall clock of `zone`. Unknown ids are a NotFoundError naming them. This is the function
 * `POST /v1/printer/print-btp` calls.
 * Example: `readTagsForPrint(db, [7], 'Europe/Moscow')` → `[{id: 7, new_tag: '2555000042', licence_plate: 'SU 000042', …}]`.
 */
export async function readTagsForPrint(db: Db, ids: readonly number[], zone: string): Promise<TagPrint[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({
      id: rushTags.id,
      tag: rushTags.tag,
      serial: rushTags.serial,
      rushId: rushTags.rushId,
      createdAt: rushTags.createdAt,
      airlineId: airlines.id,
      airlineName: airlines.nameRu,
      iata: airlines.iataCode,
      icao: airlines.icaoCode,
      numeric: airlines.numericCode,
      passenger: major.passengerName,
      // A minor piece prints its own original tag; a major bag its.
      originalTag: sql<string | null>`coalesce(${minorBags.tag}, ${major.tag})`,
    })
    .from(rushTags)
    .innerJoin(airlines, eq(airlines.id, rushTags.airlineId))
    .leftJoin(minorBags, eq(minorBags.id, rushTags.minorBagId))
    .leftJoin(major, eq(major.id, sql`coalesce(${rushTags.bagId}, ${minorBags.majorBagId})`))
    .where(inArray(rushTags.id, unique));
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw new NotFoundError(RUSH_MESSAGES.noTag(missing));
  const rushIds = [...new Set(rows.flatMap((row) => (row.rushId === null ? [] : [row.rushId])))];
  const legs = rushIds.length
    ? await db
        .select({
          rushId: rushRoutes.rushId,
          kind: rushRoutes.kind,
          number: rushRoutes.numberInRoute,
          airportIata: airports.iataCode,
          airportIcao: airports.icaoCode,
          airportName: airports.nameRu,
          airlineIata: airlines.iataCode,
          airlineIcao: airlines.icaoCode,
          flightNumber: rushRoutes.flightNumber,
          date: rushRoutes.date,
        })
        .from(rushRoutes)
        .innerJoin(airports, eq(airports.id, rushRoutes.airportId))
        .innerJoin(airlines, eq(airlines.id, rushRoutes.airlineId))
        .where(inArray(rushRoutes.rushId, rushIds))
        .orderBy(asc(rushRoutes.rushId), asc(rushRoutes.kind), asc(rushRoutes.numberInRoute))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => {
    const row = byId.get(id)!;
    const code = row.iata ?? row.icao ?? '';
    return {
      id: row.id,
      new_tag: row.tag,
      licence_plate: `${code} ${String(row.serial).padStart(6, '0')}`,
      carrier: { id: row.airlineId, name: row.airlineName, iata_code: code, numeric_code: row.numeric ?? '' },
      passenger: row.passenger,
      original_tag: row.originalTag,
      routing: legs
        // Kind 2 is the rush route: the one the new tag travels.
        .filter((leg) => leg.rushId === row.rushId && leg.kind === 2)
        .map((leg) => ({
          number_in_route: leg.number,
          airport_iata: leg.airportIata ?? leg.airportIcao ?? '',
          airport_name: leg.airportName,
          airline_code: leg.airlineIata ?? leg.airlineIcao ?? '',
          flight_number: leg.flightNumber,
          date: leg.date,
        })),
      issued_at: instantToWallClock(row.createdAt, zone),
    };
  });
}
