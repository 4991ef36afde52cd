import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../app/api.ts';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { downloadFile } from '../../../components/downloadFile.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';

type TBackup = { name: string; size: number; createdAt: string };

const keys = { local: ['backups', 'local'] as const, dropbox: ['backups', 'dropbox'] as const };

function BackupTable({
  rows,
  onDownload,
  onRestore,
}: {
  rows: TBackup[];
  onDownload: (name: string) => void;
  onRestore: (name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number) =>
    `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  if (rows.length === 0) return <Text c="dimmed">{t('config.backups.none')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('config.backups.name')}</Table.Th>
          <Table.Th>{t('config.backups.createdAt')}</Table.Th>
          <Table.Th>{t('config.backups.size')}</Table.Th>
          <Table.Th aria-label={t('config.backups.actions')} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((b) => (
          <Table.Tr key={b.name}>
            <Table.Td>{b.name}</Table.Td>
            <Table.Td>{when(b.createdAt)}</Table.Td>
            <Table.Td>{size(b.size)}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => onDownload(b.name)}>
                  {t('config.backups.download')}
                </Button>
                <Button size="xs" variant="default" onClick={() => onRestore(b.name)}>
                  {t('config.backups.restore')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /config/backups: the local backups (list, create, download) and those in Dropbox when it is set up. A
 * restore runs while the server is stopped (docs/operations.md): confirming it gives the command to run.
 */
export default function BackupsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [restoring, setRestoring] = useState<{ name: string; from: 'local' | 'dropbox' } | null>(null);
  const local = useQuery({
    queryKey: keys.local,
    queryFn: ({ signal }) => api<TBackup[]>('/settings/backup/local', { signal }),
  });
  const dropbox = useQuery({
    queryKey: keys.dropbox,
    retry: false,
    queryFn: ({ signal }) => api<TBackup[]>('/settings/backup/dropbox', { signal, silent: true }),
  });
  const dropboxOff = dropbox.error instanceof ApiError && dropbox.error.status === 409;
  const create = useMutation({
    mutationFn: () => api<TBackup>('/settings/backup', { method: 'POST' }),
    onSuccess: (b) => {
      showSuccess(t('config.backups.created', { name: b.name }));
      void client.invalidateQueries({ queryKey: keys.local });
    },
  });
  const upload = useMutation({
    mutationFn: () => api<{ backup: TBackup }>('/settings/backup/dropbox', { method: 'POST' }),
    onSuccess: (r) => {
      showSuccess(t('config.backups.uploaded', { name: r.backup.name }));
      void client.invalidateQueries({ queryKey: keys.dropbox });
    },
  });
  const command = restoring
    ? restoring.from === 'local'
      ? `npm run restore -- "$DATA_DIR/backups/${restoring.name}"`
      : `npm run restore -- ${restoring.name}`
    : '';

  return (
    <Stack gap="xl" maw={1000}>
      <PageHeader title={t('routes.configBackups')} intro={t('config.backups.intro')} />
      <Stack gap="sm" component="section" aria-labelledby="backups-local">
        <Group justify="space-between">
          <Title order={2} size="h4" id="backups-local">
            {t('config.backups.local')}
          </Title>
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            {t('config.backups.create')}
          </Button>
        </Group>
        <BackupTable
          rows={local.data ?? []}
          onDownload={(name) => void downloadFile(`/settings/backup/local/${name}`, undefined, name)}
          onRestore={(name) => setRestoring({ name, from: 'local' })}
        />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="backups-dropbox">
        <Group justify="space-between">
          <Title order={2} size="h4" id="backups-dropbox">
            Dropbox
          </Title>
          {!dropboxOff && (
            <Button variant="light" onClick={() => upload.mutate()} loading={upload.isPending}>
              {t('config.backups.upload')}
            </Button>
          )}
        </Group>
        {dropboxOff ? (
          <Text c="dimmed">{t('config.backups.dropboxOff')}</Text>
        ) : dropbox.isError ? (
          <Alert color="red">{t('config.backups.dropboxFailed')}</Alert>
        ) : (
          <BackupTable
            rows={dropbox.data ?? []}
            onDownload={(name) => void downloadFile(`/settings/backup/dropbox/${name}`, undefined, name)}
            onRestore={(name) => setRestoring({ name, from: 'dropbox' })}
          />
        )}
      </Stack>
      <ConfirmModal
        opened={restoring !== null}
        title={t('config.backups.restoreTitle', { name: restoring?.name ?? '' })}
        text={t('config.backups.restoreText', { command })}
        confirmLabel={t('config.backups.copyCommand')}
        onClose={() => setRestoring(null)}
        onConfirm={() => {
          void navigator.clipboard?.writeText(command).catch(() => undefined);
          showSuccess(t('config.backups.copied'));
          setRestoring(null);
        }}
      />
    </Stack>
  );
}
