import type { TBooking } from '@atoll/domain/bookings';
import { formatMoney } from '@atoll/domain/money';
import {
  type Icon,
  IconArchive,
  IconArrowBackUp,
  IconCalendarCheck,
  IconCalendarX,
  IconCircleCheck,
  IconLockOpen,
  IconRefresh,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { showSuccess } from '../../../app/messages.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { type TBookingCall, useBookingCall } from '../api.ts';
import type { TToolbarAction } from './BookingToolbar.tsx';
import { bookingActions, type TBookingAction } from './bookingState.ts';
import { CancelModal } from './CancelModal.tsx';
import { ReleaseModal } from './ReleaseModal.tsx';

const ICONS: Record<TBookingAction, Icon> = {
  reserve: IconCalendarCheck,
  confirm: IconCircleCheck,
  release: IconLockOpen,
  cancel: IconCalendarX,
  reloadPrice: IconRefresh,
  resolve: IconArchive,
  reopen: IconArrowBackUp,
};

/** The button a call was started from (calls of other cards have kinds of their own). */
const actionOf = (call: TBookingCall): string =>
  call.kind === 'state'
    ? call.state === 'planned'
      ? 'reserve'
      : 'confirm'
    : call.kind === 'resolved'
      ? call.resolved
        ? 'resolve'
        : 'reopen'
      : call.kind;

/**
 * The actions the booking's state allows, for the booking's toolbar, and their dialogs. Each sends the version
 * the page read: when someone else saved in between, the message bar says so and the page shows their version
 * (useBookingCall). `enabled` false: none.
 */
export function useBookingActions(
  booking: TBooking,
  isOffice: boolean,
  enabled: boolean,
): { actions: TToolbarAction[]; dialogs: ReactNode } {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const call = useBookingCall(booking);
  const [dialog, setDialog] = useState<'release' | 'cancel' | null>(null);
  const allowed = enabled ? bookingActions(booking.state, booking.resolved, isOffice) : [];

  const run = (request: TBookingCall, done: (answer: TBooking) => string) =>
    call.mutate(request, {
      onSuccess: (answer) => {
        setDialog(null);
        showSuccess(done(answer));
      },
      // The booking changed underneath: the form would send a stale version again.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') setDialog(null);
      },
    });
  const start = (action: TBookingAction) => {
    if (action === 'reserve') run({ kind: 'state', state: 'planned' }, () => t('bookings.actions.reserved'));
    if (action === 'confirm')
      run({ kind: 'state', state: 'confirmed' }, () => t('bookings.actions.confirmed'));
    if (action === 'reloadPrice') run({ kind: 'reloadPrice' }, () => t('bookings.actions.repriced'));
    if (action === 'resolve')
      run({ kind: 'resolved', resolved: true }, () => t('bookings.actions.resolvedDone'));
    if (action === 'reopen') run({ kind: 'resolved', resolved: false }, () => t('bookings.actions.reopened'));
    if (action === 'release' || action === 'cancel') setDialog(action);
  };

  const actions = allowed.map(
    (action): TToolbarAction => ({
      key: action,
      label: t(`bookings.actions.${action}`),
      icon: ICONS[action],
      filled: action === 'confirm' || action === 'reserve',
      ...(action === 'cancel' ? { color: 'red' } : {}),
      loading: Boolean(call.isPending && call.variables && actionOf(call.variables) === action),
      disabled: call.isPending,
      onClick: () => start(action),
    }),
  );
  const dialogs = (
    <>
      {dialog === 'release' && (
        <ReleaseModal
          busy={call.isPending}
          onClose={() => setDialog(null)}
          onRelease={(reason) => run({ kind: 'release', reason }, () => t('bookings.actions.released'))}
        />
      )}
      {dialog === 'cancel' && (
        <CancelModal
          booking={booking}
          busy={call.isPending}
          onClose={() => setDialog(null)}
          onCancel={(body) =>
            run({ kind: 'cancel', body }, (answer) =>
              t('bookings.actions.cancelled', {
                fee: formatMoney(answer.cancellation?.fee ?? '0', answer.currency ?? booking.currency, lang),
              }),
            )
          }
        />
      )}
    </>
  );
  return { actions, dialogs };
}
