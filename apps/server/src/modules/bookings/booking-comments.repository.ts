import type { TBookingComment } from '@atoll/domain/bookings/comments';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingComments, bookings, users } from '../../db/schema.ts';

// The only Drizzle file of the booking comments (`/api/bookingcomment`): the rows, their authors' names and the
// bookings a comment may be written on.

export type TBookingCommentRow = typeof bookingComments.$inferSelect;
type TExpandedRow = TBookingCommentRow & { authorName?: string | null };

export const toBookingComment = (row: TExpandedRow): TBookingComment => ({
  id: row.id,
  bookingId: row.bookingId,
  text: row.text,
  internal: row.internal,
  userId: row.userId,
  authorName: row.authorName ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createBookingCommentsRepository() {
  return {
    /** Comments of the bookings `visible` selects (a condition on `bookings`; undefined: all). */
    ofVisibleBookings(ex: Executor, visible: SQL | undefined): SQL | undefined {
      if (!visible) return undefined;
      return inArray(bookingComments.bookingId, ex.select({ id: bookings.id }).from(bookings).where(visible));
    },

    /** A booking the user may see that is not deleted: the only kind a comment may be written on. */
    async writableBooking(ex: Executor, bookingId: number, visible: SQL | undefined) {
      const [row] = await ex
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedDate), visible));
      return row;
    },

    /** The rows with their authors' names, in one query for the whole page. */
    async withAuthors(ex: Executor, rows: TBookingCommentRow[]): Promise<TExpandedRow[]> {
      const ids = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
      const names = ids.length
        ? await ex.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
        : [];
      const byId = new Map(names.map((u) => [u.id, u.name]));
      return rows.map((r) => ({ ...r, authorName: r.userId === null ? null : (byId.get(r.userId) ?? null) }));
    },
  };
}
