import path from 'node:path';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './auth/loginLimit.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the embedded database (`pg/`) and files the server writes (tags, exports). */
  dataDir: string;
  databaseUrl?: string;
  defaultTimeZone: string;
  /**
   * Proxies in front of the server whose `X-Forwarded-For` entries are trusted, counted from the server: 0 none,
   * 1 the load balancer's (the last entry). Client addresses feed the login limits and the logs.
   */
  trustProxy: number;
  /** Flood control: login requests per client address per minute, per process. */
  loginRateLimit: number;
  /** Failed logins allowed per login and per client address within the window (kept in the database). */
  loginLimits: LoginLimits;
  /** Where the built client lies. */
  clientDir: string;
  /** Demo airport size, for quick starts and tests: `DEMO_SCALE` and `DEMO_DAYS`. */
  demo: { scale?: number; days?: number; skip: boolean };
  /** Outgoing mail (rush e-mails): sent only when `SMTP_URL` is set, else they wait in the outbox. */
  mail?: MailConfig;
  /** `ANSWER_CACHE_MB`: memory for cached GET answers (default 64, 0 turns the cache off). */
  answerCacheBytes: number;
  /** `SESSION_CACHE_SECONDS`: how long a session lookup is held in memory (default 30, 0 off). */
  sessionCacheMs: number;
  /**
   * `AUDIT_RETENTION_DAYS`: audit rows older than this many days are deleted, after the start and then hourly
   * (default 400: a year and a margin, for year-on-year questions; 0 keeps the trail forever).
   */
  auditRetentionDays: number;
  /**
   * `PRINT_RETENTION_DAYS`: spooled tag PDFs (`print_files` rows) older than this many days are deleted, a minute
   * after the start and then hourly (default 30; 0 keeps them forever).
   */
  printRetentionDays: number;
  /** `RUSH_MAIL_DOMAINS`: the domains rush mail may go to (and their subdomains); empty: any address. */
  rushMailDomains: string[];
}

/** `SMTP_URL`, `SMTP_FROM`, `SMTP_INTERVAL_MS`: where mail goes, its sender, how often the outbox is looked at. */
export interface MailConfig {
  smtpUrl: string;
  from: string;
  intervalMs: number;
}

function optionalNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: expected a positive number, got ${value}`);
  return n;
}

/** An IANA zone this runtime knows: a bad `TZ_DEFAULT` would fail every request that sends no `Time-Zone`. */
function timeZone(name: string, value: string | undefined, fallback: string): string {
  const zone = value?.trim() || fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`${name}: expected an IANA time zone such as Europe/Moscow, got ${value}`);
  }
  return zone;
}

/** `DEMO`: 0, false, no or off skip the demo airport (any case); anything else, or nothing, loads it. */
const OFF = new Set(['0', 'false', 'no', 'off']);

function count(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `from ${min}` : `from ${min} to ${max}`;
    throw new Error(`${name}: expected a whole number ${range}, got ${value}`);
  }
  return n;
}

/** A comma-separated list of mail domains, lower-cased. Example: `domains('X', 'KZN.aero, s7.ru')` → ['kzn.aero', 's7.ru']. */
function domains(name: string, value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  for (const domain of list)
    if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(domain))
      throw new Error(`${name}: expected mail domains separated by commas, got ${domain}`);
  return list;
}

/** Reads the configuration from the environment (README, "Configuration"). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: count('PORT', env.PORT, 8080, 0, 65_535),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    defaultTimeZone: timeZone('TZ_DEFAULT', env.TZ_DEFAULT, 'Europe/Moscow'),
    trustProxy: count('TRUST_PROXY', env.TRUST_PROXY, 0, 0),
    loginRateLimit: optionalNumber('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT) ?? 120,
    loginLimits: {
      perLoginAddress: count(
        'LOGIN_FAILURES_PER_LOGIN_ADDRESS',
        env.LOGIN_FAILURES_PER_LOGIN_ADDRESS,
        DEFAULT_LOGIN_LIMITS.perLoginAddress,
      ),
      perLogin: count(
        'LOGIN_FAILURES_PER_LOGIN',
        env.LOGIN_FAILURES_PER_LOGIN,
        DEFAULT_LOGIN_LIMITS.perLogin,
      ),
      perAddress: count(
        'LOGIN_FAILURES_PER_ADDRESS',
        env.LOGIN_FAILURES_PER_ADDRESS,
        DEFAULT_LOGIN_LIMITS.perAddress,
      ),
      windowMs:
        count(
          'LOGIN_FAILURE_WINDOW_MIN',
          env.LOGIN_FAILURE_WINDOW_MIN,
          DEFAULT_LOGIN_LIMITS.windowMs / 60_000,
        ) * 60_000,
    },
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    demo: {
      scale: optionalNumber('DEMO_SCALE', env.DEMO_SCALE),
      days: optionalNumber('DEMO_DAYS', env.DEMO_DAYS),
      skip: OFF.has((env.DEMO ?? '').trim().toLowerCase()),
    },
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.SMTP_FROM || 'rush-baggage@localhost',
          intervalMs: count('SMTP_INTERVAL_MS', env.SMTP_INTERVAL_MS, 5_000),
        }
      : undefined,
    answerCacheBytes: count('ANSWER_CACHE_MB', env.ANSWER_CACHE_MB, 64, 0) * 1_048_576,
    sessionCacheMs: count('SESSION_CACHE_SECONDS', env.SESSION_CACHE_SECONDS, 30, 0) * 1000,
    // At most a century (longer is what 0 means), which also keeps the cutoff within PostgreSQL's integers and dates.
    auditRetentionDays: count('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 400, 0, 36_500),
    printRetentionDays: count('PRINT_RETENTION_DAYS', env.PRINT_RETENTION_DAYS, 30, 0, 36_500),
    rushMailDomains: domains('RUSH_MAIL_DOMAINS', env.RUSH_MAIL_DOMAINS),
  };
}
