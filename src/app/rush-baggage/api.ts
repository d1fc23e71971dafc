/**
 * The rush-baggage module's door to the server (spec 7, "Rush baggage and printing"): the flight's bags, one bag,
 * the searches of the modal's selects and the rush itself; answers checked by the shared schemas of
 * `src/shared/rush-baggage.ts`, every failure an `ApiError`. `src/machines/rushBaggage.ts` and `searchers.ts` invoke
 * these as named actors. Printing has its own door under `print/`.
 */
import type { Directory } from '../../machines/rushDraft.ts';
import type { SearchOption, SearchParams } from '../../machines/searchSelect.ts';
import { z } from '../../shared/messages.ts';
import { airlineSchema, airportSchema } from '../../shared/reference.ts';
import {
  type Baggage,
  baggageSchema,
  type FlightBaggage,
  type FlightSearchItem,
  flightBaggageSchema,
  flightSearchItemSchema,
  type NewTag,
  type NewTagsPayload,
  newTagSchema,
  type RushAnswer,
  type RushPayload,
  rushAnswerSchema,
  rushCodeSchema,
} from '../../shared/rush-baggage.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

/** How many options one search lists; the user narrows by typing. */
const SEARCH_PAGE = 30;

/** The flight of the page and its bags, mishandled first (`GET /baggage/flight/{id}`). */
function loadFlightBaggage(flightId: number, signal?: AbortSignal): Promise<FlightBaggage> {
  return call(api, `/baggage/flight/${flightId}`, flightBaggageSchema, { signal });
}

/** One bag with its route and minor pieces (`GET /baggage/baggage/{id}`). */
function loadBaggage(id: number, signal?: AbortSignal): Promise<Baggage> {
  return call(api, `/baggage/baggage/${id}`, baggageSchema, { signal });
}

/** The chosen bags afresh, in the order chosen (one call each: the spec has no list of bags by id). */
export function loadBags(ids: readonly number[], signal?: AbortSignal): Promise<Baggage[]> {
  return Promise.all(ids.map((id) => loadBaggage(id, signal)));
}

/** The directory's page: the reference lists allow 1000 a page, which holds any airport's network. */
const DIRECTORY_PAGE = 1000;

/**
 * Airport IATA codes and airline codes by id, for routes that name them by id (`GET /airport`, `GET /aviacompany`,
 * one page each). Example: `{airports: {1: 'KZN'}, airlines: {7: 'SU'}}`.
 */
async function loadDirectory(signal?: AbortSignal): Promise<Directory> {
  const query = { 'per-page': DIRECTORY_PAGE };
  const [airports, airlines] = await Promise.all([
    call(api, '/airport', z.array(airportSchema), { query, signal }),
    call(api, '/aviacompany', z.array(airlineSchema), { query, signal }),
  ]);
  return {
    airports: Object.fromEntries(airports.map((airport) => [airport.id, airport.iata_code ?? airport.name])),
    airlines: Object.fromEntries(airlines.map((airline) => [airline.id, airline.code ?? airline.name])),
  };
}

/** What the page shows: the flight with its bags, and the names of airports and airlines its routes name by id. */
export interface PageData {
  page: FlightBaggage;
  directory: Directory;
}

/** Loads what the page shows: the flight with its bags and the directory of their routes. */
export async function loadPage(flightId: number, signal?: AbortSignal): Promise<PageData> {
  const [page, directory] = await Promise.all([loadFlightBaggage(flightId, signal), loadDirectory(signal)]);
  return { page, directory };
}

/** The query of one search: `filter[name]` when something is typed, the extra parameters when set. */
function searchQuery(query: string, params: SearchParams = {}): Record<string, string | number> {
  const result: Record<string, string | number> = { 'per-page': SEARCH_PAGE };
  if (query !== '') result['filter[name]'] = query;
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== '') result[key] = value;
  return result;
}

/** Airports whose names or codes hold the query (`GET /airport?filter[name]=`). */
export async function searchAirports(query: string, signal: AbortSignal): Promise<SearchOption[]> {
  const airports = await call(api, '/airport', z.array(airportSchema), { query: searchQuery(query), signal });
  return airports.map((airport) => ({
    id: airport.id,
    name: airport.iata_code ? `${airport.iata_code} — ${airport.name}` : airport.name,
    subtitle: airport.city,
  }));
}

/** Airlines whose names or codes hold the query (`GET /aviacompany?filter[name]=`), the deleted left out. */
export async function searchAirlines(query: string, signal: AbortSignal): Promise<SearchOption[]> {
  const airlines = await call(api, '/aviacompany', z.array(airlineSchema), {
    query: { ...searchQuery(query), 'filter[is_deleted]': 0 },
    signal,
  });
  return airlines.map((airline) => ({
    id: airline.id,
    name: airline.code ? `${airline.code} — ${airline.name}` : airline.name,
  }));
}

/** Rush reason codes whose number or description holds the query (`GET /rush-baggage-code?filter[name]=`). */
export async function searchRushCodes(query: string, signal: AbortSignal): Promise<SearchOption[]> {
  const codes = await call(api, '/rush-baggage-code', z.array(rushCodeSchema), {
    query: searchQuery(query),
    signal,
  });
  return codes.map((code) => ({ id: code.id, name: `${code.number_code} — ${code.description}` }));
}

/** A flight as an option: 'SU 1234 → SVO, 23.11 14:05', the flight itself in `value`. */
function flightOption(flight: FlightSearchItem): SearchOption {
  const [day, time] = flight.plan_departure_datetime.split(' ');
  const [, month, date] = day.split('-');
  const to = flight.arrival_airport.iata_code ?? flight.arrival_airport.name;
  const from = flight.departure_airport.iata_code ?? flight.departure_airport.name;
  return {
    id: flight.id,
    name: `${flight.flight_number_symbol} ${from} → ${to}`,
    subtitle: `${date}.${month} ${time.slice(0, 5)}, ${flight.aviacompany.name}`,
    value: flight,
  };
}

/**
 * Flights whose number holds the query (`GET /flights`): the parameters carry `filter[date]`, `filter[airport_id]`,
 * `filter[direction_id]`, `filter[fact]` and `filter[ignore_flight_id]` (spec 7).
 */
export async function searchFlights(
  query: string,
  params: SearchParams,
  signal: AbortSignal,
): Promise<SearchOption[]> {
  const flights = await call(api, '/flights', z.array(flightSearchItemSchema), {
    query: searchQuery(query, params),
    signal,
  });
  return flights.map(flightOption);
}

/** Forwards the pieces (`POST /baggage/rush`): 422 with `fields` keyed like `emailAddresses.1`. */
export function sendRush(payload: RushPayload): Promise<RushAnswer> {
  return call(api, '/baggage/rush', rushAnswerSchema, { method: 'POST', body: payload });
}

/** Spare rush tags of a carrier, not tied to a bag (`POST /rush-baggage`): 422 on `count_tag` or `aviacompany_id`. */
export function requestNewTags(payload: NewTagsPayload): Promise<NewTag[]> {
  return call(api, '/rush-baggage', z.array(newTagSchema), { method: 'POST', body: payload });
}
