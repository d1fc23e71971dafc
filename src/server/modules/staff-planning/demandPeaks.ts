/**
 * The peak graph's typical week (DOMAIN Staff planning: Peak graph), pure so the standard shift schedule (issue 15)
 * can build on it.
 *
 * Definition: the demand of a position per slot of `step` minutes is laid out over whole calendar weeks (slot 0 =
 * Monday 00:00 of the week holding the period's first day). A slot of the week (weekday + time of day) has one
 * value per week of the period that observes it (a partial first or last week observes only its days inside the
 * period). Its `count` is the highest of those values; it is a peak when that highest value is positive and, in at
 * least `repeat` of the observed weeks, the demand is within `deviationPercent` percent below it
 * (value ≥ highest × (1 − deviation ÷ 100)). A peak is thus a high point that recurs, not a one-off.
 */

export interface WeeklyPeaks {
  /** Highest demand per slot of the week. */
  count: Float32Array;
  /** 1 when the slot's highest demand recurs in at least `repeat` weeks within the deviation. */
  isPeak: Uint8Array;
}

/**
 * Folds demand per slot over whole weeks into one typical week of peaks. `values[k]` is the demand of slot k counted
 * from Monday 00:00 of the first week; only slots `observed.from ≤ k < observed.to` belong to the period.
 * Example: 2 slots a week, weeks [3, 1] and [3, 0] (all observed), repeat 2, deviation 0 → count [3, 1],
 * isPeak [1, 0] (3 recurs in both weeks; 1 happens once).
 */
export function weeklyPeaks(
  values: ArrayLike<number>,
  slotsPerWeek: number,
  observed: { from: number; to: number },
  repeat: number,
  deviationPercent: number,
): WeeklyPeaks {
  const count = new Float32Array(slotsPerWeek);
  const isPeak = new Uint8Array(slotsPerWeek);
  const from = Math.max(0, observed.from);
  const to = Math.min(values.length, observed.to);
  for (let k = from; k < to; k++) {
    const slot = k % slotsPerWeek;
    if (values[k] > count[slot]) count[slot] = values[k];
  }
  const near = new Int32Array(slotsPerWeek);
  // Compared in whole percents, so 100 − deviation of an integer count needs no rounding.
  for (let k = from; k < to; k++) {
    const slot = k % slotsPerWeek;
    if (values[k] * 100 >= count[slot] * (100 - deviationPercent)) near[slot]++;
  }
  for (let slot = 0; slot < slotsPerWeek; slot++) {
    isPeak[slot] = count[slot] > 0 && near[slot] >= repeat ? 1 : 0;
  }
  return { count, isPeak };
}
