import { describe, expect, it } from 'vitest';
import { hasControlCharacters, oneLineText, safeText } from './text.ts';

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

describe('when a text must be one line (a name)', () => {
  it('refuses a line feed or a carriage return in Russian, and keeps the rest of safeText', () => {
    expect(oneLineText().safeParse('План\nА').error?.issues[0].message).toBe(
      'Текст должен быть в одну строку',
    );
    expect(oneLineText().safeParse('План\rА').success).toBe(false);
    expect(oneLineText().safeParse('a\u0000').error?.issues[0].message).toBe(
      'Недопустимые управляющие символы',
    );
    expect(oneLineText().trim().parse(' План А ')).toBe('План А');
  });
});
