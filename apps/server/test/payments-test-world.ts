import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bookings, calculationLines } from '../src/db/schema.ts';
import { createTestApp, type TTestApp } from './harness.ts';
import { demoIds, insertBooking } from './test-bookings.ts';

// The world of the payments tests: the demo data and bookings written straight into the tables with
// their totals and a deposit/rest schedule (docs/domain/payments.md), so the tests depend on no create flow.

export const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

export async function paymentsWorld() {
  const t: TTestApp = await createTestApp();
  const tokens = await t.demoTokens();
  const db = t.database.db;
  const ids = await demoIds(db);
  let n = 0;

  /** A confirmed booking owing `due` (deposit 30 % due `depositDue`, the rest `restDue`). */
  async function booking(
    opts: {
      due?: string;
      currency?: string;
      agencyId?: number | null;
      customerId?: number | null;
      depositDue?: string;
      restDue?: string;
      state?: string;
    } = {},
  ) {
    n += 1;
    const due = opts.due ?? '1000.00';
    const agencyId = opts.agencyId === undefined ? null : opts.agencyId;
    const deposit = (Math.round(Number(due) * 30) / 100).toFixed(2);
    const rest = (Number(due) - Number(deposit)).toFixed(2);
    const { id } = await insertBooking(db, {
      from: '2041-06-01',
      to: '2041-06-08',
      state: opts.state ?? 'confirmed',
      bookingNo: `PAY-${n}`,
      currency: opts.currency ?? 'EUR',
      agencyId,
      customerId: opts.customerId === undefined ? ids.mariaId : opts.customerId,
      totals: {
        total: due,
        dueBeforeTravel: due,
        ...(agencyId ? { agencyDue: due, customerDue: '0.00' } : {}),
      },
      openAmount: due,
      paymentStatus: 'not_paid',
      lines: [{ key: 'stay', total: due }],
    });
    await db.insert(calculationLines).values([
      {
        bookingId: id,
        key: 'deposit',
        type: 'deposit',
        text: 'Deposit',
        total: deposit,
        price: deposit,
        customData: { dueDate: opts.depositDue ?? '2041-01-17' },
        position: 50,
      },
      {
        bookingId: id,
        key: 'rest',
        type: 'rest',
        text: 'Rest',
        total: rest,
        price: rest,
        customData: { dueDate: opts.restDue ?? '2041-04-02' },
        position: 51,
      },
    ]);
    await db
      .update(bookings)
      .set({ nextDueDate: opts.depositDue ?? '2041-01-17' })
      .where(eq(bookings.id, id));
    return id;
  }

  async function bookingRow(id: number) {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    if (!row) throw new Error(`booking ${id} missing`);
    return row;
  }

  return { t, db, tokens, ids, booking, bookingRow };
}
