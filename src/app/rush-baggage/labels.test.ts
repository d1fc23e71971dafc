import { describe, expect, it } from 'vitest';
import type { BaggageRoute } from '../../shared/rush-baggage.ts';
import { routeText } from './labels.ts';

const DIRECTORY = { airports: { 1: 'KZN', 2: 'SVO' }, airlines: { 7: 'SU', 9: 'DP' } };
const leg = (
  number_in_route: number,
  aviacompany_id: number,
  airport_id: number,
  flight_number: string,
): BaggageRoute => ({
  id: number_in_route,
  number_in_route,
  aviacompany_id,
  airport_id,
  flight_number,
  date: '2026-11-23',
});

describe('the route of a bag as the rush page writes it', () => {
  it('writes each flight number as the flight table does, carrier code and number apart, legs in order', () => {
    expect(routeText([leg(2, 7, 2, '30'), leg(1, 9, 1, '254')], DIRECTORY)).toBe(
      'DP 254 KZN 23.11 → SU 30 SVO 23.11',
    );
  });

  it('writes the number alone for a carrier it does not know, and the airport by its id', () => {
    expect(routeText([leg(1, 5, 3, '1263')], DIRECTORY)).toBe('1263 № 3 23.11');
  });
});
