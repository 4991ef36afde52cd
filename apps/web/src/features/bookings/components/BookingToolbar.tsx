import type { TBooking } from '@atoll/domain/bookings';
import { Button, Group, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Icon, IconCopy, IconDots, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendBookingMail } from '../../mail/components/SendBookingMail.tsx';
import { useBookingActions } from './BookingActions.tsx';
import { useLifecycleActions } from './BookingLifecycle.tsx';
import { CopyBookingModal } from './CopyBookingModal.tsx';

/** One button of the booking's toolbar. */
export type TToolbarAction = {
  key: string;
  label: string;
  icon: Icon;
  onClick: () => void;
  /** The state's next step (reserve, confirm): a filled button. */
  filled?: boolean;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
};

/** How many of the state's actions stay buttons on a phone (its next step); the rest go into "More". */
const PRIMARY_ON_PHONE = 1;

/**
 * The booking detail's actions in one toolbar: what its state allows, send mail, the office's lifecycle
 * calls and copy. From 48em all are buttons in one wrapping row; narrower, the state's first action (its next step)
 * stays a button and the rest open from a "More" menu: one row instead of six.
 */
export function BookingToolbar({
  booking,
  canAct,
  isOffice,
  canMail,
  canCopy,
}: {
  booking: TBooking;
  /** bookings.update or agencies.self: the state's actions. */
  canAct: boolean;
  /** bookings.update: the office's actions (lifecycle, release, …). */
  isOffice: boolean;
  canMail: boolean;
  /** bookings.create or agencies.self: copy the booking. */
  canCopy: boolean;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [mailOpened, setMailOpened] = useState(false);
  const [copyOpened, setCopyOpened] = useState(false);
  const state = useBookingActions(booking, isOffice, canAct);
  const lifecycle = useLifecycleActions(booking, isOffice);
  const mail: TToolbarAction[] = canMail
    ? [{ key: 'mail', label: t('mail.send.action'), icon: IconMail, onClick: () => setMailOpened(true) }]
    : [];
  const copy: TToolbarAction[] = canCopy
    ? [{ key: 'copy', label: t('bookings.copy.action'), icon: IconCopy, onClick: () => setCopyOpened(true) }]
    : [];
  const all = [...state.actions, ...mail, ...lifecycle.actions, ...copy];
  const shown = phone ? state.actions.slice(0, PRIMARY_ON_PHONE) : all;
  const more = phone ? all.filter((a) => !shown.includes(a)) : [];

  return (
    <>
      {all.length > 0 && (
        <Group gap="xs">
          {shown.map((a) => {
            const ActionIcon = a.icon;
            return (
              <Button
                key={a.key}
                size="xs"
                variant={a.filled ? 'filled' : 'default'}
                color={a.color}
                leftSection={<ActionIcon size={14} aria-hidden />}
                loading={a.loading}
                disabled={a.disabled}
                onClick={a.onClick}
              >
                {a.label}
              </Button>
            );
          })}
          {more.length > 0 && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" leftSection={<IconDots size={14} aria-hidden />}>
                  {t('bookings.detail.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {more.map((a) => {
                  const ActionIcon = a.icon;
                  return (
                    // No colour in the menu: Mantine's red on white is below 4.5:1 (axe color-contrast).
                    <Menu.Item
                      key={a.key}
                      leftSection={<ActionIcon size={14} aria-hidden />}
                      disabled={a.disabled}
                      onClick={a.onClick}
                    >
                      {a.label}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      )}
      {state.dialogs}
      {lifecycle.dialogs}
      {copyOpened && <CopyBookingModal booking={booking} onClose={() => setCopyOpened(false)} />}
      {canMail && (
        <SendBookingMail booking={booking} opened={mailOpened} onClose={() => setMailOpened(false)} />
      )}
    </>
  );
}
