import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { syncCatalogue } from '../../src/server/auth/catalogue.ts';
import { seedDemoUsers } from '../../src/server/auth/demoUsers.ts';
import { createAuthService } from '../../src/server/auth/service.ts';
import { openDb } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { benchApi } from './api.ts';
import { benchBundle } from './bundle.ts';
import { benchBusy, benchStalls } from './busy.ts';
import { benchFlightTable } from './flightTable.ts';
import { benchGeometry } from './geometry.ts';
import { benchGrid } from './grid.ts';
import { benchLoad } from './load.ts';
import { benchPlanning } from './planning.ts';
import { benchPlanningParse } from './planningParse.ts';
import { benchSolver } from './solver.ts';
import { report } from './stats.ts';
import { benchTimeline } from './timeline.ts';

/**
 * `npm run bench`: the performance budgets of the README that exist so far, on the default demo airport in an
 * embedded database. Options: `--scale N` (demo size),
 * `--only api,busy,stalls,bundle,geometry,solver,planning-parse,grid,planning,flight-table,timeline,load`.
 *
 * `load` runs only when `--only` names it, never by default: it starts the real server twice (embedded database and
 * a throw-away PostgreSQL, or DATABASE_URL) and holds 100 connections on each of nine calls for `--duration` seconds
 * (default 30), about ten minutes in all. Its options: `--duration S`, `--connections N`,
 * `--databases embedded,postgresql`. It exits non-zero when a call has errors or a list call's p99 on PostgreSQL is
 * over 200 ms.
 */
async function main(argv: string[]) {
  const option = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = option('only')?.split(',');
  const wants = (part: string) => !only || only.includes(part);
  const scale = Number(option('scale') ?? 1);

  if (only?.includes('load')) {
    const passed = await benchLoad({
      duration: Number(option('duration') ?? 30),
      connections: Number(option('connections') ?? 100),
      scale,
      databaseUrl: process.env.DATABASE_URL || undefined,
      databases: (option('databases')?.split(',') ?? ['embedded', 'postgresql']) as (
        | 'embedded'
        | 'postgresql'
      )[],
    });
    if (!passed) process.exitCode = 1;
    if (only.length === 1) return;
  }

  if (clientIsStale()) execSync('npx vite build', { stdio: 'inherit' });
  if (wants('bundle')) benchBundle();
  if (wants('geometry')) await benchGeometry();
  if (wants('solver')) await benchSolver();
  if (wants('planning-parse')) await benchPlanningParse();
  if (only && !['api', 'busy', 'stalls', 'grid', 'planning', 'flight-table', 'timeline'].some(wants)) return;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'gow-bench-'));
  const db = await openDb({ dataDir: path.join(dir, 'pg') });
  try {
    await db.migrate();
    await syncCatalogue(db);
    await seedDemoUsers(db, createAuthService(db));
    const started = performance.now();
    await loadDemoAirport(db, { scale });
    report({
      name: `demo airport load, scale ${scale}, embedded`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      budget: 60,
    });

    const app = await buildApp({ db, clientDir: 'dist/client' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: 'admin' }),
    });
    const { token } = (await login.json()) as { token: string };
    if (wants('api')) await benchApi(address, token);
    if (wants('busy')) await benchBusy(address, token);
    if (wants('stalls')) await benchStalls(address, token);
    if (wants('planning')) await benchPlanning(address, token);
    if (wants('flight-table')) await benchFlightTable(address, token);
    if (wants('grid')) await benchGrid(address, token);
    if (wants('timeline')) await benchTimeline(address, token);
    await app.close();
  } finally {
    await db.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});

/** The newest change under a folder (or of a file), in ms since the epoch. */
function newest(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (latest, name) => Math.max(latest, newest(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** The browser figures are measured on `dist/client`: rebuild it when any source is newer than the build. */
function clientIsStale(): boolean {
  const built = 'dist/client/index.html';
  if (!existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}
