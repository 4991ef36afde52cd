import {
  COLUMN_WIDTH,
  dayAt,
  dayIndex,
  displayState,
  entryColour,
  ROW_HEIGHT,
  stayBox,
  type TCalendarBlock,
  type TCalendarEntry,
  type TCalendarRoom,
  type TColourOptions,
} from '@atoll/domain/bookings/calendar';
import { useMediaQuery } from '@mantine/hooks';
import { type MouseEvent, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { shownNumber } from '../../bookings/components/bookingState.ts';
import classes from './Calendar.module.css';
import { BLOCK_SWATCHES, swatchOf } from './calendarColours.ts';
import { StayBlock } from './StayBlock.tsx';
import { useGridWindow } from './useGridWindow.ts';

/** The room column: narrower on a phone, where the days matter more. */
const ROOM_COLUMN = 150;
const PHONE_ROOM_COLUMN = 96;
const HEADER = 44;

type TProps = {
  rooms: TCalendarRoom[];
  entries: TCalendarEntry[];
  blocks: TCalendarBlock[];
  from: string;
  days: number;
  today: string;
  options: TColourOptions;
  /** A move waiting for the server: the stay is drawn where it was dropped until the answer. */
  pending: { entryId: number; days: number; rows: number } | null;
  onOpen: (entry: TCalendarEntry) => void;
  onDrop: (entry: TCalendarEntry, cells: { days: number; rows: number }) => void;
  onMoveMenu: (entry: TCalendarEntry) => void;
  /** A click on a free cell: a new booking of that room from that day, up to `until` (the next stay or block). */
  onFreeCell: (room: TCalendarRoom, day: string, until: string | null) => void;
};

/** The stays and blocks of each row, by room id. */
function byRoom<T extends { roomId: number }>(items: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) map.set(item.roomId, [...(map.get(item.roomId) ?? []), item]);
  return map;
}

/** Stays and blocks that take a room's nights: cancelled and released stays leave them free. */
const TAKES_NIGHTS = (shown: string | null) =>
  shown !== null && shown !== 'cancelled' && shown !== 'released';

/**
 * The occupancy grid (spec booking §2 /booking/occupancy): rooms × days, row height 47 px, column width
 * 78 px. Only the rows and days on screen are rendered (useGridWindow); the header and the room column stay.
 */
export function OccupancyGrid(props: TProps) {
  const { rooms, from, days, today, options, pending } = props;
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const box = useRef<HTMLElement>(null);
  const roomColumn = useMediaQuery('(max-width: 48em)') ? PHONE_ROOM_COLUMN : ROOM_COLUMN;
  const view = useGridWindow(
    box,
    { rowCount: rooms.length, columnCount: days, rowHeight: ROW_HEIGHT, columnWidth: COLUMN_WIDTH },
    { top: HEADER, left: roomColumn },
  );
  const entries = useMemo(() => byRoom(props.entries), [props.entries]);
  const blocks = useMemo(() => byRoom(props.blocks), [props.blocks]);
  const dayLabel = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        weekday: 'short',
        day: '2-digit',
        month: '2-digit',
        timeZone: 'UTC',
      }),
    [i18n.language],
  );
  const dateText = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
  const width = roomColumn + days * COLUMN_WIDTH;
  const visibleFrom = dayAt(from, view.columns.start);
  const visibleTo = dayAt(from, view.columns.end);
  const onScreen = (item: { from: string; to: string }) => item.from < visibleTo && item.to > visibleFrom;

  /** The nights of a room taken by a stay or a block, as [from, to) ranges. */
  const takenOf = (roomId: number) => [
    ...(entries.get(roomId) ?? []).filter((e) => TAKES_NIGHTS(displayState(e, today))),
    ...(blocks.get(roomId) ?? []),
  ];
  /** A click on the grid's background: the room and day under the pointer, when that night is free. */
  const clickCell = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, [data-room], [data-block]')) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const column = Math.floor((event.clientX - rect.left - roomColumn) / COLUMN_WIDTH);
    const room = rooms[Math.floor((event.clientY - rect.top) / ROW_HEIGHT)];
    if (!room || column < 0 || column >= days) return;
    const day = dayAt(from, column);
    const taken = takenOf(room.id);
    if (taken.some((item) => item.from <= day && item.to > day)) return;
    const next = taken
      .map((item) => item.from)
      .filter((start) => start > day)
      .sort()[0];
    props.onFreeCell(room, day, next ?? null);
  };

  const columns = [];
  for (let i = view.columns.start; i < view.columns.end; i++) {
    const day = dayAt(from, i);
    const [weekday, date] = dateText(day).split(/,?\s+/);
    columns.push(
      <div
        key={day}
        className={`${classes.day} ${day === today ? classes.today : ''}`}
        style={{ left: roomColumn + i * COLUMN_WIDTH, width: COLUMN_WIDTH }}
        data-day={day}
      >
        <span>{weekday}</span>
        <span>{date}</span>
      </div>,
    );
  }

  const rows = [];
  const cells = [];
  for (let r = view.rows.start; r < view.rows.end; r++) {
    const room = rooms[r];
    if (!room) continue;
    rows.push(
      <div
        key={room.id}
        data-room={room.id}
        className={classes.room}
        style={{ top: r * ROW_HEIGHT, height: ROW_HEIGHT }}
      >
        <strong>{room.name}</strong>
        <span style={{ color: 'var(--mantine-color-dimmed)' }}>{room.roomTypeName ?? ''}</span>
      </div>,
    );
    for (const block of (blocks.get(room.id) ?? []).filter(onScreen)) {
      const place = stayBox(from, block.from, block.to);
      cells.push(
        <div
          key={`b${block.id}`}
          className={classes.block}
          data-block={block.id}
          style={{
            ...BLOCK_SWATCHES[block.kind],
            top: r * ROW_HEIGHT + 3,
            height: ROW_HEIGHT - 6,
            left: roomColumn + place.left + 1,
            width: place.width - 2,
          }}
          title={block.reason ?? undefined}
        >
          {t(`calendars.blocks.${block.kind}`)}
        </div>,
      );
    }
    for (const entry of (entries.get(room.id) ?? []).filter(onScreen)) {
      const shown = displayState(entry, today);
      if (!shown) continue;
      const place = stayBox(from, entry.from, entry.to);
      const isMinor = shown === 'cancelled' || shown === 'released';
      const moved = pending?.entryId === entry.entryId ? pending : { days: 0, rows: 0 };
      const number = shownNumber({ ...entry, id: entry.bookingId });
      const label = [number, entry.leadGuest].filter(Boolean).join(' · ');
      cells.push(
        <StayBlock
          key={`e${entry.entryId}`}
          box={{
            top: (r + moved.rows) * ROW_HEIGHT,
            left: roomColumn + place.left + moved.days * COLUMN_WIDTH,
            width: place.width,
            height: ROW_HEIGHT,
          }}
          swatch={swatchOf(entryColour(entry, today, options), entry.categoryColor)}
          label={label}
          description={t('calendars.stay.description', {
            stay: label,
            room: room.name,
            from: formatDay(entry.from, lang),
            to: formatDay(entry.to, lang),
            state: t(`calendars.states.${shown}`),
            pax: entry.pax,
            agency: entry.agencyName ?? '–',
          })}
          canDrag={!isMinor && !entry.locked && entry.scheduleId === null && pending === null}
          isMinor={isMinor}
          onOpen={() => props.onOpen(entry)}
          onDrop={(cells) => props.onDrop(entry, cells)}
          onMoveMenu={() => props.onMoveMenu(entry)}
        />,
      );
    }
  }

  const todayIndex = dayIndex(from, today);
  return (
    <section
      ref={box}
      className={classes.scroll}
      data-testid="occupancy-grid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label={t('calendars.occupancy.title')}
    >
      <div style={{ width, height: HEADER + rooms.length * ROW_HEIGHT, position: 'relative' }}>
        <div className={classes.header} style={{ height: HEADER, width }}>
          <div className={classes.corner} style={{ width: roomColumn }}>
            {t('calendars.occupancy.room')}
          </div>
          {columns}
        </div>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the pointer's shortcut; the page's "New booking" button is the keyboard way */}
        <div
          className={classes.body}
          onClick={clickCell}
          style={{
            cursor: 'cell',
            height: rooms.length * ROW_HEIGHT,
            width,
            backgroundImage: `linear-gradient(to right, var(--mantine-color-default-border) 1px, transparent 1px), linear-gradient(to bottom, var(--mantine-color-default-border) 1px, transparent 1px)`,
            backgroundSize: `${COLUMN_WIDTH}px ${ROW_HEIGHT}px`,
            backgroundPosition: `${roomColumn}px 0`,
          }}
        >
          {todayIndex >= 0 && todayIndex < days && (
            <div
              aria-hidden
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: roomColumn + todayIndex * COLUMN_WIDTH,
                width: COLUMN_WIDTH,
                background: 'var(--mantine-color-blue-light)',
              }}
            />
          )}
          <div className={classes.rooms} style={{ width: roomColumn, height: rooms.length * ROW_HEIGHT }}>
            {rows}
          </div>
          {cells}
        </div>
      </div>
    </section>
  );
}
