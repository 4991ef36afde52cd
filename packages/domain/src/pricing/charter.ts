import { UNKNOWN_SORT } from '../constants.ts';
import { schedulePrice } from './choose-price.ts';
import { addProblem, nightsFor, rateFor, type TCalcContext } from './context.ts';
import { D, fix2, type TDec, ZERO } from './dec.ts';
import type { TCalcLine, TLineSource, TPricingRoom } from './engine-types.ts';
import type { TPriceEntry, TPriceWithEntries, TSpecial } from './entities.ts';
import { findEntry, unitValue } from './unit-value.ts';
import { occupancyVariant } from './variants.ts';

// A full charter (docs/domain/departures-and-charters.md): the whole vessel for one departure, priced as ONE room_cost line
// "Full charter" – the departure's own charter amount in the booking currency, else the entry of a
// full-charter variant of the departure's price, else the sum of the cabins at default occupancy.

/**
 * The entry of a full-charter variant in the departure's price: the booking currency's first, in
 * findEntry's order (a departure's own entry before the general one). The price lookup
 * `GET schedules/{id}/fullCharterPrice` answers the same entry.
 */
export function fullCharterEntry(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  scheduleId: number | null | undefined,
  charterVariants: ReadonlySet<number>,
): TPriceEntry | undefined {
  const found = price.entries
    .filter((e) => charterVariants.has(e.variantId))
    .map((e) => findEntry(ctx, price, e.roomTypeId, e.variantId, scheduleId))
    .filter((e): e is TPriceEntry => e !== undefined);
  return found.find((e) => e.currency === ctx.currency) ?? found[0];
}

/** Per-person specials acting on the room price or the commissionable base do not apply to a charter. */
export const charterSpecials = (specials: readonly TSpecial[]): TSpecial[] =>
  specials.filter(
    (s) => s.scopeUnit === 'Booking' || (s.target !== 'RoomPrice' && s.target !== 'Commissionable'),
  );

type TCharterValue = {
  value: TDec;
  currency: string;
  rate: string;
  price: TPriceWithEntries | undefined;
  entryId: number | null;
  steps: string[];
};

function converted(ctx: TCalcContext, value: string, currency: string) {
  if (currency === ctx.currency) return { value: new D(value), rate: '1', steps: [] };
  const rate = rateFor(ctx, currency);
  if (!rate) {
    addProblem(ctx, { code: 'NO_RATE', currency });
    return undefined;
  }
  return {
    value: new D(value).times(rate),
    rate,
    steps: [ctx.t.step.converted(currency, ctx.currency, rate)],
  };
}

/** Fallback [judgment]: Σ over cabins of the complete price at the cabin's default occupancy. */
function cabinsSum(ctx: TCalcContext, price: TPriceWithEntries): TCharterValue | undefined {
  const { rooms, fullCharter } = ctx.input;
  let sum: TDec = ZERO;
  for (const room of rooms) {
    const pax = fullCharter?.defaultPax?.[room.key] ?? 2;
    const occupancy = occupancyVariant(ctx, price, pax);
    if (!occupancy) return undefined;
    const unit = unitValue(ctx, price, room, occupancy, occupancy);
    if (!unit.ok) return undefined;
    const units = occupancy.perPerson ? pax : 1;
    const nights = price.calculationType === 'complete' ? 1 : nightsFor(ctx, room.from, room.to).length;
    sum = sum.plus(unit.value.times(units * nights));
  }
  const steps = [ctx.t.step.charterCabins(rooms.length)];
  return { value: sum, currency: ctx.currency, rate: '1', price, entryId: null, steps };
}

function charterValue(ctx: TCalcContext, head: TPricingRoom): TCharterValue | undefined {
  const price = schedulePrice(ctx, head);
  const own = ctx.input.fullCharter?.explicit[ctx.currency];
  if (own !== undefined)
    return { value: new D(own), currency: ctx.currency, rate: '1', price, entryId: null, steps: [] };
  if (!price) return undefined;
  const charters = new Set([...ctx.variants.values()].filter((v) => v.fullCharter).map((v) => v.id));
  const entry = fullCharterEntry(ctx, price, head.scheduleId, charters);
  if (!entry) return cabinsSum(ctx, price);
  const value = converted(ctx, entry.value, entry.currency);
  return value && { ...value, currency: entry.currency, price, entryId: entry.id };
}

/** The one "Full charter" room_cost line (amount 1), or none with a NO_PRICE problem. */
export function charterLines(ctx: TCalcContext): TCalcLine[] {
  const head = ctx.input.rooms[0];
  if (!head) return [];
  const found = charterValue(ctx, head);
  if (!found) {
    addProblem(ctx, { code: 'NO_PRICE', roomKey: head.key, date: head.from });
    return [];
  }
  const total = fix2(found.value);
  const nights = nightsFor(ctx, head.from, head.to);
  const priceId = found.price?.id;
  const share = nights.length > 0 ? found.value.div(nights.length).toFixed() : '0';
  const customData: TLineSource = {
    generator: 'room',
    roomKey: head.key,
    ...(priceId !== undefined
      ? {
          priceId,
          priceName: found.price?.name ?? '',
          nights: nights.map((date) => ({ date, value: share, priceId })),
        }
      : {}),
    entryId: found.entryId,
    persons: ctx.input.rooms.flatMap((r) => r.persons.map((p) => p.key)),
    currency: found.currency,
    rate: found.rate,
    steps: found.steps,
  };
  return [
    {
      key: 'charter',
      type: 'room_cost',
      text: ctx.t.fullCharter,
      sort: UNKNOWN_SORT,
      amount: '1',
      price: total,
      total,
      customerType: 'None',
      customer: null,
      editable: true,
      deletable: false,
      unique: true,
      customData,
    },
  ];
}
