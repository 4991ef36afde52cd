import type { TCalendarEntry, TCalendarRoom } from '@atoll/domain/bookings/calendar';
import { formatMoney } from '@atoll/domain/money';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { useBooking } from '../../bookings/api.ts';
import { type TStayMove, useMovePreview } from '../api.ts';

type TProps = {
  entry: TCalendarEntry;
  move: TStayMove;
  rooms: TCalendarRoom[];
  label: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The question before a stay moves: what changes (dates or room) and the price before and after, which the
 * server works out by a dry run of the same move; a move it would refuse (taken nights) cannot be confirmed.
 */
export function ConfirmMoveModal({ entry, move, rooms, label, busy, onConfirm, onClose }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const booking = useBooking(entry.bookingId);
  const preview = useMovePreview(entry, move);
  const roomName = (id: number) => rooms.find((r) => r.id === id)?.name ?? String(id);
  const dates = (from: string, to: string) => `${formatDay(from, lang)} – ${formatDay(to, lang)}`;
  const before = booking.data;
  const after = preview.data;
  const money = (amount: string, currency: string) => formatMoney(amount, currency, lang);
  const repriced = before && after && (before.total !== after.total || before.currency !== after.currency);

  const rows: [string, string, string][] =
    move.kind === 'dates'
      ? [[t('calendars.confirm.dates'), dates(entry.from, entry.to), dates(move.from, move.to)]]
      : [[t('calendars.confirm.room'), roomName(entry.roomId), roomName(move.roomId)]];
  if (before && after)
    rows.push([
      t('calendars.confirm.price'),
      money(before.total, before.currency),
      money(after.total, after.currency),
    ]);

  return (
    // Opened by the end of a drag: the click that follows must not close it (no close on a click outside).
    <Modal
      opened
      onClose={onClose}
      title={t('calendars.confirm.title', { stay: label })}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Table aria-label={t('calendars.confirm.title', { stay: label })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('calendars.confirm.before')}</Table.Th>
              <Table.Th>{t('calendars.confirm.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([what, was, will]) => (
              <Table.Tr key={what}>
                <Table.Th scope="row">{what}</Table.Th>
                <Table.Td>{was}</Table.Td>
                <Table.Td>{will}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {preview.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('calendars.confirm.pricing')}</Text>
          </Group>
        )}
        {preview.isError && <Alert color="red">{apiErrorText(preview.error as ApiError)}</Alert>}
        {after && (
          <Text size="sm" data-testid="move-price-note">
            {repriced ? t('calendars.confirm.repriced') : t('calendars.confirm.samePrice')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={!after} onClick={onConfirm}>
            {t('calendars.confirm.move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
