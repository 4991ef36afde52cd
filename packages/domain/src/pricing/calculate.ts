import type { TPricingInput, TPricingResult } from './engine-types.ts';

// The calculation (domain-rules §3, §4.5): room lines, supplements, products, specials, commission,
// tax, terms. Pure and exact: decimal strings in, decimal strings out.

export function calculate(input: TPricingInput): TPricingResult {
  void input;
  throw new Error('not built yet');
}
