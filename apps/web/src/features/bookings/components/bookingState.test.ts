import { BOOKING_STATES } from '@atoll/domain/bookings';
import { describe, expect, it } from 'vitest';
import { allNumbers, bookingActions, DISPLAY_STATES, displayState, shownNumber } from './bookingState.ts';

describe('the state a booking shows (spec booking §4)', () => {
  it.each([
    ['draft', false, 'offer'],
    ['planned', false, 'reservation'],
    ['confirmed', false, 'booking'],
    ['freed', false, 'released'],
    ['aborted', false, 'cancelled'],
    ['waiting', false, 'waiting'],
    ['deleted', false, 'deleted'],
    ['planned', true, 'released'],
    ['confirmed', true, 'confirmedResolved'],
    ['resolved', false, 'confirmedResolved'],
  ] as const)('%s (resolved %s) shows as %s', (state, resolved, label) => {
    expect(displayState(state, resolved)).toBe(label);
  });

  it('has a label for every state', () => {
    for (const state of BOOKING_STATES) expect(DISPLAY_STATES).toContain(displayState(state, false));
  });
});

describe('the number a booking is known by', () => {
  const none = { id: 42, offerNo: null, reservationNo: null, bookingNo: null };

  it('takes the booking number, else the reservation number, else the offer number', () => {
    const all = { id: 42, offerNo: 'O26-00001', reservationNo: 'R26-00003', bookingNo: 'B26-00007' };
    expect(shownNumber(all)).toBe('B26-00007');
    expect(shownNumber({ ...all, bookingNo: null })).toBe('R26-00003');
    expect(shownNumber({ ...all, bookingNo: null, reservationNo: null })).toBe('O26-00001');
  });

  it('falls back to the id when the booking has no number yet', () => {
    expect(shownNumber(none)).toBe('#42');
  });

  it('lists every number the booking got, oldest first', () => {
    expect(allNumbers({ ...none, offerNo: 'O26-00001', bookingNo: 'B26-00007' })).toEqual([
      { kind: 'offer', no: 'O26-00001' },
      { kind: 'booking', no: 'B26-00007' },
    ]);
    expect(allNumbers(none)).toEqual([]);
  });
});

describe('the actions a state allows (docs/domain/lifecycle.md)', () => {
  it('offers a draft the reservation, the confirmation, cancelling and new prices', () => {
    expect(bookingActions('draft', false)).toEqual(['reserve', 'confirm', 'cancel', 'reloadPrice']);
  });

  it('lets a reservation be confirmed, released or cancelled', () => {
    expect(bookingActions('planned', false)).toEqual(['confirm', 'release', 'cancel', 'reloadPrice']);
  });

  it('lets a booking only be cancelled or priced again', () => {
    expect(bookingActions('confirmed', false)).toEqual(['cancel', 'reloadPrice', 'resolve']);
  });

  it('offers nothing on a cancelled, released or deleted booking', () => {
    expect(bookingActions('aborted', false)).toEqual([]);
    expect(bookingActions('freed', false)).toEqual([]);
    expect(bookingActions('deleted', false)).toEqual([]);
  });

  it('leaves releasing and new prices to the office', () => {
    expect(bookingActions('planned', false, false)).toEqual(['confirm', 'cancel']);
    expect(bookingActions('draft', false, false)).toEqual(['reserve', 'confirm', 'cancel']);
  });

  it('closes a resolved reservation entirely and a resolved booking but for cancelling', () => {
    expect(bookingActions('planned', true)).toEqual(['reopen']);
    expect(bookingActions('confirmed', true)).toEqual(['cancel', 'reopen']);
  });
});
