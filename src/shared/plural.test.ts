import { describe, expect, it } from 'vitest';
import { countRu, pluralRu } from './plural.ts';

const RECORD = ['запись', 'записи', 'записей'] as const;

describe('when choosing the Russian plural form', () => {
  it.each([
    [1, 'запись'],
    [2, 'записи'],
    [5, 'записей'],
    [11, 'записей'],
    [21, 'запись'],
    [22, 'записи'],
    [25, 'записей'],
    [111, 'записей'],
  ])('uses the right form for %i', (count, word) => {
    expect(pluralRu(count, RECORD)).toBe(word);
  });

  it('writes the count before the word', () => {
    expect(countRu(12, RECORD)).toBe('12 записей');
  });
});
