import { COMMISSION_TOTALS, type TTotals } from '@atoll/domain/pricing/engine-types';

type TLine = { customData: { generator: string } };
type TWhy = {
  specialId: number;
  reason: string;
  beatenBy?: number | undefined;
  commission?: true | undefined;
};

/**
 * The why without the commission specials, applied or not (and without what one of them beat): the rules an
 * operator sets for its agencies' commission are the office's business, also for the agency itself.
 */
export function withoutCommissionWhy<W extends TWhy>(why: W[]): W[] {
  // Marked by the engine; `reason` covers what was priced before the mark existed.
  const commissionSpecials = new Set(
    why.filter((w) => w.commission || w.reason === 'commission').map((w) => w.specialId),
  );
  return why.filter(
    (w) =>
      !commissionSpecials.has(w.specialId) &&
      !(w.beatenBy !== undefined && commissionSpecials.has(w.beatenBy)),
  );
}

/**
 * A priced result (a booking's calculation) as customers may see it: without the commission line, the commission
 * totals and the why of every commission special. One rule for redactBooking and the booking flows' answers.
 */
export function withoutCommission<T extends Partial<TTotals>, L extends TLine, W extends TWhy>(priced: {
  totals: T;
  lines: L[];
  why: W[];
}): { totals: Omit<T, (typeof COMMISSION_TOTALS)[number]>; lines: L[]; why: W[] } {
  const totals = { ...priced.totals };
  for (const key of COMMISSION_TOTALS) delete totals[key];
  return {
    totals,
    lines: priced.lines.filter((line) => line.customData.generator !== 'commission'),
    why: withoutCommissionWhy(priced.why),
  };
}
