import type { TTestMailSchedule } from '@atoll/domain/mail/schedule';
import { Button, Divider, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useTestMailSchedule } from '../api.ts';

/** Under a rule's form: its mail for one booking (else the next it will mail) to the user, marked [Test]. */
export function MailScheduleTest({ ruleId }: { ruleId: number }) {
  const { t } = useTranslation();
  const test = useTestMailSchedule();
  const [bookingId, setBookingId] = useState<number | ''>('');
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<string | null>(null);
  const submit = () => {
    const body: TTestMailSchedule = {
      ...(bookingId === '' ? {} : { bookingId }),
      ...(to.trim() ? { to: to.trim() } : {}),
      ...(language === 'de' || language === 'en' ? { language } : {}),
    };
    test.mutate(
      { id: ruleId, body },
      {
        onSuccess: (answer) =>
          showSuccess(t('mail.schedule.test.queued', { booking: answer.bookingId, to: answer.to })),
      },
    );
  };
  return (
    <Stack gap="xs" mt="xl">
      <Divider label={t('mail.schedule.test.title')} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('mail.schedule.test.hint')}
      </Text>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('mail.schedule.test.booking')}
          value={bookingId}
          min={1}
          allowDecimal={false}
          w={140}
          onChange={(v) => setBookingId(typeof v === 'number' ? v : '')}
        />
        <TextInput
          label={t('mail.schedule.test.to')}
          type="email"
          value={to}
          style={{ flex: '1 1 12rem' }}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Select
          label={t('mail.schedule.test.language')}
          placeholder={t('mail.schedule.test.bookingLanguage')}
          data={['de', 'en'].map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          value={language}
          clearable
          w={190}
          onChange={setLanguage}
        />
        <Button leftSection={<IconSend size={16} aria-hidden />} loading={test.isPending} onClick={submit}>
          {t('mail.schedule.test.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
