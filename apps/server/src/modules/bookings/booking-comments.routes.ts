import {
  type TCreateBookingComment,
  type TUpdateBookingComment,
  ZBookingComment,
  ZCreateBookingComment,
  ZUpdateBookingComment,
} from '@atoll/domain/bookings/comments';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db } from '../../db/client.ts';
import { bookingComments } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import {
  createBookingCommentsRepository,
  type TBookingCommentRow,
  toBookingComment,
} from './booking-comments.repository.ts';
import {
  assertMayChange,
  COMMENT_WRITE_OFFICE,
  COMMENT_WRITE_SELF,
  changedCommentValues,
  newCommentValues,
} from './booking-comments.service.ts';

// The generic calls (ADR 0003) of /api/bookingcomment (docs/domain/lifecycle.md "Comments"). Everyone sees the
// comments of the bookings they may see (bookingVisibility): the office all of them, agents and customers
// (agencies.self, customers.self) the public ones only; anything else answers 404.

const repo = createBookingCommentsRepository();
const WRITE = [...COMMENT_WRITE_OFFICE, ...COMMENT_WRITE_SELF];

export function registerBookingCommentsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  registerResource(app, db, {
    name: 'bookingcomment',
    base: '/api/bookingcomment',
    table: bookingComments,
    id: bookingComments.id,
    fields: {
      id: { column: bookingComments.id, type: 'number', sort: true, filter: true },
      bookingId: { column: bookingComments.bookingId, type: 'number', sort: true, filter: true },
      text: { column: bookingComments.text, type: 'string', filter: true, search: true },
      internal: { column: bookingComments.internal, type: 'boolean', sort: true, filter: true },
      userId: { column: bookingComments.userId, type: 'number', sort: true, filter: true },
      createdAt: { column: bookingComments.createdAt, type: 'datetime', sort: true, filter: true },
      updatedAt: { column: bookingComments.updatedAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZBookingComment,
    toOutput: toBookingComment as (row: never) => z.infer<typeof ZBookingComment>,
    create: ZCreateBookingComment,
    update: ZUpdateBookingComment,
    access: { read: ['bookings.read'], create: WRITE, update: WRITE, delete: WRITE },
    // Agents and customers: the public comments only (of their own bookings, by `assets`).
    self: { scopes: COMMENT_WRITE_SELF, where: () => eq(bookingComments.internal, false) },
    assets: (user) => repo.ofVisibleBookings(db, bookingVisibility(user)),
    expand: (rows: TBookingCommentRow[]) => repo.withAuthors(db, rows),
    toValues: async ({ user, tx }, input, existing?: TBookingCommentRow) =>
      existing
        ? changedCommentValues(user, input as TUpdateBookingComment, existing)
        : newCommentValues(tx, user, input as TCreateBookingComment),
    // A copy is a new comment of the one who copies, on the same booking.
    copyValues: async ({ user, tx }, row: TBookingCommentRow) =>
      newCommentValues(tx, user, { bookingId: row.bookingId, text: row.text, internal: row.internal }),
    beforeDelete: async ({ user }, row: TBookingCommentRow) => assertMayChange(user, row),
  });
}
