/** Texts of the rush-baggage page: statuses, routes and times as a dispatcher reads them. */
import type { Directory } from '../../machines/rushDraft.ts';
import { flightNumberText } from '../../shared/flight-table.ts';
import type { BaggageRoute, BagStatus, FlightSearchItem } from '../../shared/rush-baggage.ts';

export const STATUS_TEXT: Record<BagStatus, string> = {
  checked: 'Зарегистрирован',
  loaded: 'Погружен',
  mishandled: 'Неотправлен',
  rushed: 'Отправлен досылкой',
};

/** 'DD.MM' of a date 'YYYY-MM-DD': `shortDate('2026-11-23')` is '23.11'. */
function shortDate(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}`;
}

/** A route in order, flight numbers as the flight table writes them: 'SU 1263 SVO 23.11 → SU 30 LED 23.11'. */
export function routeText(route: readonly BaggageRoute[], directory: Directory): string {
  return [...route]
    .sort((a, b) => a.number_in_route - b.number_in_route)
    .map((leg) => {
      const flight = flightNumberText(directory.airlines[leg.aviacompany_id], leg.flight_number);
      const airport = directory.airports[leg.airport_id] ?? `№ ${leg.airport_id}`;
      return `${flight} ${airport} ${shortDate(leg.date)}`;
    })
    .join(' → ');
}

/** The flight as the page heading names it: 'SU 1263 KZN → SVO'. */
export function flightTitle(flight: FlightSearchItem): string {
  const from = flight.departure_airport.iata_code ?? flight.departure_airport.name;
  const to = flight.arrival_airport.iata_code ?? flight.arrival_airport.name;
  return `${flight.flight_number_symbol} ${from} → ${to}`;
}
