import type { TVessel } from '@atoll/domain/inventory/vessels';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { vesselKeys } from '../api.ts';

/** /vessel/list: the fleet with search, sort and state filter; a row opens the vessel. */
export default function VesselListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const canEdit = hasScope(scopes, ['vessel.update']);

  const columns: TColumn<TVessel>[] = [
    { key: 'name', sortable: true },
    { key: 'code', sortable: true },
    { key: 'currency', sortable: true },
    { key: 'timeZone', sortable: true },
    {
      key: 'guests',
      render: (row) => (
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {row.details.guests ?? ''}
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
      <Title order={2}>{t('vessels.list.title')}</Title>
      <DataTable<TVessel>
        resource="vessel"
        label={t('vessels.list.title')}
        queryKey={vesselKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="name"
        {...(canEdit ? { rowLink: (row: TVessel) => routePath('vesselEdit', { id: row.id }) } : {})}
        actions={
          hasScope(scopes, ['vessel.create']) && (
            <Button
              component={Link}
              to={routePath('vesselCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('vessels.list.create')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
