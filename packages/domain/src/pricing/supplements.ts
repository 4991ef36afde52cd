import { UNKNOWN_SORT } from '../constants.ts';
import { convert } from '../money/money.ts';
import { chargingQuantity, diveDaysWithin, isPerCustomer } from './charging.ts';
import { addProblem, priceCurrency, rateFor, type TCalcContext } from './context.ts';
import { D, fix2, HUNDRED, ZERO } from './dec.ts';
import type { TCalcLine, TLineSource } from './engine-types.ts';
import type { TPriceWithEntries, TSupplement } from './entities.ts';
import type { TPricedRoom } from './room-lines.ts';
import { localized } from './texts.ts';
import { findEntry } from './unit-value.ts';
import { variantsOf } from './variants.ts';

// Supplements of the prices that priced a room entry (docs/domain/prices.md): mandatory ones as `cost`
// lines, optional ones as `option` lines, over the nights their price priced and their dates allow.

export function supplementLines(ctx: TCalcContext, priced: TPricedRoom): TCalcLine[] {
  const out: TCalcLine[] = [];
  if (priced.lines.length === 0) return out;
  for (const { price, nights } of priced.byPrice.values()) {
    for (const sup of ctx.supplementsByPrice.get(price.id) ?? []) {
      if (!applies(ctx, sup, priced, price)) continue;
      const dates = nights.filter(
        (d) => (!sup.validFrom || d >= sup.validFrom) && (!sup.validTo || d <= sup.validTo),
      );
      if (dates.length === 0) continue;
      if (sup.valueType === 'percent') out.push(...percentLine(ctx, sup, priced, price, dates));
      else out.push(...fixedLines(ctx, sup, priced, price, dates));
    }
  }
  return out;
}

function applies(ctx: TCalcContext, sup: TSupplement, priced: TPricedRoom, price: TPriceWithEntries) {
  const { room } = priced;
  if (sup.roomTypeIds.length > 0 && !sup.roomTypeIds.includes(room.roomTypeId)) return false;
  if (sup.variantIds.length > 0 && !sup.variantIds.some((id) => priced.variantIds.has(id))) return false;
  if (!sup.singleUse) return true;
  // A berth in a shared cabin is not single use, whoever else books the cabin's other berths.
  if (room.persons.length !== 1 || room.berths) return false;
  // Single use priced as a variant wins over the single supplement (docs/domain/prices.md).
  const singleVariants = variantsOf(ctx, price).filter((v) => v.noOfPax === 1 && v.maxAge === null);
  return !singleVariants.some((v) => findEntry(ctx, price, room.roomTypeId, v.id, room.scheduleId));
}

/** A share of the room price over the supplement's nights; its charging base is not used. */
function percentLine(
  ctx: TCalcContext,
  sup: TSupplement,
  priced: TPricedRoom,
  price: TPriceWithEntries,
  dates: string[],
): TCalcLine[] {
  const wanted = new Set(dates);
  let base = ZERO;
  for (const line of priced.lines)
    for (const night of line.customData.nights ?? [])
      if (night.priceId === price.id && wanted.has(night.date)) base = base.plus(night.value);
  const value = fix2(base.times(sup.value).div(HUNDRED));
  if (new D(value).isZero()) return [];
  const name = localized(sup.name, sup.translations, ctx.lang);
  const steps = [ctx.t.step.supplementPercent(sup.value, fix2(base))];
  const text = ctx.t.percentSupplement(name, sup.value);
  return [line(ctx, sup, priced, price, { key: '', text, amount: '1', price: value, person: null, steps })];
}

function fixedLines(
  ctx: TCalcContext,
  sup: TSupplement,
  priced: TPricedRoom,
  price: TPriceWithEntries,
  dates: string[],
): TCalcLine[] {
  const { room, nights } = priced;
  const currency = priceCurrency(ctx, price);
  const rate = rateFor(ctx, currency);
  if (!rate) {
    addProblem(ctx, { code: 'NO_RATE', roomKey: room.key, currency, detail: sup.name });
    return [];
  }
  const whole = dates.length === nights.length;
  const lastNight = nights[nights.length - 1];
  const withDeparture = lastNight !== undefined && dates.includes(lastNight);
  const days = dates.length + (withDeparture ? 1 : 0);
  const { dayAdjustment, divesPerDay } = ctx.input;
  const amount = chargingQuantity({
    base: sup.chargingBase,
    nights: dates.length,
    days,
    persons: room.persons.length,
    qtyPerUnit: sup.qtyPerUnit,
    perUnit: sup.perUnit,
    diveDays: whole ? undefined : partDiveDays(nights, dates, withDeparture, dayAdjustment),
    dayAdjustment,
    divesPerDay,
  });
  if (new D(amount).isZero()) return [];
  const unit = convert(sup.value, rate);
  const text = localized(sup.name, sup.translations, ctx.lang);
  const steps = [ctx.t.step.quantity(sup.chargingBase, amount)];
  if (currency !== ctx.currency) steps.push(ctx.t.step.converted(currency, ctx.currency, rate));
  const persons = isPerCustomer(sup.chargingBase) ? room.persons : [null];
  return persons.map((person) =>
    line(ctx, sup, priced, price, {
      key: person?.key ?? '',
      text,
      amount,
      price: unit,
      person: person?.key ?? null,
      steps,
      rate,
    }),
  );
}

/** Dive days of the part of the stay a supplement covers (its day indexes within the stay). */
function partDiveDays(nights: string[], dates: string[], withDeparture: boolean, dayAdjustment?: number) {
  const position = new Map(nights.map((d, i) => [d, i]));
  const indexes = dates.map((d) => position.get(d) ?? 0);
  if (withDeparture) indexes.push(nights.length);
  return diveDaysWithin(indexes, nights.length + 1, dayAdjustment);
}

function line(
  ctx: TCalcContext,
  sup: TSupplement,
  priced: TPricedRoom,
  price: TPriceWithEntries,
  parts: {
    key: string;
    text: string;
    amount: string;
    price: string;
    person: string | null;
    steps: string[];
    rate?: string;
  },
): TCalcLine {
  const { room } = priced;
  const customData: TLineSource = {
    generator: 'supplement',
    roomKey: room.key,
    supplementId: sup.id,
    priceId: price.id,
    priceName: price.name,
    persons: parts.person ? [parts.person] : room.persons.map((p) => p.key),
    currency: sup.valueType === 'percent' ? ctx.currency : priceCurrency(ctx, price),
    rate: parts.rate ?? '1',
    commissionable: sup.commissionable,
    steps: parts.steps,
  };
  return {
    key: `supplement:${sup.id}:${room.key}${parts.key ? `:${parts.key}` : ''}`,
    type: sup.mandatory ? 'cost' : 'option',
    text: parts.text,
    sort: UNKNOWN_SORT,
    amount: parts.amount,
    price: parts.price,
    total: fix2(new D(parts.amount).times(parts.price)),
    customerType: sup.customerType,
    customer: parts.person,
    editable: true,
    deletable: !sup.mandatory,
    unique: true,
    customData,
  };
}
