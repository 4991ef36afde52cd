import type { TCustomerDataGroup } from '@atoll/domain/customer-data';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Center, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { RecordFailure } from '../../../components/DetailPage.tsx';
import { DRAWER_TITLE_STYLES, useOpenRecord } from '../../../components/useOpenRecord.ts';
import { dataGroupKeys, useDataGroup, useDataGroups } from '../api.ts';
import { DataGroupForm } from '../components/DataGroupForm.tsx';
import { MoveFieldModal } from '../components/MoveFieldModal.tsx';

type TRow = TCustomerDataGroup & Record<string, unknown>;

/** /customerdatagroup: the groups of custom customer fields and their field definitions. */
export default function CustomerDataGroupsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const { user } = useSession();
  const canEdit = hasScope(user?.scopes ?? [], ['customers.update']);
  const { open, openId, isNew, showNew, showId, close } = useOpenRecord();
  const group = useDataGroup(openId);
  const groups = useDataGroups();
  const [moving, setMoving] = useState<{ key: string; name: string } | null>(null);
  const groupName = (g: TCustomerDataGroup) => g.label[lang] || g.name;

  const form = (row?: TCustomerDataGroup) => (
    <DataGroupForm
      // A new version from the server (after a save or a move) starts the form afresh.
      key={row ? `${row.id}-${row.updatedAt}` : 'new'}
      {...(row ? { group: row } : {})}
      groupName={groupName}
      canEdit={canEdit}
      onMoveField={setMoving}
      onOpen={showId}
      onClose={close}
    />
  );
  const body = () => {
    if (isNew) return canEdit ? form() : null;
    if (openId === null) return null;
    if (group.isPending)
      return (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      );
    if (group.isError) return <RecordFailure back={null} error={group.error} />;
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
        onRowClick={(row) => showId(row.id)}
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
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={showNew}>
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
          isNew
            ? `${t('routes.customerDataGroups')}: ${t('common.new')}`
            : group.data
              ? groupName(group.data)
              : t('routes.customerDataGroups')
        }
        styles={DRAWER_TITLE_STYLES}
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
