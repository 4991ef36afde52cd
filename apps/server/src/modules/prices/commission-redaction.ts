import { COMMISSION_TOTALS, type TTotals } from '@atoll/domain/pricing/engine-types';

type TLine = { customData: { generator: string } };
type TWhy = {
  specialId: number;
  reason: string;
  beatenBy?: number | undefined;
  commission?: true | undefined;
};

/**
 * A priced result (a booking's calculation, a simulated draft) as agents and customers may see it: without
 * the commission line, the commission totals and the why of every commission special, applied or not (and
 * of what one beat).
 * One rule for redactBooking and the agent's price simulation.
 */
export function withoutCommission<T extends Partial<TTotals>, L extends TLine, W extends TWhy>(priced: {
  totals: T;
  lines: L[];
  why: W[];
}): { totals: Omit<T, (typeof COMMISSION_TOTALS)[number]>; lines: L[]; why: W[] } {
  const totals = { ...priced.totals };
  for (const key of COMMISSION_TOTALS) delete totals[key];
  // Marked by the engine; `reason` covers what was priced before the mark existed.
  const commissionSpecials = new Set(
    priced.why.filter((w) => w.commission || w.reason === 'commission').map((w) => w.specialId),
  );
  return {
    totals,
    lines: priced.lines.filter((line) => line.customData.generator !== 'commission'),
    why: priced.why.filter(
      (w) =>
        !commissionSpecials.has(w.specialId) &&
        !(w.beatenBy !== undefined && commissionSpecials.has(w.beatenBy)),
    ),
  };
}
