import { D } from '@atoll/domain/money';
import type { TOnsiteAccount } from '@atoll/domain/onsite';
import type {
  TPosAssets,
  TPosPaymentAnswer,
  TPosSale,
  TPosSaleAnswer,
  TPosStats,
  TPosTab,
} from '@atoll/domain/onsite/pos';
import { hasScope } from '@atoll/domain/scopes';
import { today } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { placeOf, type TOnsiteFlow } from '../onsite/onsite.flow.ts';
import {
  createOnsiteRepository,
  type TOnsiteItemRow,
  type TOnsitePaymentRow,
  toOnsiteItem,
  toOnsitePayment,
} from '../onsite/onsite.repository.ts';
import {
  accountOf,
  assertPayable,
  changeSale,
  giveStock,
  priceSale,
  recordSale,
  saleProduct,
  syncLine,
  totalsOf,
} from '../onsite/onsite-charge.ts';
import { createPosRepository, type TPosTabRow, toPosTab } from './pos.repository.ts';

// The counter's use cases (spec booking §7 Point of sale, docs/domain/onsite.md): sales on a walk-in's tab
// (priced as typed, paid at the counter) or on a room tab (charged to the booking as onsite items), payments,
// charging a tab to a room, resolving and combining tabs, the end-of-day figures. One transaction per call.

const repo = createPosRepository();
const onsiteRepo = createOnsiteRepository();

export type TPosAnswer = { tab: TPosTab; account: TOnsiteAccount };
type TSaleChange = { quantity?: string | undefined; price?: string | undefined };

/** The assets a user works at: their resorts and vessels; an empty list (and admin): every one of that kind. */
export function workAssets(user: TSessionUser) {
  const all = hasScope(user.scopes, ['admin']);
  return {
    resorts: all || user.resorts.length === 0 ? null : user.resorts,
    vessels: all || user.vessels.length === 0 ? null : user.vessels,
  };
}

/** A walk-in tab's asset must be one the cashier works at (400 otherwise); one of the two, not both. */
export function assertWorkAsset(
  user: TSessionUser,
  asset: { resortId?: number | undefined; vesselId?: number | undefined },
) {
  if (asset.resortId !== undefined && asset.vesselId !== undefined)
    throw badRequest('A tab is at a resort or a vessel, not both', 'vesselId');
  const mine = workAssets(user);
  if (asset.resortId !== undefined && mine.resorts !== null && !mine.resorts.includes(asset.resortId))
    throw badRequest('The resort is not one you work at', 'resortId');
  if (asset.vesselId !== undefined && mine.vessels !== null && !mine.vessels.includes(asset.vesselId))
    throw badRequest('The vessel is not one you work at', 'vesselId');
}

const closed = (tab: TPosTabRow) => new AppError(409, 'INVALID_STATE', `Tab ${tab.id} is closed`);

async function openTab(tx: Tx, id: number) {
  const tab = await repo.tab(tx, id, true);
  if (!tab) throw notFound('Tab');
  if (tab.state !== 'open') throw closed(tab);
  return tab;
}

async function tabItem(tx: Tx, tab: TPosTabRow, itemId: number): Promise<TOnsiteItemRow> {
  const item = await onsiteRepo.item(tx, itemId, true);
  if (!item || item.tabId !== tab.id) throw notFound('Onsite item');
  return item;
}

export function createPosService(deps: { db: Db; onsite: TOnsiteFlow }) {
  const { db, onsite } = deps;
  const answer = async (tx: Tx, tab: TPosTabRow): Promise<TPosAnswer> => ({
    tab: toPosTab(tab),
    account: await accountOf(tx, { tabId: tab.id }, tab.currency),
  });
  // A sale or payment answers what it stored and the tab's totals, never the whole tab (the offline sync).
  const saleAnswer = async (tx: Tx, tab: TPosTabRow, item: TOnsiteItemRow): Promise<TPosSaleAnswer> => ({
    tab: toPosTab(tab),
    item: toOnsiteItem(item),
    totals: await totalsOf(tx, { tabId: tab.id }, tab.currency),
  });
  const paymentAnswer = async (
    tx: Tx,
    tab: TPosTabRow,
    payment: TOnsitePaymentRow,
  ): Promise<TPosPaymentAnswer> => ({
    tab: toPosTab(tab),
    payment: toOnsitePayment(payment),
    totals: await totalsOf(tx, { tabId: tab.id }, tab.currency),
  });

  /** A walk-in's sale: the quantity as typed, in the tab's currency. */
  async function sellWalkIn(tx: Tx, user: TSessionUser, tab: TPosTabRow, sale: TPosSale) {
    const product = await saleProduct(tx, sale.item, null);
    const priced = await priceSale(tx, {
      product,
      quantity: sale.quantity,
      stay: null,
      price: sale.price,
      currency: tab.currency,
    });
    return recordSale(
      tx,
      {
        tabId: tab.id,
        productId: product.id,
        text: product.name,
        quantity: sale.quantity,
        currency: tab.currency,
        rate: '1',
        idempotencyKey: sale.idempotencyKey ?? null,
        userId: user.id,
        ...priced,
      },
      product,
      tab,
    );
  }

  return {
    /** The resorts and vessels the cashier works at, by name (a walk-in tab's asset on the counter). */
    assets(user: TSessionUser): Promise<TPosAssets> {
      return repo.assets(db, workAssets(user));
    },

    async tab(id: number): Promise<TPosAnswer> {
      const tab = await repo.tab(db, id);
      if (!tab) throw notFound('Tab');
      return db.transaction((tx) => answer(tx, tab));
    },

    /** A sale on the tab; a key already stored on it answers the stored sale (the offline sync sends again). */
    sell(user: TSessionUser, id: number, sale: TPosSale): Promise<TPosSaleAnswer> {
      return db.transaction(async (tx) => {
        if (sale.idempotencyKey) {
          const stored = await onsiteRepo.itemByKey(tx, sale.idempotencyKey);
          if (stored && stored.tabId !== id)
            throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'The key names another sale');
          if (stored) return saleAnswer(tx, (await repo.tab(tx, id)) as TPosTabRow, stored);
        }
        const tab = await openTab(tx, id);
        if (tab.bookingId === null) return saleAnswer(tx, tab, await sellWalkIn(tx, user, tab, sale));
        const item = await onsite.chargeAtCounter(tx, user, tab.bookingId, {
          productId: sale.item,
          quantity: sale.quantity,
          price: sale.price,
          guestId: sale.guestId,
          idempotencyKey: sale.idempotencyKey,
          tabId: tab.id,
          ...(tab.roomBookingId ? { rb: tab.roomBookingId } : {}),
        });
        return saleAnswer(tx, tab, item);
      });
    },

    /** Changes a sale's quantity or price (a room tab's through the booking). */
    changeSale(user: TSessionUser, id: number, itemId: number, change: TSaleChange): Promise<TPosAnswer> {
      return db.transaction(async (tx) => {
        const tab = await openTab(tx, id);
        const item = await tabItem(tx, tab, itemId);
        if (item.bookingId !== null) {
          const bookingId = item.bookingId;
          await onsite.writeBookingIn(tx, user, bookingId, 'posChange', (ctx) =>
            onsite.updateStep(ctx, item.id, change),
          );
          return answer(tx, tab);
        }
        if (item.voidedAt) throw new AppError(409, 'INVALID_STATE', 'The item is voided');
        const product = await saleProduct(tx, item.productId, null);
        const quantity = change.quantity ?? item.quantity;
        const sale = {
          product,
          quantity,
          stay: null,
          price: change.price ?? item.price,
          currency: item.currency,
        };
        await onsiteRepo.updateItem(tx, item.id, await changeSale(tx, item, sale, user.id));
        return answer(tx, tab);
      });
    },

    /** Removes a sale from an open tab: its stock comes back (a room tab's line goes too). */
    removeSale(user: TSessionUser, id: number, itemId: number): Promise<TPosAnswer> {
      return db.transaction(async (tx) => {
        const tab = await openTab(tx, id);
        const item = await tabItem(tx, tab, itemId);
        if (item.bookingId !== null)
          await onsite.writeBookingIn(tx, user, item.bookingId, 'posRemove', (ctx) =>
            onsite.removeStep(ctx, item.id),
          );
        else {
          await giveStock(tx, item, item.stockTaken, user.id);
          await onsiteRepo.deleteItem(tx, item.id);
        }
        return answer(tx, tab);
      });
    },

    /** A payment at the counter, at most what is open; a room tab is paid on its booking. */
    pay(
      user: TSessionUser,
      id: number,
      input: { amount: string; method: string; idempotencyKey?: string | undefined },
    ) {
      return db.transaction(async (tx) => {
        if (input.idempotencyKey) {
          const stored = await onsiteRepo.paymentByKey(tx, input.idempotencyKey);
          if (stored && stored.tabId !== id)
            throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'The key names another payment');
          if (stored) return paymentAnswer(tx, (await repo.tab(tx, id)) as TPosTabRow, stored);
        }
        const tab = await openTab(tx, id);
        if (tab.bookingId !== null)
          throw new AppError(409, 'INVALID_STATE', 'A room tab is paid with the booking’s onsite account');
        assertPayable(await totalsOf(tx, { tabId: tab.id }, tab.currency), input.amount);
        const payment = await onsiteRepo.insertPayment(tx, {
          tabId: tab.id,
          amount: new D(input.amount).toFixed(2),
          currency: tab.currency,
          rate: '1',
          method: input.method,
          idempotencyKey: input.idempotencyKey ?? null,
          userId: user.id,
        });
        return paymentAnswer(tx, tab, payment);
      });
    },

    removePayment(id: number, paymentId: number): Promise<TPosAnswer> {
      return db.transaction(async (tx) => {
        const tab = await openTab(tx, id);
        const payment = await onsiteRepo.payment(tx, paymentId);
        if (!payment || payment.tabId !== tab.id) throw notFound('Payment');
        await onsiteRepo.deletePayment(tx, paymentId);
        return answer(tx, tab);
      });
    },

    /** Charges a walk-in's tab to a room: its items become onsite items of the booking's entry, its payments too. */
    chargeToRoom(user: TSessionUser, id: number, bookingId: number, roomId: number): Promise<TPosAnswer> {
      return db.transaction(async (tx) => {
        const tab = await openTab(tx, id);
        if (tab.bookingId !== null)
          throw new AppError(409, 'INVALID_STATE', 'The tab is charged to a room already');
        let charged = tab;
        await onsite.writeBookingIn(tx, user, bookingId, 'posCharge', async (ctx) => {
          if (ctx.onsite.currency !== tab.currency)
            throw badRequest('The booking keeps its onsite account in another currency', 'booking');
          const { entry } = placeOf(ctx, { roomId });
          const onBooking = { bookingId, roomBookingId: entry.id, rate: ctx.onsite.rate };
          for (const item of await onsiteRepo.tabItemsWithoutBooking(tx, tab.id))
            await syncLine(tx, await onsiteRepo.updateItem(tx, item.id, onBooking));
          await onsiteRepo.assignTabPayments(tx, tab.id, onBooking);
          charged = await repo.updateTab(tx, tab.id, { bookingId, roomBookingId: entry.id });
        });
        return answer(tx, charged);
      });
    },

    /** Closes tabs: a walk-in's only when nothing is open. All or none. */
    resolve(ids: readonly number[]): Promise<TPosTab[]> {
      return db.transaction(async (tx) => {
        const tabs = await repo.tabs(tx, [...new Set(ids)]);
        if (tabs.length !== new Set(ids).size) throw notFound('Tab');
        const done: TPosTab[] = [];
        for (const tab of tabs) {
          if (tab.state !== 'open') throw closed(tab);
          const { open } = await totalsOf(tx, { tabId: tab.id }, tab.currency);
          if (tab.bookingId === null && !new D(open).isZero())
            throw new AppError(409, 'INVALID_STATE', `Tab ${tab.id} has ${open} ${tab.currency} open`);
          done.push(toPosTab(await repo.updateTab(tx, tab.id, { state: 'resolved', closedAt: new Date() })));
        }
        return done;
      });
    },

    /** Combines open walk-in tabs of one currency into the first: the others close empty. */
    combine(ids: readonly number[]): Promise<TPosAnswer> {
      return db.transaction(async (tx) => {
        const tabs = await repo.tabs(tx, [...new Set(ids)]);
        if (tabs.length !== new Set(ids).size || tabs.length < 2) throw notFound('Tab');
        const [into, ...rest] = tabs as [TPosTabRow, ...TPosTabRow[]];
        for (const tab of tabs) {
          if (tab.state !== 'open') throw closed(tab);
          if (tab.bookingId !== null || tab.currency !== into.currency)
            throw badRequest('Only open walk-in tabs of one currency combine', 'ids');
        }
        await repo.moveToTab(
          tx,
          rest.map((t) => t.id),
          into.id,
        );
        for (const tab of rest) await repo.updateTab(tx, tab.id, { state: 'resolved', closedAt: new Date() });
        return answer(tx, into);
      });
    },

    /** The end of a day (or days): sales by currency, category and cashier; payments by method; the cash drawer. */
    async stats(query: {
      from?: string | undefined;
      to?: string | undefined;
      counted?: string | undefined;
    }): Promise<TPosStats> {
      const from = query.from ?? today();
      const to = query.to ?? from;
      if (to < from) throw badRequest('to is before from', 'to');
      const [sales, byCategory, byCashier, byMethod] = [
        await repo.sales(db, from, to),
        await repo.byCategory(db, from, to),
        await repo.byCashier(db, from, to),
        await repo.byMethod(db, from, to),
      ];
      const money = <T extends { amount: string }>(rows: T[]) =>
        rows.map((r) => ({ ...r, amount: new D(r.amount).toFixed(2) }));
      const expected = byMethod
        .filter((m) => m.method === 'cash')
        .map((m) => ({ currency: m.currency, amount: new D(m.amount).toFixed(2) }));
      const counted = query.counted === undefined ? null : new D(query.counted).toFixed(2);
      const difference =
        counted === null || expected.length > 1
          ? null
          : new D(counted).minus(expected[0]?.amount ?? 0).toFixed(2);
      return {
        from,
        to,
        sales: money(sales),
        byMethod: money(byMethod),
        byCategory: money(byCategory),
        byCashier: money(byCashier),
        cash: { expected, counted, difference },
      };
    },
  };
}
export type TPosService = ReturnType<typeof createPosService>;
