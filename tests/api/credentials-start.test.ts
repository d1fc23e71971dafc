import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from '../support/serverProcess.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gow-start-nodemo-'));
const port = 19_900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts `src/server/main.ts` with `DEMO=0` on an empty data folder; answers once it listens. */
const start = () =>
  startServer({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: '0',
    DATABASE_URL: '',
  });

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'when the server starts with DEMO=0 on an empty data folder',
  () => {
    it('creates no demo users, says how to create the first administrator, and logs one line per request', async () => {
      const { child, output } = await start();
      try {
        // The tool needs the server stopped and the same folder; the example password is one the tool accepts.
        expect(output()).toContain('no users yet: stop the server');
        expect(output()).toContain(
          `echo 'a-password-of-8-or-more' | DATA_DIR=${dataDir} npm run user -- add admin --role admin`,
        );
        expect(output()).not.toContain('demo users created');
        expect(output()).not.toContain('demo logins');
        const mode = await fetch(`${base}/api/auth/mode`);
        expect(await mode.json()).toEqual({ demo: false });
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'admin', password: 'admin' }),
        });
        expect(login.status).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const lines = output().split('\n');
        expect(lines.filter((line) => line.includes('/api/auth/mode'))).toHaveLength(1);
        expect(lines.filter((line) => line.includes('/api/auth/login'))).toHaveLength(1);
        expect(lines.find((line) => line.includes('/api/auth/login'))).toContain('"status":401');
        expect(lines.filter((line) => line.includes('"msg":"ready'))).toHaveLength(1);
      } finally {
        await stopServer(child);
      }
    }, 120_000);
  },
);
