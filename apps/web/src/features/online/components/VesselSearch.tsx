import type { TOnlineRoom, TOnlineRoomType, TOnlineSchedule } from '@atoll/domain/online/api';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../app/api.ts';
import { type TRoomChoice, useAddons, useSchedules, useTrip } from '../api.ts';
import { formatDate, formatMoney, thisMonth } from './format.ts';
import { MonthSwitcher } from './MonthSwitcher.tsx';
import type { TSelection } from './OnlineBookingFlow.tsx';

/** A departure card's height with a price line (the placeholders while departures load). */
const DEPARTURE_HEIGHT = 112;

type TProps = { vesselId?: number | undefined; onSelect: (selection: TSelection) => void };

/** Departures by month with their lowest price → cabins or berths with live availability and prices, deck by deck → add-ons. */
export function VesselSearch({ vesselId, onSelect }: TProps) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(thisMonth);
  const [scheduleId, setScheduleId] = useState<number | null>(null);
  const schedules = useSchedules(vesselId, month);

  if (scheduleId !== null)
    return <Cabins scheduleId={scheduleId} onBack={() => setScheduleId(null)} onSelect={onSelect} />;
  return (
    <Stack gap="sm">
      <MonthSwitcher month={month} onChange={setMonth} />
      {/* The departures arrive after the first paint. On a phone their list fills the first screen from the
          start, so what follows (the booking lookup) never jumps as they come in; three card-high
          placeholders hold their place meanwhile. */}
      <Stack gap="sm" mih={{ base: 'calc(100dvh - 12rem)', sm: 0 }}>
        {schedules.isLoading && (
          <>
            <Skeleton h={DEPARTURE_HEIGHT} radius="md" role="status" aria-label={t('online.loading')} />
            <Skeleton h={DEPARTURE_HEIGHT} radius="md" />
            <Skeleton h={DEPARTURE_HEIGHT} radius="md" />
          </>
        )}
        {schedules.data?.length === 0 && <Text c="gray.7">{t('online.noDepartures')}</Text>}
        {schedules.data?.map((s) => (
          <Departure key={s.id} schedule={s} onChoose={() => setScheduleId(s.id)} />
        ))}
      </Stack>
    </Stack>
  );
}

function Departure({ schedule, onChoose }: { schedule: TOnlineSchedule; onChoose: () => void }) {
  const { t, i18n } = useTranslation();
  const soldOut = schedule.freeBerths === 0;
  return (
    <Card withBorder padding="sm" data-testid="departure">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{schedule.tourName}</Text>
          <Text size="sm">
            {formatDate(t, schedule.from)} – {formatDate(t, schedule.to)}
          </Text>
          <Text size="sm" c="gray.7">
            {schedule.vesselName}
          </Text>
          {schedule.priceFrom && schedule.currency && (
            <Text size="sm" fw={600} data-testid="price-from">
              {t('online.priceFrom', {
                amount: formatMoney(schedule.priceFrom, schedule.currency, i18n.language),
              })}
            </Text>
          )}
        </div>
        <Stack gap={4} align="flex-end">
          {/* Plain text, not a badge: a badge cuts "12 berths free" short on a 375 px phone. */}
          <Text size="sm" fw={600} c={soldOut ? 'red.9' : 'teal.9'} ta="right" data-testid="departure-free">
            {soldOut ? t('online.soldOut') : t('online.freeBerths', { count: schedule.freeBerths })}
          </Text>
          <Button color="blue.8" size="sm" onClick={onChoose} disabled={soldOut}>
            {t('online.choose')}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

/** Guests per cabin: berths in a shared cabin, or the whole cabin. */
type TPick = Record<number, number>;

function Cabins({
  scheduleId,
  onBack,
  onSelect,
}: {
  scheduleId: number;
  onBack: () => void;
  onSelect: (selection: TSelection) => void;
}) {
  const { t } = useTranslation();
  const trip = useTrip(scheduleId);
  const addons = useAddons('vessel', trip.data?.vesselId);
  const [pick, setPick] = useState<TPick>({});
  const [chosenAddons, setChosenAddons] = useState<number[]>([]);
  if (trip.isLoading || !trip.data) return <Loader role="status" aria-label={t('online.loading')} />;
  const data = trip.data;
  const decks = data.decks ?? [];
  const types = new Map((data.roomTypes ?? []).map((rt) => [rt.id, rt]));
  const groups = [
    ...decks.map((d) => ({ id: d.id as number | null, name: d.name, planImage: d.planImage })),
    { id: null, name: decks.length ? t('online.otherCabins') : '', planImage: null },
  ]
    .map((g) => ({
      ...g,
      rooms: data.rooms.filter(
        (r) => (r.deckId ?? null) === g.id || (g.id === null && !decks.some((d) => d.id === r.deckId)),
      ),
    }))
    .filter((g) => g.rooms.length > 0);
  const guests = Object.values(pick).reduce((n, v) => n + v, 0);
  const go = () => {
    const rooms: TRoomChoice[] = data.rooms
      .filter((r) => (pick[r.id] ?? 0) > 0)
      .map((r) => ({
        roomId: r.id,
        whole: !r.shared,
        guests: Array.from({ length: pick[r.id] ?? 0 }, () => ({})),
      }));
    onSelect({
      body: {
        scheduleId,
        rooms,
        ...(chosenAddons.length ? { addons: chosenAddons.map((productId) => ({ productId })) } : {}),
      },
      summary: `${data.tourName}, ${formatDate(t, data.from)} – ${formatDate(t, data.to)}`,
      addons: (addons.data ?? []).filter((a) => chosenAddons.includes(a.id)).map((a) => a.name),
    });
  };
  return (
    <Stack gap="sm">
      <Button variant="default" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        ‹ {t('online.allDepartures')}
      </Button>
      <Title order={2} size="h4">
        {data.tourName} · {formatDate(t, data.from)} – {formatDate(t, data.to)}
      </Title>
      {!data.bookable && <Alert color="red">{t('online.soldOut')}</Alert>}
      {groups.map((g) => (
        <Stack key={g.id ?? 'none'} gap="xs">
          {g.name && (
            <Title order={3} size="h5">
              {g.name}
            </Title>
          )}
          {g.planImage !== null && (
            <img
              src={apiUrl(`/api/media/${g.planImage}/data`)}
              alt={t('online.deckPlan', { name: g.name })}
              loading="lazy"
              style={{ width: '100%', maxHeight: 180, objectFit: 'contain' }}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {g.rooms.map((room) => (
              <CabinCard
                key={room.id}
                room={room}
                type={room.roomTypeId !== null ? types.get(room.roomTypeId) : undefined}
                value={pick[room.id] ?? 0}
                onChange={(n) => setPick((p) => ({ ...p, [room.id]: n }))}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {(addons.data?.length ?? 0) > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('online.addons')}
          </Title>
          {addons.data?.map((a) => (
            <Checkbox
              key={a.id}
              label={`${a.name} (${a.price} ${a.currency})`}
              checked={chosenAddons.includes(a.id)}
              onChange={(e) =>
                setChosenAddons((list) =>
                  e.currentTarget.checked ? [...list, a.id] : list.filter((n) => n !== a.id),
                )
              }
            />
          ))}
        </Stack>
      )}
      <Button color="blue.8" size="md" disabled={guests === 0} onClick={go} data-testid="continue">
        {t('online.continueWith', { count: guests })}
      </Button>
    </Stack>
  );
}

function CabinCard({
  room,
  type,
  value,
  onChange,
}: {
  room: TOnlineRoom;
  type: TOnlineRoomType | undefined;
  value: number;
  onChange: (n: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const photo = type?.mediaIds[0];
  const price = type?.price;
  const max = room.shared ? room.freeBeds : room.free ? room.maxPax : 0;
  const options = Array.from({ length: max + 1 }, (_, i) => ({
    value: String(i),
    label: i === 0 ? t('online.none') : t('online.guests', { count: i }),
  }));
  return (
    <Card withBorder padding="xs" data-testid="cabin" data-room={room.name}>
      <Group justify="space-between" wrap="nowrap">
        {photo !== undefined && (
          <img
            src={apiUrl(`/api/media/${photo}/data`)}
            alt=""
            loading="lazy"
            width={64}
            height={64}
            style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
          />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{type ? `${type.name} · ${room.name}` : room.name}</Text>
          {price && (
            <Text size="sm" data-testid="cabin-price">
              {t('online.priceFrom', { amount: formatMoney(price.perPerson, price.currency, i18n.language) })}
            </Text>
          )}
          <Text size="xs" c={max === 0 ? 'red.9' : 'gray.7'}>
            {max === 0
              ? t('online.soldOut')
              : room.shared
                ? t('online.freeBerths', { count: room.freeBeds })
                : t('online.wholeCabin', { count: room.maxPax })}
          </Text>
        </div>
        <NativeSelect
          aria-label={t('online.guestsIn', { name: room.name })}
          data={options}
          value={String(value)}
          disabled={max === 0}
          onChange={(e) => onChange(Number(e.currentTarget.value))}
          w={120}
        />
      </Group>
    </Card>
  );
}
