import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

// One runner for the workspace: pure domain tests and server tests against a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). One file per core at once (vitest leaves one
// core free): every file has its own database, and the long malformed-input sweep runs beside the rest
// (on 2 cores: PGlite 17 instead of 30 minutes, PostgreSQL 11 instead of 27).
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.{ts,tsx}',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
