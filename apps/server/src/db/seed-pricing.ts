import type { Tx } from './client.ts';

/** Demo prices, variants, supplements, terms, commissions and specials for the demo resort and vessel. */
export async function seedPricing(tx: Tx) {
  void tx;
}
