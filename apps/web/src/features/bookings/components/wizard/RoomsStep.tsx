import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import {
  Alert,
  Badge,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { CharterOption } from './CharterOption.tsx';
import { maxPax, type TWizard, type TWizardAction } from './wizardState.ts';

type TProps = {
  state: TWizard;
  dispatch: Dispatch<TWizardAction>;
  rooms: TRoomAvailability[] | undefined;
  loading: boolean;
  /** Room type names by id (resorts answer them with the availability). */
  typeName: (id: number | null) => string | undefined;
  currency: string;
};

/** Step 3: free rooms or cabins of the stay (read live); a shared cabin may be booked by the berth. */
export function RoomsStep({ state, dispatch, rooms, loading, typeName, currency }: TProps) {
  const { t } = useTranslation();
  if (loading) return <Loader aria-label={t('bookings.wizard.loading')} />;
  const sellable = (rooms ?? []).filter((r) => r.sellable && r.freeBeds > 0);
  if (sellable.length === 0) return <Alert color="yellow">{t('bookings.wizard.noRooms')}</Alert>;
  if (state.kind !== 'vessel') return <RoomCards {...{ state, dispatch, sellable, typeName }} />;
  // A departure may also be chartered whole; then the cabins are not chosen one by one.
  return (
    <Stack gap="md">
      <CharterOption state={state} dispatch={dispatch} rooms={rooms ?? []} currency={currency} />
      {!state.charter && <RoomCards {...{ state, dispatch, sellable, typeName }} />}
    </Stack>
  );
}

type TCardsProps = Pick<TProps, 'state' | 'dispatch' | 'typeName'> & { sellable: TRoomAvailability[] };

function RoomCards({ state, dispatch, sellable, typeName }: TCardsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {sellable.map((room) => {
        const chosen = state.rooms.find((r) => r.roomId === room.id);
        // A room held in part can only be shared: berths, not the whole room.
        const canWhole = room.free;
        const canShare = room.allowSharedRoom;
        if (!canWhole && !canShare) return null;
        const whole = chosen ? chosen.whole : canWhole;
        const max = whole ? room.beds.length || maxPax(room) : room.freeBeds;
        return (
          <Card key={room.id} withBorder padding="sm" data-testid={`wizard-room-${room.id}`}>
            <Stack gap="xs">
              <Checkbox
                label={room.name}
                checked={chosen !== undefined}
                onChange={() => dispatch({ type: 'toggleRoom', room, whole: canWhole })}
              />
              {typeName(room.roomTypeId) && (
                <Text size="sm" c="dimmed">
                  {typeName(room.roomTypeId)}
                </Text>
              )}
              <Group gap="xs">
                <Badge variant="light">{t('bookings.wizard.freeBeds', { count: room.freeBeds })}</Badge>
                {!room.free && (
                  <Badge color="orange" variant="light">
                    {t('bookings.wizard.partlyHeld')}
                  </Badge>
                )}
              </Group>
              {chosen && (
                <>
                  {canShare && canWhole && (
                    <Switch
                      label={t('bookings.wizard.berths')}
                      checked={!chosen.whole}
                      onChange={(e) =>
                        dispatch({ type: 'roomWhole', roomId: room.id, whole: !e.currentTarget.checked })
                      }
                    />
                  )}
                  {!canWhole && <Text size="sm">{t('bookings.wizard.berthsOnly')}</Text>}
                  <NumberInput
                    label={t('bookings.wizard.guestsIn', { room: room.name })}
                    min={1}
                    max={Math.max(1, max)}
                    clampBehavior="strict"
                    allowDecimal={false}
                    value={chosen.guests.length}
                    onChange={(v) =>
                      dispatch({
                        type: 'roomPax',
                        roomId: room.id,
                        pax: Math.min(Math.max(1, Number(v) || 1), max),
                      })
                    }
                    maw={160}
                  />
                </>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
