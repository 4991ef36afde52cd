import { z } from 'zod';
import { ZCurrencyCode } from '../geo/geo.ts';
import { D, type TDecimal } from '../money/money.ts';
import { chargingQuantity, DEFAULT_DIVES_PER_DAY } from '../pricing/charging.ts';
import type { TTotals } from '../pricing/engine-types.ts';
import { CHARGING_BASES, type TChargingBase, ZPriceTax } from '../pricing/entities.ts';
import { lineTax, taxRateOf } from '../pricing/tax.ts';

// Charges during the stay and the point of sale (docs/domain/onsite.md): what an onsite item costs by its
// charging base, and the payloads of the Onsite and Point of sale calls.

export const ONSITE_PAYMENT_METHODS = ['cash', 'card'] as const;
export type TOnsitePaymentMethod = (typeof ONSITE_PAYMENT_METHODS)[number];
export const POS_TAB_STATES = ['open', 'resolved'] as const;

const ZId = z.number().int().positive().max(2_147_483_647);
const COUNT = /^\d{1,7}(\.\d{1,3})?$/;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
/** Above 0, read only when the text is a number (zod runs a refinement even after the format failed). */
const positive = (pattern: RegExp) => (v: string) => pattern.test(v) && new D(v).gt(0);

/** A positive count with up to 3 decimals (a kilogram of ice, 2 T-shirts). */
const ZCount = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(COUNT, 'a positive quantity with up to three decimals')
      .refine(positive(COUNT), 'the quantity must be above 0'),
  );
const ZMoney = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(MONEY, 'an amount with up to two decimals'));
/** The counter's key of one sale or payment (a UUID): sent again after an offline spell, stored once. */
export const ZIdempotencyKey = z.string().trim().min(8).max(100);

/** `POST {bookingId}/onsite/{roomId}`: an item for the room entry (`rb`) or one guest of it. */
export const ZAddOnsiteItem = z.object({
  item: ZId.describe('the product'),
  quantity: ZCount.default('1'),
  rb: ZId.optional().describe('the room entry (needed when the room is booked twice on the booking)'),
  guestId: ZId.optional(),
  /** Office only: a unit price of its own, in the item's currency. */
  price: ZMoney.optional(),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TAddOnsiteItem = z.infer<typeof ZAddOnsiteItem>;

/** `POST …/{itemId}`: quantity, guest or price of an item not voided. */
export const ZUpdateOnsiteItem = z
  .object({ quantity: ZCount.optional(), guestId: ZId.nullable().optional(), price: ZMoney.optional() })
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type TUpdateOnsiteItem = z.infer<typeof ZUpdateOnsiteItem>;

export const ZVoidOnsiteItem = z.object({ reason: z.string().trim().min(1).max(500) });

/** `POST …/dives`: a number of dives, priced per dive or per dive day (3 dives a day). */
export const ZOnsiteDives = z.object({
  item: ZId,
  dives: z.number().int().min(1).max(1000),
  rb: ZId.optional(),
  guestId: ZId.optional(),
  idempotencyKey: ZIdempotencyKey.optional(),
});

export const ZOnsitePayment = z.object({
  amount: ZMoney.refine(positive(MONEY), 'the amount must be above 0'),
  method: z.enum(ONSITE_PAYMENT_METHODS),
  rb: ZId.optional(),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TOnsitePaymentInput = z.infer<typeof ZOnsitePayment>;

/** `POST {booking}/onsite/{onsite}/move`: to another booking (and its room entry or guest). */
export const ZMoveOnsiteItem = z.object({
  booking: ZId,
  rb: ZId.optional(),
  customers: z.array(ZId).max(1).optional().describe('the guest (booking_guests.id) it moves to'),
});

export const ZOnsiteItem = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  roomBookingId: z.number().int().nullable(),
  guestId: z.number().int().nullable(),
  tabId: z.number().int().nullable(),
  productId: z.number().int(),
  text: z.string(),
  chargingBase: z.string(),
  quantity: z.string(),
  amount: z.string(),
  price: z.string(),
  currency: z.string(),
  rate: z.string(),
  total: z.string(),
  voidedAt: z.string().nullable(),
  voidedBy: z.number().int().nullable(),
  voidReason: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TOnsiteItem = z.infer<typeof ZOnsiteItem>;

export const ZOnsitePaymentRecord = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  roomBookingId: z.number().int().nullable(),
  tabId: z.number().int().nullable(),
  amount: z.string(),
  currency: z.string(),
  rate: z.string(),
  method: z.string(),
  idempotencyKey: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TOnsitePaymentRecord = z.infer<typeof ZOnsitePaymentRecord>;

/** The onsite account of a booking or tab: its items, payments and what is open (in `currency`). */
export const ZOnsiteAccount = z.object({
  currency: ZCurrencyCode,
  items: z.array(ZOnsiteItem),
  payments: z.array(ZOnsitePaymentRecord),
  total: z.string(),
  paid: z.string(),
  open: z.string(),
});
export type TOnsiteAccount = z.infer<typeof ZOnsiteAccount>;
/** What a booking or tab owes without its items and payments: the counter's answer to one sale or payment. */
export const ZOnsiteTotals = ZOnsiteAccount.omit({ items: true, payments: true });
export type TOnsiteTotals = z.infer<typeof ZOnsiteTotals>;

/** The stay an item is charged over: nights of the room entry and the guests it is for. */
export type TOnsiteStay = { nights: number; persons: number };

/**
 * The amount of an item: the charging base over the stay × the typed quantity; with `dives` (the dives
 * call) PerDive counts the dives and PerDiveDay the days they need. Without a stay (a walk-in) the
 * quantity as typed.
 */
export function onsiteAmount(
  base: TChargingBase,
  quantity: TDecimal,
  stay: TOnsiteStay | null,
  perUnit: boolean,
  dives?: number,
): TDecimal {
  if (!stay) return new D(quantity).toFixed();
  const diveCounts = dives === undefined ? {} : { dives, diveDays: Math.ceil(dives / DEFAULT_DIVES_PER_DAY) };
  return chargingQuantity({
    base,
    nights: stay.nights,
    persons: stay.persons,
    qtyPerUnit: quantity,
    perUnit,
    ...diveCounts,
  });
}

/** Line total: round2(amount × price), and the unit price in another currency at `rate`, rounded per unit. */
export const onsiteTotal = (amount: TDecimal, price: TDecimal): TDecimal =>
  new D(amount).times(price).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
export const convertPrice = (price: TDecimal, rate: TDecimal): TDecimal =>
  new D(price).times(rate).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

export const isDiveBase = (base: string): base is 'PerDive' | 'PerDiveDay' =>
  base === 'PerDive' || base === 'PerDiveDay';
export { CHARGING_BASES };

/**
 * A booking's totals with one OnSite line more, as the engine sums them (pricing/totals.ts): the line's total
 * and its tax at the rate of `priceTax` (the price of the first priced room line; added on top when
 * exclusive) go into total, onSite, tax and net; what is due before travel and the commission stay.
 */
export function totalsWithOnsiteLine(totals: TTotals, lineTotal: string, priceTax: unknown): TTotals {
  const rate = taxRateOf(ZPriceTax.safeParse(priceTax).data ?? null);
  const tax = lineTax(lineTotal, rate);
  const added = rate && !rate.inclusive ? new D(lineTotal).plus(tax) : new D(lineTotal);
  const total = new D(totals.total).plus(added);
  const taxSum = new D(totals.tax).plus(tax);
  return {
    ...totals,
    total: total.toFixed(2),
    onSite: new D(totals.onSite).plus(added).toFixed(2),
    tax: taxSum.toFixed(2),
    net: total.minus(taxSum).toFixed(2),
  };
}
