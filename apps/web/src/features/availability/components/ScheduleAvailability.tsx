import { CHANNELS, type TChannel } from '@atoll/domain/inventory/availability';
import { Alert, Badge, Group, Select, Table, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useScheduleAvailability } from '../api.ts';

const GENDER_COLORS = { m: 'blue', f: 'grape', u: 'gray' } as const;

/** Free cabins and berths of one departure, per cabin and bed (`GET /api/rooms/available/{vessel}?schedule=`). */
export function ScheduleAvailability({ scheduleId }: { scheduleId: number }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<TChannel>('staff');
  const schedule = useQuery({
    queryKey: ['schedules', 'vessel-of', scheduleId],
    queryFn: ({ signal }) => api<{ vesselId: number }>(`/schedules/${scheduleId}`, { signal }),
  });
  const query = useScheduleAvailability(schedule.data?.vesselId, scheduleId, channel);
  const answer = query.data;
  return (
    <SectionCard title={t('availability.scheduleTitle')} icon={IconUsersGroup}>
      <Group align="end" justify="space-between" mb="sm">
        {answer && (
          <Group gap="lg">
            <Text>{t('availability.cabinsFree', { free: answer.freeCabins, total: answer.cabins })}</Text>
            <Text>{t('availability.berthsFree', { free: answer.freeBerths, total: answer.berths })}</Text>
            {!answer.bookable && <Badge color="red">{t('availability.notBookable')}</Badge>}
          </Group>
        )}
        <Select
          label={t('availability.channel')}
          data={CHANNELS.map((c) => ({ value: c, label: t(`availability.channels.${c}`) }))}
          value={channel}
          onChange={(v) => v && setChannel(v as TChannel)}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {query.isError && <Alert color="red">{t('availability.failed')}</Alert>}
      {answer && (
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder fz="sm" aria-label={t('availability.scheduleTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('availability.cabin')}</Table.Th>
                <Table.Th>{t('availability.status')}</Table.Th>
                <Table.Th>{t('availability.beds')}</Table.Th>
                <Table.Th>{t('availability.genders')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.rooms.map((room) => (
                <Table.Tr key={room.id}>
                  <Table.Td>
                    {room.name}
                    {room.allowSharedRoom && (
                      <Badge ml="xs" size="xs" variant="outline">
                        {t('availability.shared')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!room.sellable
                      ? t('availability.notSellable')
                      : room.blocks.length > 0
                        ? t(`availability.blockKinds.${room.blocks[0]?.kind}`)
                        : room.free
                          ? t('availability.free')
                          : t('availability.taken')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {room.beds.map((bed) => (
                        <Badge
                          key={bed.internalId}
                          size="sm"
                          color={bed.free ? 'green' : 'gray'}
                          variant="light"
                          // The tint tells free from taken; dark text keeps 4.5:1 on the light green.
                          c="var(--mantine-color-text)"
                        >
                          {bed.internalId} {bed.free ? t('availability.free') : t('availability.taken')}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {room.genders.map((g) => (
                        <Badge key={g} size="sm" color={GENDER_COLORS[g]} variant="outline">
                          {t(`availability.genderNames.${g}`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
