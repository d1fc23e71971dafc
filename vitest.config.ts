import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: the browser side (jsdom) and the server side (node, API tests through app.inject).
 * `npm run test:pg` runs only the server project with DATABASE_URL set.
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
          name: 'server',
          globalSetup: ['tests/support/globalDb.ts'],
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/fuzz/**/*.test.ts',
            'tests/faults/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
