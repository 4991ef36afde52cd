import type { TReportState } from '@atoll/domain/bookings/queries';
import type { TRateEntry } from '@atoll/domain/currencies';
import { convert, D, rateOn } from '@atoll/domain/money';
import type { TProfitLossType, TReportColumn, TReportQuery, TReportRow } from '@atoll/domain/reports';
import type { TSessionUser } from '@atoll/domain/users';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { TFigures, TLost, TMoney, TReportsRepository } from './reports.repository.ts';

// Sums per key in the base currency (docs/domain/reports.md "Money"): the statements sum per key, currency
// and day of rate; each such sum is converted once at the rate valid that day, and what has no rate is
// listed as unconverted, never guessed.

type TDecimal = InstanceType<typeof D>;
export type TUnconverted = { currency: string; date: string; amount: string };

/** Converts amounts of `currency` on `day` to the base currency; undefined (and listed) without a rate. */
export function converter(base: string, rates: readonly TRateEntry[]) {
  const unconverted: TUnconverted[] = [];
  return {
    unconverted,
    toBase(amount: string, currency: string, day: string): TDecimal | undefined {
      if (currency === base) return new D(amount);
      const found = rateOn(currency, base, rates, day, base);
      if (found) return new D(convert(amount, found.rate));
      if (!new D(amount).isZero()) unconverted.push({ currency, date: day, amount });
      return undefined;
    },
  };
}
export type TConverter = ReturnType<typeof converter>;

/** A rate to the base currency and the days `[from, to)` it holds on (ISO days). */
export type TRatePeriod = { currency: string; from: string; to: string; rate: string };

/**
 * The rate of each other currency to the base currency as periods (rateOn: the pair, else its inverse), so that
 * a statement converts its sums per currency and rate day itself; before its first rate a currency has none.
 */
export function ratePeriods(base: string, rates: readonly TRateEntry[]): TRatePeriod[] {
  const periods: TRatePeriod[] = [];
  const currencies = new Set(rates.flatMap((r) => [r.from, r.to]).filter((c) => c !== base));
  for (const currency of currencies) {
    const days = [
      ...new Set(
        rates
          .filter((r) => (r.from === currency && r.to === base) || (r.from === base && r.to === currency))
          .map((r) => r.validFrom),
      ),
    ].sort();
    days.forEach((day, i) => {
      const found = rateOn(currency, base, rates, day, base);
      if (found) periods.push({ currency, from: day, to: days[i + 1] ?? '9999-12-31', rate: found.rate });
    });
  }
  return periods;
}

/** One row being summed: its label, counts and money in the base currency. */
export type TSum = {
  key: string;
  label: string;
  counts: Record<string, number>;
  money: Record<string, TDecimal>;
};

/**
 * Adds rows (key, label, currency, rateDay and the named fields) into `into`, per `keyOf(row)`: count fields
 * as numbers, money fields converted to the base currency (`money` maps a row field to a column).
 */
export function addRows<R extends { key: string; label: string | null; currency?: string; rateDay?: string }>(
  into: Map<string, TSum>,
  rows: readonly R[],
  fields: TFields<R>,
  conv: TConverter,
  keyOf: (row: R) => { key: string; label: string } = (row) => ({
    key: row.key,
    label: row.label ?? row.key,
  }),
) {
  for (const row of rows) {
    const { key, label } = keyOf(row);
    const sum = into.get(key) ?? { key, label, counts: {}, money: {} };
    for (const field of fields.counts ?? [])
      sum.counts[field] = (sum.counts[field] ?? 0) + Number(row[field] ?? 0);
    for (const [field, column] of Object.entries(fields.money ?? {}) as [keyof R & string, string][]) {
      const value = String(row[field] ?? '0');
      // Without a currency the statement converted it already.
      const amount =
        row.currency === undefined ? new D(value) : conv.toBase(value, row.currency, row.rateDay ?? '');
      sum.money[column] = (sum.money[column] ?? new D(0)).plus(amount ?? 0);
    }
    into.set(key, sum);
  }
  return into;
}

/** The fields of `addRows`: counts and money (a row field to its column). */
export type TFields<R> = { counts?: (keyof R & string)[]; money?: Partial<Record<keyof R & string, string>> };

/**
 * Adds the rows of a money statement (already in the base currency) like `addRows`, and lists the sums of
 * its total that had no rate (for the money fields taken) as unconverted.
 */
export function addFigures<R extends { key: string; label: string | null; lost: TLost[] | null }>(
  into: Map<string, TSum>,
  figures: TFigures<R>,
  fields: TFields<R>,
  conv: TConverter,
) {
  for (const lost of figures.total?.lost ?? [])
    for (const field of Object.keys(fields.money ?? {}))
      conv.toBase(lost[field] ?? '0', lost.currency, lost.day);
  return addRows(into, figures.rows, fields, conv);
}

/** The total row of a money statement as a sum (top lists: their rows are only the first ones). */
export function totalFrom<R extends { key: string; label: string | null }>(
  figures: TFigures<R>,
  fields: TFields<R>,
  conv: TConverter,
): TSum | undefined {
  if (!figures.total) return undefined;
  return addRows(new Map(), [{ ...figures.total, key: '', label: '' }], fields, conv).get('');
}

/** a / b in percent with 2 decimals; null when b is 0. */
export const percent = (a: number, b: number) => (b === 0 ? null : new D(a).times(100).div(b).toFixed(2));

/** The cell of a column: counts as numbers, money as 2-decimal strings, the label as text. */
export function cellsOf(sum: TSum, columns: readonly TReportColumn[]): TReportRow {
  const row: TReportRow = {};
  for (const c of columns) {
    if (c.key === 'label') row.label = sum.label;
    else if (c.kind === 'money') row[c.key] = (sum.money[c.key] ?? new D(0)).toFixed(2);
    else if (c.kind === 'count') row[c.key] = sum.counts[c.key] ?? 0;
  }
  return row;
}

/** The total over sums (labels aside). */
export function totalOf(sums: Iterable<TSum>): TSum {
  const total: TSum = { key: '', label: '', counts: {}, money: {} };
  for (const s of sums) {
    for (const [k, v] of Object.entries(s.counts)) total.counts[k] = (total.counts[k] ?? 0) + v;
    for (const [k, v] of Object.entries(s.money)) total.money[k] = (total.money[k] ?? new D(0)).plus(v);
  }
  return total;
}

/** Highest first by the money column `by` (else the count), then by label. */
export function ranked(sums: Iterable<TSum>, by: { money?: string; count: string }) {
  const value = (s: TSum) => (by.money ? (s.money[by.money] ?? new D(0)) : new D(s.counts[by.count] ?? 0));
  return [...sums].sort((a, b) => value(b).comparedTo(value(a)) || a.label.localeCompare(b.label));
}

export type TReportParams = { type?: TProfitLossType; vessel?: number };
/** What a report's builder gets: who asks, the query, the range, the counted bookings' condition. */
export type TReportContext = {
  user: TSessionUser;
  query: TReportQuery;
  from: string;
  to: string;
  states: TReportState[];
  where: SQL;
  conv: TConverter;
  seesMoney: boolean;
  params: TReportParams;
  money: TMoney;
};
export type TTable = { columns: TReportColumn[]; sums: TSum[]; total?: TSum };
export type TBuilder = (ex: Executor, c: TReportContext, repo: TReportsRepository) => Promise<TTable>;
export const col = (key: string, kind: TReportColumn['kind'] = 'count'): TReportColumn => ({ key, kind });
export const LABEL = col('label', 'text');
