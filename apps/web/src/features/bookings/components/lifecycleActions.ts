import { isEditable, type TBooking } from '@atoll/domain/bookings';

// Which lifecycle calls a booking's state allows (docs/domain/moving-and-rebooking.md and lifecycle.md); the server decides again.
// Pure, for tests.

export type TLifecycleAction = 'rebook' | 'revert' | 'revertRebook' | 'split' | 'changeRoom';

type TShape = Pick<TBooking, 'state' | 'vesselId' | 'references'> & { rooms: readonly unknown[] };

export function lifecycleActions(booking: TShape): TLifecycleAction[] {
  const holding = booking.state === 'planned' || booking.state === 'confirmed';
  const rebookedFrom = (booking.references ?? []).some((r) => r.kind === 'rebookedFrom');
  const list: TLifecycleAction[] = [];
  if (holding && booking.vesselId !== null) list.push('rebook');
  if (isEditable(booking.state) && booking.rooms.length > 0) list.push('changeRoom');
  if (isEditable(booking.state) && booking.rooms.length > 1) list.push('split');
  if (booking.state === 'rebooked' || (holding && rebookedFrom)) list.push('revertRebook');
  // A new offer has nothing to undo; rebooked, split and deleted bookings are undone elsewhere or not at all.
  if (!['draft', 'rebooked', 'splitted', 'deleted'].includes(booking.state)) list.push('revert');
  return list;
}
