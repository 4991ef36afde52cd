import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';

// Lighthouse (mobile: the default emulated phone with simulated slow 4G and a 4× slower CPU) on the
// guests' booking pages, run against Debian's chromium and the built app served by a seeded server on the
// embedded database (goals: performance ≥ 90, accessibility ≥ 95). Run: npm run build:web, then
// npm run bench:lighthouse. Prints a table for bench/RESULTS.md.

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/book/online-v2,/book/resort-v2').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const config = loadConfig({ WEB_DIST: process.env.WEB_DIST });
if (!existsSync(join(config.webDist, 'public.html'))) {
  console.error('The web app is not built: run `npm run build:web` first.');
  process.exit(1);
}

const database = await openPglite(undefined);
await database.migrate();
await seedDemo(database.db);
const app = await buildApp({ database, config: { ...config, authRateLimit: 1_000_000 }, version: 'bench' });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

type TScores = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this host's speed (environment.benchmarkIndex): scores only compare at similar values. */
  benchmarkIndex: number;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const rows: string[] = [];
try {
  for (const path of PAGES) {
    const runs: TScores[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      if (failed.length > 0) console.log(`${path}: accessibility audits failed: ${failed.join(', ')}`);
    }
    const pick = (key: keyof TScores) => median(runs.map((r) => r[key]));
    rows.push(
      `| ${path} | ${pick('performance')} | ${pick('accessibility')} | ${pick('fcp').toFixed(0)} | ` +
        `${pick('lcp').toFixed(0)} | ${pick('tbt').toFixed(0)} | ${pick('cls').toFixed(3)} | ` +
        `${pick('benchmarkIndex').toFixed(0)} |`,
    );
  }
} finally {
  chrome.kill();
  await app.close();
  await database.close();
}

console.log(`\nLighthouse ${RUNS} runs per page (median), mobile preset, ${CHROMIUM}\n`);
console.log('| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | benchmarkIndex |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
