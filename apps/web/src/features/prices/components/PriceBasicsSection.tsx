import type { TLanguage } from '@atoll/domain/constants';
import {
  CALCULATION_TYPES,
  PRICE_STATUSES,
  PRICE_TYPES,
  type TCalculationType,
  type TPriceStatus,
  type TPriceType,
} from '@atoll/domain/pricing/entities';
import { MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFieldErrors } from '../../../components/fieldErrors.ts';
import { type TOption, useAssetOptions, useVariants, useVesselTours } from '../api.ts';
import { CodesMultiSelect } from './CodesMultiSelect.tsx';
import { variantName } from './EntryTable.tsx';
import { PeriodsEditor } from './PeriodsEditor.tsx';
import { assetIds, type TPriceForm } from './priceForm.ts';

export type TSectionProps = {
  form: TPriceForm;
  set: <K extends keyof TPriceForm>(key: K, value: TPriceForm[K]) => void;
  errors: TFieldErrors;
  disabled: boolean;
  isCreate: boolean;
};

const withPrefix = (kind: 'resort' | 'vessel', options: TOption[]) =>
  options.map((o) => ({ value: `${kind}:${o.value}`, label: o.label }));

/** Name, asset, validity, kind of price, its variants and currencies. */
export function PriceBasicsSection({ form, set, errors, disabled, isCreate }: TSectionProps) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'de') as TLanguage;
  const assets = useAssetOptions();
  const variants = useVariants();
  const { vesselId } = assetIds(form.asset);
  const tours = useVesselTours(vesselId);
  const label = (field: string) => t(`resources.price.fields.${field}`);
  // Tours and departures belong to one vessel: another asset starts without them.
  const changeAsset = (asset: string) => {
    set('asset', asset);
    set('tourIds', []);
    set('scheduleIds', []);
  };
  const assetData = [
    { group: t('prices.form.resorts'), items: withPrefix('resort', assets.resorts) },
    { group: t('prices.form.vessels'), items: withPrefix('vessel', assets.vessels) },
  ].filter((g) => g.items.length > 0);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={label('name')}
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          disabled={disabled}
          required
        />
        <TextInput
          label={label('internalId')}
          value={form.internalId}
          onChange={(e) => set('internalId', e.currentTarget.value)}
          error={errors.internalId}
          disabled={disabled}
        />
        <Select
          label={label('asset')}
          data={assetData}
          value={form.asset || null}
          onChange={(value) => changeAsset(value ?? '')}
          error={errors.resortId ?? errors.vesselId}
          disabled={disabled}
          searchable
          required
        />
        <Select
          label={label('status')}
          description={isCreate ? t('prices.form.draftHint') : undefined}
          data={PRICE_STATUSES.map((s) => ({ value: s, label: t(`prices.status.${s}`) }))}
          value={form.status}
          onChange={(value) => value && set('status', value as TPriceStatus)}
          error={errors.status}
          disabled={disabled || isCreate}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={label('validFrom')}
          value={form.validFrom}
          onChange={(e) => set('validFrom', e.currentTarget.value)}
          error={errors.validFrom}
          disabled={disabled}
          required
        />
        <TextInput
          type="date"
          label={label('validTo')}
          value={form.validTo}
          onChange={(e) => set('validTo', e.currentTarget.value)}
          error={errors.validTo}
          disabled={disabled}
          required
        />
        <Select
          label={label('calculationType')}
          description={t(`prices.calculationTypeHints.${form.calculationType}`)}
          data={CALCULATION_TYPES.map((c) => ({ value: c, label: t(`prices.calculationTypes.${c}`) }))}
          value={form.calculationType}
          onChange={(value) => value && set('calculationType', value as TCalculationType)}
          error={errors.calculationType}
          disabled={disabled}
          allowDeselect={false}
        />
        <Select
          label={label('type')}
          data={PRICE_TYPES.map((c) => ({ value: c, label: t(`prices.types.${c}`) }))}
          value={form.type}
          onChange={(value) => value && set('type', value as TPriceType)}
          error={errors.type}
          disabled={disabled}
          allowDeselect={false}
        />
      </SimpleGrid>
      <PeriodsEditor
        value={form.periods}
        onChange={(periods) => set('periods', periods)}
        error={errors.periods}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={label('variants')}
          description={t('prices.form.variantsHint')}
          data={(variants.data ?? []).map((v) => ({ value: String(v.id), label: variantName(v, lang) }))}
          value={form.variants}
          onChange={(value) => set('variants', value)}
          error={errors.variants}
          disabled={disabled}
          searchable
        />
        <CodesMultiSelect
          kind="currency"
          label={label('currencies')}
          description={t('prices.form.currenciesHint')}
          value={form.currencies}
          onChange={(value) => set('currencies', value)}
          error={errors.currencies}
          disabled={disabled}
          required
        />
        <NumberInput
          label={label('minNights')}
          description={t('prices.form.minNightsHint')}
          value={form.minNights}
          min={1}
          max={365}
          allowDecimal={false}
          onChange={(value) => set('minNights', typeof value === 'number' ? value : '')}
          error={errors.minNights}
          disabled={disabled}
        />
        {vesselId !== null && (
          <MultiSelect
            label={label('tourIds')}
            description={t('prices.form.toursHint')}
            data={(tours.data ?? []).map((tour) => ({ value: String(tour.id), label: tour.name }))}
            value={form.tourIds}
            onChange={(value) => set('tourIds', value)}
            error={errors.tourIds}
            disabled={disabled}
            searchable
          />
        )}
        <Switch
          label={label('useOnsiteCurrency')}
          checked={form.useOnsiteCurrency}
          onChange={(e) => set('useOnsiteCurrency', e.currentTarget.checked)}
          disabled={disabled}
        />
        <Switch
          label={label('isAvailableToOTA')}
          checked={form.isAvailableToOTA}
          onChange={(e) => set('isAvailableToOTA', e.currentTarget.checked)}
          disabled={disabled}
        />
      </SimpleGrid>
    </Stack>
  );
}
