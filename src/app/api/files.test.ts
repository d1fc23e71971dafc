import { describe, expect, it } from 'vitest';
import { fileNameOf } from './files.ts';

describe('the name of an exported file', () => {
  it('reads the UTF-8 name first, then the plain one, then falls back', () => {
    expect(
      fileNameOf(
        `attachment; filename="plan.xlsx"; filename*=UTF-8''${encodeURIComponent('Суточный план.xlsx')}`,
        'x',
      ),
    ).toBe('Суточный план.xlsx');
    expect(fileNameOf('attachment; filename="plan.xlsx"', 'x')).toBe('plan.xlsx');
    expect(fileNameOf(null, 'запасное.xlsx')).toBe('запасное.xlsx');
  });
});
