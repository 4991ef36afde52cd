import { UNKNOWN_SORT } from '../constants.ts';
import type { TCalcLine, TLineSource } from './engine-types.ts';

// Display order (docs/domain/calculation-lines.md): by `sort` (missing or negative = 9999), then generation order.

const RANK: Record<TLineSource['generator'], number> = {
  tour: 2,
  room: 3,
  supplement: 4,
  product: 5,
  manual: 5.5,
  special: 6,
  commission: 7,
  terms: 9,
};

const sortOf = (line: TCalcLine) => (Number.isFinite(line.sort) && line.sort >= 0 ? line.sort : UNKNOWN_SORT);

/** Manual lines without a known generator sit after the products, before the specials. */
export function sortLines(lines: readonly TCalcLine[], manualKeys: ReadonlySet<string>): TCalcLine[] {
  const rank = (line: TCalcLine) => RANK[line.customData.generator] ?? (manualKeys.has(line.key) ? 5.5 : 8);
  return lines
    .map((line, index) => ({ line, index, sort: sortOf(line), rank: rank(line) }))
    .sort((a, b) => a.sort - b.sort || a.rank - b.rank || a.index - b.index)
    .map((x) => x.line);
}
