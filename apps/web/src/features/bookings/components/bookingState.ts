import {
  canCancel,
  canChangeState,
  canRelease,
  isEditable,
  type TBookingState,
  type TBookingSummary,
} from '@atoll/domain/bookings';

// How a booking's state reads on the screens (spec booking §4 calendar labels, docs/domain/availability.md), the
// number it is known by, and the actions its state allows (docs/domain/lifecycle.md). Pure, for tests.

/** The label a booking shows: its state as the calendar names it, with the resolved flag applied. */
export const DISPLAY_STATES = [
  'offer',
  'reservation',
  'booking',
  'confirmedResolved',
  'released',
  'waiting',
  'cancelled',
  'rebooked',
  'split',
  'deleted',
] as const;
export type TDisplayState = (typeof DISPLAY_STATES)[number];

const LABELS: Record<TBookingState, TDisplayState> = {
  draft: 'offer',
  planned: 'reservation',
  confirmed: 'booking',
  // Legacy alias of confirmed + resolved (docs/domain/availability.md).
  resolved: 'confirmedResolved',
  waiting: 'waiting',
  aborted: 'cancelled',
  freed: 'released',
  rebooked: 'rebooked',
  splitted: 'split',
  deleted: 'deleted',
};

/** planned + resolved shows as released, confirmed + resolved as confirmed-resolved (spec booking §4). */
export function displayState(state: TBookingState, resolved: boolean): TDisplayState {
  if (resolved && state === 'planned') return 'released';
  if (resolved && state === 'confirmed') return 'confirmedResolved';
  return LABELS[state];
}

// Light badges need shade 9 to stay above 4.5:1 on their tint: yellow, orange, lime and green do not.
export const STATE_COLORS: Record<TDisplayState, string> = {
  offer: 'gray',
  reservation: 'violet',
  booking: 'blue',
  confirmedResolved: 'cyan',
  released: 'grape',
  waiting: 'pink',
  cancelled: 'red',
  rebooked: 'indigo',
  split: 'indigo',
  deleted: 'dark',
};

type TNumbers = Pick<TBookingSummary, 'id' | 'bookingNo' | 'reservationNo' | 'offerNo'>;

/** The number a booking is known by: the booking number, else the reservation's, else the offer's. */
export function shownNumber(b: TNumbers): string {
  return b.bookingNo ?? b.reservationNo ?? b.offerNo ?? `#${b.id}`;
}

/** Every number the booking got, in the order it got them (they are kept forever, docs/domain/lifecycle.md). */
export function allNumbers(b: TNumbers): { kind: 'offer' | 'reservation' | 'booking'; no: string }[] {
  const numbers = [
    { kind: 'offer' as const, no: b.offerNo },
    { kind: 'reservation' as const, no: b.reservationNo },
    { kind: 'booking' as const, no: b.bookingNo },
  ];
  return numbers.flatMap(({ kind, no }) => (no ? [{ kind, no }] : []));
}

export type TBookingAction =
  | 'reserve'
  | 'confirm'
  | 'release'
  | 'cancel'
  | 'reloadPrice'
  | 'resolve'
  | 'reopen';

/** What only the office may do (bookings.update); agents change and cancel their agency's bookings. */
const OFFICE_ONLY: readonly TBookingAction[] = ['release', 'reloadPrice', 'resolve', 'reopen'];

/**
 * The actions the booking's state allows, in the order the page shows them: make it a reservation
 * (draft or waiting → planned), confirm it, release a planned option, cancel it, price it again. A
 * resolved booking is closed: only cancelling a confirmed one and reopening stay possible. A confirmed
 * booking is marked done by hand (the nightly job does it once the stay is over and paid). `isOffice`
 * false (an agent): without the office's actions.
 */
export function bookingActions(state: TBookingState, resolved: boolean, isOffice = true): TBookingAction[] {
  const actions: TBookingAction[] = [];
  if (!resolved && state !== 'planned' && canChangeState(state, 'planned')) actions.push('reserve');
  if (!resolved && state !== 'confirmed' && canChangeState(state, 'confirmed')) actions.push('confirm');
  if (!resolved && canRelease(state)) actions.push('release');
  if (canCancel(state) && !(resolved && state === 'planned')) actions.push('cancel');
  if (!resolved && isEditable(state)) actions.push('reloadPrice');
  if (!resolved && state === 'confirmed') actions.push('resolve');
  if (resolved && (state === 'planned' || state === 'confirmed')) actions.push('reopen');
  return isOffice ? actions : actions.filter((a) => !OFFICE_ONLY.includes(a));
}
