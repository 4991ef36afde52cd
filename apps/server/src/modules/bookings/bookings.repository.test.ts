// The bookings read model against a real database: what loadBooking makes of the stored rows, and
// which bookings bookingVisibility lets each kind of user see.
import type { TSessionUser } from '@atoll/domain/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { demoIds, insertBooking } from '../../../test/test-bookings.ts';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Database } from '../../db/client.ts';
import { bookings, calculationLines } from '../../db/schema.ts';
import { createBookingsRepository, redactBooking } from './bookings.repository.ts';

const bookingRepo = createBookingsRepository();

let database: Database;
let ids: Awaited<ReturnType<typeof demoIds>>;

const TERMS = {
  id: 1,
  name: 'Standard',
  description: {},
  depositPercent: '20',
  depositAbsolute: null,
  depositDueDays: 7,
  onReservation: false,
  restDueDaysBeforeArrival: 60,
  optionDays: 7,
  cancellationTiers: [{ daysBefore: 30, percent: '50' }],
  depositNonRefundable: false,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const user = (over: Partial<TSessionUser>): TSessionUser => ({
  id: 1,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  userType: 'Default',
  agencyId: null,
  customerId: null,
  permissions: { scope: [] },
  roleIds: [],
  settings: {
    showCustomersInBookingList: true,
    showInvertedCurrencyExchange: false,
    defaultDashboardDays: 30,
    bookingListFilters: [],
  },
  notifications: {},
  activeAsset: null,
  resorts: [],
  vessels: [],
  isCRMUser: false,
  verified: true,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  scopes: [],
  ...over,
});

/** The ids of the bookings the condition lets through. */
async function visibleIds(u: TSessionUser) {
  const rows = await database.db.select({ id: bookings.id }).from(bookings).where(bookingVisibility(u));
  return rows.map((r) => r.id).sort((x, y) => x - y);
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  ids = await demoIds(database.db);
});
afterAll(() => database?.close());

describe('loadBooking', () => {
  it('is undefined for a booking that does not exist', async () => {
    expect(await bookingRepo.loadBooking(database.db, 987654)).toBeUndefined();
  });

  it('reads terms, totals and the explanation from jsonb; what does not fit becomes null or empty', async () => {
    const room = ids.rooms[0];
    if (!room) throw new Error('no room');
    const good = await insertBooking(database.db, {
      from: '2026-03-01',
      to: '2026-03-05',
      resortId: ids.resortId,
      termsOfPayment: TERMS,
      totals: { total: '10.00', unknownKey: 1 },
      explanation: { why: [{ specialId: 1, name: 'S', applied: true, reason: 'applied' }], problems: [] },
      optionExpiry: new Date('2026-02-01T12:00:00Z'),
      rooms: [{ roomId: room.id, guests: [{ name: 'A' }, { name: 'B' }] }],
    });
    const loaded = await bookingRepo.loadBooking(database.db, good.id);
    expect(loaded?.termsOfPayment).toMatchObject({
      name: 'Standard',
      cancellationTiers: [{ daysBefore: 30 }],
    });
    expect(loaded?.totals).toEqual({ total: '10.00' });
    expect(loaded?.why).toHaveLength(1);
    expect(loaded?.optionExpiry).toBe('2026-02-01T12:00:00.000Z');
    expect(loaded?.rooms[0]?.guests.map((g) => g.name)).toEqual(['A', 'B']);

    const bad = await insertBooking(database.db, {
      from: '2026-03-01',
      to: '2026-03-05',
      termsOfPayment: { name: 'half a terms object' },
      totals: 'nonsense',
      explanation: { why: 'nope' },
      chosenSpecials: [{ specialId: 'x' }],
    });
    const loadedBad = await bookingRepo.loadBooking(database.db, bad.id);
    expect(loadedBad).toMatchObject({
      termsOfPayment: null,
      totals: {},
      why: [],
      problems: [],
      chosenSpecials: [],
    });
    expect(loadedBad?.rooms).toEqual([]);
  });

  it('orders the lines by position, not by id, and names the guest as customer g<id>', async () => {
    const room = ids.rooms[1];
    if (!room) throw new Error('no room');
    const { id, guestIds } = await insertBooking(database.db, {
      from: '2026-04-01',
      to: '2026-04-03',
      rooms: [{ roomId: room.id, guests: [{ name: 'A' }] }],
      lines: [
        { key: 'first', total: '1.00', guest: 0 },
        { key: 'second', total: '2.00' },
      ],
    });
    await database.db.update(calculationLines).set({ position: 5 }).where(eq(calculationLines.key, 'first'));
    const loaded = await bookingRepo.loadBooking(database.db, id);
    expect(loaded?.calculation.map((l) => l.key)).toEqual(['second', 'first']);
    expect(loaded?.calculation[1]).toMatchObject({ customer: `g${guestIds[0]}`, guestId: guestIds[0] });
    expect(loaded?.calculation[0]?.customer).toBeNull();
  });
});

describe('bookingVisibility and redactBooking', () => {
  let own: number;
  let foreign: number;
  let guestOf: number;

  beforeAll(async () => {
    const [room] = ids.rooms;
    if (!room) throw new Error('no room');
    ({ id: own } = await insertBooking(database.db, {
      from: '2028-01-01',
      to: '2028-01-02',
      resortId: ids.resortId,
      agencyId: ids.blueReefId,
      commission: '5.00',
      internalNote: 'secret',
    }));
    ({ id: foreign } = await insertBooking(database.db, {
      from: '2028-01-01',
      to: '2028-01-02',
      vesselId: ids.vesselId,
      agencyId: ids.otherAgencyId,
      customerId: ids.mariaId,
    }));
    ({ id: guestOf } = await insertBooking(database.db, {
      from: '2028-01-01',
      to: '2028-01-02',
      rooms: [{ roomId: room.id, guests: [{ customerId: ids.mariaId }] }],
    }));
  });

  it('agents see their agency’s bookings, customers theirs and those they are a guest on', async () => {
    const agentIds = await visibleIds(user({ scopes: ['agencies.self'], agencyId: ids.blueReefId }));
    expect(agentIds).toContain(own);
    expect(agentIds).not.toContain(foreign);
    const mariaIds = await visibleIds(user({ scopes: ['customers.self'], customerId: ids.mariaId }));
    expect(mariaIds).toEqual(expect.arrayContaining([foreign, guestOf]));
    expect(mariaIds).not.toContain(own);
  });

  it('sees nothing without a booking scope, or with a self scope but no record to match', async () => {
    expect(await visibleIds(user({ scopes: ['users.self'] }))).toEqual([]);
    expect(await visibleIds(user({ scopes: ['agencies.self'] }))).toEqual([]);
    expect(await visibleIds(user({ scopes: ['customers.self'] }))).toEqual([]);
  });

  it('limits staff to their resorts and vessels; an empty list means all of that kind', async () => {
    const vesselStaff = await visibleIds(user({ scopes: ['bookings.read'], resorts: [999999] }));
    expect(vesselStaff).toContain(foreign);
    expect(vesselStaff).not.toContain(own);
    // Bookings of no asset stay visible: the lists limit assets, not everything else.
    expect(vesselStaff).toContain(guestOf);
    expect(bookingVisibility(user({ scopes: ['bookings.read'] }))).toBeUndefined();
  });

  it('redacts for everyone without bookings.read and leaves staff’s booking as it is', async () => {
    const booking = await bookingRepo.loadBooking(database.db, own);
    if (!booking) throw new Error('missing');
    const staffView = redactBooking(user({ scopes: ['bookings.read'] }), booking);
    expect(staffView).toBe(booking);
    // The agent of the booking's agency sees its commission; anyone else (a customer, another agency) does not.
    expect(booking.agencyId).toBe(ids.blueReefId);
    const agentView = redactBooking(user({ scopes: ['agencies.self'], agencyId: ids.blueReefId }), booking);
    expect(agentView).toHaveProperty('commission', booking.commission);
    expect(agentView).not.toHaveProperty('commissionId');
    expect(agentView).not.toHaveProperty('internalNote');
    const customerView = redactBooking(user({ scopes: ['customers.self'], customerId: 1 }), booking);
    expect(customerView).not.toHaveProperty('commission');
    expect(customerView).not.toHaveProperty('commissionPercent');
    expect(customerView).not.toHaveProperty('internalNote');
    const otherAgent = redactBooking(
      user({ scopes: ['agencies.self'], agencyId: ids.blueReefId + 1000 }),
      booking,
    );
    expect(otherAgent).not.toHaveProperty('commission');
    expect(booking.internalNote).toBe('secret');
  });
});
