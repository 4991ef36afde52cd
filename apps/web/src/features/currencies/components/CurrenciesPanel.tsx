import { Stack } from '@mantine/core';
import { referenceKeys } from '../../../components/useReferenceData.ts';
import { rateKeys, useRefreshAfterChanges } from '../api.ts';
import { Converter } from './Converter.tsx';
import { CurrencyList } from './CurrencyList.tsx';
import { ExchangeRates } from './ExchangeRates.tsx';

// What a change on this screen may alter elsewhere: conversions and the app's currency pickers.
const DERIVED = [rateKeys.ons(), referenceKeys.currencies()];

/** Currencies, exchange rates with their valid-from days, CSV import and a converter (docs/domain/currencies.md). */
export function CurrenciesPanel() {
  useRefreshAfterChanges(DERIVED);
  return (
    <Stack gap="xl">
      <Converter />
      <CurrencyList />
      <ExchangeRates />
    </Stack>
  );
}
