import { describe, expect, it } from 'vitest';
import { mailDomainAllowed } from './rush-baggage.ts';

describe('mailDomainAllowed', () => {
  it('allows every address when no domain is named', () => {
    expect(mailDomainAllowed('anyone@evil.example', [])).toBe(true);
  });

  it('allows a named domain and its subdomains, in any case, and nothing that only ends like one', () => {
    const domains = ['kzn.aero'];
    expect(mailDomainAllowed('lost@KZN.aero', domains)).toBe(true);
    expect(mailDomainAllowed('lost@mail.kzn.aero', domains)).toBe(true);
    expect(mailDomainAllowed('lost@evilkzn.aero', domains)).toBe(false);
    expect(mailDomainAllowed('kzn.aero@evil.example', domains)).toBe(false);
  });
});
