import { isEditable, type TBooking } from '@atoll/domain/bookings';
import type { TCommission } from '@atoll/domain/pricing/entities';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { useAgencyCommissions, useBookingCall, useBookingPriceOptions } from '../api.ts';

const ENGINE = '0';

/** A commission row fits the booking when it is general or of the booking's resort or vessel. */
const fits = (row: TCommission, booking: TBooking) =>
  (row.resortId === null && row.vesselId === null) ||
  (row.resortId !== null && row.resortId === booking.resortId) ||
  (row.vesselId !== null && row.vesselId === booking.vesselId);

/**
 * The price and, for agency bookings, the commission row chosen by hand (changePrice, commission):
 * "chosen by the engine" lets the rules decide again. Only for the office; the server checks again.
 */
export function BookingPriceChoice({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const call = useBookingCall(booking);
  const prices = useBookingPriceOptions(booking, true);
  const commissions = useAgencyCommissions(booking.agencyId, true);
  const disabled = call.isPending || !isEditable(booking.state);
  const range = (from: string | null, to: string | null) =>
    `${formatDay(from, lang) || '…'} – ${formatDay(to, lang) || '…'}`;

  const priceData = [
    { value: ENGINE, label: t('bookings.calculation.engineChoice') },
    ...prices.map((p) => ({ value: String(p.id), label: `${p.name} (${range(p.validFrom, p.validTo)})` })),
  ];
  const commissionData = [
    { value: ENGINE, label: t('bookings.calculation.engineChoice') },
    ...(commissions.data ?? [])
      .filter((row) => fits(row, booking))
      .map((row) => ({
        value: String(row.id),
        label: `${row.percent} % (${range(row.validFrom, row.validTo)})`,
      })),
  ];
  const idOf = (value: string | null) => (value === null || value === ENGINE ? null : Number(value));

  return (
    <Group gap="md" align="flex-end">
      <Select
        label={t('bookings.calculation.price')}
        description={t('bookings.calculation.priceHint')}
        data={priceData}
        value={String(booking.priceId ?? ENGINE)}
        onChange={(value) => call.mutate({ kind: 'changePrice', priceId: idOf(value) })}
        allowDeselect={false}
        disabled={disabled}
        w={320}
      />
      {booking.agencyId !== null && (
        <Select
          label={t('bookings.calculation.commission')}
          description={t('bookings.calculation.commissionHint')}
          data={commissionData}
          value={String(booking.commissionId ?? ENGINE)}
          onChange={(value) => call.mutate({ kind: 'commission', commissionId: idOf(value) })}
          allowDeselect={false}
          disabled={disabled}
          w={320}
        />
      )}
    </Group>
  );
}
