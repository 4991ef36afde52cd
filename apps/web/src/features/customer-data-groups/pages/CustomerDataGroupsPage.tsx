import type { TCustomerDataGroup } from '@atoll/domain/customer-data';
import { hasScope } from '@atoll/domain/scopes';
import { Alert, Button, Center, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { dataGroupKeys, useDataGroup, useDataGroups } from '../api.ts';
import { DataGroupForm } from '../components/DataGroupForm.tsx';
import { MoveFieldModal } from '../components/MoveFieldModal.tsx';

type TRow = TCustomerDataGroup & Record<string, unknown>;

// The open group sits in the URL (`?open=5`, `?open=new`) beside the list state.
const OPEN_PARAM = 'open';

/** /customerdatagroup: the groups of custom customer fields and their field definitions. */
export default function CustomerDataGroupsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const { user } = useSession();
  const canEdit = hasScope(user?.scopes ?? [], ['customers.update']);
  const [params, setParams] = useSearchParams();
  const open = params.get(OPEN_PARAM);
  const openId = open && /^\d+$/.test(open) ? Number(open) : null;
  const group = useDataGroup(openId);
  const groups = useDataGroups();
  const [moving, setMoving] = useState<{ key: string; name: string } | null>(null);
  const groupName = (g: TCustomerDataGroup) => g.label[lang] || g.name;

  const show = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(OPEN_PARAM);
        else next.set(OPEN_PARAM, value);
        return next;
      },
      { replace: true },
    );
  const close = () => show(null);
  const form = (row?: TCustomerDataGroup) => (
    <DataGroupForm
      // A new version from the server (after a save or a move) starts the form afresh.
      key={row ? `${row.id}-${row.updatedAt}` : 'new'}
      {...(row ? { group: row } : {})}
      groupName={groupName}
      canEdit={canEdit}
      onMoveField={setMoving}
      onOpen={(id) => show(String(id))}
      onClose={close}
    />
  );
  const body = () => {
    if (open === 'new') return canEdit ? form() : null;
    if (openId === null) return null;
    if (group.isPending)
      return (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      );
    if (group.isError) return <Alert color="yellow">{t('common.notFoundText')}</Alert>;
    return form(group.data);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.customerDataGroups')}</Title>
        <Text c="dimmed" size="sm">
          {t('customerDataGroups.list.intro')}
        </Text>
      </div>
      <DataTable<TRow>
        resource="customerdatagroup"
        label={t('routes.customerDataGroups')}
        queryKey={dataGroupKeys.list}
        defaultSort="sort"
        minWidth={480}
        onRowClick={(row) => show(String(row.id))}
        columns={[
          { key: 'name', sortable: true, render: (row) => groupName(row) },
          {
            key: 'fields',
            render: (row) => row.fields.map((f) => f.label[lang] || f.key).join(', '),
            wrap: true,
          },
          { key: 'sort', sortable: true },
        ]}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => show('new')}>
              {t('common.new')}
            </Button>
          )
        }
      />
      <Drawer
        opened={open !== null}
        onClose={close}
        position="right"
        size="xl"
        title={
          <Title order={2} size="h3">
            {open === 'new'
              ? `${t('routes.customerDataGroups')}: ${t('common.new')}`
              : group.data
                ? groupName(group.data)
                : t('routes.customerDataGroups')}
          </Title>
        }
      >
        {body()}
      </Drawer>
      {group.data && (
        <MoveFieldModal
          field={moving}
          from={group.data}
          groups={groups.data ?? []}
          groupName={groupName}
          onClose={() => setMoving(null)}
        />
      )}
    </Stack>
  );
}
