import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { makeTemplates, PGLITE_TEMPLATE } from './templates.ts';

/** Whether a process of this machine still runs: a test database named after it is in use. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Before the run: leftovers dropped, templates made; after it: the templates removed. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  removeLeftoverDumps();
  if (url) await dropLeftovers(url);
  // The databases the test files start from (templates.ts); removed again after the run.
  return makeTemplates(url);
}

/**
 * Removes the PGlite template dumps (`atoll-template-<pid>-<name>.tar`, templates.ts) that an interrupted earlier
 * run left in the temp dir; those of a run still going on beside this one are left alone.
 */
function removeLeftoverDumps() {
  const dir = tmpdir();
  for (const name of readdirSync(dir)) {
    const pid = Number(PGLITE_TEMPLATE.exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    rmSync(join(dir, name), { force: true });
  }
}

/**
 * Drops test databases that an interrupted earlier run left behind on PostgreSQL. A database is named
 * `atoll_t_<pid>_<random>` after the process that made it: one of a run still going on beside this one
 * (another checkout, a second terminal) is left alone.
 */
async function dropLeftovers(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'atoll\\_t\\_%'",
    );
    for (const { datname } of rows) {
      const pid = Number(/^atoll_t_(\d+)_/.exec(datname)?.[1]);
      if (pid && isAlive(pid)) continue;
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}
