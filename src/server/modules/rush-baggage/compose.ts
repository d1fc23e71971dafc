import type { Baggage, FlightSearchItem, RouteLegInput } from '../../../shared/rush-baggage.ts';

/** What a rush notice says. */
export interface RushMailInput {
  rushId: number;
  flight: FlightSearchItem;
  /** '11 Не загружен на стыковочный рейс'. */
  code: string;
  info: { act_number: string; claim_number: string; comment: string };
  /** The new tags, in the order issued. */
  tags: string[];
  bags: Baggage[];
  route: RouteLegInput[];
  /** Airport id → IATA code (or name). */
  airports: Map<number, string>;
}

/**
 * The subject and plain-text body of a rush notice (Russian): the rush flight, the new tags, the pieces with their
 * passengers and original tags, the rush route, the reason code, act and claim numbers and the comment.
 * Example subject: 'Срочный багаж № 12: рейс SU 1234, бирки 2555000042, 2555000043'.
 */
export function rushMail(input: RushMailInput): { subject: string; body: string } {
  const { flight, info } = input;
  const subject = `Срочный багаж № ${input.rushId}: рейс ${flight.flight_number_symbol}, бирки ${input.tags.join(', ')}`;
  const pieces = input.bags.flatMap((bag) => {
    const own = bag.new_tag ? [`  ${bag.name}: бирка ${bag.tag} → ${bag.new_tag}`] : [];
    const minor = bag.minorBaggage
      .filter((m) => m.new_tag)
      .map((m) => `  ${bag.name} (доп. место): бирка ${m.tag} → ${m.new_tag}`);
    return [...own, ...minor];
  });
  const legs = [...input.route]
    .sort((a, b) => a.number_in_route - b.number_in_route)
    .map(
      (leg) =>
        `  ${leg.number_in_route}. ${leg.flight_number} ${leg.date} → ${input.airports.get(leg.airport_id) ?? leg.airport_id}`,
    );
  const body = [
    `Срочная отправка багажа № ${input.rushId}`,
    `Рейс отправки: ${flight.flight_number_symbol}, ${flight.departure_airport.iata_code ?? flight.departure_airport.name} → ${flight.arrival_airport.iata_code ?? flight.arrival_airport.name}`,
    `Причина: ${input.code}`,
    info.act_number ? `Акт: ${info.act_number}` : null,
    info.claim_number ? `Номер претензии (розыска): ${info.claim_number}` : null,
    info.comment ? `Комментарий: ${info.comment}` : null,
    '',
    'Багаж:',
    ...pieces,
    '',
    'Маршрут срочной отправки:',
    ...legs,
  ]
    .filter((line) => line !== null)
    .join('\n');
  return { subject, body };
}
