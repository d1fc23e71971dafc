import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the embedded database (`pg/`) and files the server writes (tags, exports). */
  dataDir: string;
  databaseUrl?: string;
  defaultTimeZone: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (for the login rate limit and logs). */
  trustProxy: boolean;
  /** Login attempts per client address per minute. */
  loginRateLimit: number;
  /** Where the built client lies. */
  clientDir: string;
  /** Demo airport size, for quick starts and tests: `DEMO_SCALE` and `DEMO_DAYS`. */
  demo: { scale?: number; days?: number; skip: boolean };
}

function optionalNumber(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Expected a positive number, got ${value}`);
  return n;
}

/** Reads the configuration from the environment (README, "Configuration"). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    defaultTimeZone: env.TZ_DEFAULT ?? 'Europe/Moscow',
    trustProxy: env.TRUST_PROXY === '1',
    loginRateLimit: optionalNumber(env.LOGIN_RATE_LIMIT) ?? 10,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    demo: {
      scale: optionalNumber(env.DEMO_SCALE),
      days: optionalNumber(env.DEMO_DAYS),
      skip: env.DEMO === '0',
    },
  };
}
