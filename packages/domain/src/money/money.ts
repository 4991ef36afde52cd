import Decimal from 'decimal.js';
import { DEFAULT_CURRENCY, type TLanguage } from '../constants.ts';
import { RATE_DECIMALS, type TRateEntry } from '../currencies/currencies.ts';

/**
 * Exact money arithmetic (docs/domain/currencies.md: every line rounded to 2 decimals half-up).
 * Amounts and rates are decimal strings; floats never take part. Half-up means a tie rounds away from
 * zero: 0.125 → 0.13 and -0.125 → -0.13.
 */
export const D = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** A decimal number written as a string: "4200", "1.08", "-0.5". */
export type TDecimal = string;

export type TRateHow = 'same' | 'direct' | 'inverse' | 'base';
export type TFoundRate = { rate: TDecimal; validFrom: string; how: TRateHow };
export type TConversion = TFoundRate & { amount: TDecimal };

/** `amount` rounded half-up to `places` decimals, always written with that many: round("2.5", 0) = "3". */
export function round(amount: TDecimal, places: number): TDecimal {
  return new D(amount).toDecimalPlaces(places, D.ROUND_HALF_UP).toFixed(places);
}

/** A decimal as written by the database ("1.08000000") in its shortest form ("1.08"). */
export const normalize = (value: TDecimal): TDecimal => new D(value).toFixed();

/** The line rounding (docs/domain/currencies.md): 2 decimals, half-up. */
export const round2 = (amount: TDecimal): TDecimal => round(amount, 2);

/** Sum of (already rounded) line amounts: totals are sums of rounded lines. */
export function sum(amounts: readonly TDecimal[]): TDecimal {
  return amounts.reduce((total, a) => total.plus(a), new D(0)).toFixed();
}

/** `amount × rate`, rounded half-up to `places` (2 by default; a currency's minor units otherwise). */
export function convert(amount: TDecimal, rate: TDecimal, places = 2): TDecimal {
  return round(new D(amount).times(rate).toFixed(), places);
}

/** 1 / rate with the 8 places a stored rate has, trailing zeros dropped: invert("1.25") = "0.8". */
export function invert(rate: TDecimal): TDecimal {
  return toRate(new D(1).dividedBy(rate));
}

function toRate(value: Decimal): TDecimal {
  return value.toDecimalPlaces(RATE_DECIMALS, D.ROUND_HALF_UP).toFixed();
}

/** The pair's rate with the latest `validFrom` on or before `day` (days compare as ISO strings). */
function latest(rates: readonly TRateEntry[], from: string, to: string, day: string) {
  let best: TRateEntry | undefined;
  for (const r of rates) {
    if (r.from !== from || r.to !== to || r.validFrom > day) continue;
    if (!best || r.validFrom > best.validFrom) best = r;
  }
  return best;
}

type TExact = { rate: Decimal; validFrom: string; how: 'direct' | 'inverse' };

/** The stored pair, else the inverse of the opposite pair; unrounded so a chain rounds once. */
function pairRate(rates: readonly TRateEntry[], from: string, to: string, day: string): TExact | undefined {
  const direct = latest(rates, from, to, day);
  if (direct) return { rate: new D(direct.rate), validFrom: direct.validFrom, how: 'direct' };
  const opposite = latest(rates, to, from, day);
  if (opposite)
    return { rate: new D(1).dividedBy(opposite.rate), validFrom: opposite.validFrom, how: 'inverse' };
  return undefined;
}

/**
 * The rate from → to valid on `day`: the pair itself (latest validFrom ≤ day), else the inverse of the
 * opposite pair, else through the base currency (from → base → to). The result has at most 8 places,
 * like a stored rate, so that a booking line can keep it and recompute the same amount. `validFrom` of
 * a chain is its newer leg's: the combined rate holds from then on. Undefined when no rate is known.
 */
export function rateOn(
  from: string,
  to: string,
  rates: readonly TRateEntry[],
  day: string,
  base: string = DEFAULT_CURRENCY,
): TFoundRate | undefined {
  if (from === to) return { rate: '1', validFrom: day, how: 'same' };
  const pair = pairRate(rates, from, to, day);
  if (pair) return { rate: toRate(pair.rate), validFrom: pair.validFrom, how: pair.how };
  if (from === base || to === base) return undefined;
  const first = pairRate(rates, from, base, day);
  const second = pairRate(rates, base, to, day);
  if (!first || !second) return undefined;
  const validFrom = first.validFrom > second.validFrom ? first.validFrom : second.validFrom;
  return { rate: toRate(first.rate.times(second.rate)), validFrom, how: 'base' };
}

/** `amount` in `from` converted to `to` at the rate valid on `day` (see `rateOn`); undefined without a rate. */
export function convertVia(
  amount: TDecimal,
  from: string,
  to: string,
  rates: readonly TRateEntry[],
  day: string,
  opts: { base?: string; places?: number } = {},
): TConversion | undefined {
  const found = rateOn(from, to, rates, day, opts.base);
  return found && { ...found, amount: convert(amount, found.rate, opts.places) };
}

const LOCALES: Record<TLanguage, string> = { de: 'de-DE', en: 'en-GB' };

/** "4.536,00 $" (de) or "US$4,536.00" (en); exact for any decimal string, no float on the way. */
export function formatMoney(amount: TDecimal, currency: string, lang: TLanguage, decimals = 2): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(round(amount, decimals) as Intl.StringNumericLiteral);
}

/** A rate as people read it: "1,08" (de), "0.92592593" (en); up to 8 places, no trailing zeros. */
export function formatRate(rate: TDecimal, lang: TLanguage): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: RATE_DECIMALS }).format(
    new D(rate).toFixed() as Intl.StringNumericLiteral,
  );
}
