import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const json = process.env.VITEST_JSON;
/** On PostgreSQL only the server's tests run again: the domain and web tests never touch a database. */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Test files that need a module graph of their own: one replaces a module (`vi.mock`); the OpenAPI document lists
 * the schemas in the order their modules were first imported, which other files in the same worker change.
 */
const ISOLATED = ['packages/domain/src/pricing/calculate-p3.test.ts', 'apps/server/test/openapi.test.ts'];
const SERVER = ['apps/server/src/**/*.test.{ts,tsx}', 'apps/server/test/**/*.test.ts'];
const include = [
  ...SERVER,
  ...(postgres ? [] : ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts']),
];

const shared = {
  env: { TZ: 'UTC' },
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

// One runner for the workspace: pure domain tests and server tests against a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). One file per core at once: every file has its
// own database (a copy of the run's template, test/templates.ts), and the long malformed-input sweep (three files) runs
// beside the rest. The files share their worker's module graph (`isolate: false`): the server's modules are imported
// once per worker instead of once per file, so a test that changes module-level state (the operator's time zone, fake
// timers, environment variables) puts it back itself.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
    projects: [
      {
        test: {
          ...shared,
          name: 'shared',
          isolate: false,
          include,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // The templates are made once for both projects: global setups all run before the first file.
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'isolated',
          isolate: true,
          include: postgres ? ISOLATED.filter((file) => file.startsWith('apps/server/')) : ISOLATED,
        },
      },
    ],
  },
});
