import { UNKNOWN_SORT } from '../constants.ts';
import { planRoom, type TRoomPlan } from './choose-price.ts';
import { addProblem, nightsFor, type TCalcContext } from './context.ts';
import { fix2, type TDec, ZERO } from './dec.ts';
import type { TCalcLine, TLineSource, TPricingPerson, TPricingRoom } from './engine-types.ts';
import type { TPriceVariant, TPriceWithEntries } from './entities.ts';
import { localized } from './texts.ts';
import { type TUnitValue, unitValue } from './unit-value.ts';
import { occupancyVariant, personVariant } from './variants.ts';

// room_cost lines (docs/domain/prices.md and currencies.md) and the vessel's tour header lines
// (docs/domain/calculation-lines.md).

/** A room entry as priced: its lines, and which price priced which nights (supplements read it). */
export type TPricedRoom = {
  room: TPricingRoom;
  nights: string[];
  lines: TCalcLine[];
  byPrice: Map<number, { price: TPriceWithEntries; nights: string[] }>;
  variantIds: Set<number>;
};

type TNight = { date: string; value: string; priceId: number };
type TUnit = { person: TPricingPerson | null };
type TOk = Extract<TUnitValue, { ok: true }>;

export function roomLines(ctx: TCalcContext, room: TPricingRoom): TPricedRoom {
  const nights = nightsFor(ctx, room.from, room.to);
  const priced: TPricedRoom = { room, nights, lines: [], byPrice: new Map(), variantIds: new Set() };
  const plan = planRoom(ctx, room, nights);
  if (!plan) return priced;
  const first = plan.kind === 'complete' ? plan.price : plan.perNight.find((p) => p !== undefined);
  if (!first) return priced;
  const occupancy = occupancyVariant(ctx, first, room.persons.length, room.berths);
  if (!occupancy) {
    addProblem(ctx, { code: 'NO_PRICE', roomKey: room.key, date: room.from, roomTypeId: room.roomTypeId });
    return priced;
  }
  checkMinNights(ctx, room, plan, nights.length);
  recordPrices(priced, plan);
  const units: TUnit[] = occupancy.perPerson
    ? room.persons.map((person) => ({ person }))
    : [{ person: null }];
  for (const unit of units) {
    const line =
      plan.kind === 'complete'
        ? completeLine(ctx, priced, plan.price, unit)
        : unitLine(ctx, priced, plan, unit);
    if (line) priced.lines.push(line);
  }
  return priced;
}

function recordPrices(priced: TPricedRoom, plan: TRoomPlan) {
  const { nights, byPrice } = priced;
  nights.forEach((date, i) => {
    const price = plan.kind === 'complete' ? plan.price : plan.perNight[i];
    if (!price) return;
    const slot = byPrice.get(price.id);
    if (slot) slot.nights.push(date);
    else byPrice.set(price.id, { price, nights: [date] });
  });
  if (plan.kind === 'complete' && !byPrice.has(plan.price.id))
    byPrice.set(plan.price.id, { price: plan.price, nights: [] });
}

function checkMinNights(ctx: TCalcContext, room: TPricingRoom, plan: TRoomPlan, n: number) {
  if (plan.kind !== 'unit') return;
  const seen = new Set<number>();
  for (const price of plan.perNight) {
    if (!price || seen.has(price.id)) continue;
    seen.add(price.id);
    if (price.minNights !== null && n < price.minNights)
      addProblem(ctx, {
        code: 'MIN_NIGHTS',
        roomKey: room.key,
        detail: `${price.name}: ${n} < ${price.minNights}`,
      });
  }
}

/** The variant of one unit (the room, or a person) under a price, and the occupancy variant to fall back to. */
function variantFor(ctx: TCalcContext, price: TPriceWithEntries, room: TPricingRoom, unit: TUnit) {
  const occupancy = occupancyVariant(ctx, price, room.persons.length, room.berths);
  if (!occupancy) return undefined;
  return { variant: unit.person ? personVariant(ctx, price, occupancy, unit.person) : occupancy, occupancy };
}

function nightValue(
  ctx: TCalcContext,
  room: TPricingRoom,
  price: TPriceWithEntries,
  unit: TUnit,
  date: string,
) {
  const chosen = variantFor(ctx, price, room, unit);
  const value: TUnitValue = chosen
    ? unitValue(ctx, price, room, chosen.variant, chosen.occupancy)
    : { ok: false, code: 'NO_PRICE' };
  if (!value.ok)
    addProblem(ctx, {
      code: value.code,
      roomKey: room.key,
      date,
      roomTypeId: room.roomTypeId,
      ...(value.currency ? { currency: value.currency } : {}),
    });
  return value.ok && chosen ? { value, variant: chosen.variant } : undefined;
}

/** A unit price: Σ over nights of each night's price value; one line across season changes. */
function unitLine(
  ctx: TCalcContext,
  priced: TPricedRoom,
  plan: Extract<TRoomPlan, { kind: 'unit' }>,
  unit: TUnit,
) {
  const { room, nights } = priced;
  // The variant and value depend only on the price (season) for one unit: look them up once per price.
  type TGroup = { count: number; value: TOk; price: TPriceWithEntries; variant: TPriceVariant };
  const groups = new Map<number, TGroup | null>();
  const shares: TNight[] = [];
  let sum: TDec = ZERO;
  let failed = false;
  nights.forEach((date, i) => {
    const price = plan.perNight[i];
    let group = price ? groups.get(price.id) : null;
    if (price && group === undefined) {
      const found = nightValue(ctx, room, price, unit, date);
      group = found ? { count: 0, value: found.value, price, variant: found.variant } : null;
      groups.set(price.id, group);
    }
    if (!price || !group) {
      failed = true;
      return;
    }
    group.count++;
    shares.push({ date, value: group.value.valueText, priceId: price.id });
  });
  const found = [...groups.values()].filter((g): g is TGroup => g !== null);
  const head = found[0];
  if (failed || !head) return undefined;
  // Σ over nights as Σ over groups of value × count: one multiplication per season and variant.
  for (const g of found) sum = sum.plus(g.count === 1 ? g.value.value : g.value.value.times(g.count));
  const steps = found.flatMap((g) => [
    ctx.t.step.perNight(
      g.count,
      g.value.entryValue,
      g.value.currency,
      g.price.name,
      variantName(ctx, g.variant),
    ),
    ...g.value.steps,
  ]);
  for (const g of found) priced.variantIds.add(g.value.variantId);
  return line(ctx, priced, unit, { sum, shares, steps, head });
}

/** A complete price: the value once per stay or schedule, spread evenly over the nights. */
function completeLine(ctx: TCalcContext, priced: TPricedRoom, price: TPriceWithEntries, unit: TUnit) {
  const { room, nights } = priced;
  const found = nightValue(ctx, room, price, unit, room.from);
  if (!found) return undefined;
  const { value, variant } = found;
  const share = nights.length > 0 ? value.value.div(nights.length).toFixed() : '0';
  const shares = nights.map((date) => ({ date, value: share, priceId: price.id }));
  const steps = [
    ctx.t.step.whole(value.entryValue, value.currency, price.name, variantName(ctx, variant)),
    ...value.steps,
  ];
  if (nights.length > 1) steps.push(ctx.t.step.spread(nights.length));
  priced.variantIds.add(value.variantId);
  return line(ctx, priced, unit, { sum: value.value, shares, steps, head: { value, price, variant } });
}

const variantName = (ctx: TCalcContext, v: TPriceVariant) => localized(v.name, v.translations, ctx.lang);

function line(
  ctx: TCalcContext,
  priced: TPricedRoom,
  unit: TUnit,
  parts: {
    sum: TDec;
    shares: TNight[];
    steps: string[];
    head: { value: TOk; price: TPriceWithEntries; variant: TPriceVariant };
  },
): TCalcLine {
  const { room, nights } = priced;
  const { value, price, variant } = parts.head;
  const roomType = ctx.roomTypes.get(room.roomTypeId)?.name ?? `#${room.roomTypeId}`;
  const total = fix2(parts.sum);
  const customData: TLineSource = {
    generator: 'room',
    roomKey: room.key,
    priceId: price.id,
    priceName: price.name,
    entryId: value.entryId,
    variantId: value.variantId,
    nights: parts.shares,
    persons: unit.person ? [unit.person.key] : room.persons.map((p) => p.key),
    currency: value.currency,
    rate: value.rate,
    steps: parts.steps,
  };
  return {
    key: unit.person ? `room:${room.key}:${unit.person.key}` : `room:${room.key}`,
    type: 'room_cost',
    text: ctx.t.room(roomType, variantName(ctx, variant), ctx.t.nights(nights.length)),
    sort: UNKNOWN_SORT,
    amount: '1',
    price: total,
    total,
    customerType: 'None',
    customer: unit.person?.key ?? null,
    editable: true,
    deletable: false,
    unique: true,
    customData,
  };
}

/** One `tour` header per schedule of a vessel booking: not billable, price 0 (docs/domain/calculation-lines.md). */
export function tourLines(ctx: TCalcContext): TCalcLine[] {
  const seen = new Set<number>();
  const out: TCalcLine[] = [];
  for (const room of ctx.input.rooms) {
    if (room.scheduleId == null || seen.has(room.scheduleId)) continue;
    seen.add(room.scheduleId);
    const name = room.tourName || ctx.t.trip;
    out.push({
      key: `tour:${room.scheduleId}`,
      type: 'tour',
      text: ctx.t.tour(name, ctx.t.date(room.from), ctx.t.date(room.to)),
      sort: UNKNOWN_SORT,
      amount: '1',
      price: '0.00',
      total: '0.00',
      customerType: 'None',
      customer: null,
      editable: true,
      deletable: false,
      unique: true,
      customData: { generator: 'tour', roomKey: room.key },
    });
  }
  return out;
}
