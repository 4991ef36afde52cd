// Dives on the bill (docs/domain/dive-day.md "Charges"): a logged trip charges its dive type's product on
// the guests' bookings (one OnSite line per dive, or per dive day) and on the day guests' walk-in tabs,
// once, in the transaction of the log; a charge that cannot be made writes nothing, not even the log.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { onsiteItems, posTabs } from '../../db/schema.ts';

let w: TWorld;
let admin: string;
let booking: number;
let boat: number;
let guide: number;
let walkIn: number;
const DAY = '2041-03-30';

type TLine = { key: string; total: string; guestId: number | null; customerType: string };
type TBooking = {
  total: string;
  calculation: TLine[];
  rooms: { guests: { id: number; customerId: number }[] }[];
};

const create = async (url: string, body: unknown) => ok(await w.t.post(url, admin, body), 201);
const product = async (body: Record<string, unknown>) =>
  (await create('/api/product', { price: '10.00', ...body })) as { id: number };
const diveType = async (name: string, productId: number | null) =>
  (await create('/api/divetype', { name, productId })) as { id: number };
const trip = async (typeId: number, time: string, divers: Record<string, unknown>[]) =>
  (
    (await create('/api/diveplan', {
      date: DAY,
      time,
      boatId: boat,
      guideIds: [guide],
      typeId,
      divers,
    })) as { id: number }
  ).id;
const log = (plan: number) => w.t.post(`/api/diveplan/${plan}/log`, admin);
const bill = async () => {
  const b = ok(await w.t.get(`/api/bookings/${booking}`, admin)) as TBooking;
  return { total: b.total, lines: b.calculation.filter((l) => l.key.startsWith('onsite:')), booking: b };
};
/** The day guest's tab (keyed by the day guest, made on the first charge): its name, total and items. */
const tabTotal = async () => {
  const [tab] = await w.db
    .select()
    .from(posTabs)
    .where(eq(posTabs.idempotencyKey, `dayguest:${walkIn}`));
  if (!tab) return [];
  const items = await w.db.select().from(onsiteItems).where(eq(onsiteItems.tabId, tab.id));
  const total = items.reduce((sum, i) => sum + Math.round(Number(i.total) * 100), 0);
  return [{ name: tab.name, total: (total / 100).toFixed(2), n: items.length }];
};

beforeAll(async () => {
  w = await bookingWorld();
  admin = w.tokens.admin;
  ok(await w.t.post('/api/settings/group/features', admin, { diveLog: true }));
  const room = await w.resortRoom();
  const stay = stayBody(room, { state: 'confirmed' }, [
    { customerId: w.guests.ana },
    { customerId: w.guests.ben },
  ]);
  booking = ok(await w.t.post('/api/bookings', w.tokens.staff, stay), 201).id;
  boat = (await create('/api/diveboat', { name: 'Banca Dos', diverCapacity: 8 })).id;
  guide = (await create('/api/employee', { name: 'Lia Guide', role: 'guide' })).id;
  walkIn = (await create('/api/dayguest', { date: DAY, name: 'Walk In' })).id;
});
afterAll(() => w?.t.close());

describe('a dive type names what it charges', () => {
  it('takes a product sold per dive or dive day only, writing nothing otherwise', async () => {
    const board = await product({ name: 'Half board', chargingBase: 'PerNight' });
    const types = await w.count('dive_types');
    expectError(
      await w.t.post('/api/divetype', admin, { name: 'Boat dive', productId: board.id }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/divetype', admin, { name: 'Boat dive', productId: 999_999 }),
      404,
      'NOT_FOUND',
    );
    expect(await w.count('dive_types')).toBe(types);
    const none = await diveType('Shore dive', null);
    expectError(
      await w.t.post(`/api/divetype/${none.id}`, admin, { productId: board.id }),
      400,
      'ValidationError',
    );
  });
});

describe('logging a trip charges its dives', () => {
  it('puts one line per dive on the guests’ bill and the day guest’s tab, once', async () => {
    const dive = await product({ name: 'Guided boat dive', chargingBase: 'PerDive', price: '45.00' });
    const type = await diveType('Boat dive', dive.id);
    const before = await bill();
    const plan = await trip(type.id, '08:30', [
      { customerId: w.guests.ana, bookingId: booking },
      { customerId: w.guests.ben, bookingId: booking },
      { dayGuestId: walkIn },
    ]);
    expect(ok(await log(plan), 201)).toEqual({ logged: 3, charged: 3, unchargedBookings: [] });
    const after = await bill();
    const guests = after.booking.rooms[0]?.guests ?? [];
    expect(after.lines.map((l) => [l.total, l.customerType]).sort()).toEqual([
      ['45.00', 'OnSite'],
      ['45.00', 'OnSite'],
    ]);
    expect(after.lines.map((l) => l.guestId).sort()).toEqual(guests.map((g) => g.id).sort());
    expect(Number(after.total) - Number(before.total)).toBeCloseTo(90, 2);
    expect(await tabTotal()).toMatchObject([{ name: 'Walk In', total: '45.00', n: 1 }]);
    // Logged once: a second call is refused and charges nothing more.
    expectError(await log(plan), 409, 'INVALID_STATE');
    expect((await bill()).lines).toHaveLength(2);
    expect(await w.count('onsite_items')).toBe(3);
  });

  it('charges a dive day once however many trips of that day', async () => {
    const day = await product({ name: 'Dive day', chargingBase: 'PerDiveDay', price: '80.00' });
    const type = await diveType('Day trip', day.id);
    const morning = await trip(type.id, '10:30', [{ customerId: w.guests.ana, bookingId: booking }]);
    const afternoon = await trip(type.id, '14:00', [
      { customerId: w.guests.ana, bookingId: booking },
      { dayGuestId: walkIn },
    ]);
    expect(ok(await log(morning), 201)).toMatchObject({ logged: 1, charged: 1 });
    expect(ok(await log(afternoon), 201)).toMatchObject({ logged: 2, charged: 1 });
    const lines = (await bill()).lines.filter((l) => l.total === '80.00');
    expect(lines).toHaveLength(1);
    expect(await tabTotal()).toMatchObject([{ total: '125.00', n: 2 }]);
  });

  it('writes nothing, not even the log, when a charge cannot be made', async () => {
    // Nitrox fills counted in stock, none left: the charge is refused (OUT_OF_STOCK).
    const fills = await product({
      name: 'Nitrox fill',
      chargingBase: 'PerDive',
      price: '8.00',
      type: 'ConsumptionGood',
      trackStock: true,
    });
    const type = await diveType('Nitrox boat dive', fills.id);
    const plan = await trip(type.id, '16:00', [{ customerId: w.guests.ben, bookingId: booking }]);
    const logs = await w.count('dive_logs');
    const items = await w.count('onsite_items');
    expectError(await log(plan), 409, 'OUT_OF_STOCK');
    expect(await w.count('dive_logs')).toBe(logs);
    expect(await w.count('onsite_items')).toBe(items);
    expect(await w.count('dive_plans', `id = ${plan} and logged_at is null`)).toBe(1);
  });

  it('logs a trip of a type without a product and charges nothing', async () => {
    const type = await diveType('Fun dive', null);
    const plan = await trip(type.id, '18:00', [{ customerId: w.guests.ben, bookingId: booking }]);
    expect(ok(await log(plan), 201)).toEqual({ logged: 1, charged: 0, unchargedBookings: [] });
  });
});
