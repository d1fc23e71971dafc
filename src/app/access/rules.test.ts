import { describe, expect, it } from 'vitest';
import { applyRulesResponse, can, clearRules, heldRules } from './rules.ts';

describe('when the rules answer arrives', () => {
  it('replaces the held rules and local storage with an array of strings', () => {
    applyRulesResponse(['calc-index']);
    applyRulesResponse(['team-all', 'calc-delete']);
    expect(heldRules()).toEqual(['team-all', 'calc-delete']);
    expect(can('team-all')).toBe(true);
    expect(can('calc-index')).toBe(false);
    expect(JSON.parse(localStorage.getItem('rules')!)).toEqual(['team-all', 'calc-delete']);
  });

  it('keeps the in-memory rules on a non-array answer but still stores the raw data', () => {
    applyRulesResponse(['calc-index']);
    applyRulesResponse({ error: 'oops' });
    expect(heldRules()).toEqual(['calc-index']);
    expect(JSON.parse(localStorage.getItem('rules')!)).toEqual({ error: 'oops' });
  });

  it('keeps the in-memory rules on an array holding a non-string', () => {
    applyRulesResponse(['calc-index']);
    applyRulesResponse(['team-all', 3]);
    expect(heldRules()).toEqual(['calc-index']);
  });

  it('forgets every rule on logout', () => {
    applyRulesResponse(['calc-index']);
    clearRules();
    expect(heldRules()).toEqual([]);
    expect(localStorage.getItem('rules')).toBeNull();
  });
});
