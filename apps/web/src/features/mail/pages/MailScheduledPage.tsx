import { MAIL_SCHEDULED_DEFAULT_DAYS, type TScheduledMail } from '@atoll/domain/mail/schedule';
import { addDays } from '@atoll/domain/pricing/dates';
import { hasScope } from '@atoll/domain/scopes';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { formatDay } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { useMailScheduleRules, useScheduledMails, useSkipScheduledMail } from '../api.ts';

const STATUS_COLORS: Record<TScheduledMail['status'], string> = {
  planned: 'blue',
  skipped: 'gray',
  noAddress: 'red',
};

/**
 * /config/mailscheduled: the mails the scheduler's active rules will send in a period (the next 30 days unless
 * chosen; kept in the address), computed from the bookings as they are now; one can be skipped.
 */
export default function MailScheduledPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? todayIso();
  const to = params.get('to') ?? addDays(from, MAIL_SCHEDULED_DEFAULT_DAYS - 1);
  const rule = params.get('rule');
  const rules = useMailScheduleRules();
  const mails = useScheduledMails({ from, to, ...(rule ? { scheduleId: Number(rule) } : {}) });
  const skip = useSkipScheduledMail();
  const [asked, setAsked] = useState<TScheduledMail | null>(null);
  const canSkip = hasScope(user?.scopes ?? [], ['mailschedule.update', 'mailschedule.delete']);
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );
  const ruleName = (id: number) => rules.data?.find((r) => r.id === id)?.name ?? `#${id}`;

  const table = () => {
    if (mails.isPending)
      return (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      );
    if (mails.isError) return <Alert color="red">{t('datatable.error')}</Alert>;
    if (mails.data.length === 0) return <Text c="dimmed">{t('mail.scheduled.empty')}</Text>;
    return (
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mail.scheduled.sendDay')}</Table.Th>
              <Table.Th>{t('mail.scheduled.rule')}</Table.Th>
              <Table.Th>{t('mail.scheduled.booking')}</Table.Th>
              <Table.Th>{t('mail.scheduled.guest')}</Table.Th>
              <Table.Th>{t('mail.scheduled.recipient')}</Table.Th>
              <Table.Th>{t('mail.scheduled.status')}</Table.Th>
              {canSkip && <Table.Th aria-label={t('mail.scheduled.skip')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mails.data.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Text size="sm">{formatDay(m.sendDay, i18n.language)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('mail.scheduled.until', { day: formatDay(m.lastDay, i18n.language) })}
                  </Text>
                </Table.Td>
                <Table.Td>{m.scheduleName}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={routePath('bookingDetail', { id: m.bookingId })}
                    fz="sm"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {m.bookingNo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{m.guestName}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {m.to ?? '–'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`languages.${m.language === 'en' ? 'en' : 'de'}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" radius="sm" color={STATUS_COLORS[m.status]}>
                    {t(`mail.scheduled.statuses.${m.status}`)}
                  </Badge>
                </Table.Td>
                {canSkip && (
                  <Table.Td>
                    {m.status !== 'skipped' && (
                      <Button size="compact-sm" variant="default" onClick={() => setAsked(m)}>
                        {t('mail.scheduled.skip')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('routes.mailScheduled')} intro={t('mail.scheduled.intro')} />
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t('mail.scheduled.from')}
          value={from}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('mail.scheduled.to')}
          value={to}
          onChange={(e) => set('to', e.currentTarget.value)}
        />
        <Select
          label={t('mail.scheduled.rule')}
          placeholder={t('mail.scheduled.allRules')}
          data={(rules.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={rule}
          clearable
          w={{ base: '100%', xs: 280 }}
          onChange={(v) => set('rule', v)}
        />
        {mails.data && (
          <Text size="sm" c="dimmed" pb={6}>
            {t('mail.scheduled.count', { count: mails.data.length })}
          </Text>
        )}
      </Group>
      <Card withBorder padding="sm">
        {table()}
      </Card>
      <ConfirmModal
        opened={asked !== null}
        title={t('mail.scheduled.skip')}
        text={
          asked
            ? t('mail.scheduled.skipQuestion', { rule: ruleName(asked.scheduleId), booking: asked.bookingNo })
            : ''
        }
        confirmLabel={t('mail.scheduled.skip')}
        busy={skip.isPending}
        onConfirm={() =>
          asked &&
          skip.mutate(asked.id, {
            onSuccess: () => {
              showSuccess(t('mail.scheduled.skipped'));
              setAsked(null);
            },
          })
        }
        onClose={() => setAsked(null)}
      />
    </Stack>
  );
}
