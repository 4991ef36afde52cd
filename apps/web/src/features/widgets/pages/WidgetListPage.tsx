import { hasScope } from '@atoll/domain/scopes';
import type { TWidget } from '@atoll/domain/widgets';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartFunnel, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn } from '../../../components/DataTable.tsx';
import { routePath } from '../../../components/routePath.ts';
import { widgetKeys } from '../api.ts';

/** /widget-admin/list: the booking widgets with search, CSV, "new widget" and the statistics. */
export default function WidgetListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const columns: TColumn<TWidget>[] = [
    { key: 'name', header: t('widgets.form.name'), sortable: true },
    { key: 'slug', header: t('widgets.form.slug'), sortable: true },
    {
      key: 'assetType',
      header: t('widgets.form.assetType'),
      sortable: true,
      render: (row) => t(`widgets.form.${row.assetType}`),
    },
    { key: 'language', header: t('widgets.form.language'), sortable: true },
    {
      key: 'active',
      header: t('widgets.form.active'),
      sortable: true,
      render: (row) => (
        <Badge color={row.active ? 'blue' : 'red'} variant="light" radius="sm">
          {t(row.active ? 'common.active' : 'common.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t('widgets.list.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('widgets.list.intro')}
      </Text>
      <DataTable<TWidget>
        resource="widget"
        label={t('widgets.list.title')}
        queryKey={widgetKeys.list}
        columns={columns}
        defaultSort="name"
        rowLink={(row) => routePath('widgetEdit', { id: row.id })}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={routePath('widgetStats')}
              leftSection={<IconChartFunnel size={16} aria-hidden />}
            >
              {t('widgets.list.stats')}
            </Button>
            {hasScope(scopes, ['widget.create']) && (
              <Button
                component={Link}
                to={routePath('widgetCreate')}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('widgets.list.create')}
              </Button>
            )}
          </Group>
        }
      />
    </Stack>
  );
}
