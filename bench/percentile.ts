/** The value below which p % of the (ascending) sorted samples lie: p99 of 1,000 samples is the tenth slowest. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
