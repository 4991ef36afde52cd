import type { TCalendarEntry, TCalendarRoom } from '@atoll/domain/bookings/calendar';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../components/routePath.ts';
import type { TStayMove } from '../api.ts';

type TProps = {
  entry: TCalendarEntry;
  rooms: TCalendarRoom[];
  label: string;
  onMove: (move: TStayMove) => void;
  onClose: () => void;
};

/** The keyboard alternative to dragging: new dates or another room for one stay, confirmed as a drag is. */
export function MoveStayModal({ entry, rooms, label, onMove, onClose }: TProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(entry.from);
  const [to, setTo] = useState(entry.to);
  const [roomId, setRoomId] = useState(String(entry.roomId));
  const datesChanged = (from !== entry.from || to !== entry.to) && from !== '' && to > from;
  const roomChanged = roomId !== String(entry.roomId);

  return (
    <Modal opened onClose={onClose} title={t('calendars.move.title', { stay: label })}>
      <Stack gap="sm">
        <Text size="sm">
          <Link to={routePath('bookingDetail', { id: entry.bookingId })}>
            {t('calendars.move.openBooking')}
          </Link>
        </Text>
        <Group grow align="flex-end">
          <TextInput
            type="date"
            label={t('calendars.move.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('calendars.move.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        <Button variant="light" disabled={!datesChanged} onClick={() => onMove({ kind: 'dates', from, to })}>
          {t('calendars.move.dates')}
        </Button>
        <Select
          label={t('calendars.move.room')}
          data={rooms.map((r) => ({ value: String(r.id), label: r.name }))}
          value={roomId}
          onChange={(value) => setRoomId(value ?? String(entry.roomId))}
          searchable
          allowDeselect={false}
        />
        <Button
          variant="light"
          disabled={!roomChanged}
          onClick={() => onMove({ kind: 'room', roomId: Number(roomId) })}
        >
          {t('calendars.move.changeRoom')}
        </Button>
      </Stack>
    </Modal>
  );
}
