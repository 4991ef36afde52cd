import { DEFAULT_LANGUAGE } from '../constants.ts';
import { rateOn, type TDecimal } from '../money/money.ts';
import { leadCountry, usablePrices } from './choose-price.ts';
import { daysBetween, nightsBetween } from './dates.ts';
import type { TPricingInput, TPricingProblem } from './engine-types.ts';
import type { TPriceEntry, TPriceVariant, TPriceWithEntries, TSupplement } from './entities.ts';
import { type TPricingLanguage, type TTexts, textsFor } from './texts.ts';
import type { TUnitValue } from './unit-value.ts';

// What one calculation looks up again and again, built once per call: maps by id, the usable prices,
// the entries of each price by room type and variant, rates by currency and the problems found.

export type TRoomType = TPricingInput['roomTypes'][number];

export type TCalcContext = {
  input: TPricingInput;
  lang: TPricingLanguage;
  t: TTexts;
  /** The booking currency. */
  currency: string;
  /** First night (or embarkation) and departure of the whole draft, and its nights. */
  from: string;
  to: string;
  nights: number;
  leadCountry: string | null;
  /** Confirmed prices of the asset the lead customer and the channel may use (docs/domain/prices.md). */
  prices: TPriceWithEntries[];
  variants: Map<number, TPriceVariant>;
  roomTypes: Map<number, TRoomType>;
  supplementsByPrice: Map<number, TSupplement[]>;
  problems: TPricingProblem[];
  /** Memos of the call (keys documented where they are filled). */
  memo: {
    problems: Set<string>;
    rates: Map<string, TDecimal | null>;
    entries: Map<number, Map<string, TPriceEntry[]>>;
    variantsOf: Map<number, TPriceVariant[]>;
    occupancy: Map<string, TPriceVariant | null>;
    units: Map<string, TUnitValue>;
    /** `all|day` / `unit|day` → the price of that night. */
    dayPrices: Map<string, TPriceWithEntries | null>;
    nights: Map<string, string[]>;
  };
};

export function createContext(input: TPricingInput): TCalcContext {
  const country = leadCountry(input);
  const supplementsByPrice = new Map<number, TSupplement[]>();
  const supplements = [...input.supplements].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const s of supplements) {
    const list = supplementsByPrice.get(s.priceId);
    if (list) list.push(s);
    else supplementsByPrice.set(s.priceId, [s]);
  }
  const { from, to } = stayOf(input);
  const lang = input.language ?? DEFAULT_LANGUAGE;
  return {
    input,
    lang,
    t: textsFor(lang),
    currency: input.currency,
    from,
    to,
    nights: Math.max(0, daysBetween(from, to)),
    leadCountry: country,
    prices: usablePrices(input, country),
    variants: new Map(input.variants.map((v) => [v.id, v])),
    roomTypes: new Map(input.roomTypes.map((r) => [r.id, r])),
    supplementsByPrice,
    problems: [],
    memo: {
      problems: new Set(),
      rates: new Map(),
      entries: new Map(),
      variantsOf: new Map(),
      occupancy: new Map(),
      units: new Map(),
      dayPrices: new Map(),
      nights: new Map(),
    },
  };
}

/** The earliest arrival and the latest departure over the room entries. */
export function stayOf(input: TPricingInput): { from: string; to: string } {
  let from = input.rooms[0]?.from ?? input.evaluationDate;
  let to = input.rooms[0]?.to ?? from;
  for (const r of input.rooms) {
    if (r.from < from) from = r.from;
    if (r.to > to) to = r.to;
  }
  return { from, to };
}

/** Records a problem once (per-person lines would otherwise repeat a missing night). */
export function addProblem(ctx: TCalcContext, problem: TPricingProblem): void {
  const key = `${problem.code}|${problem.roomKey ?? ''}|${problem.date ?? ''}|${problem.currency ?? ''}`;
  if (ctx.memo.problems.has(key)) return;
  ctx.memo.problems.add(key);
  ctx.problems.push(problem);
}

/** The rate from `currency` to the booking currency on the rate date (docs/domain/currencies.md), cached. */
export function rateFor(ctx: TCalcContext, currency: string): TDecimal | undefined {
  const cached = ctx.memo.rates.get(currency);
  if (cached !== undefined) return cached ?? undefined;
  const { rates, rateDate, baseCurrency } = ctx.input;
  const found = rateOn(currency, ctx.currency, rates, rateDate, baseCurrency)?.rate ?? null;
  ctx.memo.rates.set(currency, found);
  return found ?? undefined;
}

/** The price's own currency: the first of its currencies, else the base currency. */
export const priceCurrency = (ctx: TCalcContext, price: TPriceWithEntries): string =>
  price.currencies[0] ?? ctx.input.baseCurrency;

/** A price's entries for one room type and variant (all schedules and currencies). */
export function entriesOf(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  roomTypeId: number,
  variantId: number,
): readonly TPriceEntry[] {
  let index = ctx.memo.entries.get(price.id);
  if (!index) {
    index = new Map();
    for (const e of price.entries) {
      const key = `${e.roomTypeId}:${e.variantId}`;
      const list = index.get(key);
      if (list) list.push(e);
      else index.set(key, [e]);
    }
    ctx.memo.entries.set(price.id, index);
  }
  return index.get(`${roomTypeId}:${variantId}`) ?? [];
}

/** The nights of `[from, to)`, shared by room entries with the same dates. */
export function nightsFor(ctx: TCalcContext, from: string, to: string): string[] {
  const key = `${from}|${to}`;
  let nights = ctx.memo.nights.get(key);
  if (!nights) {
    nights = nightsBetween(from, to);
    ctx.memo.nights.set(key, nights);
  }
  return nights;
}
