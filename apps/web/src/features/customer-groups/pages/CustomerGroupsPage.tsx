import type { TCustomerGroup } from '@atoll/domain/customer-data';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

type TGroupRow = TCustomerGroup & Record<string, unknown>;

/** /customer/group: groups customers are sorted into (regulars, instructors, press …). */
export default function CustomerGroupsPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TGroupRow>
      resource="customergroup"
      title={t('routes.customerGroups')}
      intro={t('customerGroups.list.intro')}
      defaultSort="name"
      scopes={{ create: ['customers.create'], update: ['customers.create'], delete: ['customers.create'] }}
      columns={[
        {
          key: 'name',
          sortable: true,
          render: (row) => (
            <Group gap="xs" wrap="nowrap">
              {row.color && <ColorSwatch color={row.color} size={12} aria-hidden />}
              <Text span size="sm">
                {row.name}
              </Text>
            </Group>
          ),
        },
        { key: 'description', wrap: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'color', kind: 'color' },
        { key: 'description', kind: 'textarea', wide: true },
      ]}
    />
  );
}
