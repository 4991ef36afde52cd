import type { TAgency } from '@atoll/domain/agencies';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { formatNumber, langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { agencyKeys, useAgencyGroups } from '../api.ts';
import { AgencyTypeBadge, agencyTypeOptions } from '../components/AgencyTypeBadge.tsx';

/** /agency/list: every agency with search, filters by type, group and state, CSV and "new agency". */
export default function AgencyListPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const groups = useAgencyGroups();
  const groupName = (id: number | null) => groups.data?.find((g) => g.id === id)?.name ?? '';

  const columns: TColumn<TAgency>[] = [
    { key: 'name', sortable: true },
    { key: 'type', sortable: true, render: (row) => <AgencyTypeBadge type={row.type} /> },
    { key: 'groupId', sortable: true, render: (row) => groupName(row.groupId) },
    {
      key: 'city',
      sortable: true,
      render: (row) => [row.address.city, row.address.country].filter(Boolean).join(', '),
    },
    {
      key: 'commission',
      sortable: true,
      render: (row) => (
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {row.commission === undefined ? '' : `${formatNumber(row.commission, langOf(i18n.language))} %`}
        </Text>
      ),
    },
    {
      key: 'isActive',
      sortable: true,
      render: (row) => (
        <Badge color={row.isActive ? 'blue' : 'red'} variant="light" radius="sm">
          {t(row.isActive ? 'common.active' : 'common.inactive')}
        </Badge>
      ),
    },
  ];
  const filters: TListFilter[] = [
    { key: 'type', options: agencyTypeOptions(t) },
    {
      key: 'groupId',
      options: (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
      toFilter: (value) => ({ groupId: Number(value) }),
    },
    {
      key: 'isActive',
      options: [
        { value: 'true', label: t('common.active') },
        { value: 'false', label: t('common.inactive') },
      ],
      toFilter: (value) => ({ isActive: value === 'true' }),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('agencies.list.title')}</Title>
      <DataTable<TAgency>
        resource="agencies"
        label={t('agencies.list.title')}
        queryKey={agencyKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="name"
        rowLink={(row) => routePath('agencyEdit', { id: row.id })}
        actions={
          hasScope(scopes, ['agencies.create']) && (
            <Button
              component={Link}
              to={routePath('agencyCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('agencies.list.create')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
