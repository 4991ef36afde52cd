import { describe, expect, it } from 'vitest';
import type { TBooking } from './bookings.ts';
import { copyRequest, ZCopyBooking } from './copy.ts';

const guest = (id: number, customerId: number | null, age: number | null) => ({
  id,
  customerId,
  name: customerId === null ? `Guest ${id}` : null,
  gender: 'u' as const,
  age,
  variantId: null,
  bed: null,
});
const entry = (roomId: number, scheduleId: number | null, from: string, to: string) => ({
  id: roomId * 10,
  roomId,
  roomName: `Room ${roomId}`,
  roomTypeId: 1,
  scheduleId,
  from,
  to,
  whole: true,
  checkIn: null,
  checkOut: null,
  locked: false,
  guests: [guest(roomId * 10 + 1, 7, 33), guest(roomId * 10 + 2, null, 9)],
});
const booking = (over: Partial<TBooking>) =>
  ({
    type: 'mixed',
    scheduleId: 5,
    customerId: 7,
    agencyId: null,
    sourceId: 2,
    categoryId: null,
    language: 'en',
    currency: 'USD',
    termsOfPayment: { id: 4 },
    note: 'Note',
    internalNote: undefined,
    systemReference: 'EXT-1',
    rooms: [entry(1, null, '2041-03-29', '2041-04-02'), entry(2, 5, '2041-05-02', '2041-05-09')],
    ...over,
  }) as unknown as TBooking;

describe('copyRequest', () => {
  it('moves resort stays by the days asked, puts cabins on the departure asked, keeps the rest', () => {
    const request = copyRequest(booking({}), ZCopyBooking.parse({ shiftDays: -3, scheduleId: 6 }));
    expect(request.rooms.map((r) => [r.roomId, r.from, r.to, r.scheduleId])).toEqual([
      [1, '2041-03-26', '2041-03-30', null],
      [2, null, null, 6],
    ]);
    // A customer's age is worked out again for the new dates; a placeholder keeps the age given.
    expect(request.rooms[0]?.guests.map((g) => [g.customerId, g.name, g.age])).toEqual([
      [7, null, null],
      [null, 'Guest 12', 9],
    ]);
    expect(request).toMatchObject({
      state: 'draft',
      fullCharter: null,
      termsId: 4,
      currency: 'USD',
      language: 'en',
      systemReference: null,
      internalNote: null,
    });
  });

  it('books a full charter again as a charter, with every guest', () => {
    const charter = booking({ type: 'charter', rooms: [entry(2, 5, '2041-05-02', '2041-05-09')] });
    const request = copyRequest(charter, ZCopyBooking.parse({ state: 'planned' }));
    expect(request.rooms).toEqual([]);
    expect(request.fullCharter?.scheduleId).toBe(5);
    expect(request.fullCharter?.guests).toHaveLength(2);
    expect(request.state).toBe('planned');
  });
});
