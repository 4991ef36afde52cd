import { ZLocalizedText } from '@atoll/domain/geo';
import { type TSpecial, type TSpecialsGroup, ZSpecialRule } from '@atoll/domain/pricing/entities';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { type specials, specialsGroups } from '../../db/schema.ts';

export type TSpecialRow = typeof specials.$inferSelect;
export type TSpecialsGroupRow = typeof specialsGroups.$inferSelect;

const ZStoredRules = z.array(ZSpecialRule);

export const toSpecial = (row: TSpecialRow): TSpecial => ({
  ...row,
  description: ZLocalizedText.safeParse(row.description).data ?? {},
  type: row.type as TSpecial['type'],
  status: row.status as TSpecial['status'],
  rules: ZStoredRules.safeParse(row.rules).data ?? [],
  discount: row.discount as TSpecial['discount'],
  target: row.target as TSpecial['target'],
  scopeUnit: row.scopeUnit as TSpecial['scopeUnit'],
  includeIn: row.includeIn as TSpecial['includeIn'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toSpecialsGroup = (row: TSpecialsGroupRow): TSpecialsGroup => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createSpecialsRepository() {
  return {
    async groupExists(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: specialsGroups.id })
        .from(specialsGroups)
        .where(eq(specialsGroups.id, id));
      return row !== undefined;
    },
  };
}

export type TSpecialsRepository = ReturnType<typeof createSpecialsRepository>;
