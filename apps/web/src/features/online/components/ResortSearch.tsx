import type { TOnlineRoomType } from '@atoll/domain/online/api';
import { Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CSSProperties, memo, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../app/api.ts';
import { useRoomTypes } from '../api.ts';
import { formatDate, formatMoney, monthEnd, thisMonth } from './format.ts';
import { MonthSwitcher } from './MonthSwitcher.tsx';
import type { TSelection } from './OnlineBookingFlow.tsx';

type TProps = { resortId?: number | undefined; onSelect: (selection: TSelection) => void };

/** Dates (arrival days not allowed are greyed) and guests → room types with photos, free rooms and prices. */
export function ResortSearch({ resortId: fixed, onSelect }: TProps) {
  const { t, i18n } = useTranslation();
  // The resorts to pick from (not needed when the page names its resort).
  const all = useRoomTypes(undefined, undefined, undefined, fixed === undefined);
  const resorts = [
    ...new Map((all.data?.roomTypes ?? []).map((r) => [r.resortId, r.assetName])).entries(),
  ].filter((e): e is [number, string] => e[0] !== null);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  // Once the resorts have arrived, the month is built in a deferred render that React splits into short
  // slices (the answer's own render only keeps the loader): no long task on a phone's main thread.
  const wanted = fixed ?? chosen ?? resorts[0]?.[0];
  const resortId = useDeferredValue(wanted);
  const [month, setMonth] = useState(thisMonth);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  // Asked only once there is something to ask: each answer re-renders the month on the guest's phone.
  const calendar = useRoomTypes(resortId, `${month}-01`, monthEnd(month), resortId !== undefined);
  const [guests, setGuests] = useState(2);
  // One request answers the stay: each room type with its free rooms and its price for the guests.
  const stay = useRoomTypes(
    resortId,
    from ?? undefined,
    to ?? undefined,
    resortId !== undefined && from !== null && to !== null,
    guests,
  );
  const [typeId, setTypeId] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeId !== null) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [typeId]);
  // Stable while the stay is unchanged, so the days are not rendered again when an answer arrives.
  const pickDay = useCallback(
    (date: string) => {
      if (!from || to || date <= from) {
        setFrom(date);
        setTo(null);
      } else setTo(date);
      setTypeId(null);
    },
    [from, to],
  );

  if (resortId === undefined)
    return all.isLoading || wanted !== undefined ? (
      <Loader role="status" aria-label={t('online.loading')} />
    ) : (
      <Text>{t('online.noResort')}</Text>
    );
  const today = new Date().toISOString().slice(0, 10);
  const days = calendar.data?.days ?? [];
  const firstWeekday = (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
  const type = stay.data?.roomTypes.find((r) => r.id === typeId);
  const mostGuests = Math.max(2, ...(stay.data?.roomTypes ?? all.data?.roomTypes ?? []).map((r) => r.maxPax));
  const go = () => {
    const price = type?.price;
    if (!price || !from || !to || !type) return;
    onSelect({
      body: {
        from,
        to,
        rooms: [{ roomId: price.roomId, whole: true, guests: Array.from({ length: guests }, () => ({})) }],
      },
      summary: `${type.assetName} · ${type.name}, ${formatDate(t, from)} – ${formatDate(t, to)}`,
      addons: [],
    });
  };
  return (
    <Stack gap="sm">
      {fixed === undefined && resorts.length > 1 && (
        <NativeSelect
          label={t('online.resort')}
          data={resorts.map(([id, name]) => ({ value: String(id), label: name }))}
          value={String(resortId)}
          onChange={(e) => {
            setChosen(Number(e.currentTarget.value));
            setFrom(null);
            setTo(null);
          }}
        />
      )}
      <Text size="sm">
        {!from
          ? t('online.pickArrival')
          : !to
            ? t('online.pickDeparture')
            : t('online.stayChosen', { from: formatDate(t, from), to: formatDate(t, to) })}
      </Text>
      <MonthSwitcher month={month} onChange={setMonth} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
        {WEEKDAYS.map((d) => (
          <abbr
            key={d}
            title={t(`online.weekdays.${d}`)}
            style={{ textAlign: 'center', fontSize: 'var(--mantine-font-size-xs)', textDecoration: 'none' }}
          >
            {t(`online.weekdaysShort.${d}`)}
          </abbr>
        ))}
        {Array.from({ length: firstWeekday }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the 1st, never reordered
          <span key={`pad-${i}`} />
        ))}
        {days.map((d) => {
          const picking = from && !to;
          const allowed = d.date >= today && (picking && d.date > from ? d.departure : d.arrival);
          const inStay = from && d.date >= from && (to ? d.date <= to : d.date === from);
          return (
            <Day
              key={d.date}
              date={d.date}
              label={formatDate(t, d.date)}
              past={d.date < today}
              allowed={Boolean(allowed)}
              inStay={Boolean(inStay)}
              onPick={pickDay}
            />
          );
        })}
      </div>
      {from && to && (
        <NativeSelect
          label={t('online.guestCount')}
          data={Array.from({ length: mostGuests }, (_, i) => ({
            value: String(i + 1),
            label: t('online.guests', { count: i + 1 }),
          }))}
          value={String(guests)}
          onChange={(e) => {
            setGuests(Number(e.currentTarget.value));
            setTypeId(null);
          }}
        />
      )}
      {from && to && stay.isFetching && <Loader role="status" aria-label={t('online.loading')} />}
      {from && to && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {stay.data?.roomTypes.map((rt) => (
            <RoomTypeCard key={rt.id} type={rt} chosen={rt.id === typeId} onChoose={() => setTypeId(rt.id)} />
          ))}
        </SimpleGrid>
      )}
      {type?.price && (
        <Card withBorder padding="sm" ref={panel} data-testid="chosen-room">
          <Title order={2} size="h5">
            {type.name}
          </Title>
          <Text size="sm">
            {t('online.priceTotal', {
              total: formatMoney(type.price.total, type.price.currency, i18n.language),
              count: type.price.guests,
            })}
          </Text>
          <Button color="blue.8" mt="sm" fullWidth size="md" onClick={go} data-testid="continue">
            {t('online.continueWith', { count: guests })}
          </Button>
        </Card>
      )}
    </Stack>
  );
}

// A month shows up to 31 days: each a plain button with fixed styles (no Mantine component per day).
const DAY: CSSProperties = {
  appearance: 'none',
  border: 0,
  textAlign: 'center',
  padding: '10px 0',
  borderRadius: 6,
  minHeight: 44,
  fontSize: 'var(--mantine-font-size-md)',
  touchAction: 'manipulation',
  WebkitTapHighlightColor: 'transparent',
};
/** The look of a day: in the chosen stay (blue), else open for a pick (grey) or not possible (struck). */
const dayStyle = (inStay: boolean, allowed: boolean): CSSProperties => ({
  ...DAY,
  background: inStay
    ? 'var(--mantine-color-blue-7)'
    : allowed
      ? 'var(--mantine-color-gray-1)'
      : 'transparent',
  color: inStay ? 'white' : allowed ? 'var(--mantine-color-black)' : 'var(--mantine-color-gray-6)',
  ...(allowed ? {} : { textDecoration: 'line-through' }),
  cursor: allowed ? 'pointer' : 'not-allowed',
});
const DAY_STYLES = [
  [dayStyle(false, false), dayStyle(false, true)],
  [dayStyle(true, false), dayStyle(true, true)],
] as const;
/** A day gone by: greyed, not struck (nothing to explain). */
const PAST_DAY: CSSProperties = {
  ...DAY,
  background: 'transparent',
  color: 'var(--mantine-color-gray-5)',
  cursor: 'default',
};
/** Monday first, as the days below. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One day of the month, a button named by its date. */
const Day = memo(function Day({
  date,
  label,
  past,
  allowed,
  inStay,
  onPick,
}: {
  date: string;
  label: string;
  past: boolean;
  allowed: boolean;
  inStay: boolean;
  onPick: (date: string) => void;
}) {
  return (
    <button
      type="button"
      className="mantine-focus-auto"
      data-date={date}
      disabled={!allowed}
      aria-pressed={inStay}
      aria-label={label}
      onClick={() => onPick(date)}
      style={past ? PAST_DAY : DAY_STYLES[inStay ? 1 : 0][allowed ? 1 : 0]}
    >
      {Number(date.slice(8))}
    </button>
  );
});

function RoomTypeCard({
  type,
  chosen,
  onChoose,
}: {
  type: TOnlineRoomType;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const free = type.free ?? 0;
  const photo = type.mediaIds[0];
  const price = type.price;
  return (
    <Card
      withBorder
      padding="xs"
      data-testid="room-type"
      style={chosen ? { borderColor: 'var(--mantine-color-blue-7)' } : undefined}
    >
      {photo !== undefined && (
        <Card.Section>
          <img
            src={apiUrl(`/api/media/${photo}/data`)}
            alt={type.name}
            loading="lazy"
            style={{ width: '100%', height: 140, objectFit: 'cover' }}
          />
        </Card.Section>
      )}
      <Text fw={600} mt={photo !== undefined ? 'xs' : 0}>
        {type.name}
      </Text>
      {type.description && (
        <Text size="sm" c="gray.7" lineClamp={3}>
          {type.description}
        </Text>
      )}
      {price && (
        <Text fw={600} mt={4} data-testid="room-type-price">
          {t('online.pricePerPerson', {
            amount: formatMoney(price.perPerson, price.currency, i18n.language),
          })}
        </Text>
      )}
      <Group justify="space-between" mt="xs">
        <Text size="sm" c={free === 0 || !price ? 'red.9' : 'teal.9'}>
          {free === 0
            ? t('online.soldOut')
            : price
              ? t('online.freeRooms', { count: free })
              : t('online.tooManyGuests', { count: type.maxPax })}
        </Text>
        <Button
          color="blue.8"
          size="sm"
          onClick={onChoose}
          disabled={free === 0 || !price}
          variant={chosen ? 'filled' : 'outline'}
        >
          {t('online.choose')}
        </Button>
      </Group>
    </Card>
  );
}
