import { D, fix2, HUNDRED, type TDec, ZERO } from './dec.ts';
import type { TCalcLine } from './engine-types.ts';
import type { TPriceTax } from './entities.ts';

// Tax per line (docs/domain/tax-and-commission.md): only a confirmed tax counts (aborted = disabled, the default).

export type TTaxRate = { percent: TDec; inclusive: boolean } | null;

export function taxRateOf(tax: TPriceTax | null | undefined): TTaxRate {
  if (tax?.status !== 'confirmed') return null;
  const percent = new D(tax.value);
  return percent.isZero() ? null : { percent, inclusive: tax.inclusive };
}

/**
 * The tax in a line total. Inclusive: net = round2(gross / (1 + r/100)), tax = gross − net.
 * Exclusive: tax = round2(net × r/100), added on top of the line.
 */
export function lineTax(lineTotal: string, rate: TTaxRate): TDec {
  if (!rate) return ZERO;
  const amount = new D(lineTotal);
  if (!rate.inclusive) return new D(fix2(amount.times(rate.percent).div(HUNDRED)));
  const net = new D(fix2(amount.times(HUNDRED).div(HUNDRED.plus(rate.percent))));
  return amount.minus(net);
}

/** Tax base: billable lines, not external lines (not billable) and not lines of specials with excludeFromTax. */
export const isTaxed = (line: TCalcLine): boolean => line.customData.excludeFromTax !== true;
