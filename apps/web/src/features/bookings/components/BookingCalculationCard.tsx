import { isEditable, type TBooking, type TBookingState } from '@atoll/domain/bookings';
import type { TCalcLine, TSpecialWhy } from '@atoll/domain/pricing/engine-types';
import { hasScope } from '@atoll/domain/scopes';
import { Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { CalcLinesTable } from '../../../components/pricing/CalcLinesTable.tsx';
import { langOf } from '../../../components/pricing/format.ts';
import { PricingProblems } from '../../../components/pricing/PricingProblems.tsx';
import { SpecialsWhy } from '../../../components/pricing/SpecialsWhy.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBookingCall } from '../api.ts';
import { AddProductModal } from './AddProductModal.tsx';
import { BookingPriceChoice } from './BookingPriceChoice.tsx';

type TProps = {
  booking: TBooking;
  /** The why links each special to its page for those who may open it. */
  canOpenSpecials: boolean;
};

/**
 * The calculation as the pricing engine left it (the price simulator's views): problems, the lines
 * (a room line unfolds into its nights and seasons, a special line into its rules) and why each special
 * was applied or not.
 */
export function BookingCalculationCard({ booking, canOpenSpecials }: TProps) {
  const { t, i18n } = useTranslation();
  // The office chooses the price and the commission by hand (changePrice, commission).
  const scopes = useSession().user?.scopes ?? [];
  const canChoosePrice = hasScope(scopes, ['bookings.update']);
  // Adding products needs the catalogue too (product.read).
  const canAddProducts = canChoosePrice && hasScope(scopes, ['product.read']);
  const lang = langOf(i18n.language);
  // The engine's own lines and explanation, stored as it made them: the contract only types them loosely.
  const lines = booking.calculation as TCalcLine[];
  const why = booking.why as TSpecialWhy[];
  const call = useBookingCall(booking);
  const chooseOption = (line: TCalcLine, take: boolean) =>
    call.mutate({
      kind: 'lineType',
      calcId: (line as TCalcLine & { id: number }).id,
      type: take ? 'cost' : 'option',
    });
  return (
    <SectionCard title={t('bookings.calculation.title')} icon={IconCalculator}>
      <Stack gap="md">
        {canChoosePrice && <BookingPriceChoice booking={booking} />}
        {canAddProducts && <AddProductModal booking={booking} />}
        <PricingProblems problems={booking.problems} lang={lang} />
        {booking.calculation.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('bookings.calculation.noLines')}
          </Text>
        ) : (
          <CalcLinesTable
            lines={lines}
            currency={booking.currency}
            lang={lang}
            busy={call.isPending}
            {...(canChoosePrice && isEditable(booking.state as TBookingState)
              ? { onChooseOption: chooseOption }
              : {})}
          />
        )}
        <div>
          <Title order={4} mb="xs">
            {t('specials.why.title')}
          </Title>
          <SpecialsWhy why={why} currency={booking.currency} lang={lang} linkSpecials={canOpenSpecials} />
        </div>
      </Stack>
    </SectionCard>
  );
}
