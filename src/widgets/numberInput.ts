/**
 * Reads a non-negative number as typed (spec 5): empty is null, anything else invalid is undefined.
 * `parseNonNegative('2,5')` is 2.5; `parseNonNegative('')` is null; `parseNonNegative('-1')` is undefined.
 */
export function parseNonNegative(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Whether a keystroke result may stay in a non-negative number input: `isNonNegativeDraft('1.')` is true. */
export function isNonNegativeDraft(text: string): boolean {
  return /^\d*([.,]\d*)?$/.test(text.trim());
}
