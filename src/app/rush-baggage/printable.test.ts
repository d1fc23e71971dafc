import { describe, expect, it } from 'vitest';
import type { Baggage } from '../../shared/rush-baggage.ts';
import { printableTagIds } from './printable.ts';

const bag = (id: number, newTag: number | null, minors: (number | null)[] = []): Baggage => ({
  id,
  name: `Пассажир ${id}`,
  tag: `055500000${id}`,
  flight_id: 1,
  aviacompany_id: 7,
  status: newTag === null ? 'mishandled' : 'rushed',
  baggageRoute: [],
  new_tag: newTag === null ? null : `25550000${newTag}`,
  new_tag_id: newTag,
  minorBaggage: minors.map((tagId, index) => ({
    id: id * 10 + index,
    tag: `05550001${id}${index}`,
    new_tag: tagId === null ? null : `25550001${tagId}`,
    new_tag_id: tagId,
  })),
});

describe('the tags of the chosen bags to print again', () => {
  it('takes each chosen bag’s rush tag and its minor pieces’, in the list’s order', () => {
    const bags = [bag(1, 11, [12]), bag(2, 21), bag(3, null, [null]), bag(4, 41, [null, 42])];
    expect(printableTagIds(bags, [4, 1, 3])).toEqual([11, 12, 41, 42]);
  });

  it('has nothing for bags never forwarded, or when nothing is chosen', () => {
    expect(printableTagIds([bag(3, null)], [3])).toEqual([]);
    expect(printableTagIds([bag(1, 11)], [])).toEqual([]);
  });
});
