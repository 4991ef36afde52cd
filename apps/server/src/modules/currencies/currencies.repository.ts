import type { TCreateExchangeRate, TRateEntry } from '@atoll/domain/currencies';
import { normalize } from '@atoll/domain/money';
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { currencies, exchangeRates } from '../../db/schema.ts';

export type TCurrencyRow = typeof currencies.$inferSelect;
export type TExchangeRateRow = typeof exchangeRates.$inferSelect;

const BATCH = 500;

export const toRateEntry = (row: TExchangeRateRow): TRateEntry => ({
  from: row.fromCurrency,
  to: row.toCurrency,
  rate: normalize(row.rate),
  validFrom: row.validFrom,
});

async function byId(ex: Executor, id: number): Promise<TCurrencyRow | undefined> {
  const [row] = await ex.select().from(currencies).where(eq(currencies.id, id));
  return row;
}

export function createCurrenciesRepository() {
  return {
    byId,

    async active(ex: Executor) {
      return ex
        .select({
          code: currencies.code,
          name: currencies.name,
          symbol: currencies.symbol,
          decimals: currencies.decimals,
          isBase: currencies.isBase,
        })
        .from(currencies)
        .where(eq(currencies.isActive, true))
        .orderBy(asc(currencies.sort), asc(currencies.code));
    },

    async codes(ex: Executor): Promise<string[]> {
      const rows = await ex.select({ code: currencies.code }).from(currencies).orderBy(asc(currencies.code));
      return rows.map((r) => r.code);
    },

    async baseCode(ex: Executor): Promise<string | undefined> {
      const [row] = await ex
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.isBase, true));
      return row?.code;
    },

    /** Whether any exchange rate names the currency. */
    async hasRates(ex: Executor, code: string): Promise<boolean> {
      const [row] = await ex
        .select({ id: exchangeRates.id })
        .from(exchangeRates)
        .where(or(eq(exchangeRates.fromCurrency, code), eq(exchangeRates.toCurrency, code)))
        .limit(1);
      return Boolean(row);
    },

    /** Makes this currency the only base, in one statement. */
    async setBase(ex: Executor, id: number): Promise<TCurrencyRow | undefined> {
      await ex
        .update(currencies)
        .set({ isBase: sql`${currencies.id} = ${id}`, updatedAt: sql`now()` })
        .where(or(eq(currencies.isBase, true), eq(currencies.id, id)));
      return byId(ex, id);
    },

    /** Each pair's rate with the latest validFrom on or before `day`. */
    async ratesOn(ex: Executor, day: string): Promise<TRateEntry[]> {
      const rows = await ex
        .selectDistinctOn([exchangeRates.fromCurrency, exchangeRates.toCurrency])
        .from(exchangeRates)
        .where(lte(exchangeRates.validFrom, day))
        .orderBy(
          asc(exchangeRates.fromCurrency),
          asc(exchangeRates.toCurrency),
          desc(exchangeRates.validFrom),
        );
      return rows.map(toRateEntry);
    },

    /** Keys "from/to/validFrom" of the given rates that are stored already. */
    async existingKeys(ex: Executor, rates: readonly TCreateExchangeRate[]): Promise<Set<string>> {
      const froms = [...new Set(rates.map((r) => r.from))];
      const days = [...new Set(rates.map((r) => r.validFrom))];
      const rows = await ex
        .select({
          from: exchangeRates.fromCurrency,
          to: exchangeRates.toCurrency,
          day: exchangeRates.validFrom,
        })
        .from(exchangeRates)
        .where(and(inArray(exchangeRates.fromCurrency, froms), inArray(exchangeRates.validFrom, days)));
      return new Set(rows.map((r) => `${r.from}/${r.to}/${r.day}`));
    },

    /** Inserts the rates; a pair's rate of the same day is replaced. */
    async upsertRates(ex: Executor, rates: readonly TCreateExchangeRate[]) {
      for (let i = 0; i < rates.length; i += BATCH) {
        await ex
          .insert(exchangeRates)
          .values(
            rates.slice(i, i + BATCH).map((r) => ({
              fromCurrency: r.from,
              toCurrency: r.to,
              rate: r.rate,
              validFrom: r.validFrom,
              source: r.source,
            })),
          )
          .onConflictDoUpdate({
            target: [exchangeRates.fromCurrency, exchangeRates.toCurrency, exchangeRates.validFrom],
            set: { rate: sql`excluded.rate`, source: sql`excluded.source`, updatedAt: sql`now()` },
          });
      }
    },
  };
}
export type TCurrenciesRepository = ReturnType<typeof createCurrenciesRepository>;
