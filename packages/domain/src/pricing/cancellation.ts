import type { TDecimal } from '../money/money.ts';
import { daysBetween } from './dates.ts';
import { D, fix2, HUNDRED, type TDec } from './dec.ts';
import type { TCalcLine } from './engine-types.ts';
import type { TCancellationTier } from './entities.ts';
import { isBillable } from './totals.ts';

// The cancellation fee of docs/domain/cancellation.md, pure: the booking service supplies the amounts.

export type TCancellationInput = {
  /** Arrival or embarkation. */
  from: string;
  /** The cancellation date; `from − cancelDate` may be negative (no-show). */
  cancelDate: string;
  /** dueBeforeTravel before the cancellation, without ForFree, Info, OnSite and external lines. */
  feeBase: TDecimal;
  /** Request defaults (spec booking §3): useTerms true, percent 0, value 0, includeCommission true. */
  useTerms?: boolean;
  tiers?: readonly TCancellationTier[];
  percent?: TDecimal;
  value?: TDecimal;
  includeCommission?: boolean;
  /** Agency bookings: the booking's commission. */
  isAgency?: boolean;
  commission?: TDecimal;
  depositNonRefundable?: boolean;
  /** The deposit amount paid so far (for depositNonRefundable). */
  depositPaid?: TDecimal;
};

export type TCancellationFee = {
  fee: TDecimal;
  /** The percent applied; null for an absolute value. */
  percent: TDecimal | null;
  daysBefore: number;
  /** The tier that matched; null when none did (100 %) or when terms were not used. */
  tier: TCancellationTier | null;
  feeBase: TDecimal;
  /** The non-refundable deposit raised the fee. */
  byDeposit: boolean;
};

/** The first tier, by daysBefore descending, with d ≥ daysBefore; none: 100 %. */
export function cancellationTier(tiers: readonly TCancellationTier[], d: number): TCancellationTier | null {
  const sorted = [...tiers].sort((a, b) => b.daysBefore - a.daysBefore);
  return sorted.find((t) => d >= t.daysBefore) ?? null;
}

export function cancellationFee(input: TCancellationInput): TCancellationFee {
  const d = daysBetween(input.cancelDate, input.from);
  let base = new D(input.feeBase);
  if (input.isAgency && input.includeCommission === false && input.commission)
    base = base.minus(input.commission);
  base = D.max(base, 0);
  let percent: TDecimal | null = null;
  let tier: TCancellationTier | null = null;
  let fee: TDec;
  const value = new D(input.value ?? '0');
  if (input.useTerms ?? true) {
    tier = cancellationTier(input.tiers ?? [], d);
    percent = tier ? tier.percent : '100';
    fee = new D(fix2(base.times(percent).div(HUNDRED)));
  } else if (value.gt(0)) {
    fee = value;
  } else {
    percent = input.percent ?? '0';
    fee = new D(fix2(base.times(percent).div(HUNDRED)));
  }
  fee = D.min(fee, base);
  const paid = new D(input.depositPaid ?? '0');
  const byDeposit = input.depositNonRefundable === true && paid.gt(fee);
  if (byDeposit) fee = paid;
  return { fee: fix2(fee), percent, daysBefore: d, tier, feeBase: fix2(base), byDeposit };
}

/** The fee base of a booking's lines: billable None and Direct lines (OnSite, ForFree, Info and external out). */
export function cancellationFeeBase(lines: readonly TCalcLine[]): TDecimal {
  let base = new D(0);
  for (const line of lines)
    if (isBillable(line) && (line.customerType === 'None' || line.customerType === 'Direct'))
      base = base.plus(line.total);
  return fix2(base);
}
