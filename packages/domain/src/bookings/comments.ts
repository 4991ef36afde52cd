import { z } from 'zod';

// Comments on a booking (`/api/bookingcomment`, docs/domain/lifecycle.md "Comments"): a thread of notes. An
// internal comment is the office's own; a public one (internal = false) the booking's agency and customer
// read too, and they may add public ones to their own bookings.

/** The longest comment, in characters after trimming. */
export const COMMENT_MAX_LENGTH = 5000;

const commentText = z.string().trim().min(1).max(COMMENT_MAX_LENGTH);

export const ZBookingComment = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  text: z.string(),
  /** Staff only; false: the booking's agency and customer read it too. */
  internal: z.boolean(),
  /** The author; null once their user is deleted. */
  userId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBookingComment = z.infer<typeof ZBookingComment>;

/** A new comment; without `internal` the office's is internal, an agent's or customer's public. */
export const ZCreateBookingComment = z.object({
  bookingId: z.number().int().positive().max(2_147_483_647),
  text: commentText,
  internal: z.boolean().optional(),
});
export type TCreateBookingComment = z.infer<typeof ZCreateBookingComment>;

/** A change of a comment: its text or whether it is internal; never the booking it belongs to. */
export const ZUpdateBookingComment = z.object({
  text: commentText.optional(),
  internal: z.boolean().optional(),
});
export type TUpdateBookingComment = z.infer<typeof ZUpdateBookingComment>;
