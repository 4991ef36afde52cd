import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import { describe, expect, it } from 'vitest';
import {
  bookerOf,
  defaultPax,
  hasBooker,
  initialWizard,
  nightsBetween,
  startedOn,
  stepReady,
  toCreateBooking,
  toSimulateRequest,
  typePriceRequest,
  wizardReducer,
} from './wizardState.ts';

const room = (id: number, patch: Partial<TRoomAvailability> = {}): TRoomAvailability => ({
  id,
  name: `R${id}`,
  roomTypeId: 7,
  deckId: null,
  sort: id,
  sellable: true,
  allowSharedRoom: false,
  allowMixedGender: false,
  free: true,
  freeBeds: 2,
  beds: [],
  genders: [],
  blocks: [],
  holds: [],
  ...patch,
});

const resortDraft = () => {
  let s = initialWizard('resort', 'en');
  s = wizardReducer(s, { type: 'asset', kind: 'resort', assetId: 3 });
  s = wizardReducer(s, { type: 'dates', from: '2027-03-01', to: '2027-03-08' });
  s = wizardReducer(s, { type: 'toggleRoom', room: room(11), whole: true });
  return wizardReducer(s, { type: 'roomPax', roomId: 11, pax: 2 });
};

describe('booking wizard state', () => {
  it('counts nights and rejects an empty or reversed stay', () => {
    expect(nightsBetween('2027-03-01', '2027-03-08')).toBe(7);
    expect(nightsBetween('2027-03-08', '2027-03-01')).toBe(0);
    expect(nightsBetween('', '2027-03-01')).toBe(0);
  });

  it('opens a step only when the one before is complete', () => {
    const s = resortDraft();
    expect(stepReady(s, 0)).toBe(true);
    expect(stepReady(s, 1)).toBe(true);
    expect(stepReady(s, 2)).toBe(true);
    expect(stepReady(s, 3)).toBe(false);
    const named = wizardReducer(
      wizardReducer(s, {
        type: 'guest',
        roomId: 11,
        index: 0,
        guest: { customerId: 5, name: 'A', gender: 'f', age: 40 },
      }),
      {
        type: 'guest',
        roomId: 11,
        index: 1,
        guest: { customerId: null, name: 'Guest 2', gender: 'm', age: 30 },
      },
    );
    expect(stepReady(named, 3)).toBe(true);
  });

  it('drops the chosen rooms when the dates change and rooms no longer free', () => {
    const s = resortDraft();
    expect(wizardReducer(s, { type: 'dates', from: '2027-03-02', to: '2027-03-08' }).rooms).toEqual([]);
    expect(wizardReducer(s, { type: 'keepRooms', roomIds: [12] }).rooms).toEqual([]);
    expect(wizardReducer(s, { type: 'keepRooms', roomIds: [11] })).toBe(s);
  });

  it('builds the create and simulate requests: a customer by id, a placeholder with its facts', () => {
    let s = resortDraft();
    s = wizardReducer(s, {
      type: 'guest',
      roomId: 11,
      index: 0,
      guest: { customerId: 5, name: 'A', gender: 'f', age: 40 },
    });
    s = wizardReducer(s, {
      type: 'guest',
      roomId: 11,
      index: 1,
      guest: { customerId: null, name: ' Bo ', gender: 'm', age: 30 },
    });
    expect(toCreateBooking(s, 'confirmed')).toMatchObject({
      state: 'confirmed',
      rooms: [
        {
          roomId: 11,
          from: '2027-03-01',
          to: '2027-03-08',
          whole: true,
          guests: [{ customerId: 5 }, { name: 'Bo', gender: 'm', age: 30 }],
        },
      ],
    });
    expect(toSimulateRequest(s, 'EUR')).toMatchObject({
      resortId: 3,
      from: '2027-03-01',
      channel: 'Booking',
      rooms: [{ roomTypeId: 7, roomId: 11, persons: [{ customerId: 5 }, { customerId: null, age: 30 }] }],
    });
  });

  it('prices one room of a type for its default guests over the stay, whatever rooms are chosen', () => {
    let s = wizardReducer(initialWizard('resort', 'de'), { type: 'asset', kind: 'resort', assetId: 3 });
    s = wizardReducer(s, { type: 'dates', from: '2027-03-01', to: '2027-03-05' });
    s = wizardReducer(s, { type: 'toggleRoom', room: room(11), whole: true });
    expect(typePriceRequest(s, 8, 3, 'USD')).toMatchObject({
      resortId: 3,
      from: '2027-03-01',
      to: '2027-03-05',
      currency: 'USD',
      channel: 'Booking',
      rooms: [{ roomTypeId: 8, roomId: null, persons: [{ gender: 'u' }, { gender: 'u' }, { gender: 'u' }] }],
    });
    expect(typePriceRequest(s, 8, 0, 'EUR').rooms?.[0]?.persons).toHaveLength(1);
  });

  it('books berths of a departure by schedule, without dates', () => {
    let s = wizardReducer(initialWizard('vessel', 'en'), { type: 'asset', kind: 'vessel', assetId: 2 });
    s = wizardReducer(s, { type: 'departure', scheduleId: 9, from: '2027-04-01', to: '2027-04-08' });
    s = wizardReducer(s, { type: 'toggleRoom', room: room(21, { allowSharedRoom: true }), whole: false });
    const body = toCreateBooking(s, 'planned');
    expect(body.rooms?.[0]).toMatchObject({ roomId: 21, scheduleId: 9, whole: false });
    expect(body.rooms?.[0]).not.toHaveProperty('from');
  });
});

describe('full charter', () => {
  const charterDraft = (pax: number) => {
    let s = initialWizard('vessel', 'en');
    s = wizardReducer(s, { type: 'asset', kind: 'vessel', assetId: 4 });
    s = wizardReducer(s, { type: 'departure', scheduleId: 9, from: '2027-05-02', to: '2027-05-09' });
    return wizardReducer(s, { type: 'charter', cabins: [room(21), room(22)], pax });
  };

  it('takes every cabin whole and seats the guests in cabin order', () => {
    const s = charterDraft(3);
    expect(s.charter).toBe(true);
    expect(s.rooms.map((r) => [r.roomId, r.whole, r.guests.length])).toEqual([
      [21, true, 2],
      [22, true, 1],
    ]);
  });

  it('sends fullCharter with all guests instead of rooms; off drops the cabins', () => {
    const s = charterDraft(2);
    const body = toCreateBooking(s, 'planned');
    expect(body.rooms).toBeUndefined();
    expect(body.fullCharter).toEqual({ scheduleId: 9, guests: [expect.anything(), expect.anything()] });
    const off = wizardReducer(s, { type: 'charter', cabins: null, pax: 0 });
    expect(off).toMatchObject({ charter: false, rooms: [] });
  });

  it('ends when a cabin is taken meanwhile', () => {
    const s = wizardReducer(charterDraft(2), { type: 'keepRooms', roomIds: [21] });
    expect(s).toMatchObject({ charter: false, rooms: [] });
  });
});

describe('the wizard started from a calendar, guests and customer', () => {
  it('opens on the rooms step of a resort stay or a departure when a room is named', () => {
    const resort = startedOn(
      initialWizard('resort', 'en'),
      new URLSearchParams('resort=3&room=11&from=2027-03-01&to=2027-03-08'),
    );
    expect(resort).toMatchObject({
      kind: 'resort',
      assetId: 3,
      from: '2027-03-01',
      to: '2027-03-08',
      step: 2,
    });
    const onlyResort = startedOn(initialWizard('resort', 'en'), new URLSearchParams('resort=3'));
    expect(onlyResort).toMatchObject({ assetId: 3, from: '', step: 0 });
    const trip = startedOn(
      initialWizard('resort', 'en'),
      new URLSearchParams('vessel=5&schedule=9&from=2027-04-03&to=2027-04-10'),
    );
    expect(trip).toMatchObject({ kind: 'vessel', assetId: 5, scheduleId: 9, month: '2027-04', step: 0 });
    const bad = startedOn(initialWizard('resort', 'en'), new URLSearchParams('resort=3&from=x&to=y&room=1'));
    expect(bad).toMatchObject({ assetId: 3, from: '', step: 0 });
  });

  it("starts a room with its type's default guests, within what the room holds", () => {
    expect(defaultPax(room(1, { freeBeds: 4, beds: [] }), true, 2)).toBe(2);
    expect(defaultPax(room(1, { freeBeds: 1 }), false, 2)).toBe(1);
    expect(defaultPax(room(1), true, 0)).toBe(1);
    const s = wizardReducer(initialWizard('resort', 'en'), {
      type: 'toggleRoom',
      room: room(11),
      whole: true,
      pax: 2,
    });
    expect(s.rooms[0]?.guests).toHaveLength(2);
  });

  it('needs a customer, an agency or the walk-in mark; the chosen customer is sent', () => {
    const s = resortDraft();
    expect(hasBooker(s)).toBe(false);
    expect(hasBooker({ ...s, walkIn: true })).toBe(true);
    expect(hasBooker({ ...s, agencyId: 4 })).toBe(true);
    const withGuest = wizardReducer(s, {
      type: 'guest',
      roomId: 11,
      index: 1,
      guest: { customerId: 42, name: 'Ann', gender: 'f', age: 30 },
    });
    expect(bookerOf(withGuest)).toBe(42);
    expect(toCreateBooking(withGuest, 'draft')).not.toHaveProperty('customerId');
    const chosen = wizardReducer(withGuest, { type: 'finish', patch: { customerId: 7 } });
    expect(bookerOf(chosen)).toBe(7);
    expect(toCreateBooking(chosen, 'draft')).toMatchObject({ customerId: 7 });
  });
});
