import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import { charterSpecials } from './charter.ts';
import type { TPricingInput } from './engine-types.ts';
import { special } from './specials-fixtures.ts';
import { DOUBLE_PP, entry, input, person, price, rate, room, SINGLE_PP, variant } from './test-fixtures.ts';

// Full charter (docs/domain/departures-and-charters.md): one room_cost line "Full charter", amount 1, for the whole vessel.

const CHARTER = variant({ id: 30, name: 'full charter', fullCharter: true });

function charterInput(over: {
  explicit?: Record<string, string>;
  charterEntry?: string | null;
  currency?: string;
  specials?: TPricingInput['specials'];
}): TPricingInput {
  const cabinPrice = price({
    id: 7,
    name: 'Raja Ampat 2026',
    resortId: null,
    vesselId: 3,
    calculationType: 'complete',
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    variants: [DOUBLE_PP.id, SINGLE_PP.id, CHARTER.id],
    entries: [
      entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '2100.00' }),
      entry({ roomTypeId: 20, variantId: DOUBLE_PP.id, value: '1500.00' }),
      ...(over.charterEntry
        ? [entry({ roomTypeId: 10, variantId: CHARTER.id, value: over.charterEntry })]
        : []),
    ],
  });
  const cabin = (key: string, roomTypeId: number, persons: string[]) =>
    room({
      key,
      roomTypeId,
      from: '2026-05-02',
      to: '2026-05-09',
      scheduleId: 70,
      tourId: 4,
      tourName: 'Raja Ampat',
      persons: persons.map((k) => person(k)),
    });
  return input({
    resortId: null,
    vesselId: 3,
    currency: over.currency ?? 'EUR',
    rates: [rate('EUR', 'USD', '1.08')],
    prices: [cabinPrice],
    variants: [DOUBLE_PP, SINGLE_PP, CHARTER],
    specials: over.specials ?? [],
    rooms: [cabin('r1', 10, ['p1', 'p2', 'p3']), cabin('r2', 20, [])],
    fullCharter: { explicit: over.explicit ?? {}, defaultPax: { r1: 2, r2: 2 } },
  });
}

const roomLines = (i: TPricingInput) => calculate(i).lines.filter((l) => l.type === 'room_cost');

describe('full charter line', () => {
  it('the departure’s explicit amount in the booking currency: one line, amount 1', () => {
    const result = calculate(charterInput({ explicit: { EUR: '9999.50' }, charterEntry: '5000.00' }));
    const lines = result.lines.filter((l) => l.type === 'room_cost');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ key: 'charter', text: 'Full charter', amount: '1', total: '9999.50' });
    expect(result.totals.total).toBe('9999.50');
  });

  it('else the full-charter variant’s entry, converted into the booking currency', () => {
    const lines = roomLines(
      charterInput({ explicit: { EUR: '1.00' }, charterEntry: '5000.00', currency: 'USD' }),
    );
    expect(lines.map((l) => [l.text, l.total])).toEqual([['Full charter', '5400.00']]);
    expect(lines[0]?.customData).toMatchObject({ currency: 'EUR', rate: '1.08', priceId: 7 });
  });

  it('else the sum of the cabins at default occupancy (2 × 2,100 + 2 × 1,500)', () => {
    const lines = roomLines(charterInput({}));
    expect(lines.map((l) => [l.key, l.total])).toEqual([['charter', '7200.00']]);
  });

  it('NO_PRICE when neither a charter price nor every cabin’s price exists', () => {
    const i = charterInput({});
    const noPrices = { ...i, prices: [] };
    const result = calculate(noPrices);
    expect(result.lines.filter((l) => l.type === 'room_cost')).toEqual([]);
    expect(result.problems.map((p) => p.code)).toContain('NO_PRICE');
  });
});

describe('specials on a charter', () => {
  const perPersonRoom = special(1, { scopeUnit: 'Person', target: 'RoomPrice' });
  const perPersonCommissionable = special(2, { scopeUnit: 'Person', target: 'Commissionable' });
  const booking = special(3, { scopeUnit: 'Booking', target: 'RoomPrice' });
  const perPersonFull = special(4, { scopeUnit: 'Person', target: 'FullBooking' });

  it('drops per-person specials on the room price or the commissionable base only', () => {
    const kept = charterSpecials([perPersonRoom, perPersonCommissionable, booking, perPersonFull]);
    expect(kept.map((s) => s.id)).toEqual([3, 4]);
  });

  it('a booking-scope 10 % special applies to the charter line, a per-person one does not', () => {
    const withBooking = calculate(charterInput({ explicit: { EUR: '10000.00' }, specials: [booking] }));
    expect(withBooking.totals.total).toBe('9000.00');
    const perPerson = calculate(charterInput({ explicit: { EUR: '10000.00' }, specials: [perPersonRoom] }));
    expect(perPerson.totals.total).toBe('10000.00');
    expect(perPerson.lines.some((l) => l.type === 'special')).toBe(false);
  });
});
