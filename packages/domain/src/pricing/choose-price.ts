import type { TCalcContext } from './context.ts';
import { addProblem } from './context.ts';
import { spanDays } from './dates.ts';
import type { TPricingInput, TPricingRoom } from './engine-types.ts';
import type { TPriceWithEntries } from './entities.ts';

// Which price (season) prices a night, a stay or a schedule (docs/domain/prices.md).

/** The lead customer's address country, else passport nationality (first person of the first room). */
export function leadCountry(input: TPricingInput): string | null {
  const lead = input.rooms[0]?.persons[0];
  return lead?.addressCountry || lead?.nationality || null;
}

const assetMatches = (price: TPriceWithEntries, input: TPricingInput) => {
  if (input.vesselId != null) return price.vesselId === input.vesselId;
  if (input.resortId != null) return price.resortId === input.resortId;
  return true;
};

/**
 * Confirmed prices of the asset that the lead customer's country and the channel may use. Only OTA
 * imports are limited to `isAvailableToOTA`: the online channels of our own (widget, agency portal)
 * see every confirmed price, as staff do.
 */
export function usablePrices(input: TPricingInput, country: string | null): TPriceWithEntries[] {
  return input.prices.filter(
    (p) =>
      p.status === 'confirmed' &&
      assetMatches(p, input) &&
      (p.countries.length === 0 || (country !== null && p.countries.includes(country))) &&
      (input.channel !== 'OTABooking' || p.isAvailableToOTA),
  );
}

const spans = new WeakMap<TPriceWithEntries, { valid: number; periods: number[] }>();

/** The lengths of a price's valid range and periods, computed once per price object. */
function spansOf(price: TPriceWithEntries) {
  let found = spans.get(price);
  if (!found) {
    found = {
      valid: spanDays(price.validFrom, price.validTo),
      periods: price.periods.map((p) => spanDays(p.from, p.to)),
    };
    spans.set(price, found);
  }
  return found;
}

/**
 * How specifically the price covers the day: the length of its shortest period containing the day
 * (its `valid` range when it has no periods); undefined when it does not cover the day.
 */
export function matchLength(price: TPriceWithEntries, day: string): number | undefined {
  if (day < price.validFrom || day > price.validTo) return undefined;
  const { valid, periods } = spansOf(price);
  if (price.periods.length === 0) return valid;
  let best: number | undefined;
  price.periods.forEach((p, i) => {
    const length = periods[i] ?? 0;
    if (day >= p.from && day <= p.to && (best === undefined || length < best)) best = length;
  });
  return best;
}

/** The most specific price covering the day: shortest matching period, shortest valid, highest id. */
export function priceOn(prices: readonly TPriceWithEntries[], day: string): TPriceWithEntries | undefined {
  let best: TPriceWithEntries | undefined;
  let bestPeriod = 0;
  let bestValid = 0;
  for (const p of prices) {
    const period = matchLength(p, day);
    if (period === undefined) continue;
    const { valid } = spansOf(p);
    const wins =
      !best ||
      period < bestPeriod ||
      (period === bestPeriod && (valid < bestValid || (valid === bestValid && p.id > best.id)));
    if (!wins) continue;
    best = p;
    bestPeriod = period;
    bestValid = valid;
  }
  return best;
}

/**
 * The price chosen by hand for the booking (input.priceId), if it is one of the asset's: it skips the
 * choice, so validity, periods, countries, channel and status do not matter – staff decided.
 */
export function pinnedPrice(ctx: TCalcContext): TPriceWithEntries | undefined {
  const id = ctx.input.priceId;
  if (id == null) return undefined;
  return ctx.input.prices.find((p) => p.id === id && assetMatches(p, ctx.input));
}

/** A room entry's prices: one for the whole stay (`complete`), or one per night (`unit`). */
export type TRoomPlan =
  | { kind: 'complete'; price: TPriceWithEntries }
  | { kind: 'unit'; perNight: (TPriceWithEntries | undefined)[] };

const isVessel = (ctx: TCalcContext, room: TPricingRoom) =>
  ctx.input.vesselId != null || room.scheduleId != null;

/**
 * The schedule's price reference, else the most specific vessel price whose range contains the
 * embarkation date and whose tours (if any) include the schedule's tour.
 */
export function schedulePrice(ctx: TCalcContext, room: TPricingRoom): TPriceWithEntries | undefined {
  const referenced = room.priceId != null ? ctx.prices.find((p) => p.id === room.priceId) : undefined;
  if (referenced) return referenced;
  const tourId = room.tourId ?? null;
  const fitting = ctx.prices.filter(
    (p) => p.tourIds.length === 0 || (tourId !== null && p.tourIds.includes(tourId)),
  );
  return priceOn(fitting, room.from);
}

/**
 * Resorts: the price of the arrival night decides the calculation type. A `complete` price prices the
 * whole stay; otherwise each night takes the most specific `unit` price (a complete price of a later
 * night does not break into a unit stay). Missing prices are recorded as NO_PRICE problems.
 */
export function planRoom(
  ctx: TCalcContext,
  room: TPricingRoom,
  nights: readonly string[],
): TRoomPlan | undefined {
  const problem = (date: string) =>
    addProblem(ctx, { code: 'NO_PRICE', roomKey: room.key, date, roomTypeId: room.roomTypeId });
  const pinned = pinnedPrice(ctx);
  if (pinned) {
    return pinned.calculationType === 'complete'
      ? { kind: 'complete', price: pinned }
      : { kind: 'unit', perNight: nights.map(() => pinned) };
  }
  if (isVessel(ctx, room)) {
    const price = schedulePrice(ctx, room);
    if (!price) {
      problem(room.from);
      return undefined;
    }
    return price.calculationType === 'complete'
      ? { kind: 'complete', price }
      : { kind: 'unit', perNight: nights.map(() => price) };
  }
  const arrival = nights[0] ?? room.from;
  const first = priceOnDay(ctx, 'all', arrival);
  if (first?.calculationType === 'complete') return { kind: 'complete', price: first };
  const perNight = nights.map((day) => {
    const price = priceOnDay(ctx, 'unit', day);
    if (!price) problem(day);
    return price;
  });
  return { kind: 'unit', perNight };
}

/** priceOn over all usable prices, or over the `unit` ones, memoized per day for the call. */
function priceOnDay(ctx: TCalcContext, kind: 'all' | 'unit', day: string): TPriceWithEntries | undefined {
  const key = `${kind}|${day}`;
  const cached = ctx.memo.dayPrices.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const prices = kind === 'all' ? ctx.prices : ctx.prices.filter((p) => p.calculationType === 'unit');
  const found = priceOn(prices, day);
  ctx.memo.dayPrices.set(key, found ?? null);
  return found;
}
