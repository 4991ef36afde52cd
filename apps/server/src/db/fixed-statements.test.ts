import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import {
  fixedStatement,
  insertRows,
  insertTogether,
  rowOf,
  updateRow,
  wholeRow,
} from './fixed-statements.ts';
import { bookings, calculationLines, customers } from './schema.ts';

// The booking writes' statements built once per shape (ADR 0025) answer exactly what drizzle's builder answers
// for the same values, on the engine the suite runs on: each case runs twice, so the second call sends the
// kept text with its own values.

let database: Database;
let bookingId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await insertRows<{ id: number }>(
    database.db,
    bookings,
    [{ state: 'draft', type: 'resort', from: '2031-01-01', to: '2031-01-03' }],
    wholeRow(bookings),
  );
  bookingId = row?.id as number;
});
afterAll(() => database.close());

/** Rows without what the database numbers or stamps by itself. */
const comparable = (rows: Record<string, unknown>[]) =>
  rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest);

const line = (n: number, extra: Partial<typeof calculationLines.$inferInsert> = {}) => ({
  bookingId,
  key: `manual:${n}`,
  type: 'cost',
  text: `Line ${n} "quoted" ünïcode`,
  amount: '2.5',
  price: `${n}.99`,
  total: '0',
  customData: { generator: 'manual', nights: [{ date: '2031-01-01', value: '1.10' }], n },
  ...extra,
});

describe('insertRows', () => {
  it('answers the rows drizzle answers: defaults, nulls, numbers, json, several rows of different shapes', async () => {
    const { db } = database;
    for (const round of [1, 2]) {
      // Row 2 leaves out what row 1 gives (sort, manual, position: their defaults) and gives a guest of null.
      const values = [
        line(round * 10, { sort: 3, manual: true, position: 7 }),
        line(round * 10 + 1, { guestId: null, customData: [] }),
      ];
      const ours = await insertRows<Record<string, unknown>>(
        db,
        calculationLines,
        values,
        wholeRow(calculationLines),
      );
      const theirs = await db.insert(calculationLines).values(values).returning();
      expect(comparable(ours)).toEqual(comparable(theirs));
      expect(ours[0]).toMatchObject({ sort: 3, manual: true, position: 7, price: `${round * 10}.99` });
      expect(ours[1]).toMatchObject({ sort: 9999, manual: false, guestId: null, customData: [] });
    }
  });

  it('leaves a generated column to the database and answers dates as drizzle maps them', async () => {
    const { db } = database;
    for (const round of [1, 2]) {
      const values = {
        fullName: `Ada${round} Lovelace`,
        firstName: `Ada${round}`,
        lastName: 'Lovelace',
        email: `ada${round}@fixed.example`,
        birthday: '1815-12-10',
      };
      const [ours] = await insertRows<Record<string, unknown>>(db, customers, [values], wholeRow(customers));
      const [theirs] = await db
        .insert(customers)
        .values({ ...values, email: `other${round}@fixed.example` })
        .returning();
      // The two differ in the e-mail (unique) and so in the search text made of it.
      const apart = { email: null, searchText: null };
      expect({ ...comparable([ours ?? {}])[0], ...apart }).toEqual({
        ...comparable([theirs ?? {}])[0],
        ...apart,
      });
      expect(ours?.searchText).toContain(`ada${round}`);
    }
  });

  it('writes without answering rows when nothing is to come back', async () => {
    const { db } = database;
    expect(await insertRows(db, calculationLines, [line(99)])).toEqual([]);
    const [row] = await db.select().from(calculationLines).where(eq(calculationLines.key, 'manual:99'));
    expect(row?.customData).toEqual(line(99).customData);
  });

  it('takes drizzle’s own path for a value drizzle renders into the text', async () => {
    const { db } = database;
    const [row] = await insertRows<{ text: string }>(
      db,
      calculationLines,
      [{ ...line(50), text: sql`upper('rendered')` }],
      wholeRow(calculationLines),
    );
    expect(row?.text).toBe('RENDERED');
  });
});

describe('updateRow', () => {
  // A returning selection with an expression, as the booking detail's names (detailNames).
  const named = { ...getTableColumns(bookings), nights: sql<number>`(${bookings.to} - ${bookings.from})` };

  it('answers the row drizzle answers, with the selection’s expressions', async () => {
    const { db } = database;
    const [twin] = await db
      .insert(bookings)
      .values({ state: 'draft', type: 'resort', from: '2031-01-01', to: '2031-01-03' })
      .returning();
    for (const round of [1, 2]) {
      const set = {
        note: round === 1 ? 'first' : null,
        chosenProducts: [{ productId: round, amount: '1.50' }],
        optionExpiry: new Date(Date.UTC(2031, 0, round)),
        to: `2031-01-0${round + 3}`,
        updatedAt: new Date(Date.UTC(2030, 11, round)),
      };
      const ours = await updateRow<Record<string, unknown>>(db, bookings, bookings.id, bookingId, set, named);
      const [theirs] = await db
        .update(bookings)
        .set(set)
        .where(eq(bookings.id, twin?.id as number))
        .returning(named);
      expect({ ...ours, id: 0, createdAt: 0 }).toEqual({ ...theirs, id: 0, createdAt: 0 });
      expect(ours).toMatchObject({ nights: round + 2, note: set.note, optionExpiry: set.optionExpiry });
    }
  });

  it('answers nothing for an id no row has', async () => {
    expect(
      await updateRow(database.db, bookings, bookings.id, -1, { note: 'x' }, wholeRow(bookings)),
    ).toBeUndefined();
  });
});

describe('insertTogether', () => {
  // The main row's id drawn first (as the create flow draws it), the lines beside it referring to it.
  const drawId = async () => {
    const result = await database.db.execute(sql`select nextval('bookings_id_seq')::int as "id"`);
    return (result as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
  };
  const named = { ...getTableColumns(bookings), nights: sql<number>`(${bookings.to} - ${bookings.from})` };

  it('writes the main row and the rows beside it in one go, answering the row and the columns asked back', async () => {
    const { db } = database;
    for (const round of [1, 2]) {
      const id = await drawId();
      const row = { id, state: 'draft', type: 'resort', from: '2031-02-01', to: `2031-02-0${round + 2}` };
      const lines = [
        line(round * 100, { bookingId: id }),
        line(round * 100 + 1, { bookingId: id, price: '7' }),
      ];
      const ours = await insertTogether<Record<string, unknown>>(
        db,
        { table: bookings, row, returning: named },
        [
          { table: calculationLines, rows: [] },
          { table: calculationLines, rows: lines, back: ['id', 'amount', 'price'] },
        ],
      );
      const stored = await db.select().from(calculationLines).where(eq(calculationLines.bookingId, id));
      const [theirs] = await db.select(named).from(bookings).where(eq(bookings.id, id));
      expect(ours.row).toEqual(theirs);
      expect(ours.row).toMatchObject({ id, nights: round + 1 });
      expect(ours.back[0]).toEqual([]);
      expect(ours.back[1]).toEqual(
        [...stored].sort((a, b) => a.id - b.id).map((l) => ({ id: l.id, amount: l.amount, price: l.price })),
      );
      // Numerics come back at their column's scale, as the database holds them.
      expect(ours.back[1]?.map((l) => [l.amount, l.price])).toEqual([
        ['2.500', `${round * 100}.99`],
        ['2.500', '7.00'],
      ]);
    }
  });

  it('leaves out parts without rows, the same table at another place being another statement', async () => {
    const { db } = database;
    const row = async (n: number) => ({
      id: await drawId(),
      state: 'draft',
      type: 'resort',
      from: '2031-05-01',
      to: `2031-05-0${n}`,
    });
    const alone = await insertTogether<{ nights: number }>(
      db,
      { table: bookings, row: await row(2), returning: named },
      [{ table: calculationLines, rows: [] }],
    );
    expect(alone).toEqual({ row: expect.objectContaining({ nights: 1 }), back: [[]] });
    // The lines as the first part, then as the second: each answered where it was asked.
    for (const first of [true, false]) {
      const main = await row(3);
      const rows = [line(first ? 500 : 501, { bookingId: main.id })];
      const parts = [
        { table: calculationLines, rows: first ? rows : [], back: ['id'] },
        { table: calculationLines, rows: first ? [] : rows, back: ['id'] },
      ];
      const { back } = await insertTogether(db, { table: bookings, row: main, returning: named }, parts);
      const [stored] = await db
        .select()
        .from(calculationLines)
        .where(eq(calculationLines.bookingId, main.id));
      expect(back).toEqual(first ? [[{ id: stored?.id }], []] : [[], [{ id: stored?.id }]]);
    }
  });

  it('writes nothing when a part is refused', async () => {
    const { db } = database;
    const id = await drawId();
    const row = { id, state: 'draft', type: 'resort', from: '2031-03-01', to: '2031-03-02' };
    await expect(
      insertTogether(db, { table: bookings, row, returning: named }, [
        { table: calculationLines, rows: [line(300, { bookingId: id, guestId: 2_000_000_000 })] },
      ]),
    ).rejects.toThrow();
    expect(await db.select().from(bookings).where(eq(bookings.id, id))).toEqual([]);
  });

  it('takes one statement per part for a value drizzle renders into the text', async () => {
    const { db } = database;
    const id = await drawId();
    const row = { id, state: 'draft', type: 'resort', from: '2031-04-01', to: '2031-04-02' };
    const ours = await insertTogether<{ id: number }>(db, { table: bookings, row, returning: named }, [
      {
        table: calculationLines,
        rows: [{ ...line(400, { bookingId: id }), text: sql`upper('rendered')` }],
        back: ['id'],
      },
    ]);
    const [stored] = await db.select().from(calculationLines).where(eq(calculationLines.bookingId, id));
    expect(ours.row.id).toBe(id);
    expect(stored?.text).toBe('RENDERED');
    expect(ours.back[0]).toEqual([{ id: stored?.id }]);
  });
});

describe('rowOf', () => {
  it('makes the row the database stores from the values and the columns’ defaults', async () => {
    const { db } = database;
    const values = {
      id: await drawLineId(),
      bookingId,
      key: 'k',
      type: 'cost',
      text: 't',
      customData: { a: 1 },
    };
    const [stored] = await db.insert(calculationLines).values(values).returning();
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

describe('fixedStatement', () => {
  let built = 0;
  const linesByKey = fixedStatement<{ key: string; data: unknown; price: string; matches: boolean }>(() => {
    built++;
    const key = sql.placeholder('key');
    return sql`
      select ${calculationLines.key} as "key", ${calculationLines.customData} as "data",
             ${calculationLines.price} as "price", ${calculationLines.key} = ${key} as "matches"
      from ${calculationLines}
      where ${calculationLines.bookingId} = ${sql.placeholder('booking')} and ${calculationLines.key} = ${key}`;
  });

  it('builds its text once and answers each run with its own values, under the names the statement gives', async () => {
    const { db } = database;
    await insertRows(db, calculationLines, [
      line(1, { key: 'fixed:1', customData: { n: 1 } }),
      line(2, { key: 'fixed:2', customData: { n: 2 } }),
    ]);
    expect(await linesByKey(db, { booking: bookingId, key: 'fixed:1' })).toEqual([
      { key: 'fixed:1', data: { n: 1 }, price: '1.99', matches: true },
    ]);
    expect(await linesByKey(db, { booking: bookingId, key: 'fixed:2' })).toEqual([
      { key: 'fixed:2', data: { n: 2 }, price: '2.99', matches: true },
    ]);
    expect(await linesByKey(db, { booking: bookingId + 1, key: 'fixed:1' })).toEqual([]);
    expect(built).toBe(1);
  });

  it('runs on the executor it is given: in a transaction, with what that transaction wrote', async () => {
    const { db } = database;
    const seen = await db.transaction(async (tx) => {
      await insertRows(tx, calculationLines, [line(3, { key: 'fixed:3' })]);
      return linesByKey(tx, { booking: bookingId, key: 'fixed:3' });
    });
    expect(seen.map((r) => r.key)).toEqual(['fixed:3']);
  });
});

async function drawLineId() {
  const result = await database.db.execute(sql`select nextval('calculation_lines_id_seq')::int as "id"`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
}
