import { dayIndex, type TCalendarEntry, type TCalendarRoom } from '@atoll/domain/bookings/calendar';
import { addDays } from '@atoll/domain/inventory/tours';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { useAssetOptions } from '../../bookings/api.ts';
import { shownNumber } from '../../bookings/components/bookingState.ts';
import { type TStayMove, useCalendarEvents, useMoveStay } from '../api.ts';
import { CalendarFilters, useCalendarParams } from '../components/CalendarFilters.tsx';
import { CalendarLegend, ColourSwitches } from '../components/CalendarLegend.tsx';
import { ConfirmMoveModal } from '../components/ConfirmMoveModal.tsx';
import { MoveStayModal } from '../components/MoveStayModal.tsx';
import { OccupancyGrid } from '../components/OccupancyGrid.tsx';
import { useColourOptions } from '../components/useColourOptions.ts';
import { wizardLink } from '../components/wizardLink.ts';

const SPANS = ['14', '30', '60', '90', '180', '365'];
const DEFAULT_DAYS = 60;
const DAYS_BEFORE_TODAY = 3;

type TPending = { entryId: number; days: number; rows: number };
/** A move waiting for the user's yes: the stay, the change, where it is drawn meanwhile. */
type TProposal = { entry: TCalendarEntry; change: TStayMove; shown: TPending | null };
/** The nights a click on a free cell proposes, fewer when the next stay comes sooner. */
const NEW_STAY_NIGHTS = 7;

/**
 * /booking/occupancy: a resort's rooms × days with every stay and block. Resort, first day and span live in
 * the URL; a click opens the booking, a drag (or the move dialog) proposes new dates or another room, which
 * are made after a confirmation with the price before and after; a click on a free cell starts a booking.
 */
export default function OccupancyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = todayIso();
  const { params, set, spanOf } = useCalendarParams(today);
  const { resorts } = useAssetOptions({ resorts: true, vessels: false });
  const resortId = Number(params.get('resort') ?? resorts[0]?.value ?? 0) || 0;
  const from = params.get('from') || addDays(today, -DAYS_BEFORE_TODAY);
  const days = spanOf('days', SPANS, DEFAULT_DAYS);

  const [options, setOptions] = useColourOptions();
  const events = useCalendarEvents({ from, to: addDays(from, days), resortId }, resortId > 0);
  const moveStay = useMoveStay();
  const [pending, setPending] = useState<TPending | null>(null);
  const [menuId, setMenuId] = useState<number | null>(null);
  const [proposal, setProposal] = useState<TProposal | null>(null);
  const rooms = events.data?.rooms ?? [];
  // The entry as last read: after a failed move it carries the booking's current version.
  const menu = events.data?.entries.find((e) => e.entryId === menuId) ?? null;
  const labelOf = (entry: TCalendarEntry) =>
    [shownNumber({ ...entry, id: entry.bookingId }), entry.leadGuest].filter(Boolean).join(' · ');

  /** Shown where it was dropped until the user decides and the calendar is read again, or snaps back. */
  const propose = (entry: TCalendarEntry, change: TStayMove, shown: TPending | null) => {
    setMenuId(null);
    setPending(shown);
    setProposal({ entry, change, shown });
  };
  const cancel = () => {
    setProposal(null);
    setPending(null);
  };
  const confirm = ({ entry, change }: TProposal) =>
    moveStay.mutate(
      { entry, move: change },
      {
        onSuccess: () => showSuccess(t('calendars.move.done')),
        onError: (error) => showError(apiErrorText(error as ApiError)),
        onSettled: cancel,
      },
    );
  const drop = (entry: TCalendarEntry, cells: { days: number; rows: number }) => {
    const shown = { entryId: entry.entryId, ...cells };
    if (cells.days !== 0)
      return propose(
        entry,
        { kind: 'dates', from: addDays(entry.from, cells.days), to: addDays(entry.to, cells.days) },
        shown,
      );
    const target = rooms[rooms.findIndex((r) => r.id === entry.roomId) + cells.rows];
    if (target) propose(entry, { kind: 'room', roomId: target.id }, shown);
  };
  const startBooking = (room: TCalendarRoom, day: string, until: string | null) => {
    const to = addDays(day, NEW_STAY_NIGHTS);
    navigate(
      wizardLink({ resort: resortId, room: room.id, from: day, to: until && until < to ? until : to }),
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageHeader title={t('calendars.occupancy.title')} intro={t('calendars.occupancy.intro')} />
        {resortId > 0 && (
          <Button
            component={Link}
            to={wizardLink({ resort: resortId })}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('calendars.occupancy.newBooking')}
          </Button>
        )}
      </Group>
      <CalendarFilters
        asset={{
          label: t('calendars.fields.resort'),
          options: resorts,
          value: resortId,
          onChange: (v) => set('resort', v),
        }}
        start={{ type: 'date', value: from, onChange: (v) => set('from', v) }}
        span={{ unit: 'days', choices: SPANS, value: days, onChange: (v) => set('days', v) }}
      />
      <ColourSwitches value={options} onChange={setOptions} />
      {events.isError && <Alert color="red">{apiErrorText(events.error as ApiError)}</Alert>}
      {events.data && (
        <OccupancyGrid
          rooms={rooms}
          entries={events.data.entries}
          blocks={events.data.blocks}
          from={events.data.from}
          days={dayIndex(events.data.from, events.data.to)}
          today={today}
          options={options}
          pending={pending}
          onOpen={(entry) => navigate(routePath('bookingDetail', { id: entry.bookingId }))}
          onDrop={drop}
          onMoveMenu={(entry) => setMenuId(entry.entryId)}
          onFreeCell={startBooking}
        />
      )}
      <CalendarLegend />
      {menu && (
        <MoveStayModal
          entry={menu}
          rooms={rooms}
          label={labelOf(menu)}
          onMove={(change) => propose(menu, change, null)}
          onClose={() => setMenuId(null)}
        />
      )}
      {proposal && (
        <ConfirmMoveModal
          entry={proposal.entry}
          move={proposal.change}
          rooms={rooms}
          label={labelOf(proposal.entry)}
          busy={moveStay.isPending}
          onConfirm={() => confirm(proposal)}
          onClose={cancel}
        />
      )}
    </Stack>
  );
}
