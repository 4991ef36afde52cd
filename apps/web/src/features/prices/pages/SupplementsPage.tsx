import type { TLanguage } from '@atoll/domain/constants';
import {
  CHARGING_BASES,
  LINE_CUSTOMER_TYPES,
  SUPPLEMENT_VALUE_TYPES,
  type TSupplement,
} from '@atoll/domain/pricing/entities';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourcePage, type TResourceField } from '../../../components/resource/ResourcePage.tsx';
import { PRICE_WRITE, type TOption, useAllRoomTypes, usePriceOptions, useVariants } from '../api.ts';
import { variantName } from '../components/EntryTable.tsx';
import { dateField, idsField } from '../components/resourceFields.tsx';
import { supplementValue } from '../components/SupplementsCard.tsx';

type TSupplementRow = TSupplement & Record<string, unknown>;
type TChoices = { prices: TOption[]; roomTypes: TOption[]; variants: TOption[] };

const choice = (t: TFunction, group: string, values: readonly string[]) =>
  values.map((v) => ({ value: v, label: t(`prices.${group}.${v}`) }));

function fieldsOf(t: TFunction, choices: TChoices, priceId: string): TResourceField[] {
  return [
    {
      key: 'priceId',
      kind: 'select',
      numeric: true,
      required: true,
      options: choices.prices,
      initial: priceId,
    },
    { key: 'name', kind: 'text', required: true },
    { key: 'translations', kind: 'translations' },
    { key: 'value', kind: 'decimal', required: true, min: 0 },
    {
      key: 'valueType',
      kind: 'select',
      required: true,
      initial: 'fixed',
      options: choice(t, 'supplements.valueTypes', SUPPLEMENT_VALUE_TYPES),
    },
    {
      key: 'chargingBase',
      kind: 'select',
      required: true,
      initial: 'PerBooking',
      options: choice(t, 'chargingBases', CHARGING_BASES),
    },
    { key: 'qtyPerUnit', kind: 'decimal', required: true, initial: '1', min: 0 },
    {
      key: 'customerType',
      kind: 'select',
      required: true,
      initial: 'None',
      options: choice(t, 'customerTypes', LINE_CUSTOMER_TYPES),
    },
    { key: 'mandatory', kind: 'switch', initial: true, description: t('prices.supplements.mandatoryHint') },
    { key: 'perUnit', kind: 'switch', description: t('prices.supplements.perUnitHint') },
    { key: 'commissionable', kind: 'switch' },
    { key: 'singleUse', kind: 'switch', description: t('prices.supplements.singleUseHint') },
    idsField('roomTypeIds', choices.roomTypes, t('prices.supplements.allHint')),
    idsField('variantIds', choices.variants, t('prices.supplements.allHint')),
    dateField('validFrom'),
    dateField('validTo'),
    { key: 'sort', kind: 'number', initial: 0 },
  ];
}

/** /supplements (`?priceId=` narrows to one price): priced extras of a price (docs/domain/prices.md). */
export default function SupplementsPage() {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'de') as TLanguage;
  const [params] = useSearchParams();
  const prices = usePriceOptions();
  const roomTypes = useAllRoomTypes();
  const variants = useVariants();
  const priceOf = (id: number) => prices.data?.find((p) => p.id === id);
  const choices: TChoices = {
    prices: (prices.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.validFrom})` })),
    roomTypes: (roomTypes.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
    variants: (variants.data ?? []).map((v) => ({ value: String(v.id), label: variantName(v, lang) })),
  };

  return (
    <ResourcePage<TSupplementRow>
      resource="supplements"
      title={t('routes.supplements')}
      intro={t('prices.supplements.intro')}
      defaultSort="sort"
      scopes={PRICE_WRITE}
      columns={[
        { key: 'name', sortable: true, render: (row) => row.translations[lang] || row.name },
        { key: 'priceId', sortable: true, render: (row) => priceOf(row.priceId)?.name ?? `#${row.priceId}` },
        {
          key: 'value',
          render: (row) => (
            <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {supplementValue(row, priceOf(row.priceId)?.currencies[0] ?? 'EUR', lang)}
            </Text>
          ),
        },
        {
          key: 'chargingBase',
          sortable: true,
          render: (row) => t(`prices.chargingBases.${row.chargingBase}`),
        },
        {
          key: 'mandatory',
          sortable: true,
          render: (row) => t(row.mandatory ? 'prices.supplements.mandatory' : 'prices.supplements.optional'),
        },
      ]}
      filters={[{ key: 'priceId', options: choices.prices, toFilter: (v) => ({ priceId: Number(v) }) }]}
      fields={fieldsOf(t, choices, params.get('priceId') ?? '')}
    />
  );
}
