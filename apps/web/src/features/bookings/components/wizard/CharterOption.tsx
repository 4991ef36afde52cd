import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import { Alert, Card, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, langOf } from '../../../../components/pricing/format.ts';
import { useFullCharterPrice } from '../../api.ts';
import { charterBeds, type TWizard, type TWizardAction } from './wizardState.ts';

// The rooms step's "Full charter" option (docs/domain/departures-and-charters.md): the whole vessel for the departure, with
// its charter price and maximum pax. The server books every active cabin and seats the guests.

/** The departure's charter price, or the note that the cabins' prices are summed when saving. */
export function CharterPrice({ scheduleId, currency }: { scheduleId: number | null; currency: string }) {
  const { t, i18n } = useTranslation();
  const price = useFullCharterPrice(scheduleId, currency, true);
  if (price.isPending) return <Loader size="sm" aria-label={t('bookings.wizard.loading')} />;
  if (!price.data) return <Text size="sm">{t('bookings.wizard.charter.priceOnSave')}</Text>;
  const value = formatNumber(price.data.value, langOf(i18n.language));
  return (
    <Text fw={500} data-testid="wizard-charter-price">
      {t('bookings.wizard.charter.price', { value, currency: price.data.currency })}
    </Text>
  );
}

type TProps = {
  state: TWizard;
  dispatch: Dispatch<TWizardAction>;
  /** The departure's cabins as the availability answers them. */
  rooms: TRoomAvailability[];
  currency: string;
};

export function CharterOption({ state, dispatch, rooms, currency }: TProps) {
  const { t } = useTranslation();
  const possible = rooms.length > 0 && rooms.every((r) => r.sellable && r.free);
  const maxPax = rooms.reduce((n, r) => n + charterBeds(r), 0);
  const pax = state.rooms.reduce((n, r) => n + r.guests.length, 0);
  const toggle = (on: boolean) =>
    dispatch({ type: 'charter', cabins: on ? rooms : null, pax: Math.min(2, maxPax) });
  return (
    <Stack gap="xs">
      <Switch
        label={t('bookings.wizard.charter.toggle')}
        checked={state.charter}
        disabled={!possible && !state.charter}
        onChange={(e) => toggle(e.currentTarget.checked)}
        data-testid="wizard-charter"
      />
      {!possible && !state.charter && (
        <Text size="sm" c="dimmed">
          {t('bookings.wizard.charter.unavailable')}
        </Text>
      )}
      {state.charter && (
        <Card withBorder padding="sm">
          <Stack gap="xs">
            <Group gap="md">
              <Text>{t('bookings.wizard.charter.cabins', { count: rooms.length })}</Text>
              <Text>{t('bookings.wizard.charter.maxPax', { count: maxPax })}</Text>
            </Group>
            <CharterPrice scheduleId={state.scheduleId} currency={currency} />
            <NumberInput
              label={t('bookings.wizard.charter.guests')}
              min={1}
              max={Math.max(1, maxPax)}
              clampBehavior="strict"
              allowDecimal={false}
              value={pax}
              onChange={(v) =>
                dispatch({
                  type: 'charter',
                  cabins: rooms,
                  pax: Math.min(Math.max(1, Number(v) || 1), maxPax),
                })
              }
              maw={200}
            />
          </Stack>
        </Card>
      )}
      {!possible && state.charter && <Alert color="yellow">{t('bookings.wizard.charter.unavailable')}</Alert>}
    </Stack>
  );
}
