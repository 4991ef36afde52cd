import type { TTour } from '@atoll/domain/inventory/tours';
import { hasScope } from '@atoll/domain/scopes';
import { Badge, Button, ColorSwatch, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { tourKeys, useVesselOptions } from '../api.ts';

/** /tour/list: the tours (itineraries) with search, vessel and state filters, CSV and "new tour". */
export default function TourListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const vessels = useVesselOptions(hasScope(scopes, ['vessel.read']));
  const vesselName = (id: number | null) => vessels.data?.find((v) => v.id === id)?.name ?? '';
  const label = (field: string) => t(`tours.fields.${field}`);

  const columns: TColumn<TTour>[] = [
    {
      key: 'name',
      header: label('name'),
      sortable: true,
      render: (row) => (
        <Group gap="xs" wrap="nowrap" component="span">
          {row.color && <ColorSwatch color={row.color} size={12} aria-hidden />}
          {row.name}
        </Group>
      ),
    },
    { key: 'code', header: label('code'), sortable: true },
    { key: 'vesselId', header: label('vessel'), sortable: true, render: (row) => vesselName(row.vesselId) },
    { key: 'nights', header: label('nights'), sortable: true },
    {
      key: 'isActive',
      header: label('isActive'),
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
      key: 'vesselId',
      label: label('vessel'),
      options: (vessels.data ?? []).map((v) => ({ value: String(v.id), label: v.name })),
      toFilter: (value) => ({ vesselId: Number(value) }),
    },
    {
      key: 'isActive',
      label: label('isActive'),
      options: [
        { value: 'true', label: t('common.active') },
        { value: 'false', label: t('common.inactive') },
      ],
      toFilter: (value) => ({ isActive: value === 'true' }),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('tours.list.title')}</Title>
      <DataTable<TTour>
        resource="tours"
        label={t('tours.list.title')}
        queryKey={tourKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="name"
        rowLink={(row) =>
          hasScope(scopes, ['tours.update']) ? routePath('tourEdit', { id: row.id }) : undefined
        }
        actions={
          hasScope(scopes, ['tours.create']) && (
            <Button
              component={Link}
              to={routePath('tourCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('tours.list.create')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
