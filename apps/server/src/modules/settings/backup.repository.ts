import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// What a backup reads and writes: the public schema's tables, their foreign keys, columns and id sequences
// from the catalogue, and every table's rows as JSON. Table names come from the catalogue, never from a
// request; they are quoted as identifiers.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function createBackupRepository() {
  return {
    /** The tables of the public schema, by name. */
    async tableNames(ex: Executor) {
      return rowsOf<{ name: string }>(
        await ex.execute(
          sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
        ),
      ).map((r) => r.name);
    },

    /** Every foreign key of the public schema as child and parent table (names as regclass prints them). */
    async foreignKeys(ex: Executor) {
      return rowsOf<{ child: string; parent: string }>(
        await ex.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
      );
    },

    /** How many migrations the database has run. */
    async migrationCount(ex: Executor): Promise<number> {
      const rows = rowsOf<{ n: number }>(
        await ex.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      return rows[0]?.n ?? 0;
    },

    /** Every row of a table as JSON. */
    async tableRows(ex: Executor, table: string) {
      const rows = rowsOf<{ row: unknown }>(
        await ex.execute(sql.raw(`select row_to_json(t) as row from ${ident(table)} t`)),
      );
      return rows.map((r) => r.row);
    },

    /** Empties the tables and restarts their sequences. */
    async truncate(ex: Executor, tables: string[]) {
      await ex.execute(sql.raw(`truncate table ${tables.map(ident).join(', ')} restart identity cascade`));
    },

    /** The table's stored columns (generated ones left out), quoted, in their order. */
    async storedColumns(ex: Executor, table: string) {
      return rowsOf<{ name: string }>(
        await ex.execute(sql`
          select attname as name from pg_attribute
          where attrelid = ${`public.${ident(table)}`}::regclass and attnum > 0 and not attisdropped
            and attgenerated = ''
          order by attnum`),
      ).map((c) => ident(c.name));
    },

    /** Inserts JSON rows into the quoted columns `list` of the table. */
    async insertJson(ex: Executor, table: string, list: string, json: string) {
      await ex.execute(
        sql`insert into ${sql.raw(ident(table))} (${sql.raw(list)}) select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(ident(table))}, ${json}::json)`,
      );
    },

    /** The sequence behind the table's `id`, if it has one. */
    async idSequence(ex: Executor, table: string) {
      return rowsOf<{ seq: string | null }>(
        await ex.execute(sql`select pg_get_serial_sequence(${`public.${ident(table)}`}, 'id') as seq`),
      )[0]?.seq;
    },

    /** The sequence goes on after the table's highest id. */
    async moveSequencePastIds(ex: Executor, table: string, serial: string) {
      await ex.execute(
        sql`select setval(${serial}::regclass, coalesce((select max(id) from ${sql.raw(ident(table))}), 0) + 1, false)`,
      );
    },
  };
}
export type TBackupRepository = ReturnType<typeof createBackupRepository>;
