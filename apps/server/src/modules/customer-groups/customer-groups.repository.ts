import type { TCustomerGroup } from '@atoll/domain/customer-data';
import type { customerGroups } from '../../db/schema.ts';

export type TCustomerGroupRow = typeof customerGroups.$inferSelect;

export function toCustomerGroup(row: TCustomerGroupRow): TCustomerGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
