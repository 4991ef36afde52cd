import { charterLines, charterSpecials } from './charter.ts';
import { commissionLine, computeCommission } from './commission.ts';
import { createContext, type TCalcContext } from './context.ts';
import type { TCalcLine, TPricingInput, TPricingResult } from './engine-types.ts';
import type { TPriceWithEntries } from './entities.ts';
import { productLines } from './products.ts';
import { roomLines, tourLines } from './room-lines.ts';
import { sortLines } from './sort-lines.ts';
import { applySpecials } from './specials.ts';
import { supplementLines } from './supplements.ts';
import { type TTaxRate, taxRateOf } from './tax.ts';
import { chooseTerms, termsLines } from './terms.ts';
import { computeTotals } from './totals.ts';

// The calculation (docs/domain/prices.md and calculation-lines.md): room lines, supplements, products, specials, commission,
// tax, terms. Pure and exact: decimal strings in, decimal strings out.

export function calculate(input: TPricingInput): TPricingResult {
  const ctx = createContext(input);
  const manual = input.manualLines ?? [];
  // A full charter is one line for the whole vessel, without per-cabin lines and their supplements.
  const charter = input.fullCharter ? charterLines(ctx) : undefined;
  const priced = charter ? [] : input.rooms.map((room) => roomLines(ctx, room));
  const generated = [
    ...tourLines(ctx),
    ...(charter ?? priced.flatMap((p) => p.lines)),
    ...priced.flatMap((p) => supplementLines(ctx, p)),
    ...productLines(ctx),
  ];
  // A generated line a user edited comes back as a manual line with the same key: the manual one stays.
  const manualKeys = new Set(manual.map((l) => l.key));
  const drafted = [...generated.filter((l) => !manualKeys.has(l.key)), ...manual];
  const specialInput = charter ? { ...input, specials: charterSpecials(input.specials) } : input;
  const special = applySpecials(
    { input: specialInput, from: ctx.from, to: ctx.to, nights: ctx.nights },
    drafted,
  );
  const lines = special.lines;
  const firstPrice = firstRoomPrice(ctx, lines);
  const commission = computeCommission(ctx, lines, special.commission, firstPrice);
  const totals = computeTotals(lines, {
    taxOf: taxOf(ctx, firstPrice),
    commission,
    isAgency: !!input.agency,
  });
  const shown = commissionLine(ctx, commission);
  const terms = termsLines(ctx, totals, chooseTerms(ctx, firstPrice));
  return {
    currency: input.currency,
    lines: sortLines([...lines, ...(shown ? [shown] : []), ...terms], manualKeys),
    totals,
    why: special.why,
    problems: ctx.problems,
  };
}

/** The price of the first room line: commission priority 3, terms and the tax of lines without a price. */
function firstRoomPrice(ctx: TCalcContext, lines: readonly TCalcLine[]): TPriceWithEntries | undefined {
  const id = lines.find((l) => l.type === 'room_cost' && l.customData.priceId != null)?.customData.priceId;
  return id == null ? undefined : ctx.input.prices.find((p) => p.id === id);
}

/**
 * Room lines take the tax of their own price (the season of their first night); a product with a tax
 * of its own carries it on its line; every other line (supplements, products without a tax, specials,
 * manual lines) takes the tax of the first room line's price.
 */
function taxOf(ctx: TCalcContext, first: TPriceWithEntries | undefined): (line: TCalcLine) => TTaxRate {
  const byPrice = new Map<number, TTaxRate>();
  for (const p of ctx.input.prices) byPrice.set(p.id, taxRateOf(p.tax));
  const fallback = taxRateOf(first?.tax);
  return (line) => {
    if (line.customData.tax) return taxRateOf(line.customData.tax);
    const id = line.customData.priceId;
    if (line.type === 'room_cost' && id != null && byPrice.has(id)) return byPrice.get(id) ?? null;
    return fallback;
  };
}
