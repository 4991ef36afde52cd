import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, ZCreateBookingComment, ZUpdateBookingComment } from './comments.ts';

describe('a booking comment’s body', () => {
  it('trims the text and leaves internal to the server when not sent', () => {
    expect(ZCreateBookingComment.parse({ bookingId: 3, text: '  Late arrival \n' })).toEqual({
      bookingId: 3,
      text: 'Late arrival',
    });
  });

  it('refuses an empty or blank text and one longer than 5,000 characters after trimming', () => {
    for (const text of ['', '   ', '\n\t', 'x'.repeat(COMMENT_MAX_LENGTH + 1)])
      expect(ZCreateBookingComment.safeParse({ bookingId: 3, text }).success).toBe(false);
    const longest = ` ${'x'.repeat(COMMENT_MAX_LENGTH)} `;
    expect(ZCreateBookingComment.parse({ bookingId: 3, text: longest }).text).toHaveLength(
      COMMENT_MAX_LENGTH,
    );
  });

  it('needs a positive booking id and a boolean internal flag', () => {
    for (const body of [{ text: 'x' }, { bookingId: 0, text: 'x' }, { bookingId: 1.5, text: 'x' }])
      expect(ZCreateBookingComment.safeParse(body).success).toBe(false);
    expect(ZCreateBookingComment.safeParse({ bookingId: 1, text: 'x', internal: 'yes' }).success).toBe(false);
  });

  it('a change names only what changes and never moves a comment to another booking', () => {
    expect(ZUpdateBookingComment.parse({})).toEqual({});
    expect(ZUpdateBookingComment.parse({ internal: false, bookingId: 9 })).toEqual({ internal: false });
    expect(ZUpdateBookingComment.safeParse({ text: ' ' }).success).toBe(false);
  });
});
