import { useSyncExternalStore } from 'react';
import { isRuleList, type RuleName } from '../../shared/rules.ts';
import { STORAGE_KEYS } from '../api/storage.ts';

let held: readonly string[] = readStoredRules();
const listeners = new Set<() => void>();

function readStoredRules(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.rules) ?? '[]');
    return isRuleList(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Takes a rules answer (spec 4.3, 5): local storage always receives the raw data; the in-memory list is replaced
 * only when the answer is an array of strings.
 */
export function applyRulesResponse(data: unknown): void {
  localStorage.setItem(STORAGE_KEYS.rules, JSON.stringify(data));
  if (!isRuleList(data)) return;
  held = data;
  for (const listener of listeners) listener();
}

/** The rules held now. */
export function heldRules(): readonly string[] {
  return held;
}

/** 'can' of spec 6: true when the rule name is held. */
export function can(rule: RuleName): boolean {
  return held.includes(rule);
}

/** Clears the rules on logout. */
export function clearRules(): void {
  localStorage.removeItem(STORAGE_KEYS.rules);
  held = [];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The held rules, re-rendering when they change. */
export function useRules(): readonly string[] {
  return useSyncExternalStore(subscribe, heldRules);
}

/** True when the user holds the rule; for buttons that extra rules unlock. */
export function useCan(rule: RuleName): boolean {
  return useRules().includes(rule);
}
