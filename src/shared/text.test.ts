import { describe, expect, it } from 'vitest';
import { hasControlCharacters, safeText } from './text.ts';

describe('when checking user text for control characters', () => {
  it('refuses NUL, escape, DEL and C1 controls', () => {
    for (const text of ['ad\u0000min', 'a\u001bb', 'a\u007fb', 'a\u0085b', '\u0008'])
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
  });

  it('allows tab, line breaks and any printable text', () => {
    for (const text of ['a\tb', 'строка\nстрока', 'windows\r\n', 'Ёлка № 5 — «ок»', '', '\u00a0'])
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
  });

  it('gives zod a Russian message for the refusal', () => {
    expect(safeText().safeParse('a\u0000').error?.issues[0].message).toBe('Недопустимые управляющие символы');
    expect(safeText().trim().parse('  ok ')).toBe('ok');
  });
});
