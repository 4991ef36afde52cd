// The report calls (spec booking §7 "Reports"; docs/domain/reports.md) on seeded rows in 2045, a year the demo
// data leaves alone. Every money figure is recomputed here from the seeded lines: EUR as it is, USD at the
// rate of the booking date (0.5 from 2045-01-01, 0.8 from 2045-06-01), each sum rounded once.
import { convert, D } from '@atoll/domain/money';
import { REPORT_NAMES, type TReportAnswer } from '@atoll/domain/reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { xlsxSheet } from '../../../test/xlsx-sheet.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  bookingVersions,
  calculationLines,
  customers,
  exchangeRates,
  payments,
  products,
  resorts,
  rooms,
  schedules,
  tours,
  users,
  vessels,
} from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
const ids: Record<string, number> = {};

type TLine = {
  type: string;
  total: string;
  amount?: string;
  customerType?: string;
  data?: Record<string, unknown>;
};
type TSeed = {
  name: string;
  state: string;
  currency: string;
  agency: 'own' | 'other';
  customer: 'c1' | 'c2' | 'c3';
  from: string;
  to: string;
  booked: string;
  commission: string;
  lines: TLine[];
};
const P1 = 'P1';
const SEEDS: TSeed[] = [
  {
    name: 'b1',
    state: 'confirmed',
    currency: 'EUR',
    agency: 'own',
    customer: 'c1',
    from: '2045-03-10',
    to: '2045-03-17',
    booked: '2045-01-10',
    commission: '100.00',
    lines: [
      { type: 'room_cost', total: '1000.00' },
      { type: 'product', total: '50.00', amount: '2', data: { productId: P1 } },
      { type: 'external', total: '300.00' },
      { type: 'special', total: '-100.00' },
      { type: 'cost', total: '40.00', customerType: 'External' },
    ],
  },
  {
    name: 'b2',
    state: 'confirmed',
    currency: 'USD',
    agency: 'other',
    customer: 'c2',
    from: '2045-04-01',
    to: '2045-04-05',
    booked: '2045-07-01',
    commission: '20.00',
    lines: [
      { type: 'room_cost', total: '401.25' },
      { type: 'addon', total: '10.01', data: { productId: P1 } },
    ],
  },
  {
    name: 'b3',
    state: 'aborted',
    currency: 'EUR',
    agency: 'own',
    customer: 'c3',
    from: '2045-03-20',
    to: '2045-03-25',
    booked: '2045-02-01',
    commission: '8.00',
    lines: [
      { type: 'room_cost', total: '800.00', customerType: 'Info' },
      { type: 'cost', total: '80.00', data: { cancellationFee: true } },
    ],
  },
  {
    name: 'b4',
    state: 'planned',
    currency: 'EUR',
    agency: 'own',
    customer: 'c1',
    from: '2045-05-01',
    to: '2045-05-03',
    booked: '2045-03-01',
    commission: '0',
    lines: [{ type: 'room_cost', total: '500.00' }],
  },
  {
    name: 'b0',
    state: 'confirmed',
    currency: 'EUR',
    agency: 'own',
    customer: 'c1',
    from: '2044-06-01',
    to: '2044-06-08',
    booked: '2044-01-01',
    commission: '0',
    lines: [{ type: 'room_cost', total: '700.00' }],
  },
];

/** The revenue of a seed in EUR, recomputed: billable lines paid through the house, of aborted ones the fee. */
function revenueOf(seed: TSeed, only?: (l: TLine) => boolean) {
  const counted = seed.lines.filter(
    (l) =>
      ['room_cost', 'product', 'addon', 'cost', 'special', 'discount'].includes(l.type) &&
      (l.customerType ?? 'None') === 'None' &&
      (seed.state !== 'aborted' || l.data?.cancellationFee === true) &&
      (!only || only(l)),
  );
  const sum = counted.reduce((s, l) => s.plus(l.total), new D(0));
  if (seed.currency === 'EUR') return sum;
  return new D(convert(sum.toFixed(2), seed.booked >= '2045-06-01' ? '0.8' : '0.5'));
}
const seed = (name: string) => SEEDS.find((s) => s.name === name) as TSeed;
const eur = (d: InstanceType<typeof D>) => d.toFixed(2);

const report = async (url: string, token = admin) => {
  const res = await t.get(`/api/bookings/${url}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TReportAnswer;
};
const Y = 'from=2045-01-01&to=2046-01-01';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, agent, customer } = await t.demoTokens('admin', 'staff', 'agent', 'customer'));
  const db = t.database.db;
  const [agentRow] = await db.select().from(users).where(eq(users.email, 'agent@example.com'));
  const [staffRow] = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
  ids.own = agentRow?.agencyId ?? 0;
  const [other] = await db.insert(agencies).values({ name: 'Other Reports Agency' }).returning();
  ids.other = other?.id ?? 0;
  const people = await db
    .insert(customers)
    .values([
      { fullName: 'Rita Report', country: 'DE', birthday: '1980-05-01' },
      { fullName: 'Kid Report', country: 'US', permanentAge: 10 },
      { fullName: 'Carl Cancel', country: 'DE' },
    ])
    .returning();
  people.forEach((p, i) => {
    ids[`c${i + 1}`] = p.id;
  });
  const [product] = await db.insert(products).values({ name: 'Nitrox course' }).returning();
  ids.P1 = product?.id ?? 0;
  await db.insert(exchangeRates).values([
    { fromCurrency: 'USD', toCurrency: 'EUR', rate: '0.5', validFrom: '2045-01-01' },
    { fromCurrency: 'USD', toCurrency: 'EUR', rate: '0.8', validFrom: '2045-06-01' },
  ]);
  for (const s of SEEDS) {
    const [row] = await db
      .insert(bookings)
      .values({
        state: s.state,
        currency: s.currency,
        agencyId: ids[s.agency],
        customerId: ids[s.customer],
        userId: s.agency === 'own' ? agentRow?.id : null,
        from: s.from,
        to: s.to,
        noOfPax: 1,
        commission: s.commission,
        bookingDate: new Date(`${s.booked}T10:00:00Z`),
        offerNo: `O-${s.name}`,
        reservationNo: s.state === 'planned' || s.state === 'confirmed' ? `R-${s.name}` : null,
        bookingNo: s.state === 'confirmed' ? `B-${s.name}` : null,
        createdAt: new Date(`${s.booked}T09:00:00Z`),
      })
      .returning();
    ids[s.name] = row?.id ?? 0;
    await db.insert(calculationLines).values(
      s.lines.map((l, i) => ({
        bookingId: ids[s.name] as number,
        key: `k${i}`,
        type: l.type,
        text: l.type,
        amount: l.amount ?? '1',
        total: l.total,
        customerType: l.customerType ?? 'None',
        customData: l.data?.productId ? { productId: ids.P1 } : (l.data ?? {}),
        position: i,
      })),
    );
  }
  await db.insert(bookingVersions).values({
    bookingId: ids.b1 as number,
    version: 1,
    action: 'create',
    userId: staffRow?.id,
    changes: [],
    snapshot: {},
  });
  // Rooms and guests: Rita (64 on arrival) and a placeholder in b1, the kid (10) in b2; Rita stayed in 2044 too.
  const [resort] = await db.insert(resorts).values({ name: 'Report Resort' }).returning();
  const [room] = await db
    .insert(rooms)
    .values({ name: 'Report Room', resortId: resort?.id, configuration: { maxNoOfPax: 2 } })
    .returning();
  for (const [name, guests] of [
    ['b1', [ids.c1, null]],
    ['b2', [ids.c2]],
    ['b0', [ids.c1]],
  ] as const) {
    const s = seed(name);
    const [entry] = await db
      .insert(bookingRooms)
      .values({ bookingId: ids[name] as number, roomId: room?.id ?? 0, from: s.from, to: s.to })
      .returning();
    await db.insert(bookingGuests).values(
      guests.map((customerId) => ({
        bookingId: ids[name] as number,
        bookingRoomId: entry?.id ?? 0,
        customerId,
      })),
    );
  }
  // Payments: 300 EUR on b1; 100 USD on b2 dated after the 0.8 rate (80 EUR); a temporary one never counts.
  await db.insert(payments).values([
    { bookingId: ids.b1 as number, date: '2045-02-01', amount: '300.00', currency: 'EUR' },
    { bookingId: ids.b2 as number, date: '2045-07-02', amount: '100.00', currency: 'USD' },
    {
      bookingId: ids.b1 as number,
      date: '2045-02-03',
      amount: '999.00',
      currency: 'EUR',
      status: 'temporary',
    },
  ]);
  // A vessel with one 2-berth cabin; one departure in May with one guest of a confirmed booking.
  const [boat] = await db.insert(vessels).values({ name: 'MY Report' }).returning();
  const [tour] = await db
    .insert(tours)
    .values({ name: 'Report Tour', vesselId: boat?.id ?? 0 })
    .returning();
  const [departure] = await db
    .insert(schedules)
    .values({ tourId: tour?.id ?? 0, vesselId: boat?.id ?? 0, from: '2045-05-02', to: '2045-05-09' })
    .returning();
  const [cabin] = await db
    .insert(rooms)
    .values({ name: 'Report Cabin', vesselId: boat?.id, configuration: { maxNoOfPax: 2 } })
    .returning();
  const [trip] = await db
    .insert(bookings)
    .values({ state: 'confirmed', type: 'vessel', vesselId: boat?.id, from: '2045-05-02', to: '2045-05-09' })
    .returning();
  const [tripRoom] = await db
    .insert(bookingRooms)
    .values({
      bookingId: trip?.id ?? 0,
      roomId: cabin?.id ?? 0,
      scheduleId: departure?.id,
      from: '2045-05-02',
      to: '2045-05-09',
      whole: false,
    })
    .returning();
  await db.insert(bookingGuests).values({ bookingId: trip?.id ?? 0, bookingRoomId: tripRoom?.id ?? 0 });
  ids.vessel = boat?.id ?? 0;
});
afterAll(() => t?.close());

const urlOf = (name: string) => name.replace('{type}', 'fee').replace('{vessel}', String(ids.vessel ?? 1));
const MONEY = ['report/profitLoss', 'report/profitLoss/{type}', 'report/finance'];
const HOUSE = ['utilization', 'statistics/byVesselYear', 'statistics/byVesselYear/{vessel}'];
const rowOf = (answer: TReportAnswer, label: string) => answer.rows.find((r) => r.label === label);

describe('access and input', () => {
  it('answers 401 without a session, 403 to customers; money for finance, capacity for staff only', async () => {
    for (const name of REPORT_NAMES) {
      const url = `/api/bookings/${urlOf(name)}`;
      expectError(await t.get(url, ''), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
      const asStaff = await t.get(url, staff);
      if (MONEY.includes(name)) expectError(asStaff, 403, 'FORBIDDEN');
      else expect(asStaff.statusCode, name).toBe(200);
      const asAgent = await t.get(url, agent);
      if (MONEY.includes(name) || HOUSE.includes(name)) expectError(asAgent, 403, 'FORBIDDEN');
      else expect(asAgent.statusCode, name).toBe(200);
    }
  });

  it('refuses bad ranges, groups, lists, modes and path values with 400', async () => {
    const bad = [
      'topCountries?from=2045-03-01&to=2045-02-01',
      'topCountries?from=2035-01-01&to=2045-01-01',
      'topCountries?from=1990-01-01&to=2040-01-01',
      'report/finance?groupBy=hour',
      'topCountries?groupBy=month',
      'topCountries?categories=x,1',
      'topCountries?countries=1,2',
      'topCountries?states=draft',
      'topCountries?assets=hotel:1',
      'topCountries?amount=0',
      'topCountries?mode=pdf',
      'topCountries?mode=export&format=ods',
      'report/profitLoss/rooms',
      'statistics/byVesselYear/0',
    ];
    for (const url of bad) expectError(await t.get(`/api/bookings/${url}`, admin), 400, 'ValidationError');
  });
});

describe('figures recomputed from the seeded rows', () => {
  it('topCountries and topAgencies: revenue in EUR at the booking date’s rate; aborted only when asked', async () => {
    const countries = await report(`topCountries?${Y}`);
    expect(countries.currency).toBe('EUR');
    expect(rowOf(countries, 'DE')).toMatchObject({ bookings: 1, revenue: eur(revenueOf(seed('b1'))) });
    expect(rowOf(countries, 'US')).toMatchObject({ bookings: 1, revenue: eur(revenueOf(seed('b2'))) });
    const withFees = await report(`topCountries?${Y}&states=confirmed,resolved,aborted`);
    expect(rowOf(withFees, 'DE')).toMatchObject({
      bookings: 2,
      revenue: eur(revenueOf(seed('b1')).plus(revenueOf(seed('b3')))),
    });
    const agenciesReport = await report(`topAgencies?${Y}`);
    expect(agenciesReport.rows.map((r) => r.label)).toEqual(['Blue Reef Travel', 'Other Reports Agency']);
    expect(agenciesReport.rows[0]).toMatchObject({ revenue: '950.00', commission: '100.00' });
    expect(agenciesReport.rows[1]).toMatchObject({
      revenue: eur(revenueOf(seed('b2'))),
      commission: '16.00',
    });
  });

  it('the other top lists: bookings, customers, users, owners, products, categories, rooms', async () => {
    expect((await report(`topBookings?${Y}&amount=1`)).rows).toEqual([
      { label: 'B-b1', bookings: 1, pax: 1, revenue: '950.00' },
    ]);
    expect(rowOf(await report(`topCustomers?${Y}`), 'Rita Report')).toMatchObject({ revenue: '950.00' });
    expect((await report(`topUsers?${Y}`)).rows.map((r) => r.label)).toEqual(['Demo Staff']);
    const owners = await report(`topBookingOwner?${Y}&states=confirmed,aborted,planned`);
    const sales = await report(`topSalesAgents?${Y}&states=confirmed,aborted,planned`);
    const ownRevenue = ['b1', 'b3', 'b4'].reduce((s, n) => s.plus(revenueOf(seed(n))), new D(0));
    for (const answer of [owners, sales])
      expect(answer.rows[0]).toMatchObject({ bookings: 3, revenue: eur(ownRevenue) });
    const p1 = SEEDS.filter((s) => s.state === 'confirmed').reduce(
      (s, b) => s.plus(revenueOf(b, (l) => l.data?.productId === P1)),
      new D(0),
    );
    expect((await report(`topProducts?${Y}`)).rows).toEqual([
      { label: 'Nitrox course', quantity: 3, lines: 2, bookings: 2, revenue: eur(p1) },
    ]);
    expect((await report(`topProductCategories?${Y}`)).rows[0]).toMatchObject({ revenue: eur(p1) });
    expect((await report(`topSupplements?${Y}`)).rows).toEqual([]);
    expect((await report(`topRooms?${Y}`)).rows).toEqual([
      { label: 'Report Room', nights: 11, bookings: 2, pax: 3 },
      { label: 'Report Cabin', nights: 7, bookings: 1, pax: 1 },
    ]);
  });

  it('finance, profit and loss: revenue by line type, commission, payments by their date', async () => {
    const finance = await report(`report/finance?${Y}`);
    const march = ['b1', 'b3'].reduce((s, n) => s.plus(revenueOf(seed(n))), new D(0));
    expect(rowOf(finance, '2045-03')).toMatchObject({
      bookings: 2,
      revenue: eur(march),
      commission: '108.00',
    });
    expect(rowOf(finance, '2045-04')).toMatchObject({
      revenue: eur(revenueOf(seed('b2'))),
      commission: '16.00',
    });
    expect(rowOf(finance, '2045-02')).toMatchObject({ payments: '300.00', revenue: '0.00' });
    expect(rowOf(finance, '2045-07')).toMatchObject({ payments: '80.00' });
    const pl = await report(`report/profitLoss?${Y}`);
    expect(rowOf(pl, '2045-03')).toMatchObject({
      room_cost: '1000.00',
      product: '50.00',
      special: '-100.00',
      fee: '80.00',
      revenue: eur(march),
      commission: '108.00',
      result: eur(march.minus(108)),
    });
    const fees = await report(`report/profitLoss/fee?${Y}&groupBy=year`);
    expect(fees.rows).toEqual([{ label: '2045', lines: 1, quantity: 1, bookings: 1, revenue: '80.00' }]);
  });

  it('booking and line statistics, ages, repeaters and conversions', async () => {
    const states = await report(`bookingInfoStats?${Y}`);
    expect(states.rows.map((r) => [r.label, r.bookings])).toEqual([
      ['aborted', 1],
      ['confirmed', 3],
      ['planned', 1],
    ]);
    const lines = await report(`bookingCalculationStats?${Y}`);
    expect(rowOf(lines, 'room_cost')).toMatchObject({
      revenue: eur(new D(1000).plus(convert('401.25', '0.8'))),
    });
    const ages = await report(`statsByAge?${Y}`);
    expect(ages.rows.filter((r) => r.guests !== 0).map((r) => [r.label, r.guests])).toEqual([
      ['0-11', 1],
      ['56-65', 1],
      ['unknown', 2],
    ]);
    expect(ages.total).toMatchObject({ guests: 4 });
    const repeaters = await report(`statsByRepeater?${Y}`);
    expect(repeaters.rows.map((r) => [r.label, r.customers, r.share])).toEqual([
      ['1', 1, '50.00'],
      ['2', 1, '50.00'],
      ['3-5', 0, '0.00'],
      ['6+', 0, '0.00'],
    ]);
    expect(repeaters.total).toMatchObject({ customers: 2, repeaters: 1, share: '50.00' });
    // Offers b1–b4 (b1, b2, b4 reserved, b1 and b2 booked) and one booked directly, without an offer (arriving
    // in 2046, so that no other report of 2045 counts it).
    await t.database.db.insert(bookings).values({
      state: 'confirmed',
      from: '2046-02-01',
      to: '2046-02-03',
      bookingNo: 'B-direct',
      createdAt: new Date('2045-08-01T09:00:00Z'),
    });
    const conversions = await report(`conversions?${Y}&groupBy=year`);
    expect(conversions.rows).toEqual([
      {
        label: '2045',
        created: 5,
        offers: 4,
        reserved: 4,
        confirmed: 3,
        reserveRate: eur(new D(3).div(4).times(100)),
        confirmRate: eur(new D(3).div(4).times(100)),
      },
    ]);
  });

  it('utilization and berth-nights per vessel and year', async () => {
    const util = await report(`utilization?${Y}&assets=vessel:${ids.vessel}`);
    expect(util.rows).toEqual([
      {
        label: 'MY Report · Report Tour 2045-05-02',
        departures: 1,
        cabins: 1,
        cabinsSold: 1,
        berths: 2,
        berthsSold: 1,
        utilization: '50.00',
      },
    ]);
    const year = await report(`statistics/byVesselYear?${Y}&assets=vessel:${ids.vessel}`);
    expect(year.rows).toEqual([
      { label: 'MY Report 2045', departures: 1, berthNights: 14, berthNightsSold: 7, utilization: '50.00' },
    ]);
    const months = await report(`statistics/byVesselYear/${ids.vessel}?${Y}`);
    expect(months.rows.map((r) => r.label)).toEqual(['2045-05']);
  });
});

describe('scopes and export', () => {
  it('an agent sees only its agency’s figures; staff without bookingpayment.read no money', async () => {
    const asAgent = await report(`topAgencies?${Y}`, agent);
    expect(asAgent.rows.map((r) => r.label)).toEqual(['Blue Reef Travel']);
    const countries = await report(`topCountries?${Y}`, agent);
    expect(countries.total).toMatchObject({ bookings: 1, revenue: '950.00' });
    const asStaff = await report(`topCountries?${Y}`, staff);
    expect(asStaff.columns.map((c) => c.key)).toEqual(['label', 'bookings', 'pax']);
    expect(asStaff.rows.every((r) => !('revenue' in r))).toBe(true);
  });

  it('mode=export sends the report as CSV with titles and the total', async () => {
    const res = await t.get(`/api/bookings/topAgencies?${Y}&mode=export`, admin, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Name,Bookings,Guests,Revenue,Commission');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe('Blue Reef Travel,1,1,950.00,100.00');
    expect(lines[3]).toMatch(/^Total,2,2,/);
  });

  it('exports print the codes of their rows (states, line types) in the user’s language', async () => {
    const csv = await t.get(`/api/bookings/bookingInfoStats?${Y}&mode=export`, admin, {
      'accept-language': 'de',
    });
    const labels = csv.body
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(';')[0]);
    expect(labels).toEqual(['Bezeichnung', 'Storniert', 'Bestätigt', 'Reserviert', 'Summe']);
    const pdf = await t.get(`/api/bookings/bookingCalculationStats?${Y}&mode=template`, admin, {
      'accept-language': 'en',
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Rooms\s+2\s/);
    expect(text).not.toContain('room_cost');
  });

  it('mode=export&format=xlsx gives a workbook with numbers; mode=template a PDF with the table', async () => {
    const url = `/api/bookings/topAgencies?${Y}`;
    const res = await t.get(`${url}&mode=export&format=xlsx`, admin, { 'accept-language': 'de' });
    const { sheet, header } = await xlsxSheet(res);
    expect(header).toEqual(['Bezeichnung', 'Buchungen', 'Gäste', 'Umsatz', 'Provision']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Blue Reef Travel', 1, 1, 950, 100]);
    expect(sheet.getRow(4).getCell(1).value).toBe('Summe');
    const pdf = await t.get(`${url}&mode=template`, admin, { 'accept-language': 'en' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Top agencies');
    // The head names the columns (it once printed NaN for each figure's title).
    expect(text).toMatch(/Name\s+Bookings\s+Guests\s+Revenue\s+Commission/);
    expect(text).not.toContain('NaN');
    expect(text).toMatch(/Blue Reef Travel\s+1\s+1\s+950\.00\s+100\.00/);
    expect(text).toMatch(/Total\s+2\s+2/);
  });
});

describe('ranking and amounts without a rate', () => {
  it('a top list keeps its first rows, totals over all; sums without a rate are listed, not added', async () => {
    const first = await report(`topBookings?${Y}&amount=1`);
    expect(first.rows).toHaveLength(1);
    // The confirmed bookings arriving in 2045: b1, b2 and the trip (no lines).
    expect(first.total).toMatchObject({
      bookings: 3,
      revenue: eur(revenueOf(seed('b1')).plus(revenueOf(seed('b2')))),
    });
    // b2 in a currency without any rate: its revenue (401.25 + 10.01) and commission are listed by its day.
    await t.database.db
      .update(bookings)
      .set({ currency: 'XXX' })
      .where(eq(bookings.id, ids.b2 as number));
    const countries = await report(`topCountries?${Y}`);
    expect(rowOf(countries, 'US')).toMatchObject({ bookings: 1, revenue: '0.00' });
    expect(countries.total).toMatchObject({ revenue: eur(revenueOf(seed('b1'))) });
    expect(countries.unconverted).toEqual(
      expect.arrayContaining([
        { currency: 'XXX', date: '2045-07-01', amount: '411.26' },
        { currency: 'XXX', date: '2045-07-01', amount: '20.00' },
      ]),
    );
  });
});
