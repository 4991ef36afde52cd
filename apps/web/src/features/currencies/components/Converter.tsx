import type { TLanguage } from '@atoll/domain/constants';
import { convert, formatMoney, formatRate, invert } from '@atoll/domain/money';
import { Alert, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { formatDay } from '../../../components/format.ts';
import { useCurrencies } from '../../../components/useReferenceData.ts';
import { useRateOn } from '../api.ts';
import { todayIso } from './currencyFields.tsx';

const AMOUNT = /^\d{1,13}([.,]\d{1,8})?$/;

/**
 * Converts an amount at the rate valid on a day (stored, inverted or through the base: the server's
 * `exchangeRate` call), rounded to the target's minor units. With the user setting
 * showInvertedCurrencyExchange it shows the other direction too (display only).
 */
export function Converter() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TLanguage;
  const { user } = useSession();
  const inverted = user?.settings.showInvertedCurrencyExchange === true;
  const currencies = useCurrencies().data ?? [];
  const base = currencies.find((c) => c.isBase)?.code ?? null;
  const [amount, setAmount] = useState('100');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [date, setDate] = useState(todayIso());
  const source = from ?? base;
  const target = to ?? currencies.find((c) => c.code !== source)?.code ?? null;
  const rate = useRateOn(source, target, date);
  const decimalsOf = (code: string) => currencies.find((c) => c.code === code)?.decimals ?? 2;
  const isAmount = AMOUNT.test(amount.trim());
  const value = amount.trim().replace(',', '.');

  const line = (a: string, f: string, tCode: string, r: string) =>
    `${formatMoney(a, f, lang, decimalsOf(f))} = ${formatMoney(convert(a, r, decimalsOf(tCode)), tCode, lang, decimalsOf(tCode))}`;

  const result = () => {
    if (!source || !target || !isAmount || rate.isPending) return null;
    if (rate.isError) return <Alert color="red">{t('datatable.error')}</Alert>;
    if (!rate.data)
      return <Alert color="yellow">{t('currencies.converter.noRate', { day: formatDay(date, lang) })}</Alert>;
    const r = rate.data;
    return (
      <Stack gap={4} aria-live="polite">
        <Text fw={600} size="lg" data-testid="conversion">
          {line(value, source, target, r.rate)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('currencies.converter.rate', {
            from: source,
            to: target,
            rate: formatRate(r.rate, lang),
            day: formatDay(r.validFrom, lang),
          })}
          {r.how === 'inverse' || r.how === 'base' ? ` (${t(`currencies.converter.how.${r.how}`)})` : ''}
        </Text>
        {inverted && (
          <>
            <Text fw={600} data-testid="conversion-inverted">
              {line(value, target, source, invert(r.rate))}
            </Text>
            <Text size="sm" c="dimmed">
              {t('currencies.converter.inverse', {
                from: target,
                to: source,
                rate: formatRate(invert(r.rate), lang),
              })}
            </Text>
          </>
        )}
      </Stack>
    );
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>{t('currencies.converter.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <TextInput
            label={t('currencies.converter.amount')}
            inputMode="decimal"
            value={amount}
            error={isAmount ? undefined : t('currencies.converter.badAmount')}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <CurrencySelect label={t('currencies.converter.from')} value={source} onChange={setFrom} />
          <CurrencySelect label={t('currencies.converter.to')} value={target} onChange={setTo} />
          <TextInput
            type="date"
            label={t('currencies.converter.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
        </SimpleGrid>
        {result()}
      </Stack>
    </Paper>
  );
}
