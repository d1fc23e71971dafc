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

const CLIENT_TESTS = ['src/app', 'src/widgets', 'src/machines', 'src/shared', 'src/timeline', 'src/workers'];
/**
 * What a browser-side test that needs a DOM says: a component (.tsx), Testing Library, a stubbed fetch (relative
 * URLs resolve against the page), or a browser global. jsdom costs about a second a file to set up; the rest run in
 * node, where a test that wrongly lands there fails loudly (`window is not defined`) rather than passing unchecked.
 */
const NEEDS_DOM =
  /@testing-library|stubFetch|\b(?:document|window|location|localStorage|sessionStorage|navigator|HTMLElement|Event)\b|render\(/;

/** Every test file under the folders (`*.test.ts`, and `*.test.tsx` when asked). */
function testFiles(folders: readonly string[], tsx = false): string[] {
  const test = tsx ? /\.test\.tsx?$/ : /\.test\.ts$/;
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(file);
      return test.test(entry.name) ? [file] : [];
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
/** The browser side's test files that need a DOM. */
const domTests = testFiles(CLIENT_TESTS, true).filter(
  (file) => file.endsWith('.tsx') || NEEDS_DOM.test(readFileSync(file, 'utf8')),
);

/**
 * Four projects: the browser side on a DOM (client: jsdom) and without one (client-logic: node), the server's logic
 * (logic: node, no database) and the server on a database (server: node, API tests through app.inject).
 * `npm run test:pg` runs only the database project, with DATABASE_URL set.
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
          // One DOM and module graph for all the files, like the node projects (checked with eight shuffled orders);
          // Testing Library's cleanup and the storage clearing after each test keep the files apart.
          isolate: false,
          include: domTests,
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client-logic',
          environment: 'node',
          // Pure modules: one module graph for all the files instead of a fresh import for each.
          isolate: false,
          include: CLIENT_TESTS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: domTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          // Like client-logic: no database, no module state a test leaves behind (checked with shuffled orders).
          isolate: false,
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
          // Each file opens (and closes) its own database, so one module graph serves them all: 25 % less time than
          // importing the server again for each of 84 files. Every file must close what it opens.
          isolate: false,
          include: databaseTests,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
