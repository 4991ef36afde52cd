import { CHANNELS, type TChannel, type TRoomAvailability } from '@atoll/domain/inventory/availability';
import { Alert, Badge, Group, ScrollArea, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useResortAvailability } from '../api.ts';
import { NightCell, nightState } from './NightCell.tsx';

const DEFAULT_NIGHTS = 14;

/** Free rooms per night and room type of one resort, with blocks and holds (`GET /api/rooms/available/{resort}`). */
export function ResortAvailability({ resortId }: { resortId: number }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [to, setTo] = useState(() => dayjs().add(DEFAULT_NIGHTS, 'day').format('YYYY-MM-DD'));
  const [channel, setChannel] = useState<TChannel>('staff');
  const query = useResortAvailability(resortId, { from, to, channel });
  const answer = query.data;
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });

  const roomsOfType = (roomTypeId: number | null) =>
    answer?.rooms.filter((r) => r.roomTypeId === roomTypeId) ?? [];

  return (
    <SectionCard title={t('availability.title')} icon={IconCalendarStats}>
      <Group align="end" mb="sm">
        <TextInput
          type="date"
          label={t('availability.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('availability.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Select
          label={t('availability.channel')}
          data={CHANNELS.map((c) => ({ value: c, label: t(`availability.channels.${c}`) }))}
          value={channel}
          onChange={(v) => v && setChannel(v as TChannel)}
          allowDeselect={false}
        />
      </Group>
      {from >= to && <Alert color="yellow">{t('availability.badRange')}</Alert>}
      {query.isError && <Alert color="red">{t('availability.failed')}</Alert>}
      {answer && (
        <ScrollArea>
          <Table
            striped={false}
            withTableBorder
            withColumnBorders
            fz="xs"
            aria-label={t('availability.title')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('availability.room')}</Table.Th>
                {answer.nights.map((n) => (
                  <Table.Th key={n} ta="center">
                    {weekday.format(new Date(`${n}T12:00:00`))} {Number(n.slice(8))}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.roomTypes.map((type) => (
                <RoomTypeRows
                  key={type.roomTypeId ?? 'none'}
                  name={type.name || t('availability.noType')}
                  free={type.free}
                  total={type.rooms}
                  rooms={roomsOfType(type.roomTypeId)}
                  nights={answer.nights}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {answer && answer.rooms.length === 0 && <Text c="dimmed">{t('availability.noRooms')}</Text>}
    </SectionCard>
  );
}

function RoomTypeRows(props: {
  name: string;
  free: number[];
  total: number;
  rooms: TRoomAvailability[];
  nights: string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Tr bg="var(--mantine-color-default-hover)">
        <Table.Th scope="row">
          {props.name}{' '}
          <Text span c="dimmed" size="xs">
            ({t('availability.freeOf', { count: props.total })})
          </Text>
        </Table.Th>
        {props.free.map((n, i) => (
          <Table.Td key={props.nights[i]} ta="center" fw={600}>
            {n}
          </Table.Td>
        ))}
      </Table.Tr>
      {props.rooms.map((room) => (
        <Table.Tr key={room.id}>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Text size="xs">{room.name}</Text>
              {!room.sellable && (
                <Tooltip label={t('availability.notSellableHint')}>
                  <Badge size="xs" variant="outline" color="gray">
                    {t('availability.notSellable')}
                  </Badge>
                </Tooltip>
              )}
            </Group>
          </Table.Td>
          {props.nights.map((n) => (
            <NightCell key={n} state={nightState(room, n)} />
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
