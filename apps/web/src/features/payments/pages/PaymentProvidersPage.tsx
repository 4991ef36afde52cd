import type { TPaymentProvider } from '@atoll/domain/payments/api';
import { hasScope } from '@atoll/domain/scopes';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { useDeleteProvider, useProviders } from '../api.ts';
import { ProviderModal } from '../components/ProviderModal.tsx';

/** /config/paymentprovider: the payment providers (bank transfer, Stripe); secrets are write-only. */
export default function PaymentProvidersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const canCreate = hasScope(scopes, ['payprovider.create']);
  const canUpdate = hasScope(scopes, ['payprovider.update']);
  const canDelete = hasScope(scopes, ['payprovider.delete']);
  const providers = useProviders();
  const remove = useDeleteProvider();
  const [editing, setEditing] = useState<TPaymentProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TPaymentProvider | null>(null);
  const rows = providers.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('routes.paymentProviders')}</Title>
          <Text c="dimmed" size="sm">
            {t('payments.providers.intro')}
          </Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('payments.providers.new')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{providers.isPending ? t('app.loading') : t('payments.providers.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.providers.name')}</Table.Th>
                <Table.Th>{t('payments.providers.type')}</Table.Th>
                <Table.Th>{t('payments.providers.state')}</Table.Th>
                <Table.Th>{t('payments.providers.secrets')}</Table.Th>
                {canDelete && <Table.Th aria-label={t('payments.card.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {canUpdate ? (
                      <Button variant="subtle" size="compact-sm" onClick={() => setEditing(p)}>
                        {p.name}
                      </Button>
                    ) : (
                      p.name
                    )}
                  </Table.Td>
                  <Table.Td>{t(`payments.providers.types.${p.type}`)}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={p.isActive ? 'green' : 'gray'}
                      variant="light"
                      c="var(--mantine-color-text)"
                    >
                      {t(p.isActive ? 'payments.providers.active' : 'payments.providers.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {p.type === 'stripe'
                      ? t(
                          p.secretsSet.apiKey && p.secretsSet.webhookSecret
                            ? 'payments.providers.secretsComplete'
                            : 'payments.providers.secretsMissing',
                        )
                      : '–'}
                  </Table.Td>
                  {canDelete && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('payments.providers.delete', { name: p.name })}
                        onClick={() => setDeleting(p)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <ProviderModal provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <DeleteModal
        opened={deleting !== null}
        name={deleting?.name ?? ''}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccess(t('payments.providers.deleted'));
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
