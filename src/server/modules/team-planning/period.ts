import { MESSAGES } from '../../../shared/messages.ts';
import { BadRequestError } from '../../http/errors.ts';
import { readPeriod } from '../../http/period.ts';

/** Reads a wall-clock period of the query (both bounds required, ≤ 93 days), 400 on the field otherwise. */
export function requiredPeriod(query: object, begin: string, end: string, zone: string) {
  const period = readPeriod(query as Partial<Record<string, string>>, { begin, end, maxDays: 93 }, zone);
  if (!period) throw new BadRequestError(MESSAGES.periodBothBounds, { [begin]: [MESSAGES.periodBothBounds] });
  return period;
}
