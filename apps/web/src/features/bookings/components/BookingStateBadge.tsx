import type { TBookingState } from '@atoll/domain/bookings';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayState, STATE_COLORS } from './bookingState.ts';

/** The state as the calendar names it (offer, reservation, booking, released, cancelled …). */
export function BookingStateBadge({ state, resolved }: { state: TBookingState; resolved: boolean }) {
  const { t } = useTranslation();
  const label = displayState(state, resolved);
  return (
    <Badge color={STATE_COLORS[label]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {t(`bookings.states.${label}`)}
    </Badge>
  );
}
