import { ROUTES } from '@atoll/domain/navigation/routes';
import { hasScope } from '@atoll/domain/scopes';
import type { TUser } from '@atoll/domain/users';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { userKeys } from '../api.ts';
import { UserTypeBadge, userTypeOptions } from '../components/UserTypeBadge.tsx';

const routeScopes = (name: string) => ROUTES.find((r) => r.name === name)?.scopes ?? [];

/** A linked agency or customer: a link when the user may open it, else just the number. */
function LinkedId({ id, route, scopes }: { id: number | null; route: string; scopes: string[] }) {
  if (id === null) return null;
  if (!hasScope(scopes, routeScopes(route))) return <Text size="sm">#{id}</Text>;
  return (
    <Anchor component={Link} to={routePath(route, { id })} size="sm">
      #{id}
    </Anchor>
  );
}

export default function UsersListPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const canEdit = hasScope(scopes, routeScopes('userEdit'));

  const columns: TColumn<TUser>[] = [
    {
      key: 'name',
      sortable: true,
      render: (row) =>
        row.name || (
          <Text span c="dimmed" fs="italic" size="sm">
            {t('users.list.noName')}
          </Text>
        ),
    },
    { key: 'email', sortable: true },
    { key: 'userType', sortable: true, render: (row) => <UserTypeBadge type={row.userType} /> },
    {
      key: 'agencyId',
      sortable: true,
      render: (row) => <LinkedId id={row.agencyId} route="agencyEdit" scopes={scopes} />,
    },
    {
      key: 'customerId',
      sortable: true,
      render: (row) => <LinkedId id={row.customerId} route="customerView" scopes={scopes} />,
    },
    {
      key: 'lastLoginAt',
      sortable: true,
      render: (row) =>
        row.lastLoginAt ? (
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.lastLoginAt, i18n.language)}
          </Text>
        ) : (
          <Text span size="sm" c="dimmed">
            {t('users.list.never')}
          </Text>
        ),
    },
  ];
  const filters: TListFilter[] = [{ key: 'userType', options: userTypeOptions(t) }];

  return (
    <Stack gap="md">
      <Title order={2}>{t('users.list.title')}</Title>
      <DataTable<TUser>
        resource="users"
        label={t('users.list.title')}
        queryKey={userKeys.list}
        columns={columns}
        filters={filters}
        {...(canEdit ? { rowLink: (row: TUser) => routePath('userEdit', { id: row.id }) } : {})}
        actions={
          hasScope(scopes, ['users.create']) && (
            <Button
              component={Link}
              to={routePath('userCreate')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('users.list.create')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
