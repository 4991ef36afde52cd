import type { TBedType } from '@atoll/domain/inventory/resorts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

type TBedTypeRow = TBedType & Record<string, unknown>;

const WRITE = ['resort.update', 'vessel.update'];

/** /bedtype: the kinds of beds rooms and cabins have (single, queen, bunk …), named per language. */
export default function BedTypesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  return (
    <ResourcePage<TBedTypeRow>
      resource="bedtype"
      title={t('routes.bedTypes')}
      intro={t('roomTypes.bedTypes.intro')}
      defaultSort="sort"
      scopes={{ create: WRITE, update: WRITE, delete: WRITE }}
      columns={[
        { key: 'name', sortable: true, render: (row) => row.translations[lang] || row.name },
        { key: 'key', sortable: true },
        { key: 'persons', sortable: true },
        {
          key: 'isActive',
          sortable: true,
          render: (row) => (
            <Text size="sm" c={row.isActive ? undefined : 'dimmed'}>
              {t(row.isActive ? 'common.active' : 'common.inactive')}
            </Text>
          ),
        },
      ]}
      filters={[
        {
          key: 'isActive',
          options: [
            { value: 'true', label: t('common.active') },
            { value: 'false', label: t('common.inactive') },
          ],
          toFilter: (value) => ({ isActive: value === 'true' }),
        },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'key', kind: 'text' },
        { key: 'translations', kind: 'translations' },
        { key: 'persons', kind: 'number', min: 1, max: 20, initial: 1, required: true },
        { key: 'sort', kind: 'number', initial: 0 },
        { key: 'isActive', kind: 'switch', initial: true, label: t('common.active') },
      ]}
    />
  );
}
