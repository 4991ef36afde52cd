import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

type TSource = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  sort: number;
} & Record<string, unknown>;

/** /config/settings/bookingsources: where bookings come from (website, phone, agency …). */
export function BookingSourcesSettings() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TSource>
      resource="bookingsource"
      title={t('config.types.bookingsources')}
      intro={t('config.bookingsources.intro')}
      defaultSort="sort"
      scopes={{ create: ['settings.update'], update: ['settings.update'], delete: ['settings.update'] }}
      columns={[
        { key: 'name', sortable: true },
        { key: 'description', wrap: true },
        {
          key: 'isActive',
          sortable: true,
          render: (row) => (
            <Badge variant="light" color={row.isActive ? 'blue' : 'gray'}>
              {t(row.isActive ? 'common.active' : 'common.inactive')}
            </Badge>
          ),
        },
        { key: 'sort', sortable: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'sort', kind: 'number', initial: 0 },
        { key: 'description', kind: 'textarea', wide: true },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
