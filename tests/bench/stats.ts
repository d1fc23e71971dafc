/** Median of a list of numbers. Example: `[3, 1, 2]` → 2. */
export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** The q-quantile by nearest rank. Example: `([1..100], 0.95)` → 95. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  budget?: number;
}

/** Prints one result line with its budget and verdict. */
export function report(line: BenchLine): void {
  const verdict = line.budget === undefined ? '' : line.value <= line.budget ? '  ok' : '  OVER BUDGET';
  const budget = line.budget === undefined ? '' : ` (budget ${line.budget} ${line.unit})`;
  console.log(
    `${line.name.padEnd(58)} ${line.value.toFixed(2).padStart(10)} ${line.unit}${budget}${verdict}`,
  );
}
