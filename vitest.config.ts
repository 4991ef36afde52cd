import { defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;

// One runner for the workspace: pure domain tests and server tests against a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
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
