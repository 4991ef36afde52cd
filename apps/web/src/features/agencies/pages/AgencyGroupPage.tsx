import type { TAgencyGroup } from '@atoll/domain/agencies';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

type TGroupRow = TAgencyGroup & Record<string, unknown>;

/** /agency/group: groups that sort agencies by market (Germany, Benelux, Partners Asia …). */
export default function AgencyGroupPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TGroupRow>
      resource="agencygroup"
      title={t('routes.agencyGroup')}
      intro={t('agencies.groups.intro')}
      defaultSort="name"
      scopes={{ create: ['agencies.create'], update: ['agencies.update'], delete: ['agencies.delete'] }}
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
