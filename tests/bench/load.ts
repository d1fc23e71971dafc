import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { instantToDay } from '../../src/shared/wallClock.ts';

/** The time zone of the demo airport; every call sends it as the browser does. */
const ZONE = 'Europe/Moscow';
/** p99 budget of a list call on PostgreSQL (issue 17). */
const LIST_P99_BUDGET_MS = 200;

export interface LoadOptions {
  /** Seconds of load per call (default 30). */
  duration: number;
  /** Concurrent connections (default 100). */
  connections: number;
  /** Demo airport scale. */
  scale: number;
  /** An existing PostgreSQL to use (its database is emptied by the server's migrations only, never dropped). */
  databaseUrl?: string;
  /** Which databases to measure (default both). */
  databases: readonly ('embedded' | 'postgresql')[];
}

interface Call {
  name: string;
  path: string;
  /** A list call: held to the p99 budget on PostgreSQL. */
  list: boolean;
}

interface Row {
  database: 'embedded' | 'postgresql';
  call: string;
  path: string;
  list: boolean;
  requests: number;
  /** Requests sent that had no answer when the run ended (hung up by autocannon after `duration`). */
  unanswered: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytes: number;
  /**
   * CPU time (user + system) the server process spent per answered request: work counted, not wall time, so it holds
   * on a busy machine; 1000 / this is the most one server process can answer per second on a free core.
   */
  serverCpuMsPerRequest: number | null;
  withinBudget: boolean | null;
}

/** A day 'YYYY-MM-DD' this many days from today in the airport's zone. */
function dayFromToday(offset: number): string {
  return instantToDay(Date.now() + offset * 86_400_000, ZONE);
}

/**
 * Representative calls of the screens, as their clients send them: one list call of each module (the first page of
 * a grid, or the screen's whole answer where the screen asks for everything) and the staff-planning month.
 */
function calls(): Call[] {
  const today = dayFromToday(0);
  const monthAhead = dayFromToday(30);
  const q = (pairs: Record<string, string>) =>
    Object.entries(pairs)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
  return [
    {
      name: 'flight table, a day (whole day, as the screen asks)',
      path: `/api/v1/race?${q({ 'filter[date_from]': today, 'filter[date_to]': today, 'per-page': '2000', sort: 'plan' })}`,
      list: true,
    },
    {
      name: 'airlines, first page',
      path: `/api/aviacompany?${q({ page: '1', 'per-page': '20', sort: 'name_ru' })}`,
      list: true,
    },
    {
      name: 'tariff VIP fields, first page',
      path: `/api/tariff/vip-field?${q({ page: '1', 'per-page': '20' })}`,
      list: true,
    },
    {
      name: 'tariff calcs, first page',
      path: `/api/tariff/calc?${q({ page: '1', 'per-page': '20' })}`,
      list: true,
    },
    { name: 'delay reasons', path: '/api/v2/delay-iata-rrp', list: true },
    {
      name: 'allocation, first page',
      path: `/api/v2/allocation?${q({ page: '1', 'per-page': '20' })}`,
      list: true,
    },
    {
      name: 'team planning: teams of a day',
      path: `/api/team-planning/v1/team?${q({ begin_datetime: `${today} 00:00:00`, end_datetime: `${today} 23:59:59` })}`,
      list: true,
    },
    { name: 'baggage: flight search', path: `/api/flights?${q({ 'filter[date]': today })}`, list: true },
    {
      name: 'staff planning: a month (br)',
      path: `/api/planning/flight?${q({ 'times[]': `${today} 00:00:00` })}&${q({ 'times[]': `${monthAhead} 23:59:59` })}`,
      list: false,
    },
  ];
}

/** A TCP port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A system tool (util-linux), not an npm binary. */
const SU = '/bin/su';

/** Runs a command as the postgres user when we are root (initdb refuses root), else as ourselves. */
function runAsPostgres(file: string, args: string[]): void {
  if (process.getuid?.() === 0) {
    const quoted = [file, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
    execFileSync(SU, ['postgres', '-c', quoted], { stdio: 'ignore' });
  } else {
    execFileSync(file, args, { stdio: 'ignore' });
  }
}

/** A throw-away PostgreSQL server (as .ci/run starts one) on a free port: its URL and how to stop it. */
async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0)
    throw new Error(`no PostgreSQL under ${root}: install postgresql or set DATABASE_URL`);
  const bin = path.join(root, versions[versions.length - 1], 'bin');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gow-load-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  mkdirSync(data, { mode: 0o700 });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', data]);
  const port = await freePort();
  runAsPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  runAsPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    path.join(data, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The real server (src/server/main.ts, as `npm run serve` starts it) in a process of its own, so that the load
 * generator never shares its event loop; the demo airport loads on the first start.
 */
async function startServer(
  env: Record<string, string>,
): Promise<{ address: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gow-load-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${address}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { address, child, dataDir };
}

async function stopServer(server: { child: ChildProcess; dataDir: string }): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function login(address: string): Promise<string> {
  const res = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'admin' }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
  return (ticks * 1000) / CLOCK_TICKS;
}

/** USER_HZ of /proc: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/**
 * Waits until the server has finished its start-up work (the shift solver's threads compile HiGHS after `listen`,
 * main.ts): until it spends under 5 % of a core over a second, or 30 s have passed. Otherwise the first call pays
 * for it in its p99.
 */
async function settle(pid: number | undefined): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuMs(pid);
    if (before === null || after === null || after - before < 50) return;
  }
}

/** One call under `connections` connections for `duration` seconds. */
async function hammer(
  serverPid: number | undefined,
  address: string,
  token: string,
  call: Call,
  options: LoadOptions,
  database: Row['database'],
): Promise<Row> {
  const headers = {
    authorization: `Bearer ${token}`,
    'time-zone': ZONE,
    'accept-encoding': 'br, gzip',
  };
  // Warm-up (the first answer of a route compiles its serializer; the month fills the cache), repeated until an
  // answer comes back within a second: requests the last run left behind (autocannon hangs up on them, the server
  // still finishes them) must not count against this call.
  for (let tries = 0; ; tries += 1) {
    const started = performance.now();
    const warm = await fetch(address + call.path, { headers });
    await warm.arrayBuffer();
    if (!warm.ok) throw new Error(`${call.path}: ${warm.status}`);
    if (performance.now() - started < 1000 || tries >= 30) break;
  }
  const cpuBefore = cpuMs(serverPid);
  const result = await autocannon({
    url: address + call.path,
    connections: options.connections,
    duration: options.duration,
    headers,
    timeout: 30,
  });
  const p99 = result.latency.p99;
  const cpuAfter = cpuMs(serverPid);
  const cpu =
    cpuBefore === null || cpuAfter === null || result.requests.total === 0
      ? null
      : (cpuAfter - cpuBefore) / result.requests.total;
  return {
    database,
    call: call.name,
    path: call.path,
    list: call.list,
    requests: result.requests.total,
    unanswered: Math.max(0, result.requests.sent - result.requests.total - result.errors),
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: result.throughput.total,
    serverCpuMsPerRequest: cpu === null ? null : Math.round(cpu * 100) / 100,
    withinBudget:
      call.list && database === 'postgresql' ? result.requests.total > 0 && p99 <= LIST_P99_BUDGET_MS : null,
  };
}

function printTable(rows: Row[]): void {
  const header = [
    'database',
    'call',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'unanswered',
    'MB',
    'budget',
  ];
  const lines = rows.map((r) => [
    r.database,
    r.call,
    r.requestsPerSecond.toFixed(0),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    r.max.toFixed(0),
    String(r.non2xx + r.errors),
    String(r.unanswered),
    (r.bytes / 1_048_576).toFixed(1),
    r.serverCpuMsPerRequest === null ? '' : r.serverCpuMsPerRequest.toFixed(2),
    r.withinBudget === null ? '' : r.withinBudget ? 'ok' : `OVER ${LIST_P99_BUDGET_MS}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/**
 * `npm run bench -- --only load`: each call of `calls()` under 100 connections for 30 s (autocannon, loopback)
 * against the real server on the embedded database and on PostgreSQL (a throw-away server unless DATABASE_URL is
 * given), the demo airport loaded. Requirements of issue 17: no error (non-2xx, socket errors, timeouts) and p99 of
 * the list calls ≤ 200 ms on PostgreSQL. Prints a table and writes bench-results/load.json; exits non-zero on a miss.
 */
export async function benchLoad(options: LoadOptions): Promise<boolean> {
  const rows: Row[] = [];
  const loads: Record<string, string> = {};
  for (const database of options.databases) {
    const pg = database === 'postgresql' && !options.databaseUrl ? await startPostgres() : undefined;
    try {
      const env: Record<string, string> = { DEMO_SCALE: String(options.scale) };
      if (database === 'postgresql') env.DATABASE_URL = pg?.url ?? (options.databaseUrl as string);
      else env.DATABASE_URL = '';
      const started = performance.now();
      const server = await startServer(env);
      console.log(
        `${database}: server ready with the demo airport in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      try {
        const token = await login(server.address);
        await settle(server.child.pid);
        for (const call of calls()) {
          const row = await hammer(server.child.pid, server.address, token, call, options, database);
          rows.push(row);
          console.log(
            `  ${call.name}: ${row.requestsPerSecond.toFixed(0)} req/s, p99 ${row.p99} ms, errors ${row.non2xx + row.errors}`,
          );
          loads[`${database}: ${call.name}`] = os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ');
        }
      } finally {
        await stopServer(server);
      }
    } finally {
      pg?.stop();
    }
  }
  printTable(rows);
  const failures = rows.filter(
    (r) => r.requests === 0 || r.non2xx + r.errors + r.timeouts > 0 || r.withinBudget === false,
  );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/load.json',
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        connections: options.connections,
        durationSeconds: options.duration,
        scale: options.scale,
        cpus: os.cpus().length,
        loadAverageAfterEachCall: loads,
        listP99BudgetMs: LIST_P99_BUDGET_MS,
        rows,
        passed: failures.length === 0,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `load average (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; wrote bench-results/load.json`,
  );
  for (const f of failures)
    console.log(
      `MISSED: ${f.database} ${f.call}: ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts, p99 ${f.p99} ms`,
    );
  return failures.length === 0;
}
