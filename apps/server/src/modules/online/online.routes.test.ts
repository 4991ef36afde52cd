// The online booking (spec booking §7 "Online booking (/api/book)"): only sellable inventory is offered
// or booked, the price is the online channel's, the create goes through the one create flow (a race for
// the last berth gives one booking and NOT_AVAILABLE), Idempotency-Key replays answer the same booking
// (also at once), an unpaid hold expires or is given up and frees its rooms, a paid checkout confirms.
import { ONLINE_HOLD_MINUTES } from '@atoll/domain/constants';
import { and, asc, count, eq, gt, gte, lte } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import {
  arrivalDepartureRules,
  bookings,
  mailQueue,
  onlineRequests,
  paymentProviders,
  priceEntries,
  prices,
  priceVariants,
  products,
  rooms,
  roomTypes,
  schedules,
  tours,
} from '../../db/schema.ts';
import { createAvailabilityService } from '../availability/availability.service.ts';
import { createExpireOptionsFlow } from '../bookings/lifecycle/expire-options.flow.ts';

let w: TWorld;
let stripeId: number;
let guestIp = 0;
const WEBHOOK_SECRET = 'whsec_online_test_123';

beforeAll(async () => {
  w = await bookingWorld();
  const admin = w.tokens.admin;
  stripeId = ok(
    await w.t.post('/api/payprovider', admin, {
      name: 'Stripe',
      type: 'stripe',
      config: { apiBase: 'http://127.0.0.1:9', currencies: ['EUR'] },
      secrets: { apiKey: 'sk_test_online_never_shown', webhookSecret: WEBHOOK_SECRET },
    }),
    201,
  ).id;
  ok(
    await w.t.post('/api/payprovider', admin, {
      name: 'Bank transfer',
      type: 'bank_transfer',
      config: { accountHolder: 'Atoll Dive GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
    }),
    201,
  );
});
afterAll(async () => {
  await w?.t.close();
});

/** A guest's request from its own address (each guest its own rate-limit bucket unless said). */
function guest(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  ip = `10.0.${Math.floor(++guestIp / 250)}.${guestIp % 250}`,
) {
  return w.t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

const lead = { firstName: 'Lena', lastName: 'Guest', email: 'lena.guest@example.com' };
const trip = (roomId: number, extra: Record<string, unknown> = {}, guests = 2) => ({
  scheduleId: w.departure,
  rooms: [{ roomId, whole: false, guests: Array.from({ length: guests }, () => ({ gender: 'f' })) }],
  lead,
  ...extra,
});
const stay = (roomId: number, extra: Record<string, unknown> = {}) => ({
  from: '2041-03-29',
  to: '2041-04-02',
  rooms: [{ roomId, guests: [{}, {}] }],
  lead,
  ...extra,
});

describe('what is on sale', () => {
  it('lists open, visible departures with free berths; never an invisible cabin', async () => {
    const visible = await w.cabin(2);
    const hidden = await w.cabin(2);
    await w.db.update(rooms).set({ isVisible: false }).where(eq(rooms.id, hidden));
    const list = ok(await guest('GET', '/api/book/schedules?month=2041-05'));
    const departure = list.find((s: { id: number }) => s.id === w.departure);
    expect(departure).toMatchObject({ from: '2041-05-02', to: '2041-05-09', vesselName: 'MY Booking Test' });
    expect(departure.freeBerths).toBeGreaterThanOrEqual(2);
    expect(list.some((s: { id: number }) => s.id === w.laterDeparture)).toBe(false);
    const tripAnswer = ok(await guest('GET', `/api/book/trip/${w.departure}`));
    const ids = tripAnswer.rooms.map((r: { id: number }) => r.id);
    expect(ids).toContain(visible);
    expect(ids).not.toContain(hidden);
    const roomsAnswer = ok(await guest('GET', `/api/book/rooms?scheduleId=${w.departure}`));
    expect(roomsAnswer.rooms.map((r: { id: number }) => r.id)).not.toContain(hidden);
    // An invisible departure is not on sale.
    await w.db.update(schedules).set({ isVisible: false }).where(eq(schedules.id, w.laterDeparture));
    expectError(await guest('GET', `/api/book/trip/${w.laterDeparture}`), 404, 'NOT_FOUND');
    await w.db.update(schedules).set({ isVisible: true }).where(eq(schedules.id, w.laterDeparture));
    // ... nor bookable: the hidden cabin is refused like a missing one.
    expectError(await guest('POST', '/api/book/booking/create', trip(hidden)), 400, 'ValidationError');
    expectError(await guest('POST', '/api/book/booking/price', trip(hidden)), 400, 'ValidationError');
  });

  it('answers 400 for bad input and 404 for unknown things', async () => {
    expectError(await guest('GET', '/api/book/schedules?month=2041-13'), 400, 'ValidationError');
    expectError(await guest('GET', '/api/book/rooms'), 400, 'ValidationError');
    expectError(
      await guest('GET', `/api/book/roomTypes?resortId=${w.resort}&vesselId=${w.vessel}`),
      400,
      'ValidationError',
    );
    expectError(await guest('GET', '/api/book/trip/abc'), 404, 'NOT_FOUND');
    expectError(await guest('GET', '/api/book/trip/999999'), 404, 'NOT_FOUND');
    expectError(await guest('GET', '/api/book/products?asset=boat:1'), 400, 'ValidationError');
    expectError(await guest('GET', '/api/book/addons/availability/999999'), 404, 'NOT_FOUND');
    expectError(await guest('POST', '/api/book/booking/price', { rooms: [] }), 400, 'ValidationError');
    expectError(
      await guest('POST', '/api/book/booking/create', { ...trip(1), lead: { ...lead, email: 'nope' } }),
      400,
      'ValidationError',
    );
  });

  it('shows room types with free rooms and allowed days, the vessel with decks, add-ons and products', async () => {
    const room = await w.resortRoom();
    const types = ok(
      await guest('GET', `/api/book/roomTypes?resortId=${w.resort}&from=2041-03-29&to=2041-04-02`),
    );
    const deluxe = types.roomTypes.find((t: { id: number }) => t.id === w.deluxe);
    expect(deluxe.assetName).toBe('Booking Test Resort');
    const all = ok(await guest('GET', '/api/book/roomTypes'));
    expect(all.roomTypes.some((t: { id: number }) => t.id === w.deluxe)).toBe(true);
    expect(all.roomTypes.every((t: { resortId: number | null }) => t.resortId !== null)).toBe(true);
    expect(deluxe.free).toBeGreaterThanOrEqual(1);
    expect(types.days).toHaveLength(5);
    expect(types.days.every((d: { arrival: boolean }) => d.arrival)).toBe(true);
    const rooms = ok(
      await guest('GET', `/api/book/rooms?resortId=${w.resort}&from=2041-03-29&to=2041-04-02`),
    );
    expect(rooms.rooms.map((r: { id: number }) => r.id)).toContain(room);
    const vessels = ok(await guest('GET', `/api/book/vessel?vesselId=${w.vessel}`));
    expect(vessels).toEqual([{ id: w.vessel, name: 'MY Booking Test', decks: [] }]);
    expect(ok(await guest('GET', `/api/book/addons?vesselId=${w.vessel}`))).toEqual(expect.any(Array));
    expect(ok(await guest('GET', `/api/book/products?asset=vessel:${w.vessel}`))).toEqual(expect.any(Array));
  });
});

describe('one search with availability and prices', () => {
  type TType = { id: number; free: number | null; price?: TQuote | null };
  type TQuote = { roomId: number; whole: boolean; guests: number; total: string; perPerson: string };
  const typeOf = (answer: { roomTypes: TType[] }, id: number) => {
    const found = answer.roomTypes.find((t) => t.id === id);
    if (!found) throw new Error(`no room type ${id} in the answer`);
    return found;
  };
  const samePrice = async (quote: TQuote, where: Record<string, unknown>) => {
    const body = { ...where, rooms: [{ roomId: quote.roomId, whole: quote.whole, guests: [{}, {}] }] };
    const price = ok(await guest('POST', '/api/book/booking/price', body));
    expect(quote.total).toBe(price.total);
    expect(quote.perPerson).toBe((Number(price.total) / 2).toFixed(2));
  };

  it('answers each room type of a stay with its free rooms and the price call’s price for the guests', async () => {
    await w.resortRoom();
    const url = `/api/book/roomTypes?resortId=${w.resort}&from=2041-03-29&to=2041-04-02&guests=2`;
    const deluxe = typeOf(ok(await guest('GET', url)), w.deluxe);
    expect(deluxe.free).toBeGreaterThanOrEqual(1);
    if (!deluxe.price) throw new Error('the free Deluxe room has no price');
    expect(deluxe.price.guests).toBe(2);
    await samePrice(deluxe.price, { from: '2041-03-29', to: '2041-04-02' });
    // More guests than a room of the type takes: no price, the free count stays.
    const three = typeOf(ok(await guest('GET', url.replace('guests=2', 'guests=3'))), w.deluxe);
    expect(three.price).toBeNull();
    expect(three.free).toBe(deluxe.free);
    // Without guests: no prices (the calendar's call).
    expect(typeOf(ok(await guest('GET', url.replace('&guests=2', ''))), w.deluxe).price).toBeUndefined();
    expectError(await guest('GET', `${url}&scheduleId=${w.departure}`), 400, 'ValidationError');
    expectError(await guest('GET', url.replace('guests=2', 'guests=0')), 400, 'ValidationError');
  });

  it('answers a departure’s cabin types, decks and lowest price in the trip and the departures', async () => {
    await w.cabin(2);
    const trip = ok(await guest('GET', `/api/book/trip/${w.departure}`));
    const cabins = typeOf(trip, w.cabinType);
    expect(cabins.free).toBeGreaterThanOrEqual(1);
    if (!cabins.price) throw new Error('the free cabin has no price');
    await samePrice(cabins.price, { scheduleId: w.departure });
    expect(trip.priceFrom).toBe(cabins.price.perPerson);
    expect(trip.decks).toEqual([]);
    const byType = ok(await guest('GET', `/api/book/roomTypes?scheduleId=${w.departure}&guests=2`));
    expect(typeOf(byType, w.cabinType).price).toEqual(cabins.price);
    const month = ok(await guest('GET', '/api/book/schedules?month=2041-05'));
    expect(month.find((d: { id: number }) => d.id === w.departure).priceFrom).toBe(cabins.price.perPerson);
  });

  it('keeps an answer until what it read changes: a booking, a price, a room', async () => {
    await w.resortRoom();
    const url = `/api/book/roomTypes?resortId=${w.resort}&from=2041-03-29&to=2041-04-02&guests=2`;
    const first = typeOf(ok(await guest('GET', url)), w.deluxe);
    expect(typeOf(ok(await guest('GET', url)), w.deluxe)).toEqual(first);
    // A booking takes the priced room: one room less.
    const quote = first.price as TQuote;
    ok(await guest('POST', '/api/book/booking/create', stay(quote.roomId)), 201);
    const booked = typeOf(ok(await guest('GET', url)), w.deluxe);
    expect(booked.free).toBe((first.free ?? 0) - 1);
    // A new room: one more.
    await w.resortRoom();
    expect(typeOf(ok(await guest('GET', url)), w.deluxe).free).toBe(first.free);
    // The season's price changes: the answer follows.
    await w.db.update(priceEntries).set({ value: '150.00' }).where(eq(priceEntries.priceId, w.seasons.a));
    try {
      const dearer = typeOf(ok(await guest('GET', url)), w.deluxe).price as TQuote;
      expect(Number(dearer.total)).toBeGreaterThan(Number(quote.total));
      await samePrice(dearer, { from: '2041-03-29', to: '2041-04-02' });
    } finally {
      await w.db.update(priceEntries).set({ value: '100.00' }).where(eq(priceEntries.priceId, w.seasons.a));
    }
  });
});

describe('a checkout that ends well', () => {
  it('without a card provider answers the number, the transfer details with the EPC QR code, terms and mails', async () => {
    const admin = w.tokens.admin;
    await w.db.update(paymentProviders).set({ isActive: false }).where(eq(paymentProviders.id, stripeId));
    ok(await w.t.post('/api/settings/group/booking', admin, { stateMails: true }));
    try {
      const room = await w.resortRoom();
      const email = 'bea.transfer@example.com';
      const created = ok(
        await guest('POST', '/api/book/booking/create', stay(room, { lead: { ...lead, email } })),
        201,
      );
      expect(created.bookingNo).toMatch(/\S/);
      expect(created.bankTransfer).toMatchObject({
        accountHolder: 'Atoll Dive GmbH',
        iban: 'DE02120300000000202051',
        reference: created.bookingNo,
        currency: 'EUR',
      });
      expect(created.bankTransfer.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(Number(created.bankTransfer.amount)).toBeGreaterThan(0);
      expect(Number(created.bankTransfer.amount)).toBeLessThanOrEqual(Number(created.total));
      // The terms the price showed before the booking, and the deposit in the schedule.
      expect(created.terms).toMatchObject({ cancellation: expect.any(Array) });
      const price = ok(await guest('POST', '/api/book/booking/price', stay(await w.resortRoom())));
      expect(price.terms?.name).toBe(created.terms?.name);
      expect(price.schedule).toEqual(created.schedule);
      // The mail to the guest is queued with the booking's number.
      const mails = await w.db
        .select({ to: mailQueue.to, subject: mailQueue.subject, text: mailQueue.text })
        .from(mailQueue)
        .where(eq(mailQueue.bookingId, created.bookingId));
      expect(mails.map((m) => m.to)).toContain(email);
      expect(mails.some((m) => `${m.subject} ${m.text}`.includes(created.bookingNo))).toBe(true);
      // So the page may say the mail is on its way.
      expect(created.mailed).toBe(true);
    } finally {
      await w.db.update(paymentProviders).set({ isActive: true }).where(eq(paymentProviders.id, stripeId));
      ok(await w.t.post('/api/settings/group/booking', admin, { stateMails: false }));
    }
  });

  it('with a card provider answers no transfer details (the guest pays by card or chooses)', async () => {
    const created = ok(await guest('POST', '/api/book/booking/create', stay(await w.resortRoom())), 201);
    expect(created.bankTransfer).toBeNull();
    expect(created.providers.map((p: { type: string }) => p.type)).toContain('stripe');
    // State mails are off here, yet a guest's own booking is mailed all the same.
    expect(created.mailed).toBe(true);
  });
});

describe('price and create', () => {
  it('prices for the online channel and keeps nothing', async () => {
    const cabin = await w.cabin(2);
    const before = await w.count('bookings');
    const price = ok(await guest('POST', '/api/book/booking/price', trip(cabin)));
    expect(price.currency).toBe('EUR');
    expect(Number(price.total)).toBeGreaterThan(0);
    expect(await w.count('bookings')).toBe(before);
    expect((await w.held({ roomId: cabin })).holding).toHaveLength(0);
  });

  it('one guest on one berth of a demo cabin pays the demo’s berth rate, not single use', async () => {
    // The demo shares its twin cabins; it had no single-use rate for them, so one berth answered NO_PRICE.
    for (const cabinType of ['Lower Deck Twin (shared)']) {
      const [cabin] = await w.db
        .select({ roomId: rooms.id, roomTypeId: rooms.roomTypeId, vesselId: rooms.vesselId })
        .from(rooms)
        .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
        .where(eq(roomTypes.name, cabinType))
        .limit(1);
      if (!cabin?.vesselId) throw new Error(`demo: no ${cabinType} cabin`);
      const [departure] = await w.db
        .select({ id: schedules.id, from: schedules.from })
        .from(schedules)
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .where(
          and(eq(tours.vesselId, cabin.vesselId), gt(schedules.from, new Date().toISOString().slice(0, 10))),
        )
        .orderBy(asc(schedules.from))
        .limit(1);
      if (!departure) throw new Error('demo: no future departure');
      const [berthRate] = await w.db
        .select({ value: priceEntries.value })
        .from(priceEntries)
        .innerJoin(prices, eq(prices.id, priceEntries.priceId))
        .innerJoin(priceVariants, eq(priceVariants.id, priceEntries.variantId))
        .where(
          and(
            eq(prices.vesselId, cabin.vesselId),
            lte(prices.validFrom, departure.from),
            gte(prices.validTo, departure.from),
            eq(priceEntries.roomTypeId, cabin.roomTypeId ?? 0),
            eq(priceVariants.name, 'Berth per person'),
          ),
        );
      const body = {
        scheduleId: departure.id,
        rooms: [{ roomId: cabin.roomId, whole: false, guests: [{ gender: 'f' }] }],
        lead,
      };
      const price = ok(await guest('POST', '/api/book/booking/price', body));
      const roomLines = price.lines.filter((l: { type: string }) => l.type === 'room_cost');
      expect(
        roomLines.map((l: { total: string }) => l.total),
        cabinType,
      ).toEqual([berthRate?.value]);
      expect(
        price.lines.some((l: { name: string }) => /single/i.test(l.name)),
        cabinType,
      ).toBe(false);
    }
  });

  it('adds online add-ons to the price and the booking; refuses one not on sale online', async () => {
    const [addon, offline] = await w.db
      .insert(products)
      .values([
        { name: 'Nitrox package', isAddon: true, isOnlineBookable: true, price: '50.00', vesselId: w.vessel },
        { name: 'Private guide', isAddon: true, isOnlineBookable: false, price: '80.00', vesselId: w.vessel },
      ])
      .returning({ id: products.id });
    const listed = ok(await guest('GET', `/api/book/addons?vesselId=${w.vessel}`));
    expect(listed.map((a: { id: number }) => a.id)).toEqual([addon?.id]);
    expect(ok(await guest('GET', `/api/book/addons/availability/${addon?.id}`))).toEqual({
      id: addon?.id,
      available: null,
    });
    expectError(await guest('GET', `/api/book/addons/availability/${offline?.id}`), 404, 'NOT_FOUND');
    const cabin = await w.cabin(2);
    const plain = ok(await guest('POST', '/api/book/booking/price', trip(cabin)));
    const withAddon = ok(
      await guest('POST', '/api/book/booking/price', trip(cabin, { addons: [{ productId: addon?.id }] })),
    );
    expect(Number(withAddon.total)).toBeGreaterThan(Number(plain.total));
    expect(withAddon.lines.some((l: { name: string }) => l.name.includes('Nitrox'))).toBe(true);
    expectError(
      await guest('POST', '/api/book/booking/price', trip(cabin, { addons: [{ productId: offline?.id }] })),
      400,
      'ValidationError',
    );
    const created = ok(
      await guest('POST', '/api/book/booking/create', trip(cabin, { addons: [{ productId: addon?.id }] })),
      201,
    );
    expect(created.total).toBe(withAddon.total);
  });

  it('creates a planned online booking with a short hold, the guest token and the providers', async () => {
    const cabin = await w.cabin(2);
    const res = await guest('POST', '/api/book/booking/create', trip(cabin), {
      'accept-language': 'en-GB,en;q=0.9,de;q=0.5',
      'x-timezone-offset': '-60',
    });
    const created = ok(res, 201);
    expect(created).toMatchObject({ state: 'planned', replayed: false, currency: 'EUR' });
    expect(created.token).toMatch(/^\d+\.[\w-]{43}$/);
    const minutes = (Date.parse(created.holdUntil) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(ONLINE_HOLD_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(ONLINE_HOLD_MINUTES);
    expect(created.providers.map((p: { type: string }) => p.type).sort()).toEqual([
      'bank_transfer',
      'stripe',
    ]);
    expect(JSON.stringify(created)).not.toMatch(/sk_test|whsec|linkKey|secrets/);
    const [row] = await w.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(row).toMatchObject({ channel: 'CustomerDirectBooking', language: 'en', userId: null });
    expect((await w.held({ bookingId: created.bookingId })).holding).toHaveLength(2);
    // Staff see it among the online bookings, not a staff booking there.
    const staff = w.tokens.staff;
    const list = ok(await w.t.get('/api/book', staff));
    expect(list.data.map((b: { id: number }) => b.id)).toContain(created.bookingId);
    expect(list.data.every((b: { channel: string }) => b.channel === 'CustomerDirectBooking')).toBe(true);
    expect(ok(await w.t.get(`/api/book/${created.bookingId}`, staff)).id).toBe(created.bookingId);
    const csv = await w.t.get('/api/book/listCSV', staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').length).toBeGreaterThan(1);
    expectError(await w.t.get('/api/book'), 401, 'UNAUTHORIZED');
    expectError(await w.t.get('/api/book', w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await w.t.post(`/api/book/${created.bookingId}/copy`, staff), 409, 'INVALID_STATE');
    const staffBooking = ok(
      await w.t.post('/api/bookings', staff, {
        state: 'draft',
        rooms: [{ roomId: await w.resortRoom(), from: '2041-03-29', to: '2041-04-02', guests: [{}] }],
      }),
      201,
    );
    expectError(await w.t.get(`/api/book/${staffBooking.id}`, staff), 404, 'NOT_FOUND');
    // POST /api/book is the same create.
    ok(await guest('POST', '/api/book', trip(await w.cabin(2))), 201);
  });

  it('enforces the resort arrival and departure days online (docs/domain/availability.md)', async () => {
    const room = await w.resortRoom();
    // Arrival only on Saturdays: 2041-03-29 is a Friday.
    await w.db.insert(arrivalDepartureRules).values({ resortId: w.resort, kind: 'arrival', weekdays: [6] });
    try {
      expectError(await guest('POST', '/api/book/booking/create', stay(room)), 400, 'ARRIVAL_NOT_ALLOWED');
      const types = ok(
        await guest('GET', `/api/book/roomTypes?resortId=${w.resort}&from=2041-03-29&to=2041-04-02`),
      );
      expect(types.days.map((d: { arrival: boolean }) => d.arrival)).toEqual([
        false,
        true,
        false,
        false,
        false,
      ]);
    } finally {
      await w.db.delete(arrivalDepartureRules).where(eq(arrivalDepartureRules.resortId, w.resort));
    }
    const created = ok(await guest('POST', '/api/book/booking/create', stay(room)), 201);
    expect(created.state).toBe('planned');
  });
});

describe('concurrency and idempotency', () => {
  // The test price is per person in double use: each guest asks for the last two berths of a cabin.
  it('two guests for the last berths: one booking, the other NOT_AVAILABLE', async () => {
    const cabin = await w.cabin(2);
    const [a, b] = await Promise.all([
      guest('POST', '/api/book/booking/create', trip(cabin)),
      guest('POST', '/api/book/booking/create', trip(cabin)),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().error).toBe('NOT_AVAILABLE');
    expect((await w.held({ roomId: cabin })).holding).toHaveLength(2);
  });

  it('twenty guests for the last berths at once: exactly one booking', async () => {
    const cabin = await w.cabin(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => guest('POST', '/api/book/booking/create', trip(cabin))),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expectError(r, 409, 'NOT_AVAILABLE');
    expect((await w.held({ roomId: cabin })).holding).toHaveLength(2);
  });

  it('a replay with the same Idempotency-Key answers the same booking; another body is refused', async () => {
    const cabin = await w.cabin(2);
    const key = `online-test-${Date.now()}`;
    const body = trip(cabin);
    const first = ok(await guest('POST', '/api/book/booking/create', body, { 'idempotency-key': key }), 201);
    const again = ok(await guest('POST', '/api/book/booking/create', body, { 'idempotency-key': key }), 200);
    expect(again).toMatchObject({ bookingId: first.bookingId, replayed: true, token: first.token });
    expectError(
      await guest('POST', '/api/book/booking/create', { ...body, note: 'other' }, { 'idempotency-key': key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await guest('POST', '/api/book/booking/create', body, { 'idempotency-key': 'bad key!' }),
      400,
      'ValidationError',
    );
  });

  it('parallel replays with one key make one booking', async () => {
    const cabin = await w.cabin(2);
    const key = `online-parallel-${Date.now()}`;
    const body = trip(cabin);
    const before = await w.count('bookings');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        guest('POST', '/api/book/booking/create', body, { 'idempotency-key': key }),
      ),
    );
    for (const r of answers) expect([200, 201]).toContain(r.statusCode);
    expect(new Set(answers.map((r) => r.json().bookingId)).size).toBe(1);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await w.count('bookings')).toBe(before + 1);
    const [row] = await w.db.select({ n: count() }).from(onlineRequests).where(eq(onlineRequests.key, key));
    expect(row?.n).toBe(1);
  });
});

describe('the end of a hold', () => {
  it('an unpaid hold expires by rule and frees the berths', async () => {
    const cabin = await w.cabin(2);
    const created = ok(await guest('POST', '/api/book/booking/create', trip(cabin)), 201);
    const expire = createExpireOptionsFlow({
      db: w.db,
      availability: createAvailabilityService({ db: w.db }),
    });
    expect(await expire.expireOptions(new Date())).not.toContain(created.bookingId);
    const later = new Date(Date.now() + (ONLINE_HOLD_MINUTES + 1) * 60_000);
    expect(await expire.expireOptions(later)).toContain(created.bookingId);
    const [row] = await w.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(row).toMatchObject({ state: 'freed', releaseReason: 'expired' });
    expect((await w.held({ roomId: cabin })).holding).toHaveLength(0);
    ok(await guest('POST', '/api/book/booking/create', trip(cabin)), 201);
  });

  it('the guest gives up a hold with the token; without it 404', async () => {
    const cabin = await w.cabin(2);
    const created = ok(await guest('POST', '/api/book/booking/create', trip(cabin)), 201);
    expectError(
      await guest('DELETE', `/api/book/${created.bookingId}?token=1.${'x'.repeat(43)}`),
      404,
      'NOT_FOUND',
    );
    const gone = ok(await guest('DELETE', `/api/book/${created.bookingId}?token=${created.token}`));
    expect(gone).toEqual({ id: created.bookingId, state: 'freed' });
    expect((await w.held({ roomId: cabin })).holding).toHaveLength(0);
    expectError(
      await guest('DELETE', `/api/book/${created.bookingId}?token=${created.token}`),
      409,
      'INVALID_STATE',
    );
  });

  it('a paid checkout confirms the booking with a booking number; the guest finds it by number', async () => {
    const cabin = await w.cabin(2);
    const created = ok(await guest('POST', '/api/book/booking/create', trip(cabin)), 201);
    const payload = JSON.stringify({
      id: `evt_online_${created.bookingId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_online_${created.bookingId}`,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: Math.round(Number(created.total) * 100),
          currency: 'eur',
          client_reference_id: String(created.bookingId),
          metadata: { bookingId: String(created.bookingId) },
        },
      },
    });
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/payments/notify/booking/0/${stripeId}`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await w.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(row?.state).toBe('confirmed');
    expect(row?.bookingNo).toBeTruthy();
    expect(row?.optionExpiry).toBeNull();
    expect((await w.held({ roomId: cabin })).holding.every((h) => h.state === 'confirmed')).toBe(true);
    const no = row?.bookingNo ?? '';
    const view = ok(
      await guest('GET', `/api/book/no/${encodeURIComponent(no)}?email=LENA.guest@example.com`),
    );
    expect(view).toMatchObject({ bookingNo: no, state: 'confirmed', noOfPax: 2 });
    expect(Object.keys(view).sort()).toEqual(
      ['bookingNo', 'currency', 'from', 'noOfPax', 'open', 'paid', 'state', 'to', 'total'].sort(),
    );
    ok(await guest('GET', `/api/book/no/${encodeURIComponent(no)}?token=${created.token}`));
    expectError(
      await guest('GET', `/api/book/no/${encodeURIComponent(no)}?email=other@example.com`),
      404,
      'NOT_FOUND',
    );
    expectError(await guest('GET', `/api/book/no/${encodeURIComponent(no)}`), 404, 'NOT_FOUND');
    expectError(await guest('GET', '/api/book/no/NOPE-1?email=lena.guest@example.com'), 404, 'NOT_FOUND');
    expect(
      ok(await guest('POST', `/api/book/${created.bookingId}`, { token: created.token })).bookingNo,
    ).toBe(no);
    expectError(
      await guest('POST', `/api/book/${created.bookingId}`, { token: `1.${'y'.repeat(43)}` }),
      404,
      'NOT_FOUND',
    );
  });

  it('rate-limits the lookup per address', async () => {
    const ip = '10.9.9.9';
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await guest('GET', '/api/book/no/X-1?email=a@example.com', undefined, {}, ip));
    expect(answers.at(-1)?.statusCode).toBe(429);
  });
});
