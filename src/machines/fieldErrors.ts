/**
 * Reading and clearing the messages of field paths ('rules.0.count'), shared by every form machine and the screens:
 * pure, apart from the form-modal machine, so a widget reading them pulls no API code in.
 */
import type { FieldErrors } from '../app/api/errors.ts';

/** True when an error path is the control's own or one of its parts'. Example: 'rules.0.count' is under 'rules'. */
export const isUnder = (path: string, control: string) => path === control || path.startsWith(`${control}.`);

/**
 * Error paths that start with one of `prefixes` dropped (a changed control's messages, and those of its parts).
 * Example: `withoutFields({name: ['x'], 'rules.0.count': ['y']}, ['rules'])` → `{name: ['x']}`.
 */
export function withoutFields(errors: FieldErrors, prefixes: readonly string[]): FieldErrors {
  const kept: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (!prefixes.some((prefix) => isUnder(path, prefix))) kept[path] = messages;
  }
  return kept;
}

/**
 * The text under one control: the messages of its path and of any path below it, each once.
 * Example: `{vipFieldAviacompany: ['a'], 'vipFieldAviacompany.1': ['b']}`, 'vipFieldAviacompany' → 'a; b'.
 */
export function controlMessage(errors: FieldErrors, control: string): string | null {
  const messages = Object.entries(errors)
    .filter(([path]) => isUnder(path, control))
    .flatMap(([, list]) => list);
  return messages.length ? [...new Set(messages)].join('; ') : null;
}
