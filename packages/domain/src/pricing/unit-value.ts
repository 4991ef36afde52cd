import type { TCalcContext } from './context.ts';
import { entriesOf, priceCurrency, rateFor } from './context.ts';
import { D, HUNDRED, type TDec, ZERO } from './dec.ts';
import type { TPricingRoom } from './engine-types.ts';
import type { TAdjustmentType, TPriceEntry, TPriceVariant, TPriceWithEntries } from './entities.ts';

// The value of one pricing unit (a night of a unit price, or the whole stay of a complete price) for
// a room type and variant: the entry (or the base price), the adjustments of docs/domain/prices.md, and
// the conversion into the booking currency (docs/domain/currencies.md). Memoized: every person and night with the same
// price, room type and variant reuses it.

export type TUnitValue =
  | {
      ok: true;
      /** Booking currency, after the adjustments, unrounded. */
      value: TDec;
      valueText: string;
      /** The entry's value as stored, and its currency. */
      entryValue: string;
      currency: string;
      rate: string;
      entryId: number | null;
      variantId: number;
      steps: string[];
    }
  | { ok: false; code: 'NO_PRICE' | 'NO_RATE'; currency?: string };

/**
 * The entry for a room type and variant: a departure's own entry beats the general one; among those,
 * the booking currency (no conversion) beats the price currency, which beats the other currencies.
 */
export function findEntry(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  roomTypeId: number,
  variantId: number,
  scheduleId: number | null | undefined,
): TPriceEntry | undefined {
  const all = entriesOf(ctx, price, roomTypeId, variantId);
  if (all.length === 0) return undefined;
  const own = scheduleId != null ? all.filter((e) => e.scheduleId === scheduleId) : [];
  const pool = own.length > 0 ? own : all.filter((e) => e.scheduleId === null);
  const home = priceCurrency(ctx, price);
  return pool.find((e) => e.currency === ctx.currency) ?? pool.find((e) => e.currency === home) ?? pool[0];
}

type TAdjustment = { value: string; type: 'percent' | 'fixed' } | null;

function pick(
  type: TAdjustmentType,
  value: string,
  entryValue: string | null | undefined,
  entryType: 'percent' | 'fixed' | null | undefined,
): TAdjustment {
  if (type !== 'ByEntry') return { value, type };
  return entryValue ? { value: entryValue, type: entryType ?? 'percent' } : null;
}

function apply(v: TDec, adj: TAdjustment, sign: 1 | -1): TDec {
  if (!adj) return v;
  const a = new D(adj.value);
  if (a.isZero()) return v;
  if (adj.type === 'percent') return v.times(HUNDRED.plus(a.times(sign))).div(HUNDRED);
  return sign > 0 ? v.plus(a) : v.minus(a);
}

/**
 * The adjustments in order (docs/domain/prices.md): price surcharge (or the entry's, ByEntry), room-type surcharge, price discount (or
 * the entry's); floored at 0. Fixed amounts count per unit (a night, or the stay) and are read in the
 * entry's currency, before conversion: that is the currency the season's grid is written in.
 */
export function adjust(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  entry: TPriceEntry | undefined,
  roomTypeId: number,
  value: string,
  currency: string,
): { value: TDec; steps: string[] } {
  const { step } = ctx.t;
  const steps: string[] = [];
  const surcharge = pick(price.surchargeType, price.surcharge, entry?.surcharge, entry?.surchargeType);
  const roomType = ctx.roomTypes.get(roomTypeId);
  const typeSurcharge: TAdjustment = roomType
    ? { value: roomType.surcharge, type: roomType.surchargeType }
    : null;
  const discount = pick(price.discountType, price.discount, entry?.discount, entry?.discountType);
  const order: [TAdjustment, 1 | -1, typeof step.discount][] = [
    [surcharge, 1, step.surcharge],
    [typeSurcharge, 1, step.roomTypeSurcharge],
    [discount, -1, step.discount],
  ];
  let v = new D(value);
  for (const [adj, sign, text] of order) {
    const next = apply(v, adj, sign);
    if (adj && !next.eq(v)) steps.push(text(adj.value, adj.type, currency));
    v = next;
  }
  if (v.isNegative()) {
    v = ZERO;
    steps.push(step.floored);
  }
  return { value: v, steps };
}

/**
 * The value of one unit for the room entry's room type and the variant; `fallback` (the occupancy
 * variant) is used when a child variant has no entry: the child then pays the occupancy price.
 */
export function unitValue(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  room: TPricingRoom,
  variant: TPriceVariant,
  fallback: TPriceVariant,
): TUnitValue {
  const key = `${price.id}|${room.roomTypeId}|${room.scheduleId ?? ''}|${variant.id}|${fallback.id}`;
  const cached = ctx.memo.units.get(key);
  if (cached) return cached;
  const computed = computeUnit(ctx, price, room, variant, fallback);
  ctx.memo.units.set(key, computed);
  return computed;
}

function computeUnit(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  room: TPricingRoom,
  variant: TPriceVariant,
  fallback: TPriceVariant,
): TUnitValue {
  const { step } = ctx.t;
  const steps: string[] = [];
  let used = variant;
  let entry = findEntry(ctx, price, room.roomTypeId, variant.id, room.scheduleId);
  if (!entry && fallback.id !== variant.id) {
    entry = findEntry(ctx, price, room.roomTypeId, fallback.id, room.scheduleId);
    if (entry) {
      used = fallback;
      steps.push(step.childFallback);
    }
  }
  if (!entry && price.basePrice === null) return { ok: false, code: 'NO_PRICE' };
  if (!entry) steps.push(step.basePrice);
  const home = priceCurrency(ctx, price);
  const currency = entry?.currency ?? home;
  const entryValue = entry?.value ?? (price.basePrice as string);
  const adjusted = adjust(ctx, price, entry, room.roomTypeId, entryValue, currency);
  steps.push(...adjusted.steps);
  let rate = '1';
  if (currency === ctx.currency) {
    if (currency !== home) steps.push(step.explicit(currency));
  } else {
    const found = rateFor(ctx, currency);
    if (!found) return { ok: false, code: 'NO_RATE', currency };
    rate = found;
    steps.push(step.converted(currency, ctx.currency, rate));
  }
  const value = rate === '1' ? adjusted.value : adjusted.value.times(rate);
  const base = { value, valueText: value.toFixed(), entryValue, currency, rate };
  return { ok: true, ...base, entryId: entry?.id ?? null, variantId: used.id, steps };
}
