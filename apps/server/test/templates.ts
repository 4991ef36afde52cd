import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';

/**
 * Test databases start as copies of two templates made once per run (global-setup.ts): migrated, and
 * migrated with the demo data. A copy takes about a second; creating, migrating and seeding took four to five
 * per test file. PGlite copies a dump of its files, PostgreSQL `create database … template`.
 */
export type TTemplates = { empty: string; seeded: string };

const ENV = 'ATOLL_TEST_TEMPLATES';

/** The templates of this run, when global-setup.ts made them. */
export function testTemplates(): TTemplates | undefined {
  const value = process.env[ENV];
  return value ? (JSON.parse(value) as TTemplates) : undefined;
}

/** A PGlite template's files, to start an in-memory database from. */
export const pgliteTemplate = (path: string) => new Blob([readFileSync(path)]);

/** Makes both templates for the engine of this run and answers how to remove them again. */
export async function makeTemplates(postgresUrl: string | undefined): Promise<() => Promise<void>> {
  const templates = postgresUrl ? await postgresTemplates(postgresUrl) : await pgliteTemplates();
  process.env[ENV] = JSON.stringify(templates.names);
  return async () => {
    delete process.env[ENV];
    await templates.remove();
  };
}

/** The file name of a PGlite template dump: `atoll-template-<pid of the run>-<kind>.tar`. */
export const PGLITE_TEMPLATE = /^atoll-template-(\d+)-[a-z]+\.tar$/;

async function pgliteTemplates() {
  const names = {
    empty: join(tmpdir(), `atoll-template-${process.pid}-empty.tar`),
    seeded: join(tmpdir(), `atoll-template-${process.pid}-seeded.tar`),
  };
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    writeFileSync(names.empty, Buffer.from(await (await database.dump()).arrayBuffer()));
    await seedDemo(database.db);
    writeFileSync(names.seeded, Buffer.from(await (await database.dump()).arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    names,
    async remove() {
      for (const path of Object.values(names)) rmSync(path, { force: true });
    },
  };
}

/** Named like the test databases (`atoll_t_<pid>_…`), so an interrupted run's are dropped by the next. */
async function postgresTemplates(url: string) {
  const names = {
    empty: `atoll_t_${process.pid}_template_empty`,
    seeded: `atoll_t_${process.pid}_template_seeded`,
  };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const [kind, name] of Object.entries(names)) {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openPostgres(target.toString(), 2);
      try {
        await database.migrate();
        if (kind === 'seeded') await seedDemo(database.db);
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.end();
  }
  return {
    names,
    async remove() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const name of Object.values(names))
          await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
