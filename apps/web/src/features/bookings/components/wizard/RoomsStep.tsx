import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import { formatMoney } from '@atoll/domain/money';
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
  Title,
} from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../app/i18n.ts';
import { usePriceDraft } from '../../api.ts';
import { CharterOption } from './CharterOption.tsx';
import {
  defaultPax,
  roomCapacity,
  type TWizard,
  type TWizardAction,
  typePriceRequest,
} from './wizardState.ts';

type TProps = {
  state: TWizard;
  dispatch: Dispatch<TWizardAction>;
  rooms: TRoomAvailability[] | undefined;
  loading: boolean;
  /** Room type names by id (resorts answer them with the availability). */
  typeName: (id: number | null) => string | undefined;
  /** The guests a room of the type starts with (the type's default). */
  typeDefault: (id: number | null) => number;
  currency: string;
};

/** Step 3: free rooms or cabins of the stay (read live); a shared cabin may be booked by the berth. */
export function RoomsStep({ state, dispatch, rooms, loading, typeName, typeDefault, currency }: TProps) {
  const { t } = useTranslation();
  if (loading) return <Loader aria-label={t('bookings.wizard.loading')} />;
  const sellable = (rooms ?? []).filter((r) => r.sellable && r.freeBeds > 0);
  if (sellable.length === 0) return <Alert color="yellow">{t('bookings.wizard.noRooms')}</Alert>;
  if (state.kind !== 'vessel')
    return <RoomCards {...{ state, dispatch, sellable, typeName, typeDefault, currency }} />;
  // A departure may also be chartered whole; then the cabins are not chosen one by one.
  return (
    <Stack gap="md">
      <CharterOption state={state} dispatch={dispatch} rooms={rooms ?? []} currency={currency} />
      {!state.charter && <RoomCards {...{ state, dispatch, sellable, typeName, typeDefault, currency }} />}
    </Stack>
  );
}

type TCardsProps = Pick<TProps, 'state' | 'dispatch' | 'typeName' | 'typeDefault' | 'currency'> & {
  sellable: TRoomAvailability[];
};

/** The price of one room of the type for its default guests over the stay (as the booking would be priced). */
function TypePrice({
  state,
  roomTypeId,
  pax,
  currency,
}: {
  state: TWizard;
  roomTypeId: number;
  pax: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const price = usePriceDraft(typePriceRequest(state, roomTypeId, pax, currency), true);
  if (price.isPending) return <Loader size="xs" aria-label={t('bookings.wizard.loading')} />;
  const total = price.data?.totals.total;
  if (!price.data || !total || Number(total) <= 0)
    return (
      <Text size="sm" c="dimmed">
        {t('bookings.wizard.typeNoPrice')}
      </Text>
    );
  return (
    <Text size="sm" fw={600} data-testid="type-price">
      {t('bookings.wizard.typePrice', {
        price: formatMoney(total, price.data.currency, currentLanguage()),
        count: pax,
      })}
    </Text>
  );
}

/** The free rooms grouped by their type (in the order the availability lists them), with the free count and price. */
function RoomCards({ state, dispatch, sellable, typeName, typeDefault, currency }: TCardsProps) {
  const { t } = useTranslation();
  // A room held in part can only be shared: berths, not the whole room.
  const offered = sellable.filter((room) => room.free || room.allowSharedRoom);
  const groups = new Map<number | null, TRoomAvailability[]>();
  for (const room of offered) groups.set(room.roomTypeId, [...(groups.get(room.roomTypeId) ?? []), room]);
  return (
    <Stack gap="lg">
      {[...groups].map(([typeId, rooms]) => {
        const name = typeName(typeId) ?? t('bookings.wizard.otherRooms');
        return (
          <section key={typeId ?? 0} aria-label={name}>
            <Group gap="xs" mb="xs">
              <Title order={3} size="h5">
                {name}
              </Title>
              <Badge variant="light">
                {t('bookings.wizard.freeRooms', { count: rooms.filter((r) => r.free).length })}
              </Badge>
              {typeId !== null && (
                <TypePrice state={state} roomTypeId={typeId} pax={typeDefault(typeId)} currency={currency} />
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {rooms.map((room) => (
                <RoomCard
                  key={room.id}
                  room={room}
                  state={state}
                  dispatch={dispatch}
                  pax={typeDefault(room.roomTypeId)}
                />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}

type TCardProps = Pick<TProps, 'state' | 'dispatch'> & { room: TRoomAvailability; pax: number };

function RoomCard({ room, state, dispatch, pax }: TCardProps) {
  const { t } = useTranslation();
  const chosen = state.rooms.find((r) => r.roomId === room.id);
  const canWhole = room.free;
  const canShare = room.allowSharedRoom;
  const whole = chosen ? chosen.whole : canWhole;
  const max = roomCapacity(room, whole);
  return (
    <Card withBorder padding="sm" data-testid={`wizard-room-${room.id}`}>
      <Stack gap="xs">
        <Checkbox
          label={room.name}
          checked={chosen !== undefined}
          onChange={() =>
            dispatch({ type: 'toggleRoom', room, whole: canWhole, pax: defaultPax(room, canWhole, pax) })
          }
        />
        <Group gap="xs">
          <Badge variant="light">{t('bookings.wizard.freeBeds', { count: room.freeBeds })}</Badge>
          {!room.free && (
            <Badge color="orange" variant="light" c="var(--mantine-color-text)">
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
              max={max}
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
}
