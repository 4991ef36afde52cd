import type { TStatementEntry } from '@atoll/domain/banks/statement';
import { AppError } from '../../http/errors.ts';
import type { TBankRow } from './banks.repository.ts';

// Bank feeds that deliver statement lines by API instead of a CSV file (`POST banks/wise/collect/{id}`).
// Wise's API needs an account, a token and network access, none of which exist here, so Wise is only an
// interface: no provider is configured, and the call answers 409 PROVIDER_NOT_CONFIGURED. A configured
// provider's lines go through the same duplicate check and matching as a CSV import.

export type TBankFeedProvider = {
  name: string;
  /** The statement lines of the account since the last collection. */
  collect(bank: TBankRow): Promise<TStatementEntry[]>;
};

export const providerNotConfigured = (name: string) =>
  new AppError(409, 'PROVIDER_NOT_CONFIGURED', `The bank feed provider ${name} is not configured`);

/** Wise: not configured in this installation (no token, no network). */
export function wiseProvider(): TBankFeedProvider | null {
  return null;
}
