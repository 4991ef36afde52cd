import { describe, expect, it } from 'vitest';
import { daysBefore, missingSimFields, newSimForm, toSimulateBody } from './simulator.ts';

describe('price simulator form', () => {
  it('starts with a week a month ahead, booked today, two guests in one room', () => {
    const form = newSimForm('2030-03-01');
    expect(form).toMatchObject({ from: '2030-03-31', to: '2030-04-07', bookingDate: '2030-03-01' });
    expect(form.rooms).toHaveLength(1);
    expect(form.rooms[0]?.persons).toHaveLength(2);
  });

  it('names what is missing for a resort stay and for a departure', () => {
    const form = newSimForm('2030-03-01');
    expect(missingSimFields(form)).toEqual(['resortId', 'rooms.0.roomTypeId']);
    expect(missingSimFields({ ...form, resortId: '1', to: form.from })).toEqual(['to', 'rooms.0.roomTypeId']);
    expect(missingSimFields({ ...form, asset: 'vessel' })).toEqual([
      'vesselId',
      'scheduleId',
      'rooms.0.roomTypeId',
    ]);
  });

  it('sends the resort stay with its dates, or the departure without them', () => {
    const form = { ...newSimForm('2030-03-01'), resortId: '2', agencyId: '', currency: 'EUR' };
    const room = form.rooms[0];
    if (!room) throw new Error('no room');
    form.rooms = [
      {
        ...room,
        roomTypeId: '9',
        persons: room.persons.map((p, i) => ({ ...p, age: i ? 8 : '', nationality: 'DE' })),
      },
    ];
    const body = toSimulateBody(form, 'de');
    expect(body).toMatchObject({
      resortId: 2,
      vesselId: null,
      from: '2030-03-31',
      to: '2030-04-07',
      scheduleId: null,
      agencyId: null,
      bookingDate: '2030-03-01',
      currency: 'EUR',
      language: 'de',
    });
    expect(body.rooms).toEqual([
      {
        roomTypeId: 9,
        persons: [
          { age: null, gender: 'u', nationality: 'DE' },
          { age: 8, gender: 'u', nationality: 'DE' },
        ],
      },
    ]);
    const boat = toSimulateBody({ ...form, asset: 'vessel', vesselId: '3', scheduleId: '12' }, 'en');
    expect(boat).toMatchObject({ resortId: null, vesselId: 3, scheduleId: 12, from: null, to: null });
  });

  it('counts the days from booking to arrival as DaysBeforeTravelDate does', () => {
    expect(daysBefore({ bookingDate: '2030-01-01', from: '2030-03-02' })).toBe(60);
    expect(daysBefore({ bookingDate: '', from: '2030-03-02' })).toBeNull();
  });
});
