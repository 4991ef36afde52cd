import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import { matchLength, priceOn, usablePrices } from './choose-price.ts';
import type { TPriceWithEntries } from './entities.ts';
import { byKey, DOUBLE, DOUBLE_PP, entry, input, person, price, room } from './test-fixtures.ts';

// Choosing the price of a night, a stay or a schedule (docs/domain/prices.md).

const night = (value: string) => [entry({ roomTypeId: 10, variantId: DOUBLE.id, value })];
const year = (over: Partial<TPriceWithEntries> & { id: number }) =>
  price({ validFrom: '2026-01-01', validTo: '2026-12-31', entries: night('100'), ...over });

describe('priceOn: the most specific price wins', () => {
  const wholeYear = year({ id: 1 });
  const march = price({ id: 2, validFrom: '2026-03-01', validTo: '2026-03-31' });
  const marchNewer = price({ id: 4, validFrom: '2026-03-01', validTo: '2026-03-31' });
  const withPeriod = year({ id: 3, periods: [{ from: '2026-03-10', to: '2026-03-20' }] });

  it('a shorter valid range beats a longer one', () => {
    expect(priceOn([wholeYear, march], '2026-03-15')?.id).toBe(2);
    expect(priceOn([march, wholeYear], '2026-03-15')?.id).toBe(2);
  });

  it('the shortest matching period comes first, before the valid range', () => {
    expect(priceOn([wholeYear, march, withPeriod], '2026-03-15')?.id).toBe(3);
  });

  it('a price with periods covers only the days of its periods', () => {
    expect(matchLength(withPeriod, '2026-03-25')).toBeUndefined();
    expect(priceOn([wholeYear, march, withPeriod], '2026-03-25')?.id).toBe(2);
    expect(priceOn([wholeYear, withPeriod], '2026-06-01')?.id).toBe(1);
  });

  it('equal lengths: the highest id (newest) wins', () => {
    expect(priceOn([marchNewer, march], '2026-03-15')?.id).toBe(4);
    expect(priceOn([march, marchNewer], '2026-03-15')?.id).toBe(4);
  });

  it('valid bounds are inclusive; outside them nothing matches', () => {
    expect(priceOn([march], '2026-03-31')?.id).toBe(2);
    expect(priceOn([march], '2026-04-01')).toBeUndefined();
  });
});

describe('usablePrices: status, asset, countries, channel', () => {
  const general = year({ id: 1, isAvailableToOTA: true });
  const germans = year({ id: 2, countries: ['DE'] });
  const draft = year({ id: 3, status: 'draft' });
  const otherResort = year({ id: 4, resortId: 2 });
  const prices = [general, germans, draft, otherResort];

  it('only confirmed prices of the asset', () => {
    expect(usablePrices(input({ prices }), null).map((p) => p.id)).toEqual([1]);
  });

  it('country-limited prices only for the lead customer of those countries', () => {
    expect(usablePrices(input({ prices }), 'DE').map((p) => p.id)).toEqual([1, 2]);
    expect(usablePrices(input({ prices }), 'FR').map((p) => p.id)).toEqual([1]);
  });

  it('OTA imports see only prices available to OTAs; the other channels see all', () => {
    expect(usablePrices(input({ prices, channel: 'OTABooking' }), 'DE').map((p) => p.id)).toEqual([1]);
    expect(usablePrices(input({ prices, channel: 'CustomerDirectBooking' }), 'DE').map((p) => p.id)).toEqual([
      1, 2,
    ]);
  });
});

describe('the lead customer decides the country (address, else passport)', () => {
  const general = year({ id: 1 });
  const germans = price({
    id: 2,
    validFrom: '2026-03-01',
    validTo: '2026-03-31',
    countries: ['DE'],
    entries: night('80'),
  });
  const stay = (lead: Parameters<typeof person>[1]) =>
    calculate(
      input({
        prices: [general, germans],
        rooms: [room({ from: '2026-03-10', to: '2026-03-12', persons: [person('p1', lead), person('p2')] })],
      }),
    );

  it('address country first', () => {
    expect(stay({ addressCountry: 'DE' }).totals.total).toBe('160.00');
    expect(stay({ addressCountry: 'FR', nationality: 'DE' }).totals.total).toBe('200.00');
  });

  it('passport nationality when the address country is unknown', () => {
    expect(stay({ nationality: 'DE' }).totals.total).toBe('160.00');
    expect(stay({}).totals.total).toBe('200.00');
  });
});

describe('complete prices: the arrival date decides for the whole stay', () => {
  it('a package price crossing into a unit season prices the whole stay', () => {
    const pkg = price({
      id: 1,
      name: 'Package',
      calculationType: 'complete',
      validFrom: '2026-01-01',
      validTo: '2026-03-31',
      entries: night('700'),
    });
    const summer = price({ id: 2, validFrom: '2026-04-01', validTo: '2026-10-31', entries: night('120') });
    const result = calculate(
      input({ prices: [pkg, summer], rooms: [room({ from: '2026-03-29', to: '2026-04-02' })] }),
    );
    const roomLine = byKey(result.lines, 'room:r1');
    expect(roomLine.total).toBe('700.00');
    expect(roomLine.customData.nights?.map((n) => [n.date, n.value, n.priceId])).toEqual([
      ['2026-03-29', '175', 1],
      ['2026-03-30', '175', 1],
      ['2026-03-31', '175', 1],
      ['2026-04-01', '175', 1],
    ]);
  });

  it('arriving in a unit season, nights stay per night even when a package starts later', () => {
    const winter = price({ id: 1, validFrom: '2026-01-01', validTo: '2026-03-31', entries: night('100') });
    const pkg = price({ id: 2, calculationType: 'complete', validFrom: '2026-04-01', validTo: '2026-10-31' });
    const result = calculate(
      input({ prices: [winter, pkg], rooms: [room({ from: '2026-03-30', to: '2026-04-01' })] }),
    );
    expect(result.totals.total).toBe('200.00');
  });
});

describe('vessel prices', () => {
  const cabin = (over: Partial<TPriceWithEntries> & { id: number }) =>
    price({
      resortId: null,
      vesselId: 3,
      calculationType: 'complete',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      variants: [DOUBLE_PP.id],
      entries: [entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '2100.00' })],
      ...over,
    });
  const trip = (prices: TPriceWithEntries[], over: Parameters<typeof room>[0]) =>
    calculate(
      input({ resortId: null, vesselId: 3, prices, rooms: [room({ persons: [person('p1')], ...over })] }),
    );
  const may = { from: '2026-05-02', to: '2026-05-09', scheduleId: 70, tourId: 4 };

  it('an entry for the departure beats the general entry', () => {
    const special = entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '1900.00', scheduleId: 70 });
    const general = entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '2100.00' });
    const prices = [cabin({ id: 7, entries: [general, special] })];
    expect(trip(prices, may).totals.total).toBe('1900.00');
    expect(trip(prices, { ...may, scheduleId: 71 }).totals.total).toBe('2100.00');
  });

  it('tourIds restrict a price to its tours', () => {
    const other = cabin({
      id: 8,
      tourIds: [5],
      validFrom: '2026-05-01',
      validTo: '2026-05-31',
      entries: [entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '999.00' })],
    });
    expect(trip([cabin({ id: 7 }), other], may).totals.total).toBe('2100.00');
    expect(trip([cabin({ id: 7 }), other], { ...may, tourId: 5 }).totals.total).toBe('999.00');
  });

  it('the schedule’s price reference is used even if another price is more specific', () => {
    const narrow = cabin({ id: 8, validFrom: '2026-05-01', validTo: '2026-05-31' });
    const referenced = cabin({
      id: 9,
      entries: [entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '1500.00' })],
    });
    expect(trip([narrow, referenced], may).totals.total).toBe('2100.00');
    expect(trip([narrow, referenced], { ...may, priceId: 9 }).totals.total).toBe('1500.00');
  });
});

describe('a price chosen by hand (input.priceId)', () => {
  const winter = price({ id: 1, validFrom: '2026-01-01', validTo: '2026-03-31', entries: night('100') });
  const summer = price({ id: 2, validFrom: '2026-04-01', validTo: '2026-10-31', entries: night('120') });
  const stay = [room({ from: '2026-03-30', to: '2026-04-02' })];
  const nightsOf = (priceId?: number) =>
    byKey(
      calculate(input({ prices: [winter, summer], rooms: stay, priceId })).lines,
      'room:r1',
    ).customData.nights?.map((n) => n.priceId);

  it('prices every night, whatever its dates', () => {
    expect(nightsOf()).toEqual([1, 1, 2]);
    expect(nightsOf(2)).toEqual([2, 2, 2]);
    expect(calculate(input({ prices: [winter, summer], rooms: stay, priceId: 1 })).totals.total).toBe(
      '300.00',
    );
  });

  it('is ignored when it is not a price of the asset', () => {
    const vessel = year({ id: 3, vesselId: 9, resortId: null, entries: night('999') });
    expect(nightsOf(3)).toEqual([1, 1, 2]);
    expect(calculate(input({ prices: [winter, summer, vessel], rooms: stay, priceId: 3 })).totals.total).toBe(
      '320.00',
    );
  });
});
