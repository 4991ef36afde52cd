import { MAIL_STATUSES, type TMailQueueItem } from '@atoll/domain/mail';
import { Badge, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { mailKeys } from '../api.ts';
import { MailQueueDrawer } from '../components/MailQueueDrawer.tsx';
import { MailStatistics } from '../components/MailStatistics.tsx';

const COLORS: Record<string, string> = {
  queued: 'blue',
  sending: 'violet',
  sent: 'cyan',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * /config/mailqueue: the durable mail queue (spec booking §7 "Mail"): what waits, what went out, what failed
 * after its retries, with "send now", "send again" and "cancel".
 */
export default function MailQueuePage() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<TMailQueueItem | null>(null);
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.mailQueue')} intro={t('mail.queue.intro')} />
      <MailStatistics />
      <DataTable<TMailQueueItem>
        resource="mailqueue"
        label={t('routes.mailQueue')}
        queryKey={mailKeys.queue.list}
        defaultSort="updatedAt"
        minWidth={720}
        filters={[
          {
            key: 'status',
            options: MAIL_STATUSES.map((s) => ({ value: s, label: t(`mail.status.${s}`) })),
          },
        ]}
        onRowClick={setOpen}
        columns={[
          { key: 'subject', sortable: true, wrap: true },
          { key: 'to', sortable: true },
          {
            key: 'status',
            sortable: true,
            render: (row) => (
              <Badge variant="light" radius="sm" color={COLORS[row.status]}>
                {t(`mail.status.${row.status}`)}
              </Badge>
            ),
          },
          { key: 'attempts', sortable: true },
          {
            key: 'updatedAt',
            sortable: true,
            render: (row) => formatDateTime(row.sentAt ?? row.updatedAt, i18n.language),
          },
        ]}
      />
      <MailQueueDrawer mail={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
