import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  bookingVersions,
  calculationLines,
  customers,
  resorts,
  rooms,
  users,
  vessels,
} from '../src/db/schema.ts';
import { createBookingsRepository } from '../src/modules/bookings/bookings.repository.ts';

const bookingRepo = createBookingsRepository();

// Bookings for the tests of the read side, written straight into the tables (booking, room entries,
// guests, lines, versions): the tests must not depend on the create flow.

export type TTestGuest = {
  customerId?: number | null;
  name?: string | null;
  gender?: 'm' | 'f' | 'u';
  age?: number | null;
};
export type TTestRoom = { roomId: number; from?: string; to?: string; guests: TTestGuest[] };
export type TTestLine = {
  key: string;
  text?: string;
  type?: string;
  total: string;
  generator?: string;
  customerType?: string;
  /** Index of the guest over all rooms (in insertion order) the line belongs to. */
  guest?: number;
  manual?: boolean;
};
export type TTestBooking = Partial<
  Omit<typeof bookings.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'from' | 'to'>
> & { from: string; to: string; rooms?: TTestRoom[]; lines?: TTestLine[] };

/** The ids of the demo data the tests book. */
export async function demoIds(db: Db) {
  const one = async <T>(rows: Promise<T[]>, what: string) => {
    const [row] = await rows;
    if (!row) throw new Error(`demo data: ${what} missing`);
    return row;
  };
  const resort = await one(
    db.select().from(resorts).where(eq(resorts.name, 'Coral Garden Resort')),
    'resort',
  );
  const vessel = await one(db.select().from(vessels).limit(1), 'vessel');
  const resortRooms = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.resortId, resort.id), isNotNull(rooms.roomTypeId)))
    .orderBy(asc(rooms.id));
  const cabins = await db.select().from(rooms).where(eq(rooms.vesselId, vessel.id)).orderBy(asc(rooms.id));
  const blueReef = await one(
    db.select().from(agencies).where(eq(agencies.name, 'Blue Reef Travel')),
    'agency',
  );
  const other = await one(
    db.select().from(agencies).where(eq(agencies.name, 'Tauchreisen Nord GmbH')),
    'other agency',
  );
  const maria = await one(db.select().from(customers).where(eq(customers.fullName, 'Maria Sommer')), 'Maria');
  const others = await db.select().from(customers).orderBy(asc(customers.id)).limit(5);
  const staff = await one(db.select().from(users).where(eq(users.email, 'staff@example.com')), 'staff');
  return {
    resortId: resort.id,
    vesselId: vessel.id,
    rooms: resortRooms,
    cabins,
    blueReefId: blueReef.id,
    otherAgencyId: other.id,
    mariaId: maria.id,
    customerIds: others.map((c) => c.id).filter((id) => id !== maria.id),
    staffId: staff.id,
  };
}

/** Writes one booking with its room entries, guests and lines; answers its id and the guests' ids. */
export async function insertBooking(db: Db, input: TTestBooking) {
  const { rooms: roomList = [], lines = [], ...values } = input;
  const noOfPax = roomList.reduce((n, r) => n + r.guests.length, 0);
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(bookings)
      .values({ noOfPax, ...values })
      .returning({ id: bookings.id });
    if (!booking) throw new Error('insertBooking: no row');
    const guestIds: number[] = [];
    const entryIds: number[] = [];
    for (const [sort, room] of roomList.entries()) {
      const [entry] = await tx
        .insert(bookingRooms)
        .values({
          bookingId: booking.id,
          roomId: room.roomId,
          from: room.from ?? input.from,
          to: room.to ?? input.to,
          sort,
        })
        .returning({ id: bookingRooms.id });
      if (!entry) throw new Error('insertBooking: no room entry');
      entryIds.push(entry.id);
      for (const [guestSort, guest] of room.guests.entries()) {
        const [row] = await tx
          .insert(bookingGuests)
          .values({
            bookingId: booking.id,
            bookingRoomId: entry.id,
            customerId: guest.customerId ?? null,
            name: guest.name ?? null,
            gender: guest.gender ?? 'u',
            age: guest.age ?? null,
            sort: guestSort,
          })
          .returning({ id: bookingGuests.id });
        if (row) guestIds.push(row.id);
      }
    }
    if (lines.length) {
      await tx.insert(calculationLines).values(
        lines.map((line, position) => ({
          bookingId: booking.id,
          key: line.key,
          type: line.type ?? 'room_cost',
          text: line.text ?? line.key,
          total: line.total,
          price: line.total,
          customerType: line.customerType ?? 'None',
          guestId: line.guest === undefined ? null : (guestIds[line.guest] ?? null),
          manual: line.manual ?? false,
          customData: { generator: line.generator ?? 'room' },
          position,
        })),
      );
    }
    return { id: booking.id, guestIds, entryIds };
  });
}

/** Records the booking as it is now as a version (the read model's unredacted answer as snapshot). */
export async function recordTestVersion(
  db: Db,
  bookingId: number,
  args: { action: string; userId?: number | null; changes?: unknown[] },
) {
  const snapshot = await bookingRepo.loadBooking(db, bookingId);
  if (!snapshot) throw new Error(`recordTestVersion: booking ${bookingId} missing`);
  await db.insert(bookingVersions).values({
    bookingId,
    version: snapshot.version,
    userId: args.userId ?? null,
    action: args.action,
    changes: args.changes ?? [],
    snapshot,
  });
  return snapshot;
}

/** Changes booking columns and raises the version, as a write would. */
export async function updateTestBooking(
  db: Db,
  bookingId: number,
  values: Partial<typeof bookings.$inferInsert>,
) {
  const [current] = await db
    .select({ version: bookings.version })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  await db
    .update(bookings)
    .set({ ...values, version: (current?.version ?? 0) + 1, updatedAt: new Date() })
    .where(eq(bookings.id, bookingId));
}
