import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings, storedFiles } from '../../db/schema.ts';

export type TNewStoredFile = typeof storedFiles.$inferInsert;

export function createSettingsRepository() {
  return {
    async group(ex: Executor, group: string) {
      return ex
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(eq(settings.group, group));
    },
    /** The settings of these keys in these groups (those set). */
    async values(ex: Executor, groups: string[], keys: string[]) {
      return ex
        .select({ group: settings.group, key: settings.key, value: settings.value })
        .from(settings)
        .where(and(inArray(settings.group, groups), inArray(settings.key, keys)));
    },
    /** One setting's value; undefined when it is not set. */
    async value(ex: Executor, group: string, key: string) {
      const [row] = await ex
        .select({ value: settings.value })
        .from(settings)
        .where(and(eq(settings.group, group), eq(settings.key, key)));
      return row?.value;
    },
    async upsert(ex: Executor, group: string, key: string, value: unknown) {
      await ex
        .insert(settings)
        .values({ group, key, value })
        .onConflictDoUpdate({
          target: [settings.group, settings.key],
          set: { value, updatedAt: sql`now()` },
        });
    },
    async remove(ex: Executor, group: string, key: string) {
      await ex.delete(settings).where(and(eq(settings.group, group), eq(settings.key, key)));
    },
    async insertFile(ex: Executor, file: TNewStoredFile) {
      const [row] = await ex.insert(storedFiles).values(file).returning({ id: storedFiles.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async file(ex: Executor, kind: string, id: number) {
      const [row] = await ex
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.id, id), eq(storedFiles.kind, kind)));
      return row;
    },
    /** Every file of a kind but `keep`. */
    async removeFiles(ex: Executor, kind: string, keep?: number) {
      await ex
        .delete(storedFiles)
        .where(and(eq(storedFiles.kind, kind), keep === undefined ? undefined : ne(storedFiles.id, keep)));
    },
  };
}
