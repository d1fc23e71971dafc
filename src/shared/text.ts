import { MESSAGES, z } from './messages.ts';

/**
 * True when the text holds a control character that no user input may carry: C0 controls but tab, line feed and
 * carriage return, DEL and the C1 controls. PostgreSQL refuses NUL in text (a server error if it reaches a query)
 * and no person types the others; CR stays because pasted Windows text has it.
 * Example: `hasControlCharacters('ad\u0000min')` → true; `hasControlCharacters('a\tb')` → false.
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : code >= 0x7f && code <= 0x9f)
      return true;
  }
  return false;
}

/**
 * A string without control characters (tab and line breaks allowed); every text that users send goes through it.
 * Example: `safeText().trim().min(1)` for a login.
 */
export function safeText() {
  return z.string().refine((text) => !hasControlCharacters(text), MESSAGES.controlCharacters);
}

/**
 * A one-line text (a name): `safeText` without line breaks either, which a name shown in a list, a tab or a file name
 * cannot hold. Example: `oneLineText().trim()` for a calculation's name; 'План\nА' is refused.
 */
export function oneLineText() {
  return safeText().refine((text) => !/[\r\n]/.test(text), MESSAGES.lineBreaks);
}
