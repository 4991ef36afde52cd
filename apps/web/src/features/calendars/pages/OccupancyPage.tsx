import { dayIndex, type TCalendarEntry } from '@atoll/domain/bookings/calendar';
import { addDays } from '@atoll/domain/inventory/tours';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText, showError, showSuccess } from '../../../app/messages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { useAssetOptions } from '../../bookings/api.ts';
import { shownNumber } from '../../bookings/components/bookingState.ts';
import { type TStayMove, useCalendarEvents, useMoveStay } from '../api.ts';
import { CalendarFilters, useCalendarParams } from '../components/CalendarFilters.tsx';
import { CalendarLegend, ColourSwitches } from '../components/CalendarLegend.tsx';
import { MoveStayModal } from '../components/MoveStayModal.tsx';
import { OccupancyGrid } from '../components/OccupancyGrid.tsx';
import { useColourOptions } from '../components/useColourOptions.ts';

const SPANS = ['14', '30', '60', '90', '180', '365'];
const DEFAULT_DAYS = 60;
const DAYS_BEFORE_TODAY = 3;

type TPending = { entryId: number; days: number; rows: number };

/**
 * /booking/occupancy: a resort's rooms × days with every stay and block. Resort, first day and span live in
 * the URL; a click opens the booking, a drag (or the move dialog) gives a stay new dates or another room.
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
  const rooms = events.data?.rooms ?? [];
  // The entry as last read: after a failed move it carries the booking's current version.
  const menu = events.data?.entries.find((e) => e.entryId === menuId) ?? null;
  const labelOf = (entry: TCalendarEntry) =>
    [shownNumber({ ...entry, id: entry.bookingId }), entry.leadGuest].filter(Boolean).join(' · ');

  /** One call; the stay stays where it was dropped until the calendar is read again, or snaps back. */
  const move = (entry: TCalendarEntry, change: TStayMove, shown: TPending | null) => {
    setPending(shown);
    moveStay.mutate(
      { entry, move: change },
      {
        onSuccess: () => {
          setMenuId(null);
          showSuccess(t('calendars.move.done'));
        },
        onError: (error) => showError(apiErrorText(error as ApiError)),
        onSettled: () => setPending(null),
      },
    );
  };
  const drop = (entry: TCalendarEntry, cells: { days: number; rows: number }) => {
    const shown = { entryId: entry.entryId, ...cells };
    if (cells.days !== 0)
      return move(
        entry,
        { kind: 'dates', from: addDays(entry.from, cells.days), to: addDays(entry.to, cells.days) },
        shown,
      );
    const target = rooms[rooms.findIndex((r) => r.id === entry.roomId) + cells.rows];
    if (target) move(entry, { kind: 'room', roomId: target.id }, shown);
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('calendars.occupancy.title')} intro={t('calendars.occupancy.intro')} />
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
        />
      )}
      <CalendarLegend />
      {menu && (
        <MoveStayModal
          entry={menu}
          rooms={rooms}
          label={labelOf(menu)}
          busy={moveStay.isPending}
          onMove={(change) => move(menu, change, null)}
          onClose={() => setMenuId(null)}
        />
      )}
    </Stack>
  );
}
