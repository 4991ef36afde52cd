import type { TMailQueueItem } from '@atoll/domain/mail';
import { hasScope } from '@atoll/domain/scopes';
import { Alert, Badge, Button, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { formatDateTime } from '../../../components/format.ts';
import { DRAWER_TITLE_STYLES } from '../../../components/useOpenRecord.ts';
import { useCancelMail, usePlanMail } from '../api.ts';

/** One queued mail: its text as it goes out, its attempts and error, and "send now" or "cancel". */
export function MailQueueDrawer({ mail, onClose }: { mail: TMailQueueItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const plan = usePlanMail();
  const cancel = useCancelMail();
  const canUpdate = hasScope(user?.scopes ?? [], ['mailqueue.update']);
  return (
    <Drawer
      opened={mail !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={mail?.subject ?? ''}
      styles={DRAWER_TITLE_STYLES}
    >
      {mail && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{t(`mail.status.${mail.status}`)}</Badge>
            <Text size="sm" c="dimmed">
              {t('mail.queue.attempts', { count: mail.attempts })}
            </Text>
          </Group>
          <Text size="sm">
            {t('mail.queue.to')}: {mail.to}
          </Text>
          <Text size="sm">
            {mail.sentAt
              ? `${t('mail.queue.sentAt')}: ${formatDateTime(mail.sentAt, i18n.language)}`
              : `${t('mail.queue.nextAttempt')}: ${formatDateTime(mail.nextAttemptAt, i18n.language)}`}
          </Text>
          {mail.attachments.length > 0 && (
            <Text size="sm">
              {t('mail.queue.attachments')}:{' '}
              {mail.attachments.map((a) => t(`mail.attachments.${a.kind}`)).join(', ')}
            </Text>
          )}
          {mail.lastError && (
            <Alert color="red" title={t('mail.queue.lastError')}>
              {mail.lastError}
            </Alert>
          )}
          <Textarea
            label={t('mail.queue.body')}
            value={mail.text}
            readOnly
            autosize
            minRows={6}
            maxRows={20}
          />
          {canUpdate && mail.status !== 'sending' && (
            <Group gap="xs">
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                loading={plan.isPending}
                onClick={() =>
                  plan.mutate(mail.id, {
                    onSuccess: () => {
                      showSuccess(t('mail.queue.planned'));
                      onClose();
                    },
                  })
                }
              >
                {mail.status === 'sent' ? t('mail.queue.resend') : t('mail.queue.sendNow')}
              </Button>
              {mail.status === 'queued' && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(mail.id, {
                      onSuccess: () => {
                        showSuccess(t('mail.queue.cancelled'));
                        onClose();
                      },
                    })
                  }
                >
                  {t('mail.queue.cancel')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
