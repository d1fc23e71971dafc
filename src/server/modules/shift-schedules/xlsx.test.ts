import { describe, expect, it } from 'vitest';
import { shiftName } from './xlsx.ts';

describe('a shift in the schedule’s file', () => {
  it('is named by its template without the template’s own hours', () => {
    expect(shiftName('Пятидневка 09:00–18:00')).toBe('Пятидневка');
    expect(shiftName('Дневная 08–20')).toBe('Дневная');
    expect(shiftName('Ночная (20:00-08:00)')).toBe('Ночная');
    expect(shiftName('Сутки')).toBe('Сутки');
    expect(shiftName('08:00–20:00')).toBe('Смена');
  });
});
