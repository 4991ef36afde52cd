import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export function createSettingsRepository() {
  return {
    async group(ex: Executor, group: string) {
      return ex
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(eq(settings.group, group));
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
  };
}
