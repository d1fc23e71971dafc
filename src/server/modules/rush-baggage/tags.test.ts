import { describe, expect, it } from 'vitest';
import { MAX_SERIAL, rushTag } from './tags.ts';

describe('a rush tag number', () => {
  it("is '2', the carrier's three digits and the serial padded to six", () => {
    expect(rushTag('555', 42)).toBe('2555000042');
    expect(rushTag('421', MAX_SERIAL)).toBe('2421999999');
  });

  it('refuses a carrier code that is not three digits and a serial outside 1..999,999', () => {
    expect(() => rushTag('55', 1)).toThrow();
    expect(() => rushTag('S7A', 1)).toThrow();
    expect(() => rushTag('555', 0)).toThrow();
    expect(() => rushTag('555', MAX_SERIAL + 1)).toThrow();
  });
});
