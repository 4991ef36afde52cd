import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { OPERATOR_TIME_ZONE } from './tests/support/booking-api.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = join(tmpdir(), `atoll-e2e-${process.pid}`);
/** The journeys run a real SMTP server on this port (tests/support/mailbox.ts). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3198);

// Journeys run in Debian's Chromium against the built app served by a seeded server on PGlite.
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  // CI also writes a JSON report, from which .ci/run prints the closing count.
  reporter: process.env.PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The app honours reduced motion: no transitions, so the accessibility checks see settled colours.
    reducedMotion: 'reduce',
    // Each journey's fresh browser would install the service worker and fetch its ~370 precached files beside the
    // journey's own requests. offline.spec.ts lets it in and checks what it is for.
    serviceWorkers: 'block',
    // The browser keeps the operator's calendar, as the office's browsers do: its "today" is the server's.
    timezoneId: OPERATOR_TIME_ZONE,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/version`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey logs in from 127.0.0.1; the per-minute login limit is tested in the server suite.
      AUTH_RATE_LIMIT: '1000',
      // The journeys book fixed rooms and dates of the base demo: without the season's bookings.
      SEED: 'demo-base',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}?ignoreTLS=true`,
      APP_URL: `http://127.0.0.1:${port}`,
    },
  },
});
