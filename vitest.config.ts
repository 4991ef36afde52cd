import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;
/** On PostgreSQL only the server's tests run again: the domain and web tests never touch a database. */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

// One runner for the workspace: pure domain tests and server tests against a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). One file per core at once: every file has its
// own database (a copy of the run's template, test/templates.ts), and the long malformed-input sweep (three files) runs
// beside the rest.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    include: [
      'apps/server/src/**/*.test.{ts,tsx}',
      'apps/server/test/**/*.test.ts',
      ...(postgres ? [] : ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts']),
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
