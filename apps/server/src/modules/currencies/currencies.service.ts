import { DEFAULT_CURRENCY } from '@atoll/domain/constants';
import type {
  TCreateCurrency,
  TCreateExchangeRate,
  TRateImportResult,
  TRateOnDay,
  TRatesOnDay,
  TUpdateCurrency,
  TUpdateExchangeRate,
} from '@atoll/domain/currencies';
import { rateOn } from '@atoll/domain/money';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { TWriteContext } from '../../http/resource.ts';
import type { TCurrenciesRepository, TCurrencyRow, TExchangeRateRow } from './currencies.repository.ts';
import { parseRateCsv } from './rates-csv.ts';

/** Currencies, the one base currency and exchange rates (docs/domain/currencies.md). */
export function createCurrenciesService(deps: { db: Db; repository: TCurrenciesRepository }) {
  const { db, repository } = deps;
  const baseCode = async () => (await repository.baseCode(db)) ?? DEFAULT_CURRENCY;
  const ratesOn = async (date = today()): Promise<TRatesOnDay> => {
    const [base, rates] = await Promise.all([baseCode(), repository.ratesOn(db, date)]);
    return { date, base, rates };
  };

  return {
    options: () => repository.active(db),
    codes: () => repository.codes(db),

    async currencyValues(
      ctx: TWriteContext,
      input: TCreateCurrency | TUpdateCurrency,
      existing?: TCurrencyRow,
    ) {
      if (existing) {
        const renamed = input.code !== undefined && input.code !== existing.code;
        if (renamed && (await repository.hasRates(ctx.tx, existing.code)))
          throw conflict('Exchange rates use this currency: its code cannot change');
        if (input.isActive === false && existing.isBase) throw conflict('The base currency stays active');
      }
      return { ...input };
    },

    async beforeDeleteCurrency(ctx: TWriteContext, row: TCurrencyRow) {
      if (row.isBase) throw conflict('The base currency cannot be deleted');
      if (await repository.hasRates(ctx.tx, row.code)) throw conflict('Exchange rates use this currency');
    },

    /** The deliberate change of the base currency: exactly one currency is the base afterwards. */
    async setBase(id: number): Promise<TCurrencyRow> {
      return db.transaction(async (tx) => {
        const row = await repository.byId(tx, id);
        if (!row) throw notFound('Currency');
        if (!row.isActive) throw conflict('An inactive currency cannot be the base');
        const updated = await repository.setBase(tx, id);
        if (!updated) throw notFound('Currency');
        return updated;
      });
    },

    async rateValues(
      ctx: TWriteContext,
      input: TCreateExchangeRate | TUpdateExchangeRate,
      existing?: TExchangeRateRow,
    ) {
      const from = input.from ?? existing?.fromCurrency;
      const to = input.to ?? existing?.toCurrency;
      if (from === to) throw badRequest('from and to must be different currencies', 'to');
      const known = new Set(await repository.codes(ctx.tx));
      for (const field of ['from', 'to'] as const) {
        const code = input[field];
        if (code !== undefined && !known.has(code)) throw badRequest(`Unknown currency ${code}`, field);
      }
      return {
        fromCurrency: input.from,
        toCurrency: input.to,
        rate: input.rate,
        validFrom: input.validFrom,
        source: input.source,
      };
    },

    ratesOn,

    /** One rate on a day: stored, inverted or through the base (domain `rateOn`). */
    async rateFor(from: string, to: string, date = today()): Promise<TRateOnDay> {
      const { base, rates } = await ratesOn(date);
      const found = rateOn(from, to, rates, date, base);
      if (!found) throw notFound('Exchange rate');
      return { from, to, date, ...found };
    },

    /** A CSV file of rates: every row valid, or nothing is written (one transaction). */
    async importRates(text: string): Promise<TRateImportResult> {
      const { rates, errors } = parseRateCsv(text, new Set(await repository.codes(db)));
      if (errors.length) throw new AppError(400, 'ValidationError', 'The file has invalid rows', errors);
      return db.transaction(async (tx) => {
        const existing = await repository.existingKeys(tx, rates);
        await repository.upsertRates(tx, rates);
        const updated = rates.filter((r) => existing.has(`${r.from}/${r.to}/${r.validFrom}`)).length;
        return { rows: rates.length, created: rates.length - updated, updated };
      });
    },
  };
}
export type TCurrenciesService = ReturnType<typeof createCurrenciesService>;
