import type { TOnlineRoomType } from '@atoll/domain/online/api';
import {
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../app/api.ts';
import { useResortRooms, useRoomTypes } from '../api.ts';
import { formatDate, monthEnd, thisMonth } from './format.ts';
import { MonthSwitcher } from './MonthSwitcher.tsx';
import type { TSelection } from './OnlineBookingFlow.tsx';

type TProps = { resortId?: number | undefined; onSelect: (selection: TSelection) => void };

/** Dates (arrival days not allowed are greyed) → room types with photos and free rooms → guests. */
export function ResortSearch({ resortId: fixed, onSelect }: TProps) {
  const { t, i18n } = useTranslation();
  const all = useRoomTypes(undefined);
  const resorts = [
    ...new Map((all.data?.roomTypes ?? []).map((r) => [r.resortId, r.assetName])).entries(),
  ].filter((e): e is [number, string] => e[0] !== null);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const resortId = fixed ?? chosen ?? resorts[0]?.[0];
  const [month, setMonth] = useState(thisMonth);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const calendar = useRoomTypes(resortId, `${month}-01`, monthEnd(month));
  const stay = useRoomTypes(resortId, from ?? undefined, to ?? undefined);
  const rooms = useResortRooms(resortId, from, to);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [guests, setGuests] = useState(2);

  if (resortId === undefined) return all.isLoading ? <Loader /> : <Text>{t('online.noResort')}</Text>;
  const today = new Date().toISOString().slice(0, 10);
  const pickDay = (date: string) => {
    if (!from || to || date <= from) {
      setFrom(date);
      setTo(null);
    } else setTo(date);
    setTypeId(null);
  };
  const days = calendar.data?.days ?? [];
  const firstWeekday = (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
  const type = stay.data?.roomTypes.find((r) => r.id === typeId);
  const go = () => {
    const room = rooms.data?.rooms.find((r) => r.roomTypeId === typeId && r.free);
    if (!room || !from || !to || !type) return;
    onSelect({
      body: {
        from,
        to,
        rooms: [{ roomId: room.id, whole: true, guests: Array.from({ length: guests }, () => ({})) }],
      },
      summary: `${type.assetName} · ${type.name}, ${formatDate(from, i18n.language)} – ${formatDate(to, i18n.language)}`,
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
            : t('online.stayChosen', {
                from: formatDate(from, i18n.language),
                to: formatDate(to, i18n.language),
              })}
      </Text>
      <MonthSwitcher month={month} onChange={setMonth} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
        {Array.from({ length: firstWeekday }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the 1st, never reordered
          <span key={`pad-${i}`} />
        ))}
        {days.map((d) => {
          const picking = from && !to;
          const allowed = d.date >= today && (picking && d.date > from ? d.departure : d.arrival);
          const inStay = from && d.date >= from && (to ? d.date <= to : d.date === from);
          return (
            <UnstyledButton
              key={d.date}
              data-date={d.date}
              disabled={!allowed}
              aria-pressed={Boolean(inStay)}
              aria-label={formatDate(d.date, i18n.language)}
              onClick={() => pickDay(d.date)}
              style={{
                textAlign: 'center',
                padding: '10px 0',
                borderRadius: 6,
                minHeight: 44,
                background: inStay
                  ? 'var(--mantine-color-blue-7)'
                  : allowed
                    ? 'var(--mantine-color-gray-1)'
                    : 'transparent',
                color: inStay
                  ? 'white'
                  : allowed
                    ? 'var(--mantine-color-black)'
                    : 'var(--mantine-color-gray-6)',
                textDecoration: allowed ? undefined : 'line-through',
                cursor: allowed ? 'pointer' : 'not-allowed',
              }}
            >
              {Number(d.date.slice(8))}
            </UnstyledButton>
          );
        })}
      </div>
      {from && to && stay.isLoading && <Loader role="status" aria-label={t('online.loading')} />}
      {from && to && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {stay.data?.roomTypes.map((rt) => (
            <RoomTypeCard
              key={rt.id}
              type={rt}
              chosen={rt.id === typeId}
              onChoose={() => {
                setTypeId(rt.id);
                setGuests(Math.min(2, rt.maxPax));
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {type && (
        <Card withBorder padding="sm">
          <Title order={2} size="h5">
            {type.name}
          </Title>
          <NativeSelect
            label={t('online.guestCount')}
            data={Array.from({ length: type.maxPax }, (_, i) => ({
              value: String(i + 1),
              label: t('online.guests', { count: i + 1 }),
            }))}
            value={String(guests)}
            onChange={(e) => setGuests(Number(e.currentTarget.value))}
          />
          <Button
            color="blue.8"
            mt="sm"
            fullWidth
            size="md"
            onClick={go}
            disabled={!rooms.data}
            data-testid="continue"
          >
            {t('online.continueWith', { count: guests })}
          </Button>
        </Card>
      )}
    </Stack>
  );
}

function RoomTypeCard({
  type,
  chosen,
  onChoose,
}: {
  type: TOnlineRoomType;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const free = type.free ?? 0;
  const photo = type.mediaIds[0];
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
      <Group justify="space-between" mt="xs">
        <Text size="sm" c={free === 0 ? 'red.9' : 'teal.9'}>
          {free === 0 ? t('online.soldOut') : t('online.freeRooms', { count: free })}
        </Text>
        <Button
          color="blue.8"
          size="sm"
          onClick={onChoose}
          disabled={free === 0}
          variant={chosen ? 'filled' : 'outline'}
        >
          {t('online.choose')}
        </Button>
      </Group>
    </Card>
  );
}
