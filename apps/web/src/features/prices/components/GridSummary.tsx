import type { TLanguage } from '@atoll/domain/constants';
import { formatMoney } from '@atoll/domain/money';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { amountsOf, type TPriceForm } from './priceForm.ts';

/** A line under the grid: "6 entries, from €80.00 to €240.00". */
export function GridSummary({
  form,
  currency,
  lang,
}: {
  form: TPriceForm;
  currency: string;
  lang: TLanguage;
}) {
  const { t } = useTranslation();
  const amounts = amountsOf(form, currency);
  const low = amounts[0];
  const high = amounts[amounts.length - 1];
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {low === undefined || high === undefined
        ? t('prices.grid.noEntries')
        : t('prices.grid.summary', {
            count: amounts.length,
            low: formatMoney(low, currency, lang),
            high: formatMoney(high, currency, lang),
          })}
    </Text>
  );
}
