/**
 * The typical week of the standard shift schedule (DOMAIN Staff planning: Standard shift schedule), pure.
 *
 * Demand per slot is laid out over whole calendar weeks from the Monday of the period's first week, as for the peak
 * graph (staff-planning/demandPeaks.ts); only slots inside the period are observed.
 *
 * 1. Period rule, per slot of the week (weekday + time of day): of the values the observed weeks hold, keep the
 *    largest v such that at least r weeks hold a value ≥ v × (1 − δ ÷ 100), with r = interval_repeat_in_period
 *    (at most the number of weeks observing that slot) and δ = deviation_in_period. With δ = 0 this is the r-th
 *    largest value; with r = 1 the plain maximum. It is the highest level that recurs, never a one-off peak.
 * 2. Weekday rule, per time of day over the 7 days of that typical week: the same rule with
 *    r = interval_repeat_in_week (at most the number of weekdays the period observes) and δ = deviation_in_week
 *    gives a level L; each day keeps min(its value, L). A peak seen on one weekday only is cut to the level that
 *    recurs on r days.
 * Empty parameters mean r = 1 and δ = 0 (the rule keeps every value).
 */

export interface RecurrenceRule {
  repeat: number;
  deviationPercent: number;
}

/**
 * The largest of `values` that at least `repeat` of them reach within the deviation (repeat capped at the count),
 * 0 for none. Compared in whole percents, so integer demand needs no rounding.
 * Example: [5, 4, 1], repeat 2, deviation 0 → 4; deviation 20 → 5 (4 ≥ 5 × 0.8).
 */
export function recurringLevel(values: ArrayLike<number>, rule: RecurrenceRule): number {
  const n = values.length;
  if (n === 0) return 0;
  const need = Math.max(1, Math.min(rule.repeat, n));
  const sorted = Array.from(values).sort((a, b) => b - a);
  for (const v of sorted) {
    let near = 0;
    for (let i = 0; i < n; i++) if (values[i] * 100 >= v * (100 - rule.deviationPercent)) near++;
    if (near >= need) return v;
  }
  return 0;
}

/**
 * The typical week from demand per slot over whole weeks: `values[k]` is slot k from Monday 00:00 of the first
 * week; slots `observed.from ≤ k < observed.to` belong to the period. Answers slotsPerWeek whole values.
 * Example: 1 slot a day, two weeks, Monday [4, 2], other days 0; period rule repeat 2 → Monday 2.
 */
export function typicalWeek(
  values: ArrayLike<number>,
  slotsPerDay: number,
  observed: { from: number; to: number },
  period: RecurrenceRule,
  week: RecurrenceRule,
): Int32Array {
  const slotsPerWeek = slotsPerDay * 7;
  const from = Math.max(0, observed.from);
  const to = Math.min(values.length, observed.to);
  const perSlot: number[][] = Array.from({ length: slotsPerWeek }, () => []);
  for (let k = from; k < to; k++) perSlot[k % slotsPerWeek].push(Math.ceil(values[k]));
  const byPeriod = new Int32Array(slotsPerWeek);
  for (let slot = 0; slot < slotsPerWeek; slot++) byPeriod[slot] = recurringLevel(perSlot[slot], period);
  const observedDays: number[] = [];
  for (let day = 0; day < 7; day++) {
    let seen = false;
    for (let t = 0; t < slotsPerDay && !seen; t++) seen = perSlot[day * slotsPerDay + t].length > 0;
    if (seen) observedDays.push(day);
  }
  const out = new Int32Array(slotsPerWeek);
  for (let t = 0; t < slotsPerDay; t++) {
    const level = recurringLevel(
      observedDays.map((day) => byPeriod[day * slotsPerDay + t]),
      week,
    );
    for (let day = 0; day < 7; day++) {
      const slot = day * slotsPerDay + t;
      out[slot] = Math.min(byPeriod[slot], level);
    }
  }
  return out;
}
