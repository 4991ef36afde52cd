import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = {
  busy: boolean;
  onRelease: (reason: string) => void;
  onClose: () => void;
};

/** Releases a reservation: its rooms are free again and no fee is charged; the reason is kept. */
export function ReleaseModal({ busy, onRelease, onClose }: TProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('form.invalid.required'));
      return;
    }
    onRelease(reason.trim());
  };
  return (
    <Modal opened onClose={onClose} title={t('bookings.release.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('bookings.release.text')}</Text>
          <TextInput
            label={t('bookings.release.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={200}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('bookings.actions.release')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
