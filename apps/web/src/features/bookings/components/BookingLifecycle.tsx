import type { TBooking } from '@atoll/domain/bookings';
import { Anchor, Group, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsExchange,
  IconArrowsSplit,
  IconCalendarRepeat,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { showSuccess } from '../../../app/messages.ts';
import { routePath } from '../../../components/routePath.ts';
import { type TBookingCall, useBookingCall } from '../api.ts';
import type { TToolbarAction } from './BookingToolbar.tsx';
import { shownNumber } from './bookingState.ts';
import { ChangeRoomModal } from './ChangeRoomModal.tsx';
import { lifecycleActions, type TLifecycleAction } from './lifecycleActions.ts';
import { RebookModal } from './RebookModal.tsx';
import { RevertModal } from './RevertModal.tsx';
import { SplitModal } from './SplitModal.tsx';

// The lifecycle of a booking beside its other actions (docs/domain/moving-and-rebooking.md and lifecycle.md): links to the bookings
// it was rebooked or split from or to, and for the office rebook, revert, revert rebook, split by room
// and change room or cabin. A call that answers another booking (rebook, a revert named on the new
// booking) opens that one.

/** "Rebooked from B26-00012" links, one per reference. */
function BookingReferences({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const references = booking.references ?? [];
  if (references.length === 0) return null;
  return (
    <Group gap="md">
      {references.map((r) => (
        <Text key={`${r.kind}-${r.bookingId}`} size="sm">
          {t(`bookings.lifecycle.references.${r.kind}`)}{' '}
          <Anchor component={Link} to={routePath('bookingDetail', { id: r.bookingId })}>
            {r.number ?? `#${r.bookingId}`}
          </Anchor>
        </Text>
      ))}
    </Group>
  );
}

const ICONS = {
  rebook: IconCalendarRepeat,
  changeRoom: IconArrowsExchange,
  split: IconArrowsSplit,
  revertRebook: IconArrowBackUp,
  revert: IconArrowBackUp,
} as const;

/** The links to the bookings it was rebooked or split from or to, for everyone who sees the booking. */
export function BookingLifecycle({ booking }: { booking: TBooking }) {
  return <BookingReferences booking={booking} />;
}

/** The lifecycle calls for the office's toolbar, and their dialogs; `enabled` false: none. */
export function useLifecycleActions(
  booking: TBooking,
  enabled: boolean,
): { actions: TToolbarAction[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const call = useBookingCall(booking);
  const [dialog, setDialog] = useState<TLifecycleAction | null>(null);
  const allowed = enabled ? lifecycleActions(booking) : [];

  const run = (request: TBookingCall, done: string) =>
    call.mutate(request, {
      onSuccess: (answer) => {
        setDialog(null);
        showSuccess(t(done, { number: shownNumber(answer) }));
        if (answer.id !== booking.id) navigate(routePath('bookingDetail', { id: answer.id }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') setDialog(null);
      },
    });
  const close = () => setDialog(null);
  const busy = call.isPending;

  const actions = allowed.map(
    (action): TToolbarAction => ({
      key: action,
      label: t(`bookings.lifecycle.actions.${action}`),
      icon: ICONS[action],
      disabled: busy,
      onClick: () => setDialog(action),
    }),
  );
  const dialogs = (
    <>
      {dialog === 'rebook' && booking.vesselId !== null && (
        <RebookModal
          booking={booking}
          busy={busy}
          onClose={close}
          onRebook={(scheduleId, keepPrice) =>
            run({ kind: 'rebook', scheduleId, keepPrice }, 'bookings.lifecycle.rebook.done')
          }
        />
      )}
      {dialog === 'changeRoom' && (
        <ChangeRoomModal
          booking={booking}
          busy={busy}
          onClose={close}
          onMove={(body) => run({ kind: 'changeRoom', ...body }, 'bookings.lifecycle.changeRoom.done')}
        />
      )}
      {dialog === 'split' && (
        <SplitModal
          booking={booking}
          busy={busy}
          onClose={close}
          onSplit={(roomBookingIds) =>
            run({ kind: 'splitByCustomer', roomBookingIds }, 'bookings.lifecycle.split.done')
          }
        />
      )}
      {(dialog === 'revert' || dialog === 'revertRebook') && (
        <RevertModal
          booking={booking}
          kind={dialog}
          busy={busy}
          onClose={close}
          onRevert={(optionExpiry) =>
            run(
              dialog === 'revert'
                ? { kind: 'revert', ...(optionExpiry ? { optionExpiry } : {}) }
                : { kind: dialog },
              `bookings.lifecycle.${dialog}.done`,
            )
          }
        />
      )}
    </>
  );
  return { actions, dialogs };
}
