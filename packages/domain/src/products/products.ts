import { z } from 'zod';
import { ZAmount } from '../agencies/agencies.ts';
import { ZCurrencyCode } from '../geo/geo.ts';
import { ZIsoDate } from '../inventory/availability.ts';
import { D, type TDecimal } from '../money/money.ts';
import { CHARGING_BASES } from '../pricing/entities.ts';

// The product catalogue (spec booking §3 Product, §7 Products): products and add-ons sold with a booking,
// their categories, the stock kept for consumption goods and the products chosen on a booking
// (docs/domain/products.md: the engine prices them by charging base).

export const PRODUCT_TYPES = ['ConsumptionGood', 'ReusableGood'] as const;
export type TProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_UNITS = [
  'None',
  'Piece',
  'Can',
  'Bottle',
  'Bucket',
  'KiloGram',
  'Gramm',
  'Unit',
] as const;
export type TProductUnit = (typeof PRODUCT_UNITS)[number];
export { CHARGING_BASES };
/** Why a stock changed: by hand, a confirmed booking, an aborted one, a count, goods received. */
export const STOCK_REASONS = ['manual', 'sale', 'return', 'correction', 'delivery'] as const;
export type TStockReason = (typeof STOCK_REASONS)[number];

const ZId = z.number().int().positive().max(2_147_483_647);
const ZStamps = { createdAt: z.string(), updatedAt: z.string() };
const text = (max: number) => z.string().trim().max(max);
/** A stock quantity or change: up to 3 decimals (kilograms), as a string. */
export const ZQuantity = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,10}(\.\d{1,3})?$/, 'a quantity with up to three decimals'));

export const ZProductCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  ...ZStamps,
});
export const ZCreateProductCategory = z.object({
  name: text(100).min(1),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TProductCategory = z.infer<typeof ZProductCategory>;

export const ZProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    categoryId: z.number().int().nullable(),
    type: z.enum(PRODUCT_TYPES),
    unit: z.enum(PRODUCT_UNITS),
    chargingBase: z.enum(CHARGING_BASES),
    perUnit: z.boolean(),
    price: z.string(),
    currency: z.string(),
    taxId: z.number().int().nullable(),
    resortId: z.number().int().nullable(),
    vesselId: z.number().int().nullable(),
    isAddon: z.boolean(),
    isOnlineBookable: z.boolean(),
    trackStock: z.boolean(),
    stock: z.string(),
    isActive: z.boolean(),
    sort: z.number().int(),
    ...ZStamps,
  })
  .meta({ id: 'Product' });
export type TProduct = z.infer<typeof ZProduct>;

/** Create and update body; the stock itself changes only through `{id}/stock/update` (it has a log). */
export const ZCreateProduct = z.object({
  name: text(200).min(1),
  description: text(5000).nullable().default(null),
  categoryId: ZId.nullable().default(null),
  type: z.enum(PRODUCT_TYPES).default('ConsumptionGood'),
  unit: z.enum(PRODUCT_UNITS).default('None'),
  chargingBase: z.enum(CHARGING_BASES).default('PerBooking'),
  perUnit: z.boolean().default(false),
  price: ZAmount.default('0'),
  currency: ZCurrencyCode.default('EUR'),
  taxId: ZId.nullable().default(null),
  resortId: ZId.nullable().default(null),
  vesselId: ZId.nullable().default(null),
  isAddon: z.boolean().default(false),
  isOnlineBookable: z.boolean().default(false),
  trackStock: z.boolean().default(false),
  isActive: z.boolean().default(true),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TCreateProduct = z.infer<typeof ZCreateProduct>;
export const ZUpdateProduct = ZCreateProduct.partial();

/** `POST /api/product/{id}/stock/update`: a change (+ in, − out) or the counted stock (`set`). */
export const ZStockUpdate = z
  .object({
    change: ZQuantity.optional(),
    set: ZQuantity.optional(),
    reason: z.enum(STOCK_REASONS).default('manual'),
    note: text(500).nullable().default(null),
    /** Allow the stock to go below 0 (a sale recorded before the delivery). */
    force: z.boolean().default(false),
    /** The stock kept at this resort or vessel (part of the product's stock); none: the product's. */
    resortId: z.number().int().positive().max(2_147_483_647).optional(),
    vesselId: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((v) => (v.change === undefined) !== (v.set === undefined), {
    message: 'send either change or set',
    path: ['change'],
  })
  .refine((v) => v.resortId === undefined || v.vesselId === undefined, {
    message: 'send a resort or a vessel, not both',
    path: ['vesselId'],
  });
export type TStockUpdate = z.infer<typeof ZStockUpdate>;

export const ZStockLogEntry = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  change: z.string(),
  stockAfter: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  bookingId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  /** The asset whose stock moved (`stockAfter` is then that asset's stock); none: the product's stock. */
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TStockLogEntry = z.infer<typeof ZStockLogEntry>;

/** A product's stock kept at one resort or vessel (part of its `stock`). */
export const ZAssetStock = z.object({
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  stock: z.string(),
});
export type TAssetStock = z.infer<typeof ZAssetStock>;

/** `GET /api/product/stock/assets`: the stock kept at each asset, of every product that keeps stock there. */
export const ZProductAssetStock = ZAssetStock.extend({ productId: z.number().int() });
export type TProductAssetStock = z.infer<typeof ZProductAssetStock>;

/** The change a stock update makes and the stock after it. */
export function stockChange(current: TDecimal, update: Pick<TStockUpdate, 'change' | 'set'>) {
  const before = new D(current);
  const after = update.set !== undefined ? new D(update.set) : before.plus(update.change ?? '0');
  return { change: after.minus(before).toFixed(), after: after.toFixed() };
}

/** A product or add-on chosen on a booking (`bookings.chosen_products`). */
export const ZChosenProduct = z.object({
  /** Stable within the booking ("c1"): the line key is `product:<key>`. */
  key: z.string().min(1).max(20),
  productId: ZId,
  type: z.enum(['product', 'addon']),
  /** Attached to one room entry (its nights and guests), else the booking. */
  roomBookingId: ZId.optional(),
  /** The guests it is for; default everybody of the entry or booking. */
  guestIds: z.array(ZId).max(50).optional(),
  qtyPerUnit: ZQuantity.optional(),
  /** A price agreed by hand, in the product's currency. */
  price: ZAmount.optional(),
});
export type TChosenProduct = z.infer<typeof ZChosenProduct>;

/** Body of `POST /api/bookings/{bookingId}/product/{product}` and `…/addon/{addon}`. */
export const ZAddProduct = z.object({
  roomBookingId: ZId.optional(),
  guestIds: z.array(ZId).min(1).max(50).optional(),
  // zod runs the refinement even when the pattern refused the text: compare without parsing it as a decimal.
  qtyPerUnit: ZQuantity.refine((v) => Number(v) > 0, 'above 0').optional(),
  price: ZAmount.optional(),
  version: z.number().int().min(1).optional(),
});
export type TAddProduct = z.infer<typeof ZAddProduct>;

/** The next free key among the chosen products ("c1", "c2", …). */
export function nextProductKey(chosen: readonly Pick<TChosenProduct, 'key'>[]) {
  const used = chosen.map((c) => Number(/^c(\d+)$/.exec(c.key)?.[1] ?? 0));
  return `c${Math.max(0, ...used) + 1}`;
}

/** The chosen product a calculation line came from (`product:<key>` or `product:<key>:<guest>`). */
export const productKeyOfLine = (lineKey: string) => /^product:([^:]+)/.exec(lineKey)?.[1] ?? null;

/** `GET /api/product/bookedAtDay/{asset}` query and answer: quantities per product and day. */
export const ZBookedAtDayQuery = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  /** Comma-separated product ids; default all. */
  products: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'product ids separated by commas')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});
export const ZBookedAtDay = z.array(
  z.object({ productId: z.number().int(), date: z.string(), quantity: z.string() }),
);
export type TBookedAtDay = z.infer<typeof ZBookedAtDay>;

export const ZProductConstants = z.object({
  types: z.array(z.string()),
  units: z.array(z.string()),
  chargingBases: z.array(z.string()),
  stockReasons: z.array(z.string()),
});

/** A chosen product on a holding booking: its days `[from, to)` and the quantity it uses each day. */
export type TBookedItem = { productId: number; from: string; to: string; quantity: TDecimal };

/** Quantity a chosen product uses per day: one unit per person it is for (or one, per unit) × qtyPerUnit. */
export function dailyQuantity(persons: number, perUnit: boolean, qtyPerUnit: TDecimal | undefined) {
  return new D(perUnit ? 1 : persons).times(qtyPerUnit ?? '1').toFixed();
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Quantities booked per product and day over `[from, to)` (docs/domain/products.md `bookedAtDay`: rental gear
 * counted over the line's dates), days without any left out, sorted by product then day.
 */
export function bookedAtDay(items: readonly TBookedItem[], from: string, to: string): TBookedAtDay {
  const sums = new Map<string, InstanceType<typeof D>>();
  for (const item of items) {
    const start = item.from > from ? item.from : from;
    const end = item.to < to ? item.to : to;
    for (let day = start; day < end; day = nextDay(day)) {
      const key = `${item.productId}|${day}`;
      sums.set(key, (sums.get(key) ?? new D(0)).plus(item.quantity));
    }
  }
  return [...sums.entries()]
    .map(([key, quantity]) => {
      const [productId, date] = key.split('|');
      return { productId: Number(productId), date: date ?? '', quantity: quantity.toFixed() };
    })
    .filter((row) => !new D(row.quantity).isZero())
    .sort((a, b) => a.productId - b.productId || a.date.localeCompare(b.date));
}
