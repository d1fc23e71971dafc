import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = ['src/server', 'tests/api', 'tests/fuzz', 'tests/faults'];
/**
 * What a test that opens a database says, itself or in a helper of tests/ it imports: the test app, the database
 * client, PGlite, the fuzz harness, a server process, or the PostgreSQL URL. Broad on purpose: a pure test taken
 * for a database one only runs twice; the other way round would skip PostgreSQL.
 */
const OPENS_DATABASE = /DATABASE_URL|testApp|openDb|db\/client|pglite|fuzz|serverProcess|servers\.ts/i;
const RELATIVE_IMPORT = /from '(\.{1,2}\/[^']+)'/g;

/** Every `*.test.ts` under the folders. */
function testFiles(folders: readonly string[]): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.test.ts') ? [file] : [];
    });
  return folders.flatMap(walk);
}

/** Whether the file, or a helper under tests/ it imports (at any depth), opens a database. */
function opensDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (OPENS_DATABASE.test(text)) return true;
  return [...text.matchAll(RELATIVE_IMPORT)]
    .map((match) => path.join(path.dirname(file), match[1]))
    .some((helper) => helper.startsWith('tests/') && opensDatabase(helper, seen));
}

/** The server's test files that open a database: the PostgreSQL pass runs these again. */
const databaseTests = testFiles(SERVER_TESTS).filter((file) => opensDatabase(file));

/**
 * Three projects: the browser side (jsdom), the server's logic (node, no database) and the server on a database
 * (node, API tests through app.inject). `npm run test:pg` runs only the database project, with DATABASE_URL set.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: [
            'src/app/**/*.test.{ts,tsx}',
            'src/widgets/**/*.test.{ts,tsx}',
            'src/machines/**/*.test.{ts,tsx}',
            'src/shared/**/*.test.{ts,tsx}',
            'src/timeline/**/*.test.{ts,tsx}',
            'src/workers/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          include: SERVER_TESTS.map((folder) => `${folder}/**/*.test.ts`),
          exclude: databaseTests,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          globalSetup: ['tests/support/globalDb.ts'],
          environment: 'node',
          include: databaseTests,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
