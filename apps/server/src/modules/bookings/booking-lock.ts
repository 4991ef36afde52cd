import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import type { TBookingRow } from './bookings.repository.ts';
import { createBookingWritesRepository } from './write/bookings-writes.repository.ts';

// Optimistic concurrency for every write on a stored booking: the version the client read (body or
// If-Match) must still be the stored one. The check and the version bump are one UPDATE, the first
// statement of the write, so of two writers with the same version exactly one gets the row.

const bookingWrites = createBookingWritesRepository();

export const versionConflict = () =>
  new AppError(409, 'VERSION_CONFLICT', 'The booking was changed meanwhile: load it again');

/** `If-Match: "7"`, `W/"7"` or `7` → 7; anything else → undefined (a malformed header is a 400). */
export function versionFromHeader(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const match = value.trim().match(/^(?:W\/)?"?([1-9]\d{0,9})"?$/);
  if (!match) throw badRequest('If-Match must name a booking version', 'If-Match');
  return Number(match[1]);
}

/**
 * The version the client read: the first one sent in the body or query, else If-Match; none → null (the
 * calls whose version is optional then skip the comparison).
 */
export function sentVersion(
  headers: { 'if-match'?: string | string[] | undefined },
  ...sent: (number | null | undefined)[]
): number | null {
  return sent.find((v) => v != null) ?? versionFromHeader(headers['if-match']) ?? null;
}

/**
 * Locks a booking the user may see and bumps its version; `version` null skips the comparison (calls
 * whose version is optional). 404 when it is not there for the user, VERSION_CONFLICT when stale.
 * Answers the row as it was before the bump but with the new version.
 */
export async function lockBooking(
  tx: Tx,
  user: TSessionUser,
  id: number,
  version: number | null,
): Promise<TBookingRow> {
  const visible = bookingVisibility(user);
  const row = await bookingWrites.bumpVersion(tx, id, version, visible);
  if (row) return row;
  if (!(await bookingWrites.booking(tx, id, visible))) throw notFound('Booking');
  throw versionConflict();
}
