import { describe, expect, it } from 'vitest';
import {
  manifestHoldsOfGuests,
  manifestRows,
  type TManifestCabin,
  type TManifestHold,
  ZCreateVessel,
  ZCreateVesselList,
  ZUpdateVesselDeck,
} from './vessels.ts';

const cabin = (id: number, name: string, sort: number, beds: string[], isActive = true): TManifestCabin => ({
  id,
  name,
  sort,
  isActive,
  beds,
});
const hold = (roomId: number, unit: string, lastName: string | null, extra = {}): TManifestHold => ({
  roomId,
  unit,
  bookingId: 7,
  state: 'confirmed',
  gender: 'u',
  person:
    lastName === null
      ? null
      : {
          firstName: 'Ann',
          lastName,
          fullName: `Ann ${lastName}`,
          gender: 'f',
          birthday: '1990-06-15',
          permanentAge: null,
          nationality: 'DE',
          passportNo: 'C01X',
          passportNationality: 'DE',
          passportExpiry: '2030-01-31',
          email: null,
          phone: null,
          ...extra,
        },
});

describe('vessel schemas', () => {
  it('fills the defaults of a new vessel', () => {
    expect(ZCreateVessel.parse({ name: 'Sea Pearl' })).toMatchObject({
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      images: [],
      details: {},
      isActive: true,
    });
  });

  it('refuses impossible details', () => {
    expect(ZCreateVessel.safeParse({ name: 'x', details: { length: -3 } }).success).toBe(false);
    expect(ZCreateVessel.safeParse({ name: 'x', details: { flag: 'Germany' } }).success).toBe(false);
  });

  it('keeps a deck on its vessel', () => {
    expect(ZUpdateVesselDeck.parse({ vesselId: 9, name: 'Sun' })).toEqual({ name: 'Sun' });
  });

  it('takes each column once and only from the catalogue', () => {
    expect(ZCreateVesselList.safeParse({ name: 'a', columns: ['cabin', 'cabin'] }).success).toBe(false);
    expect(ZCreateVesselList.safeParse({ name: 'a', columns: ['salary'] }).success).toBe(false);
    expect(ZCreateVesselList.safeParse({ name: 'a', columns: [] }).success).toBe(false);
    expect(ZCreateVesselList.parse({ name: 'a', columns: ['lastName', 'cabin'] }).columns).toEqual([
      'lastName',
      'cabin',
    ]);
  });
});

describe('manifestRows', () => {
  const cabins = [
    cabin(1, 'Cabin 2', 2, ['A', 'B']),
    cabin(2, 'Cabin 1', 1, ['A', 'B']),
    cabin(3, 'Suite', -1, []),
    cabin(4, 'Closed', 0, ['A'], false),
  ];

  it('lists the persons held, in cabin order and berth order', () => {
    const rows = manifestRows(cabins, [hold(1, 'B', 'Bauer'), hold(1, 'A', 'Adler'), hold(2, 'B', 'Carl')], {
      kind: 'manifest',
      firstNight: '2025-06-14',
    });
    expect(rows.map((r) => [r.values.cabin, r.values.bed, r.values.lastName])).toEqual([
      ['Cabin 1', 'B', 'Carl'],
      ['Cabin 2', 'A', 'Adler'],
      ['Cabin 2', 'B', 'Bauer'],
    ]);
    expect(rows.every((r) => !r.isFree)).toBe(true);
  });

  it('derives the age on the first night and takes the person’s gender', () => {
    const [before] = manifestRows(cabins, [hold(1, 'A', 'Adler')], {
      kind: 'manifest',
      firstNight: '2025-06-14',
    });
    const [on] = manifestRows(cabins, [hold(1, 'A', 'Adler')], {
      kind: 'manifest',
      firstNight: '2025-06-15',
    });
    expect(before?.values).toMatchObject({ age: '34', gender: 'f', name: 'Ann Adler', bookingId: '7' });
    expect(on?.values.age).toBe('35');
  });

  it('prints a hold without a customer with what the hold knows', () => {
    const [row] = manifestRows(cabins, [hold(2, 'A', null)], { kind: 'manifest', firstNight: '2025-06-14' });
    expect(row?.values).toEqual({
      cabin: 'Cabin 1',
      bed: 'A',
      gender: 'u',
      bookingId: '7',
      state: 'confirmed',
    });
  });

  it('shows free berths on cabin lists: whole-cabin holds take all, inactive cabins none', () => {
    const rows = manifestRows(cabins, [hold(1, 'B', 'Bauer'), hold(2, '', 'Carl')], {
      kind: 'cabins',
      firstNight: '2025-06-14',
    });
    expect(rows.map((r) => [r.values.cabin, r.values.bed ?? '', r.isFree])).toEqual([
      ['Cabin 1', '', false],
      ['Cabin 2', 'A', true],
      ['Cabin 2', 'B', false],
      ['Suite', '', true],
    ]);
  });
});

describe('manifestHoldsOfGuests', () => {
  const guest = (id: number, roomId: number, bed: string | null, lastName: string) => ({
    id,
    bookingId: 7,
    roomId,
    bed,
    gender: 'm' as const,
    person: hold(roomId, '', lastName).person,
  });

  it('a whole-cabin hold stands for every guest of its booking in that cabin', () => {
    const holds = manifestHoldsOfGuests(
      [hold(1, '', 'Lead')],
      [guest(1, 1, null, 'Lead'), guest(2, 1, null, 'Guest 2 of B-1')],
    );
    expect(holds.map((h) => h.person?.lastName)).toEqual(['Lead', 'Guest 2 of B-1']);
    expect(holds.map((h) => h.unit)).toEqual(['', '']);
  });

  it('a berth hold takes the guest on that berth, else one without a berth; others stay as they are', () => {
    const holds = manifestHoldsOfGuests(
      [hold(1, 'B', null), hold(1, 'A', null), hold(2, 'A', 'Alone')],
      [guest(1, 1, null, 'Free'), guest(2, 1, 'B', 'OnB')],
    );
    expect(holds.map((h) => [h.unit, h.person?.lastName])).toEqual([
      ['B', 'OnB'],
      ['A', 'Free'],
      ['A', 'Alone'],
    ]);
  });
});
