import { UNKNOWN_SORT } from '../constants.ts';
import type { TDecimal } from '../money/money.ts';
import type { TCalcContext } from './context.ts';
import { spanDays } from './dates.ts';
import { D, fix2, HUNDRED, type TDec, ZERO } from './dec.ts';
import type { TCalcLine, TTotals } from './engine-types.ts';
import type { TCommission, TPriceWithEntries } from './entities.ts';
import { COUNTED } from './totals.ts';

// Agency commission (docs/domain/tax-and-commission.md): the percent by priority, the commissionable base, the amount.

export type TCommissionResult = Pick<
  TTotals,
  'commission' | 'commissionBase' | 'commissionPercent' | 'commissionSource'
> & { mode: 'included' | 'subtract' | null };

const NO_COMMISSION: TCommissionResult = {
  commission: '0.00',
  commissionBase: '0.00',
  commissionPercent: '0',
  commissionSource: null,
  mode: null,
};

/**
 * The agency's commission-table row for the asset and the first night: asset-specific rows beat
 * general ones, then the narrower date range (open ends count as endless), then the newest.
 */
export function commissionRow(
  rows: readonly TCommission[],
  agencyId: number,
  asset: { resortId: number | null; vesselId: number | null },
  firstNight: string,
): TCommission | undefined {
  const rank = (r: TCommission) => ({
    specific: r.resortId !== null || r.vesselId !== null ? 0 : 1,
    range: r.validFrom && r.validTo ? spanDays(r.validFrom, r.validTo) : Number.POSITIVE_INFINITY,
  });
  let best: TCommission | undefined;
  for (const r of rows) {
    if (r.agencyId !== agencyId) continue;
    const general = r.resortId === null && r.vesselId === null;
    const mine =
      (r.resortId !== null && r.resortId === asset.resortId) ||
      (r.vesselId !== null && r.vesselId === asset.vesselId);
    if (!general && !mine) continue;
    if ((r.validFrom && firstNight < r.validFrom) || (r.validTo && firstNight > r.validTo)) continue;
    if (!best) {
      best = r;
      continue;
    }
    const a = rank(r);
    const b = rank(best);
    if (
      a.specific < b.specific ||
      (a.specific === b.specific && (a.range < b.range || (a.range === b.range && r.id > best.id)))
    )
      best = r;
  }
  return best;
}

/**
 * The percent by priority: a matching AgencyCommission special, the commission table, the price's
 * commission. A price commission of 0 is the column's default, not a choice: then, and when nothing
 * else gives a value, the agency's own default commission applies (source "agency").
 */
export function commissionPercent(
  ctx: TCalcContext,
  special: { percent: TDecimal } | undefined,
  price: TPriceWithEntries | undefined,
): { percent: TDecimal; source: TTotals['commissionSource'] } {
  const agency = ctx.input.agency;
  if (!agency) return { percent: '0', source: null };
  const { resortId, vesselId, commissions, commissionId } = ctx.input;
  // A row chosen by hand beats the priority list: staff decided for this booking.
  const pinned = commissions.find((r) => r.id === commissionId && r.agencyId === agency.id);
  if (pinned) return { percent: pinned.percent, source: 'agency' };
  if (special) return { percent: special.percent, source: 'special' };
  const row = commissionRow(commissions, agency.id, { resortId, vesselId }, ctx.from);
  if (row) return { percent: row.percent, source: 'agency' };
  if (price && !new D(price.commission).isZero()) return { percent: price.commission, source: 'price' };
  return { percent: agency.commission, source: 'agency' };
}

/**
 * Σ room_cost lines, special lines on the room price or the commissionable base (unless
 * excludeFromCommission), and supplements flagged commissionable; counted customer types only.
 */
export function commissionBase(lines: readonly TCalcLine[]): TDec {
  let base = ZERO;
  for (const line of lines) {
    if (!COUNTED.has(line.customerType)) continue;
    const c = line.customData;
    const counts =
      line.type === 'room_cost' ||
      (line.type === 'special' &&
        (c.target === 'RoomPrice' || c.target === 'Commissionable') &&
        c.excludeFromCommission !== true) ||
      (line.type === 'cost' && c.commissionable === true);
    if (counts) base = base.plus(line.total);
  }
  return base;
}

export function computeCommission(
  ctx: TCalcContext,
  lines: readonly TCalcLine[],
  special: { percent: TDecimal } | undefined,
  price: TPriceWithEntries | undefined,
): TCommissionResult {
  const agency = ctx.input.agency;
  if (!agency) return NO_COMMISSION;
  const { percent, source } = commissionPercent(ctx, special, price);
  const base = commissionBase(lines);
  return {
    commission: fix2(base.times(percent).div(HUNDRED)),
    commissionBase: fix2(base),
    commissionPercent: percent,
    commissionSource: source,
    mode: agency.commissionMode,
  };
}

/** The commission shown to agency views: an Info line, counted nowhere. */
export function commissionLine(ctx: TCalcContext, result: TCommissionResult): TCalcLine | undefined {
  if (!result.mode || new D(result.commissionPercent).isZero()) return undefined;
  return {
    key: 'commission',
    type: 'cost',
    text: ctx.t.commission(result.commissionPercent),
    sort: UNKNOWN_SORT,
    amount: '1',
    price: result.commission,
    total: result.commission,
    customerType: 'Info',
    customer: null,
    editable: false,
    deletable: false,
    unique: true,
    customData: {
      generator: 'commission',
      steps: [`${result.commissionBase} × ${result.commissionPercent} %`],
    },
  };
}
