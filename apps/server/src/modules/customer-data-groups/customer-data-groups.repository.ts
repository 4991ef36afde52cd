import {
  type TCustomerDataField,
  type TCustomerDataGroup,
  ZCustomerDataGroup,
} from '@atoll/domain/customer-data';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerDataGroups, customers } from '../../db/schema.ts';

export type TCustomerDataGroupRow = typeof customerDataGroups.$inferSelect;

export function toCustomerDataGroup(row: TCustomerDataGroupRow): TCustomerDataGroup {
  return ZCustomerDataGroup.parse({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

export function createCustomerDataGroupsRepository() {
  return {
    /** The groups with these ids, locked for the rest of the transaction (in id order: no deadlock). */
    async lock(ex: Executor, ids: number[]) {
      return ex
        .select()
        .from(customerDataGroups)
        .where(inArray(customerDataGroups.id, ids))
        .orderBy(asc(customerDataGroups.id))
        .for('update');
    },
    async setFields(ex: Executor, id: number, fields: TCustomerDataField[]) {
      await ex
        .update(customerDataGroups)
        .set({ fields, updatedAt: new Date() })
        .where(sql`${customerDataGroups.id} = ${id}`);
    },
    /**
     * Moves every customer's stored `data[from][key]` to `data[to][key]`; a group object left empty
     * goes. Answers the number of customers changed.
     */
    async moveValues(ex: Executor, from: number, to: number, key: string) {
      const f = sql`${String(from)}::text`;
      const t = sql`${String(to)}::text`;
      const k = sql`${key}::text`;
      const data = customers.data;
      const rows = await ex
        .update(customers)
        .set({
          data: sql`jsonb_set(
            case when (${data} -> ${f}) - ${k} = '{}'::jsonb then ${data} - ${f}
                 else jsonb_set(${data}, array[${f}], (${data} -> ${f}) - ${k}) end,
            array[${t}],
            coalesce(${data} -> ${t}, '{}'::jsonb) || jsonb_build_object(${k}, ${data} -> ${f} -> ${k}))`,
          updatedAt: new Date(),
        })
        .where(sql`jsonb_typeof(${data} -> ${f}) = 'object' and (${data} -> ${f}) ? ${k}`)
        .returning({ id: customers.id });
      return rows.length;
    },
    /** Removes the stored values of a group from every customer. */
    async removeValues(ex: Executor, groupId: number) {
      const g = sql`${String(groupId)}::text`;
      await ex
        .update(customers)
        .set({ data: sql`${customers.data} - ${g}`, updatedAt: new Date() })
        .where(sql`${customers.data} ? ${g}`);
    },
  };
}
export type TCustomerDataGroupsRepository = ReturnType<typeof createCustomerDataGroupsRepository>;
