import { D, rateOn, round2 } from '@atoll/domain/money';
import {
  convertPrice,
  isDiveBase,
  onsiteAmount,
  onsiteTotal,
  type TOnsiteAccount,
  type TOnsiteStay,
  type TOnsiteTotals,
} from '@atoll/domain/onsite';
import type { TChargingBase } from '@atoll/domain/pricing/entities';
import { today } from '../../clock.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { createCurrenciesRepository } from '../currencies/currencies.repository.ts';
import {
  createProductsRepository,
  type TProductRow,
  type TStockAsset,
} from '../products/products.repository.ts';
import {
  createOnsiteRepository,
  onsiteLineKey,
  type TOnsiteItemInsert,
  type TOnsiteItemRow,
  type TOwner,
  toOnsiteItem,
  toOnsitePayment,
} from './onsite.repository.ts';

// The parts of a sale every onsite and counter call shares (docs/domain/onsite.md): the product and its
// price in the sale's currency, the stock taken and given back with its log, the booking's calculation
// line of an item, and the account (items, payments, open) of a booking or tab. All inside the caller's
// transaction.

const repo = createOnsiteRepository();
const productsRepo = createProductsRepository();
const currenciesRepo = createCurrenciesRepository();

export const outOfStock = (name: string) => new AppError(409, 'OUT_OF_STOCK', `Not enough ${name} in stock`);
export const alreadyVoided = () => new AppError(409, 'INVALID_STATE', 'The item is voided');

/** The product to sell: it must exist, be active and be sold at the asset (or everywhere). */
export async function saleProduct(
  tx: Tx,
  productId: number,
  asset: { resortId: number | null; vesselId: number | null } | null,
): Promise<TProductRow> {
  const product = await productsRepo.product(tx, productId);
  if (!product) throw notFound('Product');
  if (!product.isActive) throw badRequest('The product is not active', 'item');
  const general = product.resortId === null && product.vesselId === null;
  const here =
    asset !== null &&
    ((product.resortId !== null && product.resortId === asset.resortId) ||
      (product.vesselId !== null && product.vesselId === asset.vesselId));
  if (!general && !here && asset !== null)
    throw badRequest('The product is not sold at the booking’s resort or vessel', 'item');
  return product;
}

/** Today's rate `from` → `to` (1 for the same currency), or 400 RATE_REQUIRED when none is known. */
export async function rateToday(ex: Executor, from: string, to: string): Promise<string> {
  if (from === to) return '1';
  const day = today();
  const base = (await currenciesRepo.baseCode(ex)) ?? 'EUR';
  const found = rateOn(from, to, await currenciesRepo.ratesOn(ex, day), day, base);
  if (!found) throw new AppError(400, 'RATE_REQUIRED', `No exchange rate ${from} → ${to} is known`);
  return String(found.rate);
}

/** The product's unit price in `currency`, at today's rate (RATE_REQUIRED when none is known). */
export async function unitPrice(tx: Tx, product: TProductRow, currency: string): Promise<string> {
  if (product.currency === currency) return new D(product.price).toFixed(2);
  return convertPrice(product.price, await rateToday(tx, product.currency, currency));
}

/** A booking's onsite currency and its rate into the booking currency (today's; 1 when they are the same). */
export type TOnsiteCurrency = { currency: string; rate: string };

/**
 * The currency a booking's onsite items, payments and account are kept in: with `useOnsiteCurrency` on the
 * booking's price, the local currency of its resort (else vessel); otherwise the booking currency.
 */
export async function onsiteCurrencyOf(
  ex: Executor,
  booking: { id: number; currency: string },
): Promise<TOnsiteCurrency> {
  const setting = await repo.onsiteSetting(ex, booking.id);
  const currency = setting?.use && setting.local ? setting.local : booking.currency;
  return { currency, rate: await rateToday(ex, currency, booking.currency) };
}

export type TSale = {
  product: TProductRow;
  quantity: string;
  stay: TOnsiteStay | null;
  dives?: number | undefined;
  /** A unit price of its own (office), in the sale's currency. */
  price?: string | undefined;
  currency: string;
};

/** Amount, unit price and total of a sale. */
export async function priceSale(tx: Tx, sale: TSale) {
  const base = sale.product.chargingBase as TChargingBase;
  if (sale.dives !== undefined && !isDiveBase(base))
    throw badRequest('The product is not charged per dive or dive day', 'item');
  const amount = onsiteAmount(base, sale.quantity, sale.stay, sale.product.perUnit, sale.dives);
  if (new D(amount).lte(0))
    throw badRequest('The charging base gives nothing to charge for this stay', 'quantity');
  const price = sale.price ?? (await unitPrice(tx, sale.product, sale.currency));
  return { chargingBase: base, amount, price, total: onsiteTotal(amount, price) };
}

const tracked = (product: TProductRow) => product.trackStock && product.type === 'ConsumptionGood';

/** Moves an item's stock at its asset (− a take, + a give-back) and the product's total; logs it. */
async function moveAtAsset(tx: Tx, item: TOnsiteItemRow, assetStockId: number, change: string, name: string) {
  // The product's row first, as a stock update locks it, then the asset's: two calls never wait crosswise.
  await repo.moveStock(tx, item.productId, change);
  const row = await repo.moveAssetStock(tx, assetStockId, change);
  if (!row) throw outOfStock(name);
  await repo.logStock(tx, {
    productId: item.productId,
    change,
    stockAfter: row.stock,
    reason: new D(change).lt(0) ? 'onsite_sale' : 'onsite_return',
    bookingId: item.bookingId,
    onsiteItemId: item.id,
    userId: item.userId,
    resortId: row.resortId,
    vesselId: row.vesselId,
  });
}

/**
 * Takes the item's amount out of stock (tracked goods): from its asset's stock when stock is kept there (and
 * the product's total), else from the product's; refuses with OUT_OF_STOCK; logs it.
 */
export async function takeStock(tx: Tx, item: TOnsiteItemRow, product: TProductRow, amount: string) {
  if (!tracked(product) || new D(amount).isZero()) return '0';
  if (item.stockAssetId !== null) {
    await moveAtAsset(tx, item, item.stockAssetId, new D(amount).negated().toFixed(), product.name);
    return amount;
  }
  const after = await repo.takeStock(tx, product.id, amount);
  if (after === undefined) throw outOfStock(product.name);
  await repo.logStock(tx, {
    productId: product.id,
    change: new D(amount).negated().toFixed(),
    stockAfter: after,
    reason: 'onsite_sale',
    bookingId: item.bookingId,
    onsiteItemId: item.id,
    userId: item.userId,
  });
  return amount;
}

/** Gives back what an item took (void, delete, a lower quantity); logs it. */
export async function giveStock(tx: Tx, item: TOnsiteItemRow, amount: string, userId: number | null) {
  if (new D(amount).lte(0)) return;
  if (item.stockAssetId !== null)
    return moveAtAsset(tx, { ...item, userId }, item.stockAssetId, new D(amount).toFixed(), item.text);
  const after = await repo.moveStock(tx, item.productId, new D(amount).toFixed());
  await repo.logStock(tx, {
    productId: item.productId,
    change: new D(amount).toFixed(),
    stockAfter: after,
    reason: 'onsite_return',
    bookingId: item.bookingId,
    onsiteItemId: item.id,
    userId,
  });
}

/**
 * Stores a sale and takes its stock: the one insert of an onsite item (booking or tab). `asset`: where it is
 * sold (the booking's or the tab's resort or vessel); its stock is taken there when stock is kept there.
 */
export async function recordSale(
  tx: Tx,
  values: TOnsiteItemInsert,
  product: TProductRow,
  asset: TStockAsset,
) {
  const stockAssetId = tracked(product) ? ((await repo.assetStockId(tx, product.id, asset)) ?? null) : null;
  const item = await repo.insertItem(tx, { ...values, stockAssetId });
  const taken = await takeStock(tx, item, product, item.amount);
  return taken === '0' ? item : repo.updateItem(tx, item.id, { stockTaken: taken });
}

/** A sale priced again (quantity, price, guest): the stock follows the difference. */
export async function changeSale(tx: Tx, item: TOnsiteItemRow, sale: TSale, userId: number | null) {
  const priced = await priceSale(tx, sale);
  if (!tracked(sale.product)) return { ...priced, quantity: sale.quantity };
  const diff = new D(priced.amount).minus(item.stockTaken);
  if (diff.gt(0)) await takeStock(tx, item, sale.product, diff.toFixed());
  else await giveStock(tx, item, diff.negated().toFixed(), userId);
  return { ...priced, quantity: sale.quantity, stockTaken: priced.amount };
}

/** Writes the item's line on its booking (OnSite, manual, not editable by hand), or drops it when voided. */
export async function syncLine(tx: Tx, item: TOnsiteItemRow) {
  if (item.bookingId === null) return;
  const key = onsiteLineKey(item.id);
  if (item.voidedAt) return repo.deleteLine(tx, item.bookingId, key);
  const price = convertPrice(item.price, item.rate);
  await repo.upsertLine(tx, item.bookingId, {
    key,
    type: 'product',
    text: item.text,
    sort: 9999,
    amount: item.amount,
    price,
    total: onsiteTotal(item.amount, price),
    customerType: 'OnSite',
    guestId: item.guestId,
    editable: false,
    deletable: false,
    unique: false,
    manual: true,
    customData: {
      generator: 'onsite',
      onsiteId: item.id,
      productId: item.productId,
      chargingBase: item.chargingBase,
      currency: item.currency,
      rate: item.rate,
      itemPrice: item.price,
    },
  });
}

/** An amount of an item or payment in the account's `currency`: as it is in that currency, else × its rate. */
const inAccount = (amount: string, of: { currency: string; rate: string }, currency: string) =>
  of.currency === currency ? amount : round2(new D(amount).times(of.rate).toFixed());

/**
 * Items, payments and what is open of a booking (in its onsite currency) or tab (in its currency); voided
 * items count 0.
 */
export async function accountOf(ex: Executor, owner: TOwner, currency: string): Promise<TOnsiteAccount> {
  const items = await repo.items(ex, owner);
  const payments = await repo.payments(ex, owner);
  const total = items
    .filter((i) => i.voidedAt === null)
    .reduce((sum, i) => sum.plus(inAccount(i.total, i, currency)), new D(0));
  const paid = payments.reduce((sum, p) => sum.plus(inAccount(p.amount, p, currency)), new D(0));
  return {
    currency,
    items: items.map(toOnsiteItem),
    payments: payments.map(toOnsitePayment),
    total: total.toFixed(2),
    paid: paid.toFixed(2),
    open: total.minus(paid).toFixed(2),
  };
}

/** What a booking or tab sums to (total, paid, open) without reading its items: one statement. */
export async function totalsOf(ex: Executor, owner: TOwner, currency: string): Promise<TOnsiteTotals> {
  const { total, paid } = await repo.totals(ex, owner, currency);
  return {
    currency,
    total: new D(total).toFixed(2),
    paid: new D(paid).toFixed(2),
    open: new D(total).minus(paid).toFixed(2),
  };
}

/** Refuses a payment above what is open. */
export function assertPayable(account: TOnsiteTotals, amount: string) {
  if (new D(amount).gt(account.open))
    throw new AppError(409, 'PAYMENT_EXCEEDS_OPEN', `Only ${account.open} ${account.currency} is open`);
}

export const itemOf = async (tx: Tx, id: number, owner: TOwner) => {
  const item = await repo.item(tx, id, true);
  const mine =
    item && ('bookingId' in owner ? item.bookingId === owner.bookingId : item.tabId === owner.tabId);
  if (!item || !mine) throw notFound('Onsite item');
  return item;
};
