import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from '../support/serverProcess.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gow-start-'));
const port = 19_000 + Math.floor(Math.random() * 900);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO_DAYS: '1',
  DATABASE_URL: '',
};

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => startServer(env);
const stop = stopServer;

function addUser(login: string, password: string): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/user.ts', 'add', login, '--role', 'planner'],
      {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.stdin.end(`${password}\n`);
    child.on('exit', (code) => resolve({ code, text }));
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('when the server starts on an empty data folder', () => {
  it('migrates, loads the demo airport once, serves the API, and stops cleanly on SIGTERM', async () => {
    const first = await start();
    expect(first.output()).toContain('demo users created: admin/admin');
    expect(first.output()).toContain('demo airport loaded');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'viewer', password: 'viewer' }),
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();
    const airlines = await fetch(`http://127.0.0.1:${port}/api/v2/aviacompany`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await airlines.json()).length).toBeGreaterThanOrEqual(30);
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');

    const added = await addUser('ivanov', 'secret123');
    expect(added.text).toContain('user ivanov created');
    expect(added.code).toBe(0);

    const second = await start();
    expect(second.output()).toContain('demo airport already loaded');
    expect(second.output()).not.toContain('loading the demo airport');
    expect(second.output()).not.toContain('demo users created');
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'ivanov', password: 'secret123' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user.rules).toContain('calc-index');
    expect(await stop(second.child)).toBe(0);
  }, 300_000);
});
