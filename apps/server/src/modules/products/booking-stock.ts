import { D } from '@atoll/domain/money';
import type { Tx } from '../../db/client.ts';
import { createProductsRepository } from './products.repository.ts';

// The stock a booking takes (docs/domain/products.md): a confirmed booking holds the amounts of its lines of
// tracked ConsumptionGood products out of stock (log reason `sale`); any other state holds none, so an
// aborted, released or deleted booking gives them back (`return`). Run inside every booking write
// (recordVersion): what is out is read back from the booking's log rows, so the sync only writes the
// difference and is the same whether a product was added, removed, or the state changed.
// A booking is never refused for stock: a sale may take the stock below 0 (staff sees it on the stock screen).

const productsRepository = createProductsRepository();

/** States whose products count as sold. */
const SOLD_STATES = new Set(['confirmed', 'resolved']);

export async function syncBookingStock(tx: Tx, bookingId: number, userId: number | null) {
  const { state, amounts } = await productsRepository.bookingProducts(tx, bookingId);
  const log = await productsRepository.bookingStockLog(tx, bookingId);
  if (amounts.length === 0 && log.length === 0) return;
  const out = new Map<number, InstanceType<typeof D>>();
  for (const row of log) out.set(row.productId, (out.get(row.productId) ?? new D(0)).minus(row.change));
  const wanted = new Map<number, string>();
  if (state && SOLD_STATES.has(state)) for (const a of amounts) wanted.set(a.productId, a.amount);
  const ids = [...new Set([...out.keys(), ...wanted.keys()])];
  // In id order, as every stock write locks them: two bookings never wait on each other crosswise.
  for (const product of await productsRepository.productsByIds(tx, ids, true)) {
    const tracked = product.trackStock && product.type === 'ConsumptionGood';
    const target = tracked ? new D(wanted.get(product.id) ?? 0) : new D(0);
    const diff = target.minus(out.get(product.id) ?? 0);
    if (diff.isZero()) continue;
    await productsRepository.writeStock(tx, {
      productId: product.id,
      change: diff.negated().toFixed(),
      stockAfter: new D(product.stock).minus(diff).toFixed(),
      reason: diff.gt(0) ? 'sale' : 'return',
      bookingId,
      userId,
    });
  }
}
