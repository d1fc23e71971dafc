const rules = new Intl.PluralRules('ru');

/** The three Russian word forms: for 1, for 2–4, for 5–20 and the rest. */
export type RuForms = readonly [one: string, few: string, many: string];

/** Picks the Russian plural form of a word for a count: `pluralRu(22, ['запись', 'записи', 'записей'])` is 'записи'. */
export function pluralRu(count: number, forms: RuForms): string {
  switch (rules.select(count)) {
    case 'one':
      return forms[0];
    case 'few':
      return forms[1];
    case 'many':
      return forms[2];
    default:
      return forms[1];
  }
}

/** The count followed by its word: `countRu(5, ['запись', 'записи', 'записей'])` is '5 записей'. */
export function countRu(count: number, forms: RuForms): string {
  return `${count} ${pluralRu(count, forms)}`;
}
