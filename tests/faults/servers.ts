/**
 * Real server processes for the fault tests: started on an ephemeral port, stopped or killed, and their databases
 * (a PGlite data folder restored from the run's template, or a PostgreSQL database copied from it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { restoreDataDir } from '../../src/server/cli/backupCommands.ts';
import { withDatabase } from '../support/globalDb.ts';

export interface Server {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  output: () => string;
}

const running = new Set<ChildProcess>();

/**
 * Starts `src/server/main.ts` on port 0 and answers once it logs `ready`, with the port it listens on (Fastify's
 * "Server listening at" line); rejects with its output when it exits first or is not ready in time.
 */
export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(check);
      child.kill('SIGKILL');
      reject(new Error(`no start in ${timeoutMs} ms:\n${text}`));
    }, timeoutMs);
    const check = setInterval(() => {
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (!exited && !text.includes('"msg":"ready')) return;
      clearInterval(check);
      clearTimeout(timer);
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(text)?.[1];
      if (exited || !port) reject(new Error(`exited ${child.exitCode}:\n${text}`));
      else resolve(`http://127.0.0.1:${port}`);
    }, 100);
  });
  return { child, base, output: () => text };
}

/** Sends the signal and answers once the process has gone. */
export function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/** Kills every server still running (afterAll, also after a failed test). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopServer(child, 'SIGKILL')));
}

export interface TestDatabase {
  /** The environment that points a server at it: DATA_DIR, or DATABASE_URL. */
  env: NodeJS.ProcessEnv;
  /** PGlite: the database folder (`DATA_DIR/pg`). */
  pgliteDir?: string;
  /** PostgreSQL: its URL. */
  url?: string;
  drop: () => Promise<void>;
}

/**
 * A migrated database of its own: with `DATABASE_URL` a copy of the run's template database, else a temporary
 * data folder with the template restored into `pg/` (no initdb and no migrations at the server's start).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `gow_faults_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const own = withDatabase(url, name);
    return {
      env: { DATABASE_URL: own },
      url: own,
      drop: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gow-faults-'));
  const pgliteDir = path.join(dataDir, 'pg');
  await restoreDataDir(pgliteDir, template);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    pgliteDir,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Signs a demo user in (password = login) and answers the headers of its calls. */
export async function signIn(base: string, login: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: login }),
  });
  if (res.status !== 200) throw new Error(`login ${login}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'time-zone': 'Europe/Moscow',
  };
}

/** A JSON call; answers the status and the parsed body (null when none). */
export async function call(
  base: string,
  headers: Record<string, string>,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  // No content-type without a body: Fastify refuses an empty JSON body.
  const { 'content-type': _, ...bare } = headers;
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: body === undefined ? bare : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
