import type { TCreateBookingComment, TUpdateBookingComment } from '@atoll/domain/bookings/comments';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { defined } from '../../http/resource.ts';
import { createBookingCommentsRepository, type TBookingCommentRow } from './booking-comments.repository.ts';

// The rules of booking comments (docs/domain/lifecycle.md "Comments"). Who reads what is the resource's
// visibility (booking-comments.routes.ts); these are the writes: on which booking, internal or not, whose comment.

const repo = createBookingCommentsRepository();

/** The office writes comments; agents and customers write public ones on their own bookings only. */
export const COMMENT_WRITE_OFFICE = ['bookings.update'];
export const COMMENT_WRITE_SELF = ['agencies.self', 'customers.self'];

const isOffice = (user: TSessionUser) => hasScope(user.scopes, COMMENT_WRITE_OFFICE);

/** An author changes their own comment; an administrator any. */
export function assertMayChange(user: TSessionUser, row: TBookingCommentRow) {
  if (hasScope(user.scopes, ['admin'])) return;
  if (row.userId !== user.id) throw forbidden();
}

/** Only the office marks a comment internal. */
function assertMayMarkInternal(user: TSessionUser, internal: boolean | undefined) {
  if (internal === true && !isOffice(user)) throw forbidden();
}

/**
 * The columns of a new comment (or a copy) by this user: on a booking they may see that is not deleted (else the
 * same 400 as for one that does not exist, so another agency's booking does not show), internal by default for
 * the office, public for everyone else.
 */
export async function newCommentValues(tx: Tx, user: TSessionUser, input: TCreateBookingComment) {
  const booking = await repo.writableBooking(tx, input.bookingId, bookingVisibility(user));
  if (!booking) throw badRequest('The booking does not exist', 'bookingId');
  assertMayMarkInternal(user, input.internal);
  return {
    bookingId: booking.id,
    text: input.text,
    internal: input.internal ?? isOffice(user),
    userId: user.id,
  };
}

/** The columns a change sets: only what the body names, by the author (or an administrator). */
export function changedCommentValues(
  user: TSessionUser,
  input: TUpdateBookingComment,
  existing: TBookingCommentRow,
) {
  assertMayChange(user, existing);
  assertMayMarkInternal(user, input.internal);
  return defined(input);
}
