import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';
import { displayState, shownNumber } from '../../bookings/components/bookingState.ts';
import { useBookingsOf } from '../api.ts';

/** The referral's booking: one of the referred customer's bookings (none while the referred is no customer). */
export function BookingField(props: TFieldProps) {
  const { t, i18n } = useTranslation();
  const referred = props.values?.referredCustomerId;
  const customerId = typeof referred === 'number' ? referred : null;
  const bookings = useBookingsOf(customerId).data ?? [];
  const options = bookings.map((b) => ({
    value: String(b.id),
    label: `${shownNumber(b)} · ${formatDay(b.from, i18n.language)} – ${formatDay(b.to, i18n.language)} (${t(`bookings.states.${displayState(b.state, b.resolved)}`)})`,
  }));
  const value = typeof props.value === 'number' ? String(props.value) : null;
  return (
    <Select
      label={props.label}
      description={t('referrals.form.bookingHint')}
      error={props.error}
      disabled={props.disabled || customerId === null}
      clearable
      data={options}
      value={options.some((o) => o.value === value) ? value : null}
      nothingFoundMessage={t('referrals.form.noBookings')}
      onChange={(next) => props.onChange(next === null ? null : Number(next))}
    />
  );
}
