import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig: mail', () => {
  it('sends no mail without SMTP_URL', () => {
    expect(readConfig({}).mail).toBeUndefined();
  });

  it('reads the SMTP server, the sender and the interval, with defaults', () => {
    expect(readConfig({ SMTP_URL: 'smtp://mail:25' }).mail).toEqual({
      smtpUrl: 'smtp://mail:25',
      from: 'rush-baggage@localhost',
      intervalMs: 5_000,
    });
    expect(
      readConfig({ SMTP_URL: 'smtp://mail:25', SMTP_FROM: 'lost@kzn.aero', SMTP_INTERVAL_MS: '1000' }).mail,
    ).toEqual({ smtpUrl: 'smtp://mail:25', from: 'lost@kzn.aero', intervalMs: 1_000 });
  });

  it('refuses an interval that is not a whole number', () => {
    expect(() => readConfig({ SMTP_URL: 'smtp://mail:25', SMTP_INTERVAL_MS: 'soon' })).toThrow(
      /SMTP_INTERVAL_MS/,
    );
  });
});
