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

describe('readConfig: audit retention', () => {
  it('keeps the audit trail 400 days unless told otherwise', () => {
    expect(readConfig({}).auditRetentionDays).toBe(400);
    expect(readConfig({ AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBe(400);
    expect(readConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
  });

  it('reads 0 as keeping the trail forever', () => {
    expect(readConfig({ AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
  });

  it.each(['a year', '-1', '1.5', '1e3', '36501'])('refuses %s at start, naming the setting', (value) => {
    expect(() => readConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(
      `AUDIT_RETENTION_DAYS: expected a whole number from 0 to 36500, got ${value}`,
    );
  });
});

describe('readConfig: print spool retention', () => {
  it('keeps spooled PDFs 30 days unless told otherwise, 0 for ever', () => {
    expect(readConfig({}).printRetentionDays).toBe(30);
    expect(readConfig({ PRINT_RETENTION_DAYS: '' }).printRetentionDays).toBe(30);
    expect(readConfig({ PRINT_RETENTION_DAYS: '7' }).printRetentionDays).toBe(7);
    expect(readConfig({ PRINT_RETENTION_DAYS: '0' }).printRetentionDays).toBe(0);
  });

  it.each(['a month', '-1', '2.5', '36501'])('refuses %s at start, naming the setting', (value) => {
    expect(() => readConfig({ PRINT_RETENTION_DAYS: value })).toThrow(
      `PRINT_RETENTION_DAYS: expected a whole number from 0 to 36500, got ${value}`,
    );
  });
});

describe('readConfig: failed-login limits', () => {
  it('counts 5 failures per login and address, 50 per login, 100 per address unless told otherwise', () => {
    expect(readConfig({}).loginLimits).toMatchObject({ perLoginAddress: 5, perLogin: 50, perAddress: 100 });
    expect(
      readConfig({ LOGIN_FAILURES_PER_LOGIN_ADDRESS: '3', LOGIN_FAILURES_PER_LOGIN: '20' }).loginLimits,
    ).toMatchObject({ perLoginAddress: 3, perLogin: 20 });
  });
});

describe('readConfig: rush mail domains', () => {
  it('allows every address unless RUSH_MAIL_DOMAINS names domains, read lower-cased', () => {
    expect(readConfig({}).rushMailDomains).toEqual([]);
    expect(readConfig({ RUSH_MAIL_DOMAINS: ' KZN.aero, s7.ru ,' }).rushMailDomains).toEqual([
      'kzn.aero',
      's7.ru',
    ]);
  });

  it.each(['kzn', '@kzn.aero', 'kzn.aero/x', '*.kzn.aero'])(
    'refuses %s at start, naming the setting',
    (value) => {
      expect(() => readConfig({ RUSH_MAIL_DOMAINS: value })).toThrow(/RUSH_MAIL_DOMAINS/);
    },
  );
});

describe('readConfig: what an operator may get wrong', () => {
  it('refuses a time zone the runtime does not know, naming the variable, and reads a known one', () => {
    expect(() => readConfig({ TZ_DEFAULT: 'Mars/Base' })).toThrow(/^TZ_DEFAULT: expected an IANA time zone/);
    expect(readConfig({ TZ_DEFAULT: 'Asia/Vladivostok' }).defaultTimeZone).toBe('Asia/Vladivostok');
    expect(readConfig({}).defaultTimeZone).toBe('Europe/Moscow');
  });

  it('refuses a port that is no port, and bad numbers naming their variable', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow(/^PORT: /);
    expect(() => readConfig({ PORT: '99999' })).toThrow(/^PORT: /);
    expect(readConfig({ PORT: '18370' }).port).toBe(18370);
    expect(() => readConfig({ LOGIN_RATE_LIMIT: '0' })).toThrow(/^LOGIN_RATE_LIMIT: /);
    expect(() => readConfig({ DEMO_SCALE: 'abc' })).toThrow(/^DEMO_SCALE: /);
  });

  it('skips the demo for 0, false, no or off in any case, and loads it otherwise', () => {
    for (const off of ['0', 'false', 'FALSE', 'no', 'off'])
      expect(readConfig({ DEMO: off }).demo.skip).toBe(true);
    for (const on of [undefined, '', '1', 'true']) expect(readConfig({ DEMO: on }).demo.skip).toBe(false);
  });
});
