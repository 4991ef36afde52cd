import type { TBooking } from '@atoll/domain/bookings';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = {
  booking: TBooking;
  busy: boolean;
  onSplit: (roomBookingIds: number[]) => void;
  onClose: () => void;
};

/** Splits chosen room entries (with their guests) off into bookings of their own. */
export function SplitModal({ booking, busy, onSplit, onClose }: TProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(booking.rooms.slice(1).map((r) => String(r.id)));
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t('form.invalid.required'));
      return;
    }
    onSplit(chosen.map(Number));
  };
  return (
    <Modal opened onClose={onClose} title={t('bookings.lifecycle.split.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('bookings.lifecycle.split.text')}</Text>
          <Checkbox.Group
            label={t('bookings.lifecycle.split.entries')}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setError(undefined);
            }}
            error={error}
          >
            <Stack gap="xs" mt="xs">
              {booking.rooms.map((r) => (
                <Checkbox
                  key={r.id}
                  value={String(r.id)}
                  label={t('bookings.lifecycle.entry', { room: r.roomName, guests: r.guests.length })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('bookings.lifecycle.actions.split')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
