import type { TBooking } from '@atoll/domain/bookings';
import { SimpleGrid, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { allNumbers } from './bookingState.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A moment of the API (ISO date-time) as a day and time in the language. */
export function formatMoment(iso: string | null | undefined, lang: 'de' | 'en'): string {
  // One date format per language on every booking screen (DD.MM.YYYY HH:mm, the ISO date in English).
  return formatDateTime(iso, lang);
}

/** The booking's numbers, people, dates and notes. */
export function BookingFacts({ booking, assetName }: { booking: TBooking; assetName: string }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const field = (key: string) => t(`bookings.fields.${key}`);
  const none = t('common.none');
  const b = booking;
  const moments = [
    ['createdAt', b.createdAt],
    ['reservationDate', b.reservationDate],
    ['optionExpiry', b.state === 'planned' ? b.optionExpiry : null],
    ['bookingDate', b.bookingDate],
    ['freedDate', b.freedDate],
    ['cancelationDate', b.cancelationDate],
    ['resolvedDate', b.resolvedDate],
  ] as const;

  return (
    <SectionCard title={t('bookings.detail.overview')} icon={IconInfoCircle}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        {allNumbers(b).map(({ kind, no }) => (
          <Fact key={kind} label={t(`bookings.numbers.${kind}`)}>
            {no}
          </Fact>
        ))}
        <Fact label={field('from')}>{`${formatDay(b.from, lang)} – ${formatDay(b.to, lang)}`}</Fact>
        <Fact label={field('asset')}>{assetName || none}</Fact>
        <Fact label={field('guest')}>{b.customerName ?? none}</Fact>
        <Fact label={field('agency')}>{b.agencyName ?? none}</Fact>
        <Fact label={field('noOfPax')}>{b.noOfPax}</Fact>
        <Fact label={field('channel')}>
          {t(`bookings.channels.${b.channel}`, { defaultValue: b.channel })}
        </Fact>
        <Fact label={field('language')}>{t(`languages.${b.language}`, { defaultValue: b.language })}</Fact>
        <Fact label={field('terms')}>{b.termsOfPayment?.name ?? none}</Fact>
        {moments
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <Fact key={key} label={field(key)}>
              {formatMoment(value, lang)}
            </Fact>
          ))}
        {b.releaseReason && <Fact label={field('releaseReason')}>{b.releaseReason}</Fact>}
        {b.systemReference && <Fact label={field('systemReference')}>{b.systemReference}</Fact>}
      </SimpleGrid>
      {(b.note || b.internalNote) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
          {b.note && <Fact label={field('note')}>{b.note}</Fact>}
          {b.internalNote && <Fact label={field('internalNote')}>{b.internalNote}</Fact>}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}
