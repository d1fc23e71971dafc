import type { Baggage } from '../../shared/rush-baggage.ts';

/**
 * The rush tags the chosen bags carry now, to print again (a jammed printer, a lost label): each chosen bag's latest
 * rush tag and its minor pieces', in the list's order. Bags never forwarded have none.
 * Example: a chosen bag with tag id 5 and a minor piece with 6 → [5, 6].
 */
export function printableTagIds(bags: readonly Baggage[], selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  const ids: number[] = [];
  for (const bag of bags) {
    if (!chosen.has(bag.id)) continue;
    if (bag.new_tag_id !== null) ids.push(bag.new_tag_id);
    for (const piece of bag.minorBaggage) if (piece.new_tag_id !== null) ids.push(piece.new_tag_id);
  }
  return ids;
}
