import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the schema files: not tables, so `../schema.ts` does not re-export them. */

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
