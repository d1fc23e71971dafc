import path from 'node:path';
import { buildApp } from './app.ts';
import { syncCatalogue } from './auth/catalogue.ts';
import { DEMO_USERS, seedDemoUsers } from './auth/demoUsers.ts';
import { createAuthService } from './auth/service.ts';
import { readConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { isDemoLoaded, loadDemoAirport } from './demo/index.ts';

/** Starts the server: migrate, seed an empty database, listen, serve the built client. */
async function main() {
  const config = readConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
  const app = await buildApp({
    db,
    clientDir: config.clientDir,
    defaultTimeZone: config.defaultTimeZone,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    closeDbOnClose: true,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  const log = app.log;
  log.info({ database: config.databaseUrl ? 'postgresql' : path.join(config.dataDir, 'pg') }, 'migrating');
  await db.migrate();
  await syncCatalogue(db);
  if (await seedDemoUsers(db, createAuthService(db))) {
    log.info(
      `demo users created: ${DEMO_USERS.map((u) => `${u.login}/${u.login}`).join(', ')} (password = login)`,
    );
  }
  if (config.demo.skip) {
    log.info('demo airport skipped (DEMO=0)');
  } else if (await isDemoLoaded(db)) {
    log.info('demo airport already loaded');
  } else {
    const started = Date.now();
    log.info('loading the demo airport');
    await loadDemoAirport(db, { scale: config.demo.scale, days: config.demo.days });
    log.info({ ms: Date.now() - started }, 'demo airport loaded');
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  log.info(
    `ready: ${url} (API docs ${url}/api/docs); demo logins: admin, planner, tariff, viewer (password = login)`,
  );
  // A plain banner for the person who typed `npm start`, beside the structured log.
  console.log(
    `\n  Open ${url}\n  Demo logins (password = login): admin, planner, tariff, viewer\n  API docs: ${url}/api/docs\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
