import type { TPriceVariant } from '@atoll/domain/pricing/entities';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { PRICE_WRITE } from '../api.ts';

type TVariantRow = TPriceVariant & Record<string, unknown>;

/** /pricevariant: occupancy and person variants, the columns of every price's entries grid. */
export default function PriceVariantsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const yesNo = (value: boolean) => (
    <Text size="sm" c={value ? undefined : 'dimmed'}>
      {t(value ? 'common.yes' : 'common.no')}
    </Text>
  );
  return (
    <ResourcePage<TVariantRow>
      resource="pricevariant"
      title={t('routes.priceVariants')}
      intro={t('prices.variants.intro')}
      defaultSort="sort"
      scopes={PRICE_WRITE}
      columns={[
        { key: 'name', sortable: true, render: (row) => row.translations[lang] || row.name },
        { key: 'key', sortable: true },
        { key: 'noOfPax', sortable: true, render: (row) => row.noOfPax ?? t('prices.variants.any') },
        { key: 'maxAge', sortable: true, render: (row) => row.maxAge ?? '' },
        { key: 'perPerson', sortable: true, render: (row) => yesNo(row.perPerson) },
        { key: 'isDefault', sortable: true, render: (row) => yesNo(row.isDefault) },
        { key: 'sort', sortable: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'key', kind: 'text' },
        { key: 'translations', kind: 'translations' },
        { key: 'noOfPax', kind: 'number', min: 1, max: 500, description: t('prices.variants.noOfPaxHint') },
        { key: 'maxAge', kind: 'number', min: 0, max: 120, description: t('prices.variants.maxAgeHint') },
        { key: 'perPerson', kind: 'switch', description: t('prices.variants.perPersonHint') },
        { key: 'isDefault', kind: 'switch', description: t('prices.variants.isDefaultHint') },
        { key: 'fullCharter', kind: 'switch' },
        { key: 'sort', kind: 'number', initial: 0 },
      ]}
    />
  );
}
