import type Decimal from 'decimal.js';
import { D } from '../money/money.ts';

// The engine keeps Decimal values (money.ts's constructor: 40 digits, half-up) in hot loops and rounds
// once per line instead of parsing strings at every step.
export { D };
export type TDec = Decimal;

export const ZERO = new D(0);
export const HUNDRED = new D(100);

/** Two places, half-up, always written with both: the line rounding of docs/domain/currencies.md. */
export const fix2 = (value: Decimal): string => value.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

/** Sum of decimal strings as a Decimal. */
export function total(values: readonly string[]): Decimal {
  let out = ZERO;
  for (const v of values) out = out.plus(v);
  return out;
}
