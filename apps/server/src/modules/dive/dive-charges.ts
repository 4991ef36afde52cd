import { isDiveBase } from '@atoll/domain/onsite';
import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { bookings, dayGuests, diveTypes, posTabs } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { chargeItem, type TOnsiteFlow } from '../onsite/onsite.flow.ts';
import { createOnsiteRepository } from '../onsite/onsite.repository.ts';
import { priceSale, recordSale, saleProduct } from '../onsite/onsite-charge.ts';
import { createProductsRepository } from '../products/products.repository.ts';

// What a logged trip charges (docs/domain/dive-day.md "Charges"): the product of the trip's dive type, per
// dive or per dive day, on the guest's booking as an onsite item, or on the day guest's walk-in tab. Inside
// the transaction of the log; every charge carries a key of the dive (or dive day), so it is made once.

const productsRepo = createProductsRepository();
const onsiteRepo = createOnsiteRepository();

/** Bookings that take onsite charges (onsite.md); a diver of another booking is logged, not charged. */
const CHARGEABLE = new Set(['planned', 'confirmed']);

/** A dive type charges a product sold per dive or per dive day (400 otherwise, 404 when there is none). */
export async function assertDiveProduct(ex: Executor, productId: number) {
  const product = await productsRepo.product(ex, productId);
  if (!product) throw notFound('Product');
  if (!isDiveBase(product.chargingBase))
    throw badRequest('A dive type charges a product sold per dive or per dive day', 'productId');
}

export type TLoggedDive = {
  id: number;
  date: string;
  customerId: number | null;
  dayGuestId: number | null;
  bookingId: number | null;
};

export type TDiveChargeResult = { charged: number; unchargedBookings: number[] };

/** The key of a dive's charge: the dive itself (PerDive), or the diver's day with the product (PerDiveDay). */
function chargeKey(base: string, productId: number, dive: TLoggedDive) {
  if (base === 'PerDive') return `dive:${dive.id}`;
  const diver = dive.dayGuestId !== null ? `g${dive.dayGuestId}` : `b${dive.bookingId}c${dive.customerId}`;
  return `diveday:${diver}:${dive.date}:${productId}`;
}

/** The open walk-in tab of a day guest (made on its first charge, keyed by the day guest). */
async function dayGuestTab(tx: Tx, user: TSessionUser, dayGuestId: number, currency: string) {
  const key = `dayguest:${dayGuestId}`;
  const [guest] = await tx.select().from(dayGuests).where(eq(dayGuests.id, dayGuestId));
  if (!guest) throw notFound('Day guest');
  await tx
    .insert(posTabs)
    .values({ name: guest.name, currency, idempotencyKey: key, userId: user.id })
    .onConflictDoNothing();
  const [tab] = await tx.select().from(posTabs).where(eq(posTabs.idempotencyKey, key)).for('update');
  if (tab?.state !== 'open')
    throw new AppError(409, 'INVALID_STATE', `The tab of ${guest.name} is closed: open the charge by hand`);
  return tab;
}

/**
 * Charges the dives of a logged trip of dive type `typeId`: nothing when the type names no product. Booking
 * divers are charged per booking (locked in id order, recalculated and versioned by the onsite flow), day
 * guests on their tab. A charge whose key is stored is not made again.
 */
export async function chargeDives(
  tx: Tx,
  user: TSessionUser,
  onsite: TOnsiteFlow,
  typeId: number | null,
  dives: TLoggedDive[],
): Promise<TDiveChargeResult> {
  const result: TDiveChargeResult = { charged: 0, unchargedBookings: [] };
  if (typeId === null || dives.length === 0) return result;
  const [type] = await tx.select().from(diveTypes).where(eq(diveTypes.id, typeId));
  if (!type?.productId) return result;
  const product = await productsRepo.product(tx, type.productId);
  if (!product || !isDiveBase(product.chargingBase)) return result;
  const key = (dive: TLoggedDive) => chargeKey(product.chargingBase, product.id, dive);

  const bookingIds = [...new Set(dives.flatMap((d) => (d.bookingId === null ? [] : [d.bookingId])))].sort(
    (a, b) => a - b,
  );
  const states = bookingIds.length
    ? await tx
        .select({ id: bookings.id, state: bookings.state })
        .from(bookings)
        .where(inArray(bookings.id, bookingIds))
    : [];
  // The dive centre charges the guests it takes out: the booking is reached as the office would.
  const office: TSessionUser = { ...user, scopes: [...user.scopes, 'bookings.read'] };
  for (const bookingId of bookingIds) {
    if (!CHARGEABLE.has(states.find((s) => s.id === bookingId)?.state ?? '')) {
      result.unchargedBookings.push(bookingId);
      continue;
    }
    await onsite.onBookingIn(tx, office, bookingId, 'diveCharge', async (ctx) => {
      for (const dive of dives.filter((d) => d.bookingId === bookingId)) {
        const guest = ctx.guests.find((g) => g.customerId === dive.customerId);
        if (!guest)
          throw new AppError(409, 'CONFLICT', `Customer ${dive.customerId} is no guest of ${bookingId}`);
        const stored = await onsiteRepo.itemByKey(tx, key(dive));
        if (stored) continue;
        await chargeItem(ctx, {
          productId: product.id,
          quantity: '1',
          dives: 1,
          guestId: guest.id,
          idempotencyKey: key(dive),
        });
        result.charged++;
      }
    });
  }

  for (const dive of dives.filter((d) => d.dayGuestId !== null)) {
    if (await onsiteRepo.itemByKey(tx, key(dive))) continue;
    const tab = await dayGuestTab(tx, user, dive.dayGuestId as number, product.currency);
    const sold = await saleProduct(tx, product.id, null);
    const priced = await priceSale(tx, { product: sold, quantity: '1', stay: null, currency: tab.currency });
    await recordSale(
      tx,
      {
        tabId: tab.id,
        productId: product.id,
        text: product.name,
        quantity: '1',
        currency: tab.currency,
        rate: '1',
        idempotencyKey: key(dive),
        userId: user.id,
        ...priced,
      },
      sold,
      tab,
    );
    result.charged++;
  }
  return result;
}
