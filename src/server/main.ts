import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { syncCatalogue } from './auth/catalogue.ts';
import {
  DEMO_USERS,
  enabledDemoLogins,
  hasUsers,
  markKnownDemoUsers,
  seedDemoUsers,
} from './auth/demoUsers.ts';
import { createAuthService } from './auth/service.ts';
import { throttledProgress } from './cli/progress.ts';
import { readConfig } from './config.ts';
import { NewerDatabaseError, openDb } from './db/client.ts';
import { importSpooledPrints } from './db/spooledPrints.ts';
import { isDemoLoaded, loadDemoAirport } from './demo/index.ts';
import { solverPool } from './solver/pool.ts';

/** How to create the first administrator of a database without users (printed at start). */
/**
 * How to create the first administrator: on the embedded database the server holds the folder, so it is stopped
 * first and the tool is given the same folder; on PostgreSQL the tool runs beside it.
 */
function firstAdminHint(config: { databaseUrl?: string; dataDir: string }): string {
  const command = (env: string) =>
    `echo 'a-password-of-8-or-more' | ${env} npm run user -- add admin --role admin`;
  return config.databaseUrl
    ? `no users yet: create the first administrator with  ${command('DATABASE_URL=…')}`
    : `no users yet: stop the server (Ctrl+C), create the first administrator with  ${command(`DATA_DIR=${config.dataDir}`)}  and start it again`;
}

/**
 * JSON lines for log collectors; in a terminal during development, pino-pretty's one readable line per entry
 * (a devDependency, so only when it is installed).
 */
function loggerOptions(): FastifyServerOptions['logger'] {
  const level = process.env.LOG_LEVEL ?? 'info';
  if (!process.stdout.isTTY || process.env.NODE_ENV === 'production') return { level };
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return { level };
  }
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: {
        translateTime: 'SYS:HH:MM:ss',
        // The request line's fields are in its message already.
        ignore: 'pid,hostname,reqId,method,url,status,ms',
        singleLine: true,
      },
    },
  };
}

/** Starts the server: migrate, load the demo airport and its users, listen, serve the built client. */
async function main() {
  const config = readConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
  const app = await buildApp({
    db,
    clientDir: config.clientDir,
    mail: config.mail,
    rushMailDomains: config.rushMailDomains,
    defaultTimeZone: config.defaultTimeZone,
    loginRateLimit: config.loginRateLimit,
    loginLimits: config.loginLimits,
    trustProxy: config.trustProxy,
    answerCache: { maxBytes: config.answerCacheBytes },
    sessionCacheMs: config.sessionCacheMs,
    auditRetentionDays: config.auditRetentionDays,
    printRetentionDays: config.printRetentionDays,
    closeDbOnClose: true,
    logger: loggerOptions(),
  });
  const log = app.log;
  log.info({ database: config.databaseUrl ? 'postgresql' : path.join(config.dataDir, 'pg') }, 'migrating');
  try {
    await db.migrate();
  } catch (error) {
    if (!(error instanceof NewerDatabaseError)) throw error;
    // An operator's mistake, not a crash: the reason, no stack, and the database closed untouched.
    log.fatal(error.message);
    await app.close();
    process.exit(1);
  }
  await syncCatalogue(db);
  const spooled = await importSpooledPrints(db, path.join(config.dataDir, 'prints'));
  if (spooled.movedTo !== null)
    log.warn(
      `tag PDFs spooled before this version: ${spooled.imported} moved into the database` +
        (spooled.skipped.length > 0
          ? `, ${spooled.skipped.length} left out (${spooled.skipped.join(', ')})`
          : '') +
        `; the folder is now ${spooled.movedTo} (remove it once the downloads are checked)`,
    );
  if (config.demo.skip) {
    log.info('demo airport skipped (DEMO=0)');
  } else {
    if (await isDemoLoaded(db)) {
      log.info('demo airport already loaded');
    } else {
      const started = Date.now();
      log.info('loading the demo airport');
      await loadDemoAirport(db, {
        scale: config.demo.scale,
        days: config.demo.days,
        onProgress: throttledProgress((line) => log.info(`demo airport: ${line}`)),
      });
      log.info(
        { ms: Date.now() - started },
        `demo airport loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // Only beside the demo airport, and only into a database without users (docs/DECISIONS.md, "Credentials").
    if (await seedDemoUsers(db, createAuthService(db))) {
      log.info(
        `demo users created: ${DEMO_USERS.map((u) => `${u.login}/${u.login}`).join(', ')} (password = login)`,
      );
    }
  }
  const marked = await markKnownDemoUsers(db);
  if (marked.length > 0) log.warn(`password = login for ${marked.join(', ')}: marked as demo users`);
  if (!(await hasUsers(db))) log.warn(firstAdminHint(config));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    });
  }
  await app.ready();
  // The OpenAPI document is built once and kept; built on the first /api/docs request it held the HTTP thread ~450 ms.
  app.swagger();
  await app.listen({ port: config.port, host: config.host });
  // The shift solver's threads compile HiGHS (about 1 s) now, not on the first schedule request; tests warm lazily.
  solverPool()
    .warm()
    .catch((error) => log.warn({ error }, 'shift solver warm-up failed'));
  // The address as bound (PORT=0 picks a free port); every interface reads as localhost, one host as itself.
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const url = `http://${wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const demoLogins = await enabledDemoLogins(db);
  log.info(
    `ready: ${url} (API docs ${url}/api/docs)` +
      (demoLogins.length > 0 ? `; demo logins (password = login): ${demoLogins.join(', ')}` : ''),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
