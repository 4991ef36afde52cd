import {
  ADJUSTMENT_TYPES,
  type TAdjustmentType,
  TAX_STATUSES,
  type TPriceTax,
} from '@atoll/domain/pricing/entities';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTermsOptions } from '../api.ts';
import { CodesMultiSelect } from './CodesMultiSelect.tsx';
import type { TSectionProps } from './PriceBasicsSection.tsx';
import { isAmount, isSignedAmount } from './priceForm.ts';

/** Base price, surcharge and discount, tax, commission, terms of payment and the guests' countries. */
export function PriceRatesSection({ form, set, errors, disabled, isCreate }: TSectionProps) {
  const { t } = useTranslation();
  const terms = useTermsOptions();
  const label = (field: string) => t(`resources.price.fields.${field}`);
  const wrong = (text: string, check: (s: string) => boolean) =>
    text.trim() !== '' && !check(text) ? t('prices.form.notAnAmount') : undefined;
  const setTax = (patch: Partial<TPriceTax>) => set('tax', { ...form.tax, ...patch });
  const adjustment = (key: 'surcharge' | 'discount') => {
    const typeKey = key === 'surcharge' ? 'surchargeType' : 'discountType';
    return (
      <>
        <TextInput
          label={label(key)}
          inputMode="decimal"
          value={form[key]}
          onChange={(e) => set(key, e.currentTarget.value)}
          error={errors[key] ?? wrong(form[key], key === 'surcharge' ? isSignedAmount : isAmount)}
          disabled={disabled || form[typeKey] === 'ByEntry'}
        />
        <Select
          label={label(typeKey)}
          description={form[typeKey] === 'ByEntry' ? t('prices.form.byEntryHint') : undefined}
          data={ADJUSTMENT_TYPES.map((a) => ({ value: a, label: t(`prices.adjustmentTypes.${a}`) }))}
          value={form[typeKey]}
          onChange={(value) => value && set(typeKey, value as TAdjustmentType)}
          error={errors[typeKey]}
          disabled={disabled}
          allowDeselect={false}
        />
      </>
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={label('basePrice')}
          description={t('prices.form.basePriceHint')}
          inputMode="decimal"
          value={form.basePrice}
          onChange={(e) => set('basePrice', e.currentTarget.value)}
          error={errors.basePrice ?? wrong(form.basePrice, isAmount)}
          disabled={disabled}
        />
        <TextInput
          label={label('commission')}
          description={t('prices.form.commissionHint')}
          inputMode="decimal"
          value={form.commission}
          onChange={(e) => set('commission', e.currentTarget.value)}
          error={errors.commission ?? wrong(form.commission, isAmount)}
          disabled={disabled}
        />
        {adjustment('surcharge')}
        {adjustment('discount')}
        <Select
          label={label('taxStatus')}
          description={isCreate ? t('prices.form.taxDraftHint') : undefined}
          data={TAX_STATUSES.map((s) => ({ value: s, label: t(`prices.taxStatus.${s}`) }))}
          value={form.tax.status}
          onChange={(value) => value && setTax({ status: value as TPriceTax['status'] })}
          disabled={disabled || isCreate}
          allowDeselect={false}
        />
        <TextInput
          label={label('taxValue')}
          inputMode="decimal"
          value={form.tax.value}
          onChange={(e) => setTax({ value: e.currentTarget.value })}
          error={errors['tax.value'] ?? errors.tax ?? wrong(form.tax.value, isAmount)}
          disabled={disabled}
        />
        <Switch
          label={label('taxInclusive')}
          checked={form.tax.inclusive}
          onChange={(e) => setTax({ inclusive: e.currentTarget.checked })}
          disabled={disabled}
        />
        <Switch
          label={label('defaultTermsOfPayment')}
          checked={form.defaultTermsOfPayment}
          onChange={(e) => set('defaultTermsOfPayment', e.currentTarget.checked)}
          disabled={disabled}
        />
        {!form.defaultTermsOfPayment && (
          <Select
            label={label('termsOfPaymentId')}
            data={(terms.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
            value={form.termsOfPaymentId || null}
            onChange={(value) => set('termsOfPaymentId', value ?? '')}
            error={errors.termsOfPaymentId}
            disabled={disabled}
            searchable
            clearable
          />
        )}
        <CodesMultiSelect
          kind="country"
          label={label('countries')}
          description={t('prices.form.countriesHint')}
          value={form.countries}
          onChange={(value) => set('countries', value)}
          error={errors.countries}
          disabled={disabled}
        />
      </SimpleGrid>
    </Stack>
  );
}
