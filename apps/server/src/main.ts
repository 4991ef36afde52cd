import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seasonServices, seedSeason } from './db/season/seed-season.ts';
import { DEMO_LOGINS, isEmpty, seedAdmin, seedDemo } from './db/seed.ts';
import { seedReference } from './db/seed-reference.ts';
import { VERSION } from './version.ts';

const config = loadConfig();
const database = await openDatabase(config);
await database.exclusive(async () => {
  await database.migrate();
  // Countries, currencies, airports: also without demo data, and once for an older installation.
  await seedReference(database.db);
  if (!(await isEmpty(database.db))) return;
  if (config.seed !== 'none') {
    await seedDemo(database.db);
    if (config.seed === 'demo') {
      // Once per installation, and long enough (about a minute) that a silent terminal would look stuck.
      console.log('First start: writing the demo season (about 300 bookings through the booking flows)…');
      const season = await seedSeason(seasonServices(database, config));
      console.log(`Demo season: ${season.bookings} bookings in ${(season.ms / 1000).toFixed(1)} s`);
      for (const refused of season.skipped) console.warn(`  left out: ${refused}`);
    }
    console.log('\nDemo data loaded. Log in with:');
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(22)} ${l.password.padEnd(15)} ${l.role}`);
    console.log('');
  } else if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
    await seedAdmin(database.db, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
  }
});

const app = await buildApp({ database, config, version: VERSION, logger: { level: config.logLevel } });
await app.listen({ host: config.host, port: config.port });
const jobs = app.jobs.start(app.log);
// The mail queue: every few seconds and right after a mail is queued; stopped by app.close().
app.mailWorker.start();
console.log(
  `Atoll ${VERSION} on ${config.appUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  jobs.stop();
  app.log.info(`${signal}: finishing open requests`);
  // Stop accepting, let running requests end, then close the database.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
