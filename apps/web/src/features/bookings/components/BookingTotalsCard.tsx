import type { TBooking } from '@atoll/domain/bookings';
import { formatMoney } from '@atoll/domain/money';
import { DataList, Stack, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { formatNumber, langOf } from '../../../components/pricing/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** The reasons the cancel form offers have texts; another stored reason shows as it is. */
const REASON_KEYS = new Set(['customer', 'operator', 'noShow', 'other']);

/**
 * What the booking costs and who pays what before travel (docs/domain/calculation-lines.md); the commission for staff
 * (the server leaves it out for agents); the cancellation with its fee once cancelled. Payments
 * received come with the payments module.
 */
export function BookingTotalsCard({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const money = (value: string | undefined) =>
    value === undefined ? t('common.none') : formatMoney(value, booking.currency, lang);
  const { totals, cancellation } = booking;
  const rows: [string, string | undefined][] = [
    ['total', totals.total ?? booking.total],
    ['dueBeforeTravel', totals.dueBeforeTravel],
    ...(booking.agencyId ? [['agencyDue', totals.agencyDue] as [string, string | undefined]] : []),
    ['customerDue', totals.customerDue],
  ];
  if (totals.onSite && Number(totals.onSite) !== 0) rows.push(['onSite', totals.onSite]);

  return (
    <SectionCard title={t('bookings.totals.title')} icon={IconCash}>
      <Stack gap="md">
        <DataList labelWidth={200} withDivider aria-label={t('bookings.totals.title')}>
          {rows.map(([key, value]) => (
            <DataList.Item key={key}>
              <DataList.ItemLabel>{t(`bookings.totals.${key}`)}</DataList.ItemLabel>
              <DataList.ItemValue style={{ ...NUMERIC, fontWeight: key === 'total' ? 700 : undefined }}>
                {money(value)}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
          {booking.agencyId !== null && booking.commission !== undefined && (
            <DataList.Item>
              <DataList.ItemLabel>{t('bookings.totals.commission')}</DataList.ItemLabel>
              <DataList.ItemValue style={NUMERIC}>
                {t('bookings.totals.commissionText', {
                  amount: money(booking.commission),
                  percent: formatNumber(booking.commissionPercent ?? '0', lang),
                })}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
        {cancellation && (
          <div>
            <Title order={4} mb="xs">
              {t('bookings.totals.cancellation')}
            </Title>
            <DataList labelWidth={200} withDivider aria-label={t('bookings.totals.cancellation')}>
              <DataList.Item>
                <DataList.ItemLabel>{t('bookings.cancel.reason')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {REASON_KEYS.has(cancellation.reason)
                    ? t(`bookings.cancel.reasons.${cancellation.reason}`)
                    : cancellation.reason}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('bookings.cancel.date')}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDay(cancellation.date, lang)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('bookings.totals.fee')}</DataList.ItemLabel>
                <DataList.ItemValue style={{ ...NUMERIC, fontWeight: 700 }}>
                  {t('bookings.totals.feeText', {
                    fee: money(cancellation.fee),
                    percent: formatNumber(cancellation.percent, lang),
                  })}
                </DataList.ItemValue>
              </DataList.Item>
              {cancellation.message && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('bookings.cancel.message')}</DataList.ItemLabel>
                  <DataList.ItemValue>{cancellation.message}</DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList>
          </div>
        )}
      </Stack>
    </SectionCard>
  );
}
