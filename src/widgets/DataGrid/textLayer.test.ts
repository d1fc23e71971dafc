import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitText, surelyFits } from './textLayer.ts';

/** Ten pixels a character, as a monospace font would measure. */
const tenPx = (text: string) => text.length * 10;

describe('fitText', () => {
  it('keeps a text that fits and cuts one that does not with an ellipsis, as text-overflow does', () => {
    expect(fitText('SU 100', 60, tenPx)).toBe('SU 100');
    expect(fitText('Санкт-Петербург', 60, tenPx)).toBe('Санкт…');
    expect(fitText('Санкт-Петербург – Москва', 100, tenPx)).toBe('Санкт-Пет…');
    expect(fitText('Москва', 5, tenPx)).toBe('…');
  });

  it('drops the spaces before the ellipsis', () => {
    expect(fitText('SU 1000 / SU 1001', 40, tenPx)).toBe('SU…');
  });

  it('answers the longest start that fits (property, against a linear search)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 400 }),
        (text, room) => {
          const shown = fitText(text, room, tenPx);
          if (tenPx(text) <= room) return shown === text;
          let longest = 0;
          for (let n = 0; n <= text.length; n += 1) if (tenPx(`${text.slice(0, n)}…`) <= room) longest = n;
          return shown === `${text.slice(0, longest).trimEnd()}…`;
        },
      ),
    );
  });

  it('says a text surely fits only when it fits even at the widest glyph', () => {
    expect(surelyFits('SU 100', 60, 10)).toBe(true);
    expect(surelyFits('SU 1000', 60, 10)).toBe(false);
  });

  it('never says a text surely fits that fitText would cut (property: glyphs 4-12 px, bound 12)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 4, max: 12 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 400 }),
        (glyphs, room) => {
          const text = glyphs.map((w) => String.fromCharCode(0x41 + w)).join('');
          const measure = (t: string) =>
            [...t].reduce((sum, ch) => sum + (ch === '…' ? 12 : ch.charCodeAt(0) - 0x41), 0);
          return !surelyFits(text, room, 12) || fitText(text, room, measure) === text;
        },
      ),
    );
  });
});
