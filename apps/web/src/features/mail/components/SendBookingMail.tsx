import type { TBooking } from '@atoll/domain/bookings';
import type { TSendMailAnswer } from '@atoll/domain/mail';
import { Button, Checkbox, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useActiveMailTemplates, useSendBookingMail } from '../api.ts';

/**
 * The "Send mail" dialog of the booking detail (its toolbar opens it): a template (those in the booking's language first) to the booking's
 * guest or another address. The mail is queued and sent by the server; a mail already sent for the same
 * event is only sent again with "send again".
 */
export function SendBookingMail({
  booking,
  opened,
  onClose,
}: {
  booking: Pick<TBooking, 'id' | 'language'>;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const templates = useActiveMailTemplates(opened);
  const send = useSendBookingMail();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [to, setTo] = useState('');
  const [force, setForce] = useState(false);
  const options = [...(templates.data ?? [])]
    .sort((a, b) => Number(b.language === booking.language) - Number(a.language === booking.language))
    .map((tpl) => ({
      value: String(tpl.id),
      label: `${tpl.name} (${tpl.language.toUpperCase()}, ${t(`mail.states.${tpl.state}`)})`,
    }));

  const report = (answer: TSendMailAnswer) => {
    const outcome = answer.items[0]?.outcome;
    if (outcome === 'queued') {
      showSuccess(t('mail.send.queued'));
      onClose();
    } else if (outcome === 'duplicate') showError(t('mail.send.duplicate'));
    else showError(t('mail.send.noAddress'));
  };
  const submit = () => {
    if (!templateId) return;
    send.mutate(
      {
        bookingId: booking.id,
        templateId: Number(templateId),
        force,
        ...(to.trim() ? { to: to.trim() } : {}),
      },
      { onSuccess: report },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('mail.send.title')} centered>
      <Stack gap="sm">
        <Select
          label={t('mail.send.template')}
          data={options}
          value={templateId}
          onChange={setTemplateId}
          searchable
          required
        />
        <TextInput
          label={t('mail.send.to')}
          description={t('mail.send.toHint')}
          type="email"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Checkbox
          label={t('mail.send.force')}
          checked={force}
          onChange={(e) => setForce(e.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          {t('mail.send.hint')}
        </Text>
        <Button onClick={submit} loading={send.isPending} disabled={!templateId}>
          {t('mail.send.submit')}
        </Button>
      </Stack>
    </Modal>
  );
}
