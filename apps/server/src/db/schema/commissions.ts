import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { vessels } from './vessels.ts';

/** An agency's commission per asset and travel dates (`/api/commission`, docs/domain/tax-and-commission.md). */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('commissions_agency_idx').on(t.agencyId),
    check('commissions_at_most_one_asset', sql`${t.resortId} is null or ${t.vesselId} is null`),
  ],
);
