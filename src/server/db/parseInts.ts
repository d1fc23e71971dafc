/**
 * The parser of the integer texts that raw reads fold their rows into (`string_agg` of ids, counts and epoch
 * numbers): one text a query instead of a row object and a parsed field per value (the staff-planning flight answer,
 * the team-planning tasks).
 */

const SEMICOLON = 59;

let scratch = new Float64Array(1 << 16);

/**
 * The non-negative integers of `text` (any other character separates them), in order.
 * Example: `parseInts('7,3;12')` → Float64Array [7, 3, 12].
 */
export function parseInts(text: string | null): Float64Array {
  if (!text) return new Float64Array(0);
  // Counted first: scanInts may replace `scratch` with a grown one, and `scratch.slice(0, scanInts(text))` would
  // slice the array it had before (the first text past 65,536 integers was cut there).
  const count = scanInts(text);
  return scratch.slice(0, count);
}

/**
 * Puts the integers of `text` in `scratch`; answers how many. Apart from parseInts: code after a loop that was
 * optimized in its first long run has no type feedback, and optimized code reaching it bailed out on every call (a
 * "soft" bailout keeps the code). The text's end is read as one more separator for the same reason.
 */
function scanInts(text: string): number {
  let count = 0;
  let value = 0;
  let inNumber = false;
  const length = text.length;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? text.charCodeAt(i) : SEMICOLON;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      inNumber = true;
    } else if (inNumber) {
      if (count === scratch.length) {
        const grown = new Float64Array(scratch.length * 2);
        grown.set(scratch);
        scratch = grown;
      }
      scratch[count++] = value;
      value = 0;
      inNumber = false;
    }
  }
  return count;
}
