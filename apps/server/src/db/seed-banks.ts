import type { TCsvMapping } from '@atoll/domain/banks/statement';
import type { Tx } from './client.ts';
import { bankAccounts } from './schema.ts';

/** The mapping of a German bank's CSV export (semicolons, DD.MM.YYYY, decimal comma). */
export const HAUSBANK_MAPPING: TCsvMapping = {
  delimiter: ';',
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
  skipLines: 0,
  hasHeader: true,
  footerLines: 0,
  columns: {
    date: 'Buchungstag',
    amount: 'Betrag',
    currency: 'Währung',
    counterparty: 'Name Zahlungsbeteiligter',
    reference: 'Verwendungszweck',
    externalId: 'Buchungsreferenz',
  },
};

/** The demo's bank account "Hausbank" (EUR), ready for a statement import. */
export async function seedBanks(tx: Tx) {
  await tx.insert(bankAccounts).values({
    name: 'Hausbank',
    bankName: 'Förde Bank',
    accountHolder: 'Atoll Demo Divers GmbH',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    currency: 'EUR',
    openingBalance: '25000.00',
    openingDate: `${new Date().getUTCFullYear()}-01-01`,
    csvMapping: HAUSBANK_MAPPING,
    autoAssign: true,
  });
}
