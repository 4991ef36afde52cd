import { hasScope } from '@atoll/domain/scopes';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import {
  BackLink,
  RecordFailure,
  RecordHeader,
  recordId,
  useBackPath,
} from '../../../components/DetailPage.tsx';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { BookingDocumentsCard } from '../../documents/components/BookingDocumentsCard.tsx';
import { BookingGuestFormsCard } from '../../guestforms/components/BookingGuestFormsCard.tsx';
import { BookingPaymentsCard } from '../../payments/components/BookingPaymentsCard.tsx';
import { BookingTodosCard } from '../../todos/components/BookingTodosCard.tsx';
import { useBooking } from '../api.ts';
import { BookingCalculationCard } from '../components/BookingCalculationCard.tsx';
import { BookingCommentsCard } from '../components/BookingCommentsCard.tsx';
import { BookingFacts } from '../components/BookingFacts.tsx';
import { BookingHistoryCard } from '../components/BookingHistoryCard.tsx';
import { BookingLifecycle } from '../components/BookingLifecycle.tsx';
import { BookingRoomsCard } from '../components/BookingRoomsCard.tsx';
import { BookingStateBadge } from '../components/BookingStateBadge.tsx';
import { BookingToolbar } from '../components/BookingToolbar.tsx';
import { BookingTotalsCard } from '../components/BookingTotalsCard.tsx';
import { shownNumber } from '../components/bookingState.ts';

/**
 * /booking/:id: the booking with its numbers, state, rooms and guests, calculation and why, totals,
 * history, comments and the actions its state allows. A booking the user may not see answers 404 (agents see
 * their agency's only) and shows as not found.
 */
export default function BookingDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const id = recordId(params.id);
  const query = useBooking(id);
  const back = useBackPath(routePath('bookings'));
  const backLink = <BackLink to={back} label={t('bookings.detail.backToList')} />;

  if (id === null) return <RecordFailure back={backLink} error={null} />;
  if (query.isPending) return <PageLoader />;
  if (query.error) return <RecordFailure back={backLink} error={query.error} />;
  const booking = query.data;
  const assetName = booking.assetName ?? '';
  const line = [
    `${formatDay(booking.from, lang)} – ${formatDay(booking.to, lang)}`,
    assetName,
    booking.agencyName,
  ].filter(Boolean);

  return (
    <Stack gap="md">
      {backLink}
      <RecordHeader title={t('bookings.detail.title', { number: shownNumber(booking) })}>
        <Group gap="xs" mt={4}>
          <BookingStateBadge state={booking.state} resolved={booking.resolved} />
          <Text size="sm" c="dimmed">
            {line.join(' · ')}
          </Text>
        </Group>
      </RecordHeader>
      <BookingToolbar
        booking={booking}
        canAct={hasScope(scopes, ['bookings.update', 'agencies.self'])}
        isOffice={hasScope(scopes, ['bookings.update'])}
        canMail={hasScope(scopes, ['mail.create', 'bookings.update', 'agencies.self'])}
        canCopy={hasScope(scopes, ['bookings.create', 'agencies.self'])}
      />
      <BookingLifecycle booking={booking} />
      <BookingFacts booking={booking} assetName={assetName} />
      <BookingRoomsCard
        booking={booking}
        canOpenCustomers={hasScope(scopes, ['customers.read'])}
        canCheckIn={hasScope(scopes, ['bookings.update'])}
      />
      <BookingCalculationCard
        booking={booking}
        canOpenSpecials={hasScope(scopes, ['price.read', 'bookings.read'])}
      />
      <BookingTotalsCard booking={booking} />
      <BookingPaymentsCard booking={booking} />
      <BookingDocumentsCard booking={booking} />
      {hasScope(scopes, ['customers.read', 'bookings.read', 'agencies.self', 'customers.self']) && (
        <BookingGuestFormsCard booking={booking} />
      )}
      <BookingCommentsCard bookingId={booking.id} />
      <BookingHistoryCard bookingId={booking.id} version={booking.version} currency={booking.currency} />
      {hasScope(scopes, ['todo.read', 'todo.update']) && (
        <BookingTodosCard bookingId={booking.id} version={booking.version} />
      )}
    </Stack>
  );
}
