import type { TBookingRoom } from '@atoll/domain/bookings';
import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import { describe, expect, it } from 'vitest';
import { availabilityOf, moveTargets } from './roomMoves.ts';

const room = (id: number, extra: Partial<TRoomAvailability> = {}): TRoomAvailability => ({
  id,
  name: `Cabin ${id}`,
  roomTypeId: 1,
  deckId: null,
  sort: id,
  sellable: true,
  allowSharedRoom: true,
  allowMixedGender: true,
  free: true,
  freeBeds: 2,
  beds: [],
  genders: [],
  blocks: [],
  holds: [],
  ...extra,
});
const entry = (extra: Partial<TBookingRoom> = {}): TBookingRoom => ({
  id: 7,
  roomId: 1,
  roomName: 'Cabin 1',
  roomTypeId: 1,
  scheduleId: 3,
  from: '2041-05-02',
  to: '2041-05-09',
  whole: true,
  checkIn: null,
  checkOut: null,
  locked: false,
  guests: [],
  ...extra,
});

describe('moveTargets', () => {
  it('offers other free, sellable rooms; berths need enough free beds', () => {
    const rooms = [room(1), room(2, { free: false, freeBeds: 1 }), room(3), room(4, { sellable: false })];
    expect(moveTargets(rooms, entry()).map((r) => r.id)).toEqual([3]);
    const guest = {
      id: 1,
      customerId: null,
      name: null,
      gender: 'f' as const,
      age: null,
      variantId: null,
      bed: null,
    };
    expect(moveTargets(rooms, entry({ whole: false, guests: [guest] })).map((r) => r.id)).toEqual([2, 3]);
    expect(moveTargets(rooms, entry({ whole: false, guests: [guest, guest] })).map((r) => r.id)).toEqual([3]);
  });

  it('asks the departure for cabins and the resort for rooms over the entry dates', () => {
    expect(availabilityOf({ vesselId: 5, resortId: null }, entry())).toEqual({ vesselId: 5, scheduleId: 3 });
    const stay = entry({ scheduleId: null, from: '2041-03-29', to: '2041-04-02' });
    expect(availabilityOf({ vesselId: null, resortId: 9 }, stay)).toEqual({
      resortId: 9,
      from: '2041-03-29',
      to: '2041-04-02',
    });
  });
});
