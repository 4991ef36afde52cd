import type { TBooking } from '@atoll/domain/bookings';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = {
  booking: TBooking;
  kind: 'revert' | 'revertRebook';
  busy: boolean;
  /** `optionExpiry`: the new expiry a released reservation needs back (docs/domain/lifecycle.md). */
  onRevert: (optionExpiry?: string) => void;
  onClose: () => void;
};

/** Asks before a revert; a released reservation also needs its new option expiry. */
export function RevertModal({ booking, kind, busy, onRevert, onClose }: TProps) {
  const { t } = useTranslation();
  const needsExpiry = kind === 'revert' && booking.state === 'freed';
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!needsExpiry) return onRevert();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError(t('form.invalid.required'));
    // The option holds to the end of the chosen day.
    onRevert(`${day}T23:59:59Z`);
  };
  return (
    <Modal opened onClose={onClose} title={t(`bookings.lifecycle.${kind}.title`)} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`bookings.lifecycle.${kind}.text`)}</Text>
          {needsExpiry && (
            <TextInput
              type="date"
              label={t('bookings.lifecycle.revert.optionExpiry')}
              value={day}
              onChange={(e) => {
                setDay(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              required
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t(`bookings.lifecycle.actions.${kind}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
