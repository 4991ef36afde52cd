import type { TXeroConnection } from '@atoll/domain/plugins/xero';
import {
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../app/api.ts';
import { showSuccess } from '../../../app/messages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';

const KEY = ['plugins', 'xero'] as const;
/** The connection a consent was started for, until Xero sends the user back here. */
const PENDING = 'atoll.xero.pending';

/**
 * /plugins: the Xero invoicing plugin (docs/domain/xero.md). An administrator enters the OAuth app, connects
 * (Xero's consent page, then back here with code and state) and disconnects.
 */
export default function PluginsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api<{ data: TXeroConnection[] }>('/plugins/xero', { signal, query: { size: 0 } }),
  });
  const [form, setForm] = useState({ name: 'Xero', clientId: '', clientSecret: '' });
  const redirectUri = `${window.location.origin}/plugins`;
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const create = useMutation({
    mutationFn: () =>
      api<TXeroConnection>('/plugins/xero', {
        method: 'POST',
        body: {
          name: form.name,
          config: { clientId: form.clientId, redirectUri },
          secrets: { clientSecret: form.clientSecret },
        },
      }),
    onSuccess: () => {
      showSuccess(t('plugins.saved'));
      setForm({ name: 'Xero', clientId: '', clientSecret: '' });
      void refresh();
    },
  });
  const connect = useMutation({
    mutationFn: (id: number) => api<{ url: string }>(`/plugins/xero/${id}/connect`, { method: 'POST' }),
    onSuccess: (answer, id) => {
      sessionStorage.setItem(PENDING, String(id));
      window.location.assign(answer.url);
    },
  });
  const disconnect = useMutation({
    mutationFn: (id: number) => api(`/plugins/xero/${id}/disconnect`, { method: 'POST' }),
    onSuccess: () => void refresh(),
  });
  const callback = useMutation({
    mutationFn: (v: { id: number; code: string; state: string }) =>
      api<TXeroConnection>(`/plugins/xero/${v.id}/callback`, {
        method: 'POST',
        body: { code: v.code, state: v.state },
      }),
    onSuccess: (c) => {
      showSuccess(t('plugins.connected', { name: c.tenantName ?? '' }));
      void refresh();
    },
  });

  // Back from Xero's consent page: finish the connection once.
  const handled = useRef(false);
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const id = Number(sessionStorage.getItem(PENDING));
    if (handled.current || !code || !state || !id) return;
    handled.current = true;
    sessionStorage.removeItem(PENDING);
    setParams({}, { replace: true });
    callback.mutate({ id, code, state });
  }, [params, setParams, callback]);

  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="xl" maw={1000}>
      <PageHeader title={t('routes.plugins')} intro={t('plugins.intro')} />
      <Stack gap="sm" component="section" aria-labelledby="plugins-xero">
        <Title order={2} size="h4" id="plugins-xero">
          Xero
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">{t('plugins.none')}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('plugins.name')}</Table.Th>
                <Table.Th>{t('plugins.organisation')}</Table.Th>
                <Table.Th aria-label={t('plugins.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>
                    {c.tenantName && c.connectedAt ? (
                      <Group gap="xs">
                        <Badge color="teal" variant="light">
                          {t('plugins.isConnected')}
                        </Badge>
                        <Text size="sm">
                          {c.tenantName} ({when(c.connectedAt)})
                        </Text>
                      </Group>
                    ) : (
                      <Badge color="gray" variant="light">
                        {t('plugins.notConnected')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {c.tenantId ? (
                        <Button size="xs" variant="default" onClick={() => disconnect.mutate(c.id)}>
                          {t('plugins.disconnect')}
                        </Button>
                      ) : (
                        <Button size="xs" onClick={() => connect.mutate(c.id)} loading={connect.isPending}>
                          {t('plugins.connect')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Card
          withBorder
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('plugins.add')}
            </Title>
            <TextInput
              label={t('plugins.name')}
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            />
            <TextInput
              label={t('plugins.clientId')}
              required
              value={form.clientId}
              onChange={(e) => setForm({ ...form, clientId: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('plugins.clientSecret')}
              required
              value={form.clientSecret}
              onChange={(e) => setForm({ ...form, clientSecret: e.currentTarget.value })}
            />
            <Text size="sm" c="dimmed">
              {t('plugins.redirectHint', { uri: redirectUri })}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Stack>
  );
}
