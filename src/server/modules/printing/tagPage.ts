/**
 * What one printed rush tag says, built from the tag's print data: the pure part of rendering, shared by the PDF
 * worker and the ZPL stream so that both print the same words.
 */
import type { TagPrint } from '../../../shared/rush-baggage.ts';

/** One printed tag, in words. */
export interface TagPage {
  /** The ten digits under the barcode and inside it. */
  digits: string;
  /** The human-readable licence plate: the two-letter carrier code (or the three digits) and the six-digit serial. */
  plate: string;
  /** The final destination's IATA code, printed largest. */
  destination: string;
  legs: { airport: string; flight: string; date: string }[];
  passenger: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A date as bag tags print it (IATA style, day and month). Example: `tagDate('2026-11-23')` → '23NOV'. */
export function tagDate(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}${MONTHS[Number(month) - 1] ?? '???'}`;
}

/**
 * The human-readable licence plate: carrier code and serial.
 * Example: `licencePlate('2555123456', 'SU')` → 'SU 123456'; `licencePlate('2555123456', null)` → '555 123456'.
 */
export function licencePlate(tag: string, carrierIata: string | null): string {
  return `${carrierIata ?? tag.slice(1, 4)} ${tag.slice(4)}`;
}

/**
 * The words of one tag from its print data (`readTagsForPrint` of the rush-baggage module): legs with the flight as
 * carrier code and number, the last leg's airport as the destination.
 * Example: a tag of SU to LED via SVO → plate 'SU 123456', destination 'LED', legs 'SVO SU 1234 / 23NOV', 'LED …'.
 */
export function tagPage(data: TagPrint): TagPage {
  const legs = data.routing.map((leg) => ({
    airport: leg.airport_iata,
    flight: `${leg.airline_code} ${leg.flight_number}`.trim(),
    date: tagDate(leg.date),
  }));
  return {
    digits: data.new_tag,
    plate: licencePlate(data.new_tag, data.carrier.iata_code || null),
    destination: legs.at(-1)?.airport ?? '',
    legs,
    passenger: data.passenger ?? '',
  };
}
