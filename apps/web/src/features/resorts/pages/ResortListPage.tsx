import type { TResort } from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useCountryName } from '../../../components/useReferenceData.ts';
import { resortKeys } from '../api.ts';

/** /resort/list: every resort the user may see, with search, the active filter and CSV. */
export default function ResortListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const countryName = useCountryName();
  const scopes = user?.scopes ?? [];

  const columns: TColumn<TResort>[] = [
    { key: 'name', sortable: true },
    { key: 'code', sortable: true },
    { key: 'country', sortable: true, render: (row) => countryName(row.country) },
    { key: 'currency', sortable: true },
    { key: 'timeZone', sortable: true },
    {
      key: 'isActive',
      sortable: true,
      render: (row) => (
        <Text size="sm" c={row.isActive ? undefined : 'dimmed'}>
          {t(row.isActive ? 'common.active' : 'common.inactive')}
        </Text>
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
      <div>
        <Title order={2}>{t('routes.resorts')}</Title>
        <Text c="dimmed" size="sm">
          {t('resorts.list.intro')}
        </Text>
      </div>
      <DataTable<TResort>
        resource="resort"
        label={t('routes.resorts')}
        queryKey={resortKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="name"
        rowLink={(row) =>
          hasScope(scopes, ['resort.update']) ? routePath('resortEdit', { id: row.id }) : undefined
        }
        actions={
          hasScope(scopes, ['resort.create']) && (
            <Button
              component={Link}
              to={routePath('resortCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('common.new')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
