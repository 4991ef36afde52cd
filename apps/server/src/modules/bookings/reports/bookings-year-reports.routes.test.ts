// The year reports (spec booking §7 "Reports": occupancyPerYear, incomeByMonth; docs/domain/reports.md) on a small
// known world (booking-test-world.ts: Deluxe 100/120 EUR a night with a 10 % room-type surcharge, 7 % tax
// inclusive, season B from 04-01). Every figure is worked out by hand in the comments.
//
//   r1..r3: Deluxe rooms without a bed list (maxNoOfPax 2 → 2 beds); r4: 3 active beds and 1 inactive.
//   A confirmed r1 2041-03-29 → 04-02, 2 guests: nights 110, 110, 110 (March) + 132 (April) = 462.00;
//     + Transfer (cost) 30.00, Nitrox (product) 2 × 12.50, a flight (external) 500.00 (no revenue)
//   B planned r2 2041-03-30 → 04-01, 2 guests: 110 + 110 = 220.00
//   C planned r3 2041-03-29 → 04-02, cancelled with a fee of 50.00 (aborted)
//   D planned, the whole cabin on the departure 2041-05-02 → 05-09: 2 × 2,100 = 4,200.00, no tax
//   E confirmed USD (written directly): 200.00 USD of room nights 03-10 and 03-11, booked 2041-01-15,
//     USD → EUR 0.5 from 2041-01-01 → 100.00 EUR
//   Blocks: r4 Maintanance 04-01 → 04-03 (2 nights out of sale), r3 Event 03-29 → 03-31 (2 nights occupied)

import { D } from '@atoll/domain/money';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beds, bookingWorld, ok, type TWorld, tripBody } from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { xlsxSheet } from '../../../../test/xlsx-sheet.ts';
import { today } from '../../../clock.ts';
import {
  bookingRooms,
  bookings,
  calculationLines,
  documentTemplates,
  exchangeRates,
  prices,
  roomBlocks,
} from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
const rooms = {} as Record<'r1' | 'r2' | 'r3' | 'r4', number>;
const ids = {} as Record<'a' | 'b' | 'c' | 'd' | 'e', number>;

const create = async (body: unknown) =>
  (ok(await w.t.post('/api/bookings', staff, body), 201) as { id: number }).id;
const stay = (roomId: number, from: string, to: string, state: string) => ({
  state,
  rooms: [{ roomId, from, to, guests: [{}, {}] }],
});
const get = (url: string, token = staff) => w.t.get(`/api/bookings/${url}`, token);
/** As the administrator: the demo staff lacks bookingpayment.read, so it gets no room revenue. */
const json = async (url: string) => ok(await get(url, w.tokens.admin));

beforeAll(async () => {
  w = await bookingWorld();
  staff = w.tokens.staff;
  rooms.r1 = await w.resortRoom();
  rooms.r2 = await w.resortRoom();
  rooms.r3 = await w.resortRoom();
  rooms.r4 = await w.resortRoom({
    configuration: {
      maxNoOfPax: 3,
      minNoOfPax: 1,
      defaultNoOfPax: 2,
      beds: [...beds(3), { internalId: 'X', active: false, visible: true, type: 'single' }],
    },
  });
  ids.a = await create(stay(rooms.r1, '2041-03-29', '2041-04-02', 'confirmed'));
  const url = `/api/bookings/${ids.a}/calculation`;
  ok(await w.t.post(url, staff, { type: 'cost', text: 'Transfer', amount: 1, price: '30.00' }));
  ok(await w.t.post(url, staff, { type: 'product', text: 'Nitrox', amount: 2, price: '12.50' }));
  ok(await w.t.post(url, staff, { type: 'external', text: 'Flight', amount: 1, price: '500.00' }));
  ids.b = await create(stay(rooms.r2, '2041-03-30', '2041-04-01', 'planned'));
  ids.c = await create(stay(rooms.r3, '2041-03-29', '2041-04-02', 'planned'));
  ok(await w.t.post(`/api/bookings/${ids.c}/cancell`, staff, { useTerms: false, value: '50.00' }));
  ids.d = await create(tripBody(await w.cabin(2), w.departure, { state: 'planned' }));
  await w.db.insert(roomBlocks).values([
    { roomId: rooms.r4, kind: 'Maintanance', from: '2041-04-01', to: '2041-04-03' },
    { roomId: rooms.r3, kind: 'Event', from: '2041-03-29', to: '2041-03-31' },
  ]);
  const [e] = await w.db
    .insert(bookings)
    .values({
      state: 'confirmed',
      type: 'resort',
      resortId: w.resort,
      currency: 'USD',
      from: '2041-03-10',
      to: '2041-03-12',
      noOfPax: 1,
      bookingDate: new Date('2041-01-15T10:00:00Z'),
      total: '200.00',
    })
    .returning({ id: bookings.id });
  ids.e = e?.id ?? 0;
  await w.db.insert(calculationLines).values({
    bookingId: ids.e,
    key: 'room:r1',
    type: 'room_cost',
    text: 'Room',
    price: '200.00',
    total: '200.00',
    customData: {
      generator: 'room',
      nights: [
        { date: '2041-03-10', value: '100', priceId: 0 },
        { date: '2041-03-11', value: '100', priceId: 0 },
      ],
    },
  });
  await w.db
    .insert(exchangeRates)
    .values({ fromCurrency: 'USD', toCurrency: 'EUR', rate: '0.5', validFrom: '2041-01-01' });
});
afterAll(() => w?.t.close());

describe('access and input', () => {
  const urls = ['occupancyPerYear', 'incomeByMonth'];

  it('answers 401 without a session and 403 to agents, customers and staff without bookings.read', async () => {
    const nobody = await w.t.account('nobody@year-reports.test', ['customers.read']);
    for (const url of urls) {
      expectError(await get(url, ''), 401, 'UNAUTHORIZED');
      for (const token of [nobody, w.tokens.agent, w.tokens.customer])
        expectError(await get(url, token), 403, 'FORBIDDEN');
    }
  });

  it('refuses bad ranges, states, groups and assets with 400', async () => {
    const bad = [
      'occupancyPerYear?from=2041-02-30',
      'occupancyPerYear?from=2041-03-01&to=2041-03-01',
      'occupancyPerYear?from=2041-03-01&to=2040-03-01',
      'occupancyPerYear?from=2041-01-01&to=2044-01-05',
      'occupancyPerYear?to=0001-01-01',
      'incomeByMonth?from=9999-12-31',
      'occupancyPerYear?groupBy=hour',
      'occupancyPerYear?states=draft',
      'occupancyPerYear?states=',
      `occupancyPerYear?assets=vessel:${1}`,
      'occupancyPerYear?assets=abc',
      'occupancyPerYear?categories=x',
      'incomeByMonth?by=arrival',
      'incomeByMonth?groupBy=week',
      'incomeByMonth?assets=hotel:1',
      'incomeByMonth?from=2041-01-01&to=2044-01-05',
    ];
    for (const url of bad) expectError(await get(url), 400, 'ValidationError');
    // Three years are allowed.
    ok(await get('occupancyPerYear?from=2041-01-01&to=2044-01-01'));
  });
});

describe('occupancyPerYear', () => {
  it('counts room-nights, capacity, pax and beds per month: exact figures', async () => {
    const report = await json(
      `occupancyPerYear?from=2041-03-01&to=2041-05-01&groupBy=month&assets=${w.resort}`,
    );
    // March: capacity 4 rooms × 31 = 124; occupied A 3 (03-29, 03-30, 03-31) + event r3 2 = 5 → 4.03 %;
    //   pax A 2 × 3 = 6; beds (2 + 2 + 2 + 3) × 31 = 279 → 6 / 279 = 2.15 %.
    // April: capacity 4 × 30 − 2 (r4 maintenance 04-01, 04-02) = 118; occupied A 04-01 = 1 → 0.85 %;
    //   pax 2; beds 9 × 30 − 3 × 2 = 264 → 0.76 %.
    // Room revenue: A's room line net 431.78 (incomeByMonth below) is March 308.41 and April 123.37; the
    //   event sells nothing: March 3 nights sold → ADR 102.80, RevPAR 308.41 / 124 = 2.49; April ADR 123.37,
    //   RevPAR 123.37 / 118 = 1.05. Transfer and Nitrox are not room lines; E has no room entry.
    const march = {
      occupiedNights: 5,
      capacityNights: 124,
      occupancy: '4.03',
      paxNights: 6,
      bedNights: 279,
      bedOccupancy: '2.15',
      soldNights: 3,
      roomRevenue: '308.41',
      adr: '102.80',
      revpar: '2.49',
    };
    const april = {
      occupiedNights: 1,
      capacityNights: 118,
      occupancy: '0.85',
      paxNights: 2,
      bedNights: 264,
      bedOccupancy: '0.76',
      soldNights: 1,
      roomRevenue: '123.37',
      adr: '123.37',
      revpar: '1.05',
    };
    expect(report).toMatchObject({ from: '2041-03-01', to: '2041-05-01', groupBy: 'month' });
    expect(report.states).toEqual(['confirmed', 'resolved']);
    expect(report.currency).toBe('EUR');
    expect(report.unconverted).toEqual([]);
    expect(report.resorts).toEqual([{ resortId: w.resort, name: 'Booking Test Resort' }]);
    expect(report.rows).toEqual([
      { period: '2041-03', start: '2041-03-01', resortId: w.resort, ...march },
      { period: '2041-04', start: '2041-04-01', resortId: w.resort, ...april },
    ]);
    expect(report.periods).toEqual([
      { period: '2041-03', start: '2041-03-01', ...march },
      { period: '2041-04', start: '2041-04-01', ...april },
    ]);
    // 6 / 242 = 2.479 → 2.48; 8 / 543 = 1.473 → 1.47. 431.78 / 4 = 107.945 → 107.95; / 242 = 1.784 → 1.78.
    expect(report.total).toEqual({
      occupiedNights: 6,
      capacityNights: 242,
      occupancy: '2.48',
      paxNights: 8,
      bedNights: 543,
      bedOccupancy: '1.47',
      soldNights: 4,
      roomRevenue: '431.78',
      adr: '107.95',
      revpar: '1.78',
    });
  });

  it('counts planned options when asked, by day and week, and a year by default', async () => {
    const q = `assets=resort:${w.resort}`;
    // B adds r2 03-30 and 03-31: March 7 of 124 = 5.65 %, pax 10 of 279 = 3.58 %.
    const planned = await json(
      `occupancyPerYear?from=2041-03-01&to=2041-04-01&groupBy=month&states=confirmed,planned&${q}`,
    );
    expect(planned.total).toMatchObject({
      occupiedNights: 7,
      occupancy: '5.65',
      paxNights: 10,
      bedOccupancy: '3.58',
    });
    // 03-30: A, B and the event: 3 of 4 rooms; pax 4 of 9 beds.
    const day = await json(
      `occupancyPerYear?from=2041-03-30&to=2041-03-31&groupBy=day&states=planned,confirmed&${q}`,
    );
    expect(day.rows).toEqual([
      {
        period: '2041-03-30',
        start: '2041-03-30',
        resortId: w.resort,
        occupiedNights: 3,
        capacityNights: 4,
        occupancy: '75.00',
        paxNights: 4,
        bedNights: 9,
        bedOccupancy: '44.44',
        // A's 03-30 (102.80) and B's first night (102.81, it takes the odd cent): 205.61 / 2 = 102.805 → 102.81.
        soldNights: 2,
        roomRevenue: '205.61',
        adr: '102.81',
        revpar: '51.40',
      },
    ]);
    // ISO weeks: Mon 2041-03-25 … Sun 03-31 is W13 (A 3 nights + event 2), Mon 04-01 … is W14 (A 1 night;
    // r4 out of sale 04-01, 04-02: 4 × 7 − 2 = 26).
    const weeks = await json(`occupancyPerYear?from=2041-03-25&to=2041-04-08&groupBy=week&${q}`);
    expect(
      weeks.periods.map((p: { period: string; occupiedNights: number; capacityNights: number }) => [
        p.period,
        p.occupiedNights,
        p.capacityNights,
      ]),
    ).toEqual([
      ['2041-W13', 5, 28],
      ['2041-W14', 1, 26],
    ]);
    // Only `from`: one year on, grouped by year.
    const year = await json(`occupancyPerYear?from=2041-01-01&${q}`);
    expect(year).toMatchObject({ from: '2041-01-01', to: '2042-01-01', groupBy: 'year' });
    // 4 rooms × 365 − 2 = 1458; occupied 6.
    expect(year.rows).toMatchObject([{ period: '2041', occupiedNights: 6, capacityNights: 1458 }]);
    // Default: the current calendar year.
    const current = await json(`occupancyPerYear?${q}`);
    expect(current.from).toBe(`${today().slice(0, 4)}-01-01`);
  });

  it('ADR and RevPAR: room lines only, in the base currency, equal to a recomputation from the rows', async () => {
    // E gets a room entry in r4 (03-10 → 03-12) and its line the entry's key: 200.00 USD × 0.5 = 100.00 EUR
    //   over 2 more nights sold in March (then put back: the income tests below read E as it was).
    const [entry] = await w.db
      .insert(bookingRooms)
      .values({ bookingId: ids.e, roomId: rooms.r4, from: '2041-03-10', to: '2041-03-12' })
      .returning({ id: bookingRooms.id });
    const line = and(eq(calculationLines.bookingId, ids.e), eq(calculationLines.type, 'room_cost'));
    const [eLine] = await w.db.select().from(calculationLines).where(line);
    const data = eLine?.customData as Record<string, unknown>;
    await w.db
      .update(calculationLines)
      .set({ customData: { ...data, roomKey: `r${entry?.id}` } })
      .where(line);
    try {
      const q = `from=2041-03-01&to=2041-05-01&groupBy=month&assets=${w.resort}`;
      const report = await json(`occupancyPerYear?${q}`);
      // March: 308.41 + 100.00 = 408.41 over 5 sold nights = 81.68; / 124 = 3.29.
      expect(report.periods[0]).toMatchObject({
        period: '2041-03',
        soldNights: 5,
        roomRevenue: '408.41',
        adr: '81.68',
        revpar: '3.29',
      });
      for (const period of report.periods) {
        const expected = await recomputedRoomRevenue(period.period);
        expect(period.roomRevenue).toBe(expected.toFixed(2));
        expect(period.adr).toBe(expected.div(period.soldNights).toFixed(2));
        expect(period.revpar).toBe(expected.div(period.capacityNights).toFixed(2));
      }
      // A currency without a rate: E's 200.00 are listed, not added.
      await w.db.update(bookings).set({ currency: 'XXX' }).where(eq(bookings.id, ids.e));
      const missing = await json(`occupancyPerYear?${q}`);
      expect(missing.periods[0]).toMatchObject({ roomRevenue: '308.41', soldNights: 5, adr: '61.68' });
      expect(missing.unconverted).toEqual([
        { period: '2041-03', resortId: w.resort, currency: 'XXX', date: '2041-01-15', amount: '200.00' },
      ]);
      // Staff without bookingpayment.read: the nights, no money.
      const clerk = await w.t.account('clerk@year-reports.test', ['bookings.read']);
      const plain = ok(await get(`occupancyPerYear?${q}`, clerk));
      expect(plain.total).toMatchObject({ soldNights: 6, roomRevenue: null, adr: null, revpar: null });
    } finally {
      await w.db.update(bookings).set({ currency: 'USD' }).where(eq(bookings.id, ids.e));
      await w.db.update(calculationLines).set({ customData: data }).where(line);
      await w.db.delete(bookingRooms).where(eq(bookingRooms.id, entry?.id ?? 0));
    }
  });
});

/**
 * The net room revenue of a month in EUR, recomputed from the stored rows: the room lines of the confirmed
 * bookings whose roomKey names an entry in a resort room, net of the price's inclusive tax, spread over the
 * night shares in cents by largest remainder, USD at 0.5 (the only rate of this world).
 */
async function recomputedRoomRevenue(month: string) {
  const entries = await w.db
    .select({ id: bookingRooms.id, roomId: bookingRooms.roomId })
    .from(bookingRooms)
    .innerJoin(bookings, eq(bookings.id, bookingRooms.bookingId))
    .where(inArray(bookings.state, ['confirmed', 'resolved']));
  const ourRooms = new Set(Object.values(rooms));
  const entryIds = new Set(entries.filter((e) => ourRooms.has(e.roomId)).map((e) => `r${e.id}`));
  const lines = await w.db
    .select({ line: calculationLines, currency: bookings.currency })
    .from(calculationLines)
    .innerJoin(bookings, eq(bookings.id, calculationLines.bookingId))
    .where(eq(calculationLines.type, 'room_cost'));
  const byCurrency = new Map<string, InstanceType<typeof D>>();
  for (const { line, currency } of lines) {
    const data = line.customData as {
      roomKey?: string;
      priceId?: number;
      nights?: { date: string; value: string }[];
    };
    if (!data.roomKey || !entryIds.has(data.roomKey) || !data.nights) continue;
    const [price] = data.priceId ? await w.db.select().from(prices).where(eq(prices.id, data.priceId)) : [];
    const tax = price?.tax as { status?: string; value?: string; inclusive?: boolean } | null | undefined;
    const total = new D(line.total);
    const net =
      tax?.status === 'confirmed' && tax.inclusive !== false && Number(tax.value ?? 0) !== 0
        ? total
            .times(100)
            .div(new D(100).plus(tax.value ?? 0))
            .toDecimalPlaces(2)
        : total;
    const cents = net.times(100);
    const sum = data.nights.reduce((a, n) => a.plus(n.value), new D(0));
    const exact = data.nights.map((n, i) => ({ n, i, x: cents.times(n.value).div(sum) }));
    let missing = cents.minus(exact.reduce((a, e) => a.plus(e.x.floor()), new D(0))).toNumber();
    const extra = new Set(
      [...exact]
        .sort((a, b) => b.x.minus(b.x.floor()).comparedTo(a.x.minus(a.x.floor())) || a.i - b.i)
        .filter(() => missing-- > 0)
        .map((e) => e.i),
    );
    for (const e of exact) {
      if (!e.n.date.startsWith(month)) continue;
      const share = e.x
        .floor()
        .plus(extra.has(e.i) ? 1 : 0)
        .div(100);
      byCurrency.set(currency, (byCurrency.get(currency) ?? new D(0)).plus(share));
    }
  }
  let eur = new D(0);
  for (const [currency, amount] of byCurrency)
    eur = eur.plus(currency === 'EUR' ? amount : amount.times('0.5').toDecimalPlaces(2));
  return eur;
}

describe('incomeByMonth', () => {
  it('spreads the net room revenue over the nights, the rest on the arrival, the fee of aborted ones', async () => {
    const report = await json(`incomeByMonth?from=2041-03-01&to=2041-05-01&assets=${w.resort}`);
    // A room: 462.00 incl. 7 % → net round2(462 / 1.07) = 431.78 = 43,178 cents over shares 110, 110, 110, 132
    //   of 462: 10,280.48 ×3 and 12,336.57 → floors 10,280 ×3 + 12,336 = 43,176, 2 cents to the largest
    //   remainders: 04-01 (.57) and 03-29 (.48, first) → March 308.41, April 123.37.
    // A Transfer 30.00 → 28.04, Nitrox 25.00 → 23.36 (the first room price's 7 %), on the arrival (March);
    //   the flight is external: none.
    // C aborted: its fee 50.00 (no tax) in March. E: 200.00 USD × 0.5 = 100.00 EUR in March.
    // March: 308.41 + 28.04 + 23.36 + 50.00 + 100.00 = 509.81 (A, C, E); April 123.37 (A).
    expect(report).toMatchObject({ from: '2041-03-01', to: '2041-05-01', by: 'stay', currency: 'EUR' });
    expect(report.states).toEqual(['confirmed', 'resolved', 'aborted']);
    expect(report.months).toEqual([
      { month: '2041-03', revenue: '509.81', bookings: 3 },
      { month: '2041-04', revenue: '123.37', bookings: 1 },
    ]);
    expect(report.total).toEqual({ revenue: '633.18', bookings: 3 });
    expect(report.unconverted).toEqual([]);
  });

  it('counts planned bookings when asked; vessel bookings on the departure month', async () => {
    // B: 220.00 → net 205.61 = 20,561 cents over 110 / 110: 10,280.5 each → the first night takes the cent.
    const planned = await json(
      `incomeByMonth?from=2041-03-01&to=2041-04-01&states=planned&assets=${w.resort}`,
    );
    // C was planned once but is aborted now: only B.
    expect(planned.months).toEqual([{ month: '2041-03', revenue: '205.61', bookings: 1 }]);
    // D: 2 × 2,100 (no tax) in May, the month of the departure.
    const trip = await json(
      `incomeByMonth?from=2041-05-01&to=2041-07-01&states=planned&assets=vessel:${w.vessel}`,
    );
    expect(trip.months).toEqual([
      { month: '2041-05', revenue: '4200.00', bookings: 1 },
      { month: '2041-06', revenue: '0.00', bookings: 0 },
    ]);
  });

  it('puts everything on the booking date with by=bookingDate and lists amounts without a rate', async () => {
    // E was booked 2041-01-15: 100.00 EUR in January.
    const booked = await json(
      `incomeByMonth?from=2041-01-01&to=2041-02-01&by=bookingDate&assets=${w.resort}`,
    );
    expect(booked.months).toEqual([{ month: '2041-01', revenue: '100.00', bookings: 1 }]);
    // A and C were confirmed / reserved today: 431.78 + 28.04 + 23.36 + 50.00 = 533.18 this month.
    const now = await json(`incomeByMonth?by=bookingDate&assets=${w.resort}`);
    const month = now.months.find((m: { month: string }) => m.month === today().slice(0, 7));
    expect(month).toEqual({ month: today().slice(0, 7), revenue: '533.18', bookings: 2 });
    expect(now.months).toHaveLength(12);
    // A currency without any rate (XXX): E's amount is listed, not added.
    await w.db.update(bookings).set({ currency: 'XXX' }).where(eq(bookings.id, ids.e));
    const missing = await json(`incomeByMonth?from=2041-03-01&to=2041-04-01&assets=${w.resort}`);
    expect(missing.months).toEqual([{ month: '2041-03', revenue: '409.81', bookings: 3 }]);
    expect(missing.unconverted).toEqual([
      { month: '2041-03', currency: 'XXX', date: '2041-01-15', amount: '200.00' },
    ]);
  });
});

describe('exports', () => {
  const q = () => `from=2041-03-01&to=2041-05-01&assets=${w.resort}`;
  const en = { 'accept-language': 'en' };

  it('incomeByMonth as CSV and occupancyPerYear as a workbook, with the figures of their JSON', async () => {
    const income = await json(`incomeByMonth?${q()}`);
    const csv = await w.t.get(`/api/bookings/incomeByMonth?${q()}&mode=export`, staff, en);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toEqual([
      'Name,Bookings,Revenue',
      ...income.months.map((m: { month: string; bookings: number; revenue: string }) =>
        [m.month, m.bookings, m.revenue].join(','),
      ),
      `Total,${income.total.bookings},${income.total.revenue}`,
    ]);
    const occupancy = await json(`occupancyPerYear?${q()}&groupBy=month`);
    const res = await w.t.get(
      `/api/bookings/occupancyPerYear?${q()}&groupBy=month&mode=export&format=xlsx`,
      staff,
      { 'accept-language': 'de' },
    );
    // The demo staff may not see money: no room revenue, ADR or RevPAR columns.
    const nights = [
      'Bezeichnung',
      'Belegte Zimmernächte',
      'Verfügbare Zimmernächte',
      'Belegung %',
      'Gästenächte',
      'Bettnächte',
      'Bettenbelegung %',
    ];
    const { sheet, header } = await xlsxSheet(res);
    expect(header).toEqual(nights);
    const first = occupancy.rows[0];
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      `${first.period} · ${occupancy.resorts[0].name}`,
      first.occupiedNights,
      first.capacityNights,
      Number(first.occupancy),
      first.paxNights,
      first.bedNights,
      Number(first.bedOccupancy),
    ]);
    expect(sheet.getRow(occupancy.rows.length + 2).getCell(1).value).toBe('Summe');
    const withMoney = await xlsxSheet(
      await w.t.get(
        `/api/bookings/occupancyPerYear?${q()}&groupBy=month&mode=export&format=xlsx`,
        w.tokens.admin,
        { 'accept-language': 'en' },
      ),
    );
    expect(withMoney.header.slice(7)).toEqual([
      'Room-nights sold',
      'Room revenue (net)',
      'Average daily rate (ADR)',
      'RevPAR',
    ]);
    expect(withMoney.sheet.getRow(2).values).toEqual(
      expect.arrayContaining([first.soldNights, Number(first.roomRevenue), Number(first.adr)]),
    );
  });

  it('mode=template prints a PDF with the texts of a report template; another id is a 400', async () => {
    const [template] = await w.db
      .insert(documentTemplates)
      .values({
        name: 'Board report',
        kind: 'report',
        texts: { en: { title: 'Board', intro: 'Figures for the board', closing: 'Prepared by the office' } },
      })
      .returning();
    const [invoice] = await w.db
      .insert(documentTemplates)
      .values({ name: 'Some invoice', kind: 'invoice', texts: {} })
      .returning();
    const url = `/api/bookings/incomeByMonth?${q()}&mode=template`;
    const res = await w.t.get(`${url}&template=${template?.id}`, staff, en);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Income by month');
    expect(text).toContain('Figures for the board');
    expect(text).toContain('Prepared by the office');
    expect(text).toMatch(/2041-03\s+3\s+/);
    expect(text).not.toContain('NaN');
    for (const id of [invoice?.id, 2_000_000_000])
      expectError(await w.t.get(`${url}&template=${id}`, staff, en), 400, 'ValidationError');
    expectError(await w.t.get(`${url}&template=abc`, staff, en), 400, 'ValidationError');
    const plain = await w.t.get(`/api/bookings/occupancyPerYear?${q()}&mode=template`, staff, en);
    expect(plain.statusCode).toBe(200);
    expect(await pdfText(plain.rawPayload)).toContain('Occupancy');
  });
});
