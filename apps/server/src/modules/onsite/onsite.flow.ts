import type { TBooking } from '@atoll/domain/bookings';
import type { TBookingAction } from '@atoll/domain/bookings/history';
import { D } from '@atoll/domain/money';
import {
  convertPrice,
  onsiteTotal,
  type TOnsiteAccount,
  type TOnsitePaymentInput,
  totalsWithOnsiteLine,
} from '@atoll/domain/onsite';
import type { TSpecialWhy, TTotals } from '@atoll/domain/pricing/engine-types';
import { hasScope } from '@atoll/domain/scopes';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { lockBooking } from '../bookings/booking-lock.ts';
import {
  createBookingsRepository,
  redactBooking,
  type TBookingRow,
} from '../bookings/bookings.repository.ts';
import { priceBooking } from '../bookings/write/booking-pricing.ts';
import { recordVersion } from '../bookings/write/booking-versions.ts';
import {
  createBookingWritesRepository,
  type TEntryRow,
  type TGuestRow,
} from '../bookings/write/bookings-writes.repository.ts';
import { createOnsiteRepository, onsiteLineKey, type TOnsiteItemRow } from './onsite.repository.ts';
import {
  accountOf,
  alreadyVoided,
  assertPayable,
  changeSale,
  giveStock,
  itemOf,
  onsiteCurrencyOf,
  priceSale,
  recordSale,
  saleProduct,
  syncLine,
  type TOnsiteCurrency,
  totalsOf,
} from './onsite-charge.ts';

// Charges during the stay (spec booking §7 Onsite, docs/domain/onsite.md): items on a booking's room entry
// or guest, priced by their charging base, each one an OnSite calculation line; void, dives, payments and
// the move to another booking. Every call is one transaction: the booking locked (its version bumped), the
// change with its stock, the recalculation (manual lines kept, totals = the counted lines), the version row.

const repo = createOnsiteRepository();
const bookingRepo = createBookingsRepository();
const bookingWrites = createBookingWritesRepository();

/** Bookings that take onsite charges: reserved or booked, not ended or gone. */
const CHARGEABLE = new Set(['planned', 'confirmed']);

export type TBookingCtx = {
  tx: Tx;
  user: TSessionUser;
  row: TBookingRow;
  entries: TEntryRow[];
  guests: TGuestRow[];
  /** The currency onsite items and payments are kept in, with its rate into the booking currency. */
  onsite: TOnsiteCurrency;
};

/** Where on the booking: `roomId` the room (rooms.id) of the entry, `rb` the entry when the room is there twice. */
export type TPlace = {
  roomId?: number | undefined;
  rb?: number | undefined;
  guestId?: number | null | undefined;
};

/** An item to charge; `dives`: the dives call. */
export type TCharge = TPlace & {
  productId: number;
  quantity: string;
  price?: string | undefined;
  dives?: number | undefined;
  idempotencyKey?: string | undefined;
  tabId?: number | undefined;
};

export type TOnsiteAnswer = { booking: TBooking; account: TOnsiteAccount };

/** The cashier (pos.update) charges any booking of the assets they work at, as the office does. */
const lockUser = (user: TSessionUser): TSessionUser =>
  hasScope(user.scopes, ['pos.update']) && !hasScope(user.scopes, ['bookings.read'])
    ? { ...user, scopes: [...user.scopes, 'bookings.read'] }
    : user;

export function placeOf(ctx: TBookingCtx, place: TPlace) {
  const entries = ctx.entries.filter(
    (e) =>
      (place.roomId === undefined || e.roomId === place.roomId) &&
      (place.rb === undefined || e.id === place.rb),
  );
  const entry =
    entries.find((e) => ctx.guests.some((g) => g.bookingRoomId === e.id && g.id === place.guestId)) ??
    entries[0];
  if (!entry) throw notFound('Room entry');
  const guests = ctx.guests.filter((g) => g.bookingRoomId === entry.id);
  if (place.guestId != null && !guests.some((g) => g.id === place.guestId))
    throw badRequest('The guest is not part of the room entry', 'guestId');
  const nights = Math.round((Date.parse(entry.to) - Date.parse(entry.from)) / 86_400_000);
  const persons = place.guestId != null ? 1 : Math.max(1, guests.length);
  return { entry, guestId: place.guestId ?? null, stay: { nights, persons } };
}

/**
 * Charges an item to a locked booking inside its transaction: the one way to add an onsite item (the
 * counter's room tabs and the dive day call it too). A key already stored for this booking answers the
 * stored item; for something else it is refused.
 */
export async function chargeItem(ctx: TBookingCtx, charge: TCharge): Promise<TOnsiteItemRow> {
  const { tx, row } = ctx;
  if (charge.idempotencyKey) {
    const stored = await repo.itemByKey(tx, charge.idempotencyKey);
    if (stored && stored.bookingId === row.id) return stored;
    if (stored) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'The key names another sale');
  }
  const product = await saleProduct(tx, charge.productId, row);
  const { entry, guestId, stay } = placeOf(ctx, charge);
  const sale = { product, quantity: charge.quantity, stay, dives: charge.dives, price: charge.price };
  const priced = await priceSale(tx, { ...sale, currency: ctx.onsite.currency });
  const stored = await recordSale(
    tx,
    {
      bookingId: row.id,
      roomBookingId: entry.id,
      guestId,
      tabId: charge.tabId ?? null,
      productId: product.id,
      text: product.name,
      quantity: charge.quantity,
      currency: ctx.onsite.currency,
      rate: ctx.onsite.rate,
      idempotencyKey: charge.idempotencyKey ?? null,
      userId: ctx.user.id,
      ...priced,
    },
    product,
    row,
  );
  await syncLine(tx, stored);
  return stored;
}

export type TItemChange = {
  quantity?: string | undefined;
  guestId?: number | null | undefined;
  price?: string | undefined;
};

/** Quantity, guest or price of an item on the locked booking: priced again, the stock follows. */
async function updateStep(ctx: TBookingCtx, itemId: number, change: TItemChange) {
  const item = await itemOf(ctx.tx, itemId, { bookingId: ctx.row.id });
  if (item.voidedAt) throw alreadyVoided();
  const product = await saleProduct(ctx.tx, item.productId, null);
  const guestId = change.guestId === undefined ? item.guestId : change.guestId;
  const { entry, stay } = placeOf(ctx, {
    ...(item.roomBookingId ? { rb: item.roomBookingId } : {}),
    guestId,
  });
  const quantity = change.quantity ?? item.quantity;
  const sale = { product, quantity, stay, price: change.price ?? item.price, currency: item.currency };
  const values = await changeSale(ctx.tx, item, sale, ctx.user.id);
  const stored = await repo.updateItem(ctx.tx, item.id, { ...values, guestId, roomBookingId: entry.id });
  await syncLine(ctx.tx, stored);
}

/** Deletes an item of the locked booking: its line goes, its stock comes back. */
async function removeStep(ctx: TBookingCtx, itemId: number) {
  const item = await itemOf(ctx.tx, itemId, { bookingId: ctx.row.id });
  await giveStock(ctx.tx, item, item.stockTaken, ctx.user.id);
  await repo.deleteLine(ctx.tx, ctx.row.id, onsiteLineKey(item.id));
  await repo.deleteItem(ctx.tx, item.id);
}

/** Locks a booking that takes onsite charges (its version bumped); 409 INVALID_STATE for any other state. */
async function lockChargeable(tx: Tx, as: TSessionUser, bookingId: number) {
  const row = await lockBooking(tx, as, bookingId, null);
  if (!CHARGEABLE.has(row.state))
    throw new AppError(409, 'INVALID_STATE', `A ${row.state} booking takes no onsite charges`);
  return row;
}

/** Reasons a special did not apply that no line changes (its status, dates, channel, rules, not chosen). */
const LINE_FREE_REASONS = new Set<TSpecialWhy['reason']>([
  'status',
  'dateRange',
  'channel',
  'rule',
  'notAutoAdd',
]);

/**
 * Whether an OnSite line added to the stored calculation may change nothing but itself and the totals that
 * count it (total, onSite, tax, net): one asset (a mixed booking prices two parts) and totals stored. Answers
 * the specials the lines weighed (applied, zero, beaten, commission): the caller checks that none of them
 * reads product lines; null: not so.
 */
function linesWeighed(row: TBookingRow, entries: readonly TEntryRow[]): number[] | null {
  const why = ((row.explanation ?? {}) as { why?: TSpecialWhy[] }).why ?? [];
  const totals = row.totals as Partial<TTotals> | null;
  const oneAsset = entries.every((e) => e.resortId !== null) || entries.every((e) => e.vesselId !== null);
  if (!oneAsset || typeof totals?.total !== 'string' || typeof totals.onSite !== 'string') return null;
  return why.filter((w) => !LINE_FREE_REASONS.has(w.reason)).map((w) => w.specialId);
}

export function createOnsiteFlow(deps: { db: Db }) {
  const { db } = deps;

  /** Lock → step → recalculation → version row, in `tx`; answers the booking row and the booking written. */
  async function writeBookingIn(
    tx: Tx,
    user: TSessionUser,
    bookingId: number,
    action: TBookingAction,
    step: (ctx: TBookingCtx) => Promise<unknown>,
    locked?: TBookingRow,
  ) {
    const as = lockUser(user);
    const row = locked ?? (await lockChargeable(tx, as, bookingId));
    const before = await bookingRepo.loadBooking(tx, bookingId);
    const entries = await bookingWrites.entries(tx, bookingId);
    const guests = await bookingWrites.guests(tx, bookingId);
    const onsite = await onsiteCurrencyOf(tx, row);
    await step({ tx, user, row, entries, guests, onsite });
    await priceBooking(tx, as, row);
    const booking = await recordVersion(tx, {
      bookingId,
      version: row.version,
      userId: user.id,
      action,
      ...(before ? { before } : {}),
    });
    return { row, booking, onsite };
  }

  /** `writeBookingIn`, answering the booking (as the user may see it) and its onsite account. */
  async function onBookingIn(
    tx: Tx,
    user: TSessionUser,
    bookingId: number,
    action: TBookingAction,
    step: (ctx: TBookingCtx) => Promise<unknown>,
  ): Promise<TOnsiteAnswer> {
    const { booking, onsite } = await writeBookingIn(tx, user, bookingId, action, step);
    const account = await accountOf(tx, { bookingId }, onsite.currency);
    return { booking: redactBooking(user, booking), account };
  }

  /** The answer to a sale sent again (its key is stored for this booking), or null for a new key. */
  const replayOf = (user: TSessionUser, bookingId: number, key: string) =>
    db.transaction(async (tx): Promise<TOnsiteAnswer | null> => {
      const stored = await repo.itemByKey(tx, key);
      if (!stored) return null;
      if (stored.bookingId !== bookingId)
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'The key names another sale');
      const booking = await bookingRepo.loadBooking(tx, bookingId, bookingVisibility(lockUser(user)));
      if (!booking) throw notFound('Booking');
      return {
        booking: redactBooking(user, booking),
        account: await accountOf(tx, { bookingId }, (await onsiteCurrencyOf(tx, booking)).currency),
      };
    });

  const onBooking = (
    user: TSessionUser,
    bookingId: number,
    action: TBookingAction,
    step: (ctx: TBookingCtx) => Promise<unknown>,
  ) => db.transaction((tx) => onBookingIn(tx, user, bookingId, action, step));

  /**
   * The counter's sale on a room tab (docs/domain/onsite.md "A sale on a room tab"): when the new OnSite line
   * changes nothing but itself and the totals that count it (no special of the booking reads product
   * lines: linesWeighed, leanFacts), the booking is locked and
   * versioned, the item and its line written in the engine's order and the totals moved by the line, without
   * pricing the whole booking again; otherwise the whole write pipeline (writeBookingIn) runs. In `tx`.
   */
  async function chargeAtCounter(tx: Tx, user: TSessionUser, bookingId: number, charge: TCharge) {
    const row = await lockChargeable(tx, lockUser(user), bookingId);
    const entries = await bookingWrites.entries(tx, bookingId);
    const weighed = linesWeighed(row, entries);
    const facts = weighed ? await repo.leanFacts(tx, bookingId, weighed) : null;
    if (!facts || facts.specialsSeeProducts) {
      let item: TOnsiteItemRow | undefined;
      await writeBookingIn(
        tx,
        user,
        bookingId,
        'posSale',
        async (ctx) => {
          item = await chargeItem(ctx, charge);
        },
        row,
      );
      return item as TOnsiteItemRow;
    }
    const guests = await bookingWrites.guests(tx, bookingId);
    const onsite = await onsiteCurrencyOf(tx, row);
    const item = await chargeItem({ tx, user, row, entries, guests, onsite }, charge);
    const key = onsiteLineKey(item.id);
    await repo.placeNewLine(tx, bookingId, key);
    const lineTotal = onsiteTotal(item.amount, convertPrice(item.price, item.rate));
    const before = row.totals as TTotals;
    const totals = totalsWithOnsiteLine(before, lineTotal, facts.tax);
    await bookingWrites.updateBooking(tx, bookingId, { totals, total: totals.total });
    const snapshot = await bookingRepo.loadBooking(tx, bookingId);
    if (!snapshot) throw new Error(`booking ${bookingId} vanished inside its transaction`);
    const line = snapshot.calculation.find((l) => l.key === key) ?? null;
    await bookingWrites.insertVersion(tx, {
      bookingId,
      version: row.version,
      userId: user.id,
      action: 'posSale',
      changes: [
        { path: `calculation[key=${key}]`, from: null, to: line },
        ...(['total', 'onSite', 'tax', 'net'] as const)
          .filter((f) => before[f] !== totals[f])
          .map((f) => ({ path: `totals.${f}`, from: before[f], to: totals[f] })),
        ...(row.total !== totals.total ? [{ path: 'total', from: row.total, to: totals.total }] : []),
      ],
      snapshot,
    });
    return item;
  }

  return {
    onBookingIn,
    writeBookingIn,
    chargeAtCounter,

    /** Charges an item; a key already stored for this booking answers the booking as it is, writing nothing. */
    async add(user: TSessionUser, bookingId: number, charge: TCharge): Promise<TOnsiteAnswer> {
      const replay = charge.idempotencyKey ? await replayOf(user, bookingId, charge.idempotencyKey) : null;
      return replay ?? onBooking(user, bookingId, 'onsiteAdd', (ctx) => chargeItem(ctx, charge));
    },

    update(user: TSessionUser, bookingId: number, itemId: number, change: TItemChange) {
      return onBooking(user, bookingId, 'onsiteUpdate', (ctx) => updateStep(ctx, itemId, change));
    },

    /** Deletes an item (a mistake): its line goes and its stock comes back. */
    remove(user: TSessionUser, bookingId: number, itemId: number) {
      return onBooking(user, bookingId, 'onsiteDelete', (ctx) => removeStep(ctx, itemId));
    },

    updateStep,
    removeStep,

    /** Voids an item: kept, struck, with who and why; not charged, its stock back. */
    void(user: TSessionUser, bookingId: number, itemId: number, reason: string) {
      return onBooking(user, bookingId, 'onsiteVoid', async (ctx) => {
        const item = await itemOf(ctx.tx, itemId, { bookingId });
        if (item.voidedAt) throw alreadyVoided();
        await giveStock(ctx.tx, item, item.stockTaken, ctx.user.id);
        const stored = await repo.updateItem(ctx.tx, item.id, {
          voidedAt: new Date(),
          voidedBy: ctx.user.id,
          voidReason: reason,
          stockTaken: '0',
        });
        await syncLine(ctx.tx, stored);
      });
    },

    payment(user: TSessionUser, bookingId: number, place: TPlace, input: TOnsitePaymentInput) {
      return onBooking(user, bookingId, 'onsitePayment', async (ctx) => {
        if (input.idempotencyKey) {
          const stored = await repo.paymentByKey(ctx.tx, input.idempotencyKey);
          if (stored && stored.bookingId === bookingId) return;
          if (stored) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'The key names another payment');
        }
        const { entry } = placeOf(ctx, { ...place, rb: input.rb ?? place.rb });
        assertPayable(await totalsOf(ctx.tx, { bookingId }, ctx.onsite.currency), input.amount);
        await repo.insertPayment(ctx.tx, {
          bookingId,
          roomBookingId: entry.id,
          amount: new D(input.amount).toFixed(2),
          currency: ctx.onsite.currency,
          rate: ctx.onsite.rate,
          method: input.method,
          idempotencyKey: input.idempotencyKey ?? null,
          userId: ctx.user.id,
        });
      });
    },

    removePayment(user: TSessionUser, bookingId: number, paymentId: number) {
      return onBooking(user, bookingId, 'onsiteRemovePayment', async (ctx) => {
        const payment = await repo.payment(ctx.tx, paymentId);
        if (!payment || payment.bookingId !== bookingId) throw notFound('Onsite payment');
        await repo.deletePayment(ctx.tx, paymentId);
      });
    },

    /**
     * Moves an item to another booking (its room entry and guest): both bookings locked in id order, then the
     * source and the target changed, one transaction.
     */
    move(
      user: TSessionUser,
      bookingId: number,
      itemId: number,
      to: { booking: number; rb?: number | undefined; customers?: number[] | undefined },
    ) {
      return db.transaction(async (tx) => {
        await repo.lockInOrder(tx, [bookingId, to.booking]);
        let moved: TOnsiteItemRow | undefined;
        if (to.booking !== bookingId)
          await onBookingIn(tx, user, bookingId, 'onsiteMoveOut', async (ctx) => {
            moved = await itemOf(ctx.tx, itemId, { bookingId });
            await repo.deleteLine(ctx.tx, bookingId, onsiteLineKey(itemId));
          });
        return onBookingIn(tx, user, to.booking, 'onsiteMoveIn', async (ctx) => {
          const item = moved ?? (await itemOf(ctx.tx, itemId, { bookingId }));
          if (item.voidedAt) throw alreadyVoided();
          if (item.currency !== ctx.onsite.currency)
            throw badRequest('The other booking keeps its onsite account in another currency', 'booking');
          const guestId = to.customers?.[0] ?? null;
          const { entry } = placeOf(ctx, { rb: to.rb, guestId });
          await repo.deleteLine(ctx.tx, bookingId, onsiteLineKey(itemId));
          const stored = await repo.updateItem(ctx.tx, item.id, {
            bookingId: to.booking,
            roomBookingId: entry.id,
            guestId,
            rate: ctx.onsite.rate,
          });
          await syncLine(ctx.tx, stored);
        });
      });
    },
  };
}
export type TOnsiteFlow = ReturnType<typeof createOnsiteFlow>;
