import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createBackupRepository } from './backup.repository.ts';

// Local backups (spec platform §7 Settings: POST backup, GET backup/local, GET backup/local/{name}): every
// table of the public schema as JSON rows, read in one transaction, gzipped into DATA_DIR/backups. The same
// file restores on either engine (PGlite or PostgreSQL): `restoreBackup` empties the tables and loads the
// rows back in foreign-key order in one transaction, then moves the id sequences past the restored ids.
// Generated columns are left out on restore (the database computes them again).

export const BACKUP_FORMAT = 1;
export const BACKUP_NAME = /^atoll-\d{8}-\d{6}(-\d+)?\.json\.gz$/;

/** Backup names newest first: by their time stamp, then by the counter of several in one second ("-2", "-3"). */
export function newestBackupFirst(a: { name: string }, b: { name: string }): number {
  const key = (name: string) => {
    const [, day, time, n] = name.match(/^atoll-(\d{8})-(\d{6})(?:-(\d+))?/) ?? [];
    return `${day ?? ''}${time ?? ''}-${(n ?? '1').padStart(6, '0')}`;
  };
  const [x, y] = [key(a.name), key(b.name)];
  return x < y ? 1 : x > y ? -1 : 0;
}

type TBackupFile = {
  format: number;
  version: string;
  /** How many migrations the database had: a backup restores only into the same schema. */
  migrations: number;
  createdAt: string;
  tables: Record<string, unknown[]>;
};

export type TBackupInfo = { name: string; size: number; createdAt: string };

const repository = createBackupRepository();

/** The tables of the public schema, parents before children (by their foreign keys). */
async function tablesInOrder(ex: Executor): Promise<string[]> {
  const tables = await repository.tableNames(ex);
  const edges = await repository.foreignKeys(ex);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('backup: the foreign keys form a cycle');
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

const unquote = (name: string) => name.replace(/^"|"$/g, '');

/** Every row of every table, read in one snapshot. */
export async function exportTables(db: Db): Promise<Record<string, unknown[]>> {
  return db.transaction(
    async (tx) => {
      const out: Record<string, unknown[]> = {};
      for (const table of await tablesInOrder(tx)) {
        out[table] = await repository.tableRows(tx, table);
      }
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Empties every table and loads the backup's rows, all in one transaction: all or nothing. */
export async function restoreTables(db: Db, tables: Record<string, unknown[]>) {
  await db.transaction(async (tx) => {
    const order = await tablesInOrder(tx);
    const unknown = Object.keys(tables).filter((t) => !order.includes(t));
    if (unknown.length > 0)
      throw new AppError(
        400,
        'ValidationError',
        `The backup has tables this version does not know: ${unknown.join(', ')}`,
      );
    await repository.truncate(tx, order);
    for (const table of order) {
      const rows = tables[table] ?? [];
      if (rows.length === 0) continue;
      const columns = await repository.storedColumns(tx, table);
      const list = columns.join(', ');
      // In slices, so that one statement stays a sensible size.
      for (let i = 0; i < rows.length; i += 1000) {
        const slice = JSON.stringify(rows.slice(i, i + 1000));
        await repository.insertJson(tx, table, list, slice);
      }
      // Serial ids go on after the highest restored one.
      if (!columns.includes('"id"')) continue;
      const serial = await repository.idSequence(tx, table);
      if (serial) await repository.moveSequencePastIds(tx, table, serial);
    }
  });
}

export function createBackupService(deps: { db: Db; dataDir: string; version: string }) {
  const dir = resolve(deps.dataDir, 'backups');

  function list(): TBackupInfo[] {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => BACKUP_NAME.test(n));
    } catch {
      return [];
    }
    return names
      .map((name) => {
        const stat = statSync(join(dir, name));
        return { name, size: stat.size, createdAt: stat.mtime.toISOString() };
      })
      .sort(newestBackupFirst);
  }

  async function build(now = new Date()) {
    const tables = await exportTables(deps.db);
    const file: TBackupFile = {
      format: BACKUP_FORMAT,
      version: deps.version,
      migrations: await repository.migrationCount(deps.db),
      createdAt: now.toISOString(),
      tables,
    };
    const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    return { name: `atoll-${stamp}.json.gz`, bytes: gzipSync(JSON.stringify(file)) };
  }

  return {
    list,

    /** A new backup in memory: its file name and gzipped bytes (nothing written). */
    build,

    /** Writes a new backup file and answers its name. */
    async create(now = new Date()): Promise<TBackupInfo> {
      const { name: stamped, bytes } = await build(now);
      mkdirSync(dir, { recursive: true });
      let name = stamped;
      for (let n = 2; list().some((b) => b.name === name); n++)
        name = stamped.replace('.json.gz', `-${n}.json.gz`);
      writeFileSync(join(dir, name), bytes, { flag: 'wx' });
      const info = list().find((b) => b.name === name);
      if (!info) throw new Error(`backup ${name} was not written`);
      return info;
    },

    /** The file's bytes (404 for a name that is not one of ours: no path tricks). */
    read(name: string): Buffer {
      if (!BACKUP_NAME.test(name) || !list().some((b) => b.name === name)) throw notFound('Backup');
      return readFileSync(join(dir, name));
    },
  };
}

/** Restores a backup file's bytes into `db` (the restore script; the server must not serve meanwhile). */
export async function restoreBackup(db: Db, bytes: Buffer) {
  let file: TBackupFile;
  try {
    file = JSON.parse(gunzipSync(bytes).toString('utf8')) as TBackupFile;
  } catch {
    throw new AppError(400, 'ValidationError', 'Not an Atoll backup file');
  }
  if (file.format !== BACKUP_FORMAT || typeof file.tables !== 'object')
    throw new AppError(400, 'ValidationError', `Unknown backup format ${String(file.format)}`);
  const migrations = await repository.migrationCount(db);
  if (file.migrations !== migrations)
    throw new AppError(
      400,
      'ValidationError',
      `The backup has ${file.migrations} migrations, this database ${migrations}: restore into the same version`,
    );
  await restoreTables(db, file.tables);
  return { version: file.version, createdAt: file.createdAt, tables: Object.keys(file.tables).length };
}

export type TBackupService = ReturnType<typeof createBackupService>;
