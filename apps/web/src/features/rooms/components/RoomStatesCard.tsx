import {
  HOUSEKEEPING_STATES,
  type TRoom,
  type TRoomState,
  USAGE_STATES,
} from '@atoll/domain/inventory/rooms';
import { Select, SimpleGrid, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useSetRoomState } from '../api.ts';

/** Today's housekeeping and usage state, saved on change; they never block future dates. */
export function RoomStatesCard({ room, canEdit }: { room: TRoom; canEdit: boolean }) {
  const { t } = useTranslation();
  const setState = useSetRoomState();
  const change = (state: string | null) =>
    state &&
    setState.mutate(
      { id: room.id, state: state as TRoomState },
      { onSuccess: () => showSuccess(t('common.saved')) },
    );

  return (
    <SectionCard title={t('rooms.edit.states')} icon={IconSparkles}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('rooms.states.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('rooms.fields.housekeeping')}
          data={HOUSEKEEPING_STATES.map((s) => ({ value: s, label: t(`rooms.housekeeping.${s}`) }))}
          value={room.housekeeping}
          onChange={change}
          allowDeselect={false}
          disabled={!canEdit || setState.isPending}
        />
        <Select
          label={t('rooms.fields.usageState')}
          data={USAGE_STATES.map((s) => ({ value: s, label: t(`rooms.usage.${s}`) }))}
          value={room.usageState}
          onChange={change}
          allowDeselect={false}
          disabled={!canEdit || setState.isPending}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
