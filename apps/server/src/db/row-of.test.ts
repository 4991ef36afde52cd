import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { rowOf } from './row-of.ts';
import { bookings, calculationLines } from './schema.ts';

let database: Database;
let bookingId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await database.db
    .insert(bookings)
    .values({ state: 'draft', type: 'resort', from: '2031-01-01', to: '2031-01-03' })
    .returning({ id: bookings.id });
  bookingId = row?.id as number;
});
afterAll(() => database.close());

describe('rowOf', () => {
  it('makes the row the database stores from the values and the columns’ defaults', async () => {
    const { rows } = (await database.db.execute(
      sql`select nextval('calculation_lines_id_seq')::int as "id"`,
    )) as unknown as { rows: { id: number }[] };
    const values = {
      id: rows[0]?.id as number,
      bookingId,
      key: 'k',
      type: 'cost',
      text: 't',
      customData: { a: 1 },
    };
    const [stored] = await database.db.insert(calculationLines).values(values).returning();
    expect(rowOf(calculationLines, { ...values, amount: '1.000', price: '0.00', total: '0.00' })).toEqual(
      stored,
    );
  });

  it('refuses a row without a value the database fills in by itself', () => {
    expect(() => rowOf(calculationLines, { bookingId, key: 'k', type: 'cost', text: 't' })).toThrow(
      /calculation_lines\.id/,
    );
  });
});
