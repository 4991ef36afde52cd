import { MAIL_FOLDERS, type TMailboxItem, type TMailFolder, type TMailFolderInfo } from '@atoll/domain/mail';
import {
  Alert,
  Badge,
  Center,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import type { TListAnswer } from '../../../components/DataTable.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';

const SIZE = 25;

/** /mail: the mailbox view of the mail queue (no IMAP): outbox, sent and failed mails with their text. */
export default function MailboxPage() {
  const { t, i18n } = useTranslation();
  const [folder, setFolder] = useState<TMailFolder>('outbox');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TMailboxItem | null>(null);
  const folders = useQuery({
    queryKey: ['mail', 'folders'],
    queryFn: ({ signal }) => api<TMailFolderInfo[]>('/mail/folders', { signal, silent: true }),
  });
  const list = useQuery({
    queryKey: ['mail', folder, page],
    queryFn: ({ signal }) =>
      api<TListAnswer<TMailboxItem>>(`/mail/${folder}/mail`, {
        query: { page, size: SIZE },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
  const body = useQuery({
    queryKey: ['mail', 'body', open?.id ?? 0],
    queryFn: ({ signal }) =>
      api<{ text: string }>(`/mail/${open?.folder}/mail/${open?.id}/body`, { signal, silent: true }),
    enabled: open !== null,
  });
  const total = (name: TMailFolder) => folders.data?.find((f) => f.name === name)?.total ?? 0;

  return (
    <Stack gap="md">
      <PageHeader title={t('routes.mail')} intro={t('mail.mailbox.intro')} />
      {list.error ? (
        <Alert color="red">{apiErrorText(list.error as ApiError)}</Alert>
      ) : (
        <Tabs
          value={folder}
          onChange={(v) => {
            if (!v) return;
            setFolder(v as TMailFolder);
            setPage(1);
          }}
        >
          <Tabs.List>
            {MAIL_FOLDERS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`mail.mailbox.${name}`)} ({total(name)})
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {list.isPending && (
        <Center py="md">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      )}
      {list.data && list.data.data.length === 0 && <Text c="dimmed">{t('mail.mailbox.empty')}</Text>}
      {list.data && list.data.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label={t(`mail.mailbox.${folder}`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.mailqueue.fields.subject')}</Table.Th>
                <Table.Th>{t('resources.mailqueue.fields.to')}</Table.Th>
                <Table.Th>{t('resources.mailqueue.fields.status')}</Table.Th>
                <Table.Th>{t('mail.mailbox.date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setOpen(mail)} fz="sm" td="underline">
                      {mail.subject}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" radius="sm">
                      {t(`mail.status.${mail.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(mail.date, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > SIZE && (
        <Pagination total={Math.ceil(list.data.total / SIZE)} value={page} onChange={setPage} />
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject ?? ''} size="lg">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {body.data?.text ?? ''}
        </Text>
        {open?.lastError && (
          <Alert color="red" mt="sm">
            {open.lastError}
          </Alert>
        )}
      </Modal>
    </Stack>
  );
}
