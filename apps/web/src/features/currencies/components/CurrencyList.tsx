import type { TCurrency } from '@atoll/domain/currencies';
import { hasScope } from '@atoll/domain/scopes';
import { Alert, Anchor, Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ResourceForm } from '../../../components/resource/ResourceForm.tsx';
import { useCurrencyList, useSetBaseCurrency } from '../api.ts';
import { currencyFields, WRITE_SCOPES } from './currencyFields.tsx';

type TCurrencyRow = TCurrency & Record<string, unknown>;

/** The installation's currencies (a short list, no paging), edited in a drawer; the base changes on purpose. */
export function CurrencyList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], WRITE_SCOPES);
  const list = useCurrencyList();
  const setBase = useSetBaseCurrency();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const [confirmBase, setConfirmBase] = useState(false);
  const current = typeof open === 'number' ? list.data?.find((c) => c.id === open) : undefined;
  const can = { create: canWrite, update: canWrite, delete: canWrite };

  const makeBase = (currency: TCurrency) =>
    setBase.mutate(currency.id, {
      onSuccess: () => showSuccess(t('currencies.currency.baseChanged', { code: currency.code })),
      onSettled: () => setConfirmBase(false),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('currencies.currency.title')}</Title>
        {canWrite && (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setOpen('new')}>
            {t('currencies.currency.new')}
          </Button>
        )}
      </Group>
      {list.isError && <Alert color="red">{t('datatable.error')}</Alert>}
      <Table.ScrollContainer minWidth={480}>
        <Table highlightOnHover aria-label={t('currencies.currency.title')}>
          <Table.Thead>
            <Table.Tr>
              {['code', 'name', 'symbol', 'decimals', 'isActive'].map((key) => (
                <Table.Th key={key}>{t(`resources.currency.fields.${key}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setOpen(c.id)}>
                      {c.code}
                    </Anchor>
                    {c.isBase && (
                      <Badge size="sm" variant="light" leftSection={<IconStar size={10} aria-hidden />}>
                        {t('currencies.currency.base')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.symbol}</Table.Td>
                <Table.Td>{c.decimals}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={c.isActive ? undefined : 'dimmed'}>
                    {t(c.isActive ? 'common.active' : 'common.inactive')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={
          <Title order={2} size="h3">
            {current ? `${current.code} – ${current.name}` : t('currencies.currency.new')}
          </Title>
        }
      >
        {current && canWrite && !current.isBase && (
          <Group mb="md" gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconStar size={14} aria-hidden />}
              disabled={!current.isActive}
              onClick={() => setConfirmBase(true)}
            >
              {t('currencies.currency.makeBase')}
            </Button>
            {!current.isActive && (
              <Text size="xs" c="dimmed">
                {t('currencies.currency.inactiveNoBase')}
              </Text>
            )}
          </Group>
        )}
        {(current || open === 'new') && (
          <ResourceForm<TCurrencyRow>
            key={current?.id ?? 'new'}
            resource="currency"
            path="/currency"
            fields={currencyFields(t)}
            {...(current ? { row: current as TCurrencyRow } : {})}
            nameOf={(row) => row.code}
            can={can}
            uniqueField="code"
            onOpen={(id) => setOpen(id)}
            onClose={() => setOpen(null)}
          />
        )}
      </Drawer>
      {current && (
        <ConfirmModal
          opened={confirmBase}
          title={t('currencies.currency.makeBase')}
          text={t('currencies.currency.makeBaseText', { code: current.code })}
          confirmLabel={t('currencies.currency.makeBase')}
          busy={setBase.isPending}
          onConfirm={() => makeBase(current)}
          onClose={() => setConfirmBase(false)}
        />
      )}
    </Stack>
  );
}
