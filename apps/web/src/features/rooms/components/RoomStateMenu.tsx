import { HOUSEKEEPING_STATES, type THousekeepingState, type TRoom } from '@atoll/domain/inventory/rooms';
import { Badge, Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSetRoomState } from '../api.ts';

// Light badges whose text stays at 4.5:1 on their tint (teal, green, yellow, orange and lime do not).
export const HOUSEKEEPING_COLORS: Record<THousekeepingState, string> = {
  clean: 'cyan',
  dirty: 'pink',
  inspected: 'indigo',
  cleaning: 'blue',
  outOfService: 'red',
};

/** The housekeeping state of a list row as a badge; with `canEdit`, a menu changes it in one click. */
export function RoomStateMenu({ room, canEdit }: { room: TRoom; canEdit: boolean }) {
  const { t } = useTranslation();
  const setState = useSetRoomState();
  const badge = (
    <Badge
      color={HOUSEKEEPING_COLORS[room.housekeeping]}
      variant="light"
      radius="sm"
      rightSection={canEdit ? <IconChevronDown size={12} aria-hidden /> : undefined}
    >
      {t(`rooms.housekeeping.${room.housekeeping}`)}
    </Badge>
  );
  if (!canEdit) return badge;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('rooms.states.change', { name: room.name })}>{badge}</UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {HOUSEKEEPING_STATES.map((state) => (
          <Menu.Item
            key={state}
            leftSection={state === room.housekeeping ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setState.mutate({ id: room.id, state })}
          >
            {t(`rooms.housekeeping.${state}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
