import { Alert, Badge, Button, Center, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { DataTable, type TColumn } from '../../../components/DataTable.tsx';
import { DRAWER_TITLE_STYLES, useOpenRecord } from '../../../components/useOpenRecord.ts';
import { roleKeys, type TRole, useRole } from '../api.ts';
import { RoleForm } from '../components/RoleForm.tsx';

// The open role sits in the URL (`?role=5`, `?role=new`) beside the list state.
const ROLE_PARAM = 'role';

function RoleDrawerBody({
  id,
  onOpen,
  onClose,
}: {
  id: number;
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const role = useRole(id);
  if (role.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('datatable.loading')} />
      </Center>
    );
  if (role.isError)
    return (
      <Alert color="red">
        {role.error instanceof ApiError ? apiErrorText(role.error) : t('datatable.error')}
      </Alert>
    );
  return <RoleForm key={role.data.id} role={role.data} onOpen={onOpen} onClose={onClose} />;
}

/** /userroles: the roles, and a drawer to create, edit, copy or delete one. */
export default function UserRolesPage() {
  const { t } = useTranslation();
  const { open, openId, isNew, showNew, showId: openRole, close } = useOpenRecord(ROLE_PARAM);

  const columns: TColumn<TRole>[] = [
    { key: 'name', sortable: true },
    {
      key: 'description',
      wrap: true,
      render: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.description}
        </Text>
      ),
    },
    {
      key: 'scopes',
      render: (row) => (
        <Badge variant="light" color={row.scopes.includes('admin') ? 'red' : 'blue'} radius="sm">
          {t('users.roles.scopeCount', { count: row.scopes.length })}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('users.roles.title')}</Title>
      <DataTable<TRole>
        resource="userrole"
        label={t('users.roles.title')}
        queryKey={roleKeys.list}
        columns={columns}
        onRowClick={(row) => openRole(row.id)}
        minWidth={560}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={showNew}>
            {t('users.roles.new')}
          </Button>
        }
      />
      <Drawer
        opened={open !== null}
        onClose={close}
        position="right"
        size="xl"
        title={t(openId ? 'users.roles.editTitle' : 'users.roles.createTitle')}
        styles={DRAWER_TITLE_STYLES}
      >
        {isNew && <RoleForm key="new" onOpen={openRole} onClose={close} />}
        {openId !== null && <RoleDrawerBody id={openId} onOpen={openRole} onClose={close} />}
      </Drawer>
    </Stack>
  );
}
