import {
  displayState,
  entryColour,
  type TCalendarEntry,
  type TCalendarEvents,
  type TColourOptions,
} from '@atoll/domain/bookings/calendar';
import { holdsInventory } from '@atoll/domain/inventory/availability';
import { Anchor, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { shownNumber } from '../../bookings/components/bookingState.ts';
import { swatchOf } from './calendarColours.ts';
import { wizardLink } from './wizardLink.ts';

type TProps = {
  events: TCalendarEvents;
  today: string;
  options: TColourOptions;
  vesselId: number;
  onOpen: (entry: TCalendarEntry) => void;
};

/** Berths an entry takes: all of the cabin when booked whole, else one per guest. */
const berthsOf = (entry: TCalendarEntry, beds: number) => (entry.whole ? Math.max(beds, 1) : entry.pax);

/**
 * The vessel calendar (spec booking §2 /booking/calendar): cabins × departures; a cell lists the stays of
 * that cabin on that departure in their state colours and the berths held of the cabin's berths; a cabin
 * with a berth left on a coming departure links to the wizard on it.
 */
export function VesselGrid({ events, today, options, vesselId, onOpen }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const cell = new Map<string, TCalendarEntry[]>();
  for (const entry of events.entries) {
    const key = `${entry.roomId}:${entry.scheduleId}`;
    cell.set(key, [...(cell.get(key) ?? []), entry]);
  }

  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label={t('calendars.vessel.title')}
      style={{ overflow: 'auto', maxHeight: '70vh' }}
    >
      <Table withTableBorder withColumnBorders stickyHeader striped={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th
              style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 2 }}
            >
              {t('calendars.vessel.cabin')}
            </Table.Th>
            {events.schedules.map((s) => (
              <Table.Th key={s.id} miw={140}>
                <Text size="sm" fw={600}>
                  {s.tourName}
                </Text>
                <Text size="xs">
                  {formatDay(s.from, lang)} – {formatDay(s.to, lang)}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.rooms.map((room) => (
            <Table.Tr key={room.id}>
              <Table.Th
                scope="row"
                style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}
              >
                {room.name}
              </Table.Th>
              {events.schedules.map((s) => {
                const stays = (cell.get(`${room.id}:${s.id}`) ?? []).filter((e) => displayState(e, today));
                const held = stays
                  .filter((e) => holdsInventory(e, { offersHoldInventory: false }))
                  .reduce((sum, e) => sum + berthsOf(e, room.availableBeds), 0);
                return (
                  <Table.Td key={s.id} data-testid={`cell-${room.id}-${s.id}`}>
                    <Stack gap={4}>
                      <Text size="xs">
                        {t('calendars.vessel.berths', { held, beds: room.availableBeds })}
                      </Text>
                      {stays.map((e) => {
                        const label = `${shownNumber({ ...e, id: e.bookingId })} · ${e.pax}`;
                        const state = t(`calendars.states.${displayState(e, today)}`);
                        return (
                          <UnstyledButton
                            key={e.entryId}
                            onClick={() => onOpen(e)}
                            aria-label={`${label} ${e.leadGuest ?? ''}, ${state}`}
                            title={`${e.leadGuest ?? ''} ${state}`}
                            px={6}
                            fz="xs"
                            style={{
                              ...swatchOf(entryColour(e, today, options), e.categoryColor),
                              borderRadius: 4,
                            }}
                          >
                            {label}
                          </UnstyledButton>
                        );
                      })}
                      {held < room.availableBeds && s.from > today && (
                        <Anchor
                          component={Link}
                          to={wizardLink({
                            vessel: vesselId,
                            schedule: s.id,
                            from: s.from,
                            to: s.to,
                            room: room.id,
                          })}
                          size="xs"
                        >
                          {t('calendars.vessel.book', { cabin: room.name })}
                        </Anchor>
                      )}
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
