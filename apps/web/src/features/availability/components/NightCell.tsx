import { nextDay, overlaps, type TRoomAvailability } from '@atoll/domain/inventory/availability';
import { Table, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type TNightState =
  | { kind: 'free' }
  | { kind: 'blocked'; block: TRoomAvailability['blocks'][number] }
  | { kind: 'held'; units: number; state: string; bookingId: number | null };

/** What holds a room on one night: a block first, then holds (several in a shared room), else free. */
export function nightState(room: TRoomAvailability, night: string): TNightState {
  const span = { from: night, to: nextDay(night) };
  const block = room.blocks.find((b) => overlaps(b, span));
  if (block) return { kind: 'blocked', block };
  const holds = room.holds.filter((h) => overlaps(h, span));
  if (holds.length === 0) return { kind: 'free' };
  return {
    kind: 'held',
    units: holds.length,
    state: holds[0]?.state ?? '',
    bookingId: holds[0]?.bookingId ?? null,
  };
}

const COLORS = {
  free: 'var(--mantine-color-green-light)',
  blocked: 'var(--mantine-color-gray-4)',
  held: 'var(--mantine-color-blue-light)',
};

/** One night of one room in the availability grid: colour plus a text label (not colour alone). */
export function NightCell({ state }: { state: TNightState }) {
  const { t } = useTranslation();
  const label =
    state.kind === 'free'
      ? t('availability.free')
      : state.kind === 'blocked'
        ? `${t(`availability.blockKinds.${state.block.kind}`)}${state.block.reason ? `: ${state.block.reason}` : ''}`
        : t('availability.held', { count: state.units, state: t(`availability.states.${state.state}`) });
  const mark = state.kind === 'free' ? '' : state.kind === 'blocked' ? '✕' : String(state.units);
  return (
    <Tooltip label={label}>
      <Table.Td ta="center" bg={COLORS[state.kind]} aria-label={label} miw={32}>
        {mark}
      </Table.Td>
    </Tooltip>
  );
}
