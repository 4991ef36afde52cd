import {
  type TBooking,
  type TBookingLine,
  type TBookingReference,
  type TBookingRoom,
  type TBookingSummary,
  ZBooking,
  ZBookingReference,
  ZBookingTotals,
} from '@atoll/domain/bookings';
import { ZTerms } from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bookingNumber, bookingVisibility, canReadAllBookings } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  customers,
  resorts,
  rooms,
  vessels,
} from '../../db/schema.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { withoutCommission, withoutCommissionWhy } from '../prices/commission-redaction.ts';

// The bookings read model (spec booking §3): the stored rows turned into the API's ZBooking and
// ZBookingSummary, what a user may see of them (bookingVisibility) and what agents and customers
// never get (redactBooking).

export type TBookingRow = typeof bookings.$inferSelect;

/** "Resort", "Vessel" or "Resort + Vessel" (mixed); needs the resort and vessel left-joined. */
function assetName() {
  return sql<string | null>`nullif(concat_ws(' + ', ${resorts.name}, ${vessels.name}), '')`;
}

/**
 * The travellers of a booking as one text: each guest's own name, else the name of its customer record, in
 * room and guest order (placeholders without a name are left out). One index look-up per row of a page.
 */
function guestNames() {
  return sql<
    string | null
  >`(select string_agg(coalesce(nullif(g.name, ''), c.full_name), ', ' order by g.booking_room_id, g.id)
    from ${bookingGuests} g left join ${customers} c on c.id = g.customer_id where g.booking_id = ${bookings.id})`;
}

/** The columns of a list row: the booking's summary fields with the customer's and the agency's name. */
export const summaryColumns = {
  id: bookings.id,
  state: bookings.state,
  resolved: bookings.resolved,
  offerNo: bookings.offerNo,
  reservationNo: bookings.reservationNo,
  bookingNo: bookings.bookingNo,
  type: bookings.type,
  channel: bookings.channel,
  resortId: bookings.resortId,
  vesselId: bookings.vesselId,
  assetName: assetName(),
  scheduleId: bookings.scheduleId,
  tourId: bookings.tourId,
  from: bookings.from,
  to: bookings.to,
  noOfPax: bookings.noOfPax,
  customerId: bookings.customerId,
  customerName: customers.fullName,
  guestNames: guestNames(),
  agencyId: bookings.agencyId,
  agencyName: agencies.name,
  userId: bookings.userId,
  language: bookings.language,
  currency: bookings.currency,
  total: bookings.total,
  optionExpiry: bookings.optionExpiry,
  hasOpenTodos: bookings.hasOpenTodos,
  hasExceededDueDate: bookings.hasExceededDueDate,
  paid: bookings.paid,
  openAmount: bookings.openAmount,
  paymentStatus: bookings.paymentStatus,
  nextDueDate: bookings.nextDueDate,
  version: bookings.version,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
};

/**
 * A booking row (or its summary columns) with the names the list and the detail show beside it. Select
 * `summaryColumns` from `bookings` left-joined to `customers` and `agencies` (see `withNames`).
 */
export type TBookingSummaryRow = Pick<
  TBookingRow,
  Exclude<keyof typeof summaryColumns, 'customerName' | 'guestNames' | 'agencyName' | 'assetName'>
> & {
  customerName: string | null;
  guestNames?: string | null;
  agencyName: string | null;
  assetName: string | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toSummary(row: TBookingSummaryRow): TBookingSummary {
  return {
    id: row.id,
    state: row.state as TBookingSummary['state'],
    resolved: row.resolved,
    offerNo: row.offerNo,
    reservationNo: row.reservationNo,
    bookingNo: row.bookingNo,
    type: row.type as TBookingSummary['type'],
    channel: row.channel as TBookingSummary['channel'],
    resortId: row.resortId,
    vesselId: row.vesselId,
    assetName: row.assetName,
    scheduleId: row.scheduleId,
    tourId: row.tourId,
    from: row.from,
    to: row.to,
    noOfPax: row.noOfPax,
    customerId: row.customerId,
    customerName: row.customerName,
    // The list's rows only: the detail has the guests themselves (and its version snapshots stay as they were).
    ...(row.guestNames !== undefined ? { guestNames: row.guestNames } : {}),
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    userId: row.userId,
    language: row.language,
    currency: row.currency,
    total: row.total,
    optionExpiry: iso(row.optionExpiry),
    hasOpenTodos: row.hasOpenTodos,
    hasExceededDueDate: row.hasExceededDueDate,
    paid: row.paid,
    openAmount: row.openAmount,
    paymentStatus: row.paymentStatus as TBookingSummary['paymentStatus'],
    nextDueDate: row.nextDueDate,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type TLineRow = typeof calculationLines.$inferSelect;

/** numeric(14,3) answers "2.000": the line keeps the engine's plain decimal ("2", "0.5"). */
const plainDecimal = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export const toLine = (row: TLineRow): TBookingLine => ({
  id: row.id,
  key: row.key,
  type: row.type as TBookingLine['type'],
  text: row.text,
  sort: row.sort,
  amount: plainDecimal(row.amount),
  price: row.price,
  total: row.total,
  customerType: row.customerType as TBookingLine['customerType'],
  customer: row.guestId === null ? null : `g${row.guestId}`,
  editable: row.editable,
  deletable: row.deletable,
  unique: row.unique,
  customData: { generator: 'manual', ...(row.customData as Record<string, unknown>) },
  guestId: row.guestId,
  manual: row.manual,
});

const ZExplanation = ZBooking.pick({ why: true, problems: true });
const ZCancellation = ZBooking.shape.cancellation;
const ZChosenSpecials = ZBooking.shape.chosenSpecials;
const ZReferences = z.array(ZBookingReference.omit({ number: true }));
/** Built once: a zod schema made per call is compiled again on every parse. */
const ZStoredTotals = ZBookingTotals.partial();

/** The detail part of a booking (everything but rooms and lines) from its row; jsonb read defensively. */
function toBookingHead(row: TBookingDetailRow): Omit<TBooking, 'rooms' | 'calculation'> {
  const explanation = ZExplanation.safeParse(row.explanation).data;
  return {
    ...toSummary(row),
    sourceId: row.sourceId,
    categoryId: row.categoryId,
    termsOfPayment: ZTerms.safeParse(row.termsOfPayment).data ?? null,
    commission: row.commission,
    commissionPercent: row.commissionPercent,
    totals: ZStoredTotals.safeParse(row.totals).data ?? {},
    evaluationDate: row.evaluationDate,
    reservationDate: iso(row.reservationDate),
    bookingDate: iso(row.bookingDate),
    cancelationDate: iso(row.cancelationDate),
    resolvedDate: iso(row.resolvedDate),
    freedDate: iso(row.freedDate),
    deletedDate: iso(row.deletedDate),
    cancellation: row.cancellation == null ? null : (ZCancellation.safeParse(row.cancellation).data ?? null),
    releaseReason: row.releaseReason,
    chosenSpecials: ZChosenSpecials.safeParse(row.chosenSpecials).data ?? [],
    priceId: row.priceId,
    commissionId: row.commissionId,
    references: ZReferences.safeParse(row.references).data ?? [],
    systemReference: row.systemReference,
    note: row.note,
    internalNote: row.internalNote,
    why: explanation?.why ?? [],
    problems: explanation?.problems ?? [],
  };
}

/** The whole row of one booking with the names, or undefined. */
async function loadDetailRow(ex: Executor, id: number, where?: SQL) {
  const [row] = await ex
    .select({
      booking: bookings,
      customerName: customers.fullName,
      agencyName: agencies.name,
      assetName: assetName(),
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(resorts, eq(resorts.id, bookings.resortId))
    .leftJoin(vessels, eq(vessels.id, bookings.vesselId))
    .where(and(eq(bookings.id, id), where));
  return (
    row && {
      ...row.booking,
      customerName: row.customerName,
      agencyName: row.agencyName,
      assetName: row.assetName,
    }
  );
}

/** The room entries of a booking with their guests, in their order; two queries for all of them. */
async function loadRooms(ex: Executor, bookingId: number): Promise<TBookingRoom[]> {
  const roomRows = await ex
    .select({ entry: bookingRooms, roomName: rooms.name })
    .from(bookingRooms)
    .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
    .where(eq(bookingRooms.bookingId, bookingId))
    .orderBy(asc(bookingRooms.sort), asc(bookingRooms.id));
  const guestRows = await ex
    .select()
    .from(bookingGuests)
    .where(eq(bookingGuests.bookingId, bookingId))
    .orderBy(asc(bookingGuests.sort), asc(bookingGuests.id));
  return roomRows.map(({ entry, roomName }) => toRoom(entry, roomName, guestRows));
}

const bySortAndId = (a: { sort: number; id: number }, b: { sort: number; id: number }) =>
  a.sort - b.sort || a.id - b.id;

/**
 * The room entries of a booking from their rows as stored (entries and guests in any order), the same as
 * loadRooms reads them: entries and guests by sort and id.
 */
export function toRooms(
  entries: readonly (typeof bookingRooms.$inferSelect)[],
  guests: readonly (typeof bookingGuests.$inferSelect)[],
  roomNames: ReadonlyMap<number, string>,
): TBookingRoom[] {
  const ordered = [...guests].sort(bySortAndId);
  return [...entries]
    .sort(bySortAndId)
    .map((entry) => toRoom(entry, roomNames.get(entry.roomId) ?? '', ordered));
}

function toRoom(
  entry: typeof bookingRooms.$inferSelect,
  roomName: string,
  guestRows: readonly (typeof bookingGuests.$inferSelect)[],
): TBookingRoom {
  return {
    id: entry.id,
    roomId: entry.roomId,
    roomName,
    roomTypeId: entry.roomTypeId,
    scheduleId: entry.scheduleId,
    from: entry.from,
    to: entry.to,
    whole: entry.whole,
    checkIn: iso(entry.checkIn),
    checkOut: iso(entry.checkOut),
    locked: entry.locked,
    guests: guestRows
      .filter((g) => g.bookingRoomId === entry.id)
      .map((g) => ({
        id: g.id,
        customerId: g.customerId,
        name: g.name,
        gender: g.gender as TBookingRoom['guests'][number]['gender'],
        age: g.age,
        variantId: g.variantId,
        bed: g.bed,
      })),
  };
}

/** Calculation lines as stored (any order) as loadLines answers them: by position and id. */
export const toLines = (rows: readonly TLineRow[]): TBookingLine[] =>
  [...rows].sort((a, b) => a.position - b.position || a.id - b.id).map(toLine);

/** The calculation lines of a booking ordered by position. */
async function loadLines(ex: Executor, bookingId: number): Promise<TBookingLine[]> {
  const rows = await ex
    .select()
    .from(calculationLines)
    .where(eq(calculationLines.bookingId, bookingId))
    .orderBy(asc(calculationLines.position), asc(calculationLines.id));
  return rows.map(toLine);
}

/**
 * The whole booking (ZBooking) in four queries, unredacted: the caller redacts for the user. `where`
 * (e.g. bookingVisibility) limits which booking is found: one the user may not see is undefined.
 */
async function loadBooking(ex: Executor, id: number, where?: SQL): Promise<TBooking | undefined> {
  const row = await loadDetailRow(ex, id, where);
  if (!row) return undefined;
  const roomList = await loadRooms(ex, id);
  const calculation = await loadLines(ex, id);
  const head = toBookingHead(row);
  const references = await withNumbers(ex, head.references ?? []);
  return { ...head, references, rooms: roomList, calculation };
}

/** The names a booking's detail shows beside its row, as columns of a statement on `bookings` (a RETURNING). */
export const detailNames = {
  customerName: sql<
    string | null
  >`(select ${customers.fullName} from ${customers} where ${customers.id} = ${bookings.customerId})`,
  agencyName: sql<
    string | null
  >`(select ${agencies.name} from ${agencies} where ${agencies.id} = ${bookings.agencyId})`,
  assetName: sql<string | null>`nullif(concat_ws(' + ',
    (select ${resorts.name} from ${resorts} where ${resorts.id} = ${bookings.resortId}),
    (select ${vessels.name} from ${vessels} where ${vessels.id} = ${bookings.vesselId})), '')`,
};
/** A booking row with its names (loadDetailRow, detailNames). */
export type TBookingDetailRow = TBookingRow &
  Pick<TBookingSummaryRow, 'customerName' | 'agencyName' | 'assetName'>;

/**
 * The whole booking as loadBooking answers it, from its row with its names and its rooms and lines, all
 * held by a caller that wrote them in the same transaction (toRooms, toLines): nothing read but the
 * numbers of linked bookings, when it has links.
 */
async function bookingOf(
  ex: Executor,
  row: TBookingDetailRow,
  parts: { rooms: TBookingRoom[]; calculation: TBookingLine[] },
): Promise<TBooking> {
  const head = toBookingHead(row);
  const references = await withNumbers(ex, head.references ?? []);
  return { ...head, references, ...parts };
}

/** bookingOf for a booking whose row the caller does not hold: the row (and linked numbers) is read. */
async function loadBookingWith(
  ex: Executor,
  id: number,
  parts: { rooms: TBookingRoom[]; calculation: TBookingLine[] },
): Promise<TBooking | undefined> {
  const row = await loadDetailRow(ex, id);
  return row && bookingOf(ex, row, parts);
}

/** The linked bookings' latest numbers beside their references (a fifth query only when there are links). */
async function withNumbers(ex: Executor, references: readonly TBookingReference[]) {
  if (references.length === 0) return [];
  const rows = await ex
    .select({
      id: bookings.id,
      number: bookingNumber,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...new Set(references.map((r) => r.bookingId))]));
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  return references.map((r) => ({
    kind: r.kind,
    bookingId: r.bookingId,
    number: numbers.get(r.bookingId) ?? null,
  }));
}

// ─── Who sees what (spec platform §6) ─────────────────────────────────────────────────────────

/** A booking of the agent's own agency (agencies.self): the agency sees its commission on it. */
const isOwnAgencyBooking = (user: TSessionUser, booking: TBooking) =>
  hasScope(user.scopes, ['agencies.self']) && user.agencyId !== null && booking.agencyId === user.agencyId;

/**
 * The booking as a user may see it. Staff with bookings.read get it as it is. Nobody else gets the internal
 * note or why a commission special applied or not; the agent of the booking's agency sees its commission (the
 * line with its percent, the figures), customers never (docs/domain/tax-and-commission.md).
 */
export function redactBooking(user: TSessionUser, booking: TBooking): TBooking {
  if (canReadAllBookings(user)) return booking;
  const { commissionId: _i, internalNote: _n, ...withoutNote } = booking;
  if (isOwnAgencyBooking(user, booking)) return { ...withoutNote, why: withoutCommissionWhy(booking.why) };
  const { commission: _c, commissionPercent: _p, ...rest } = withoutNote;
  const { totals, lines, why } = withoutCommission({
    totals: booking.totals,
    lines: booking.calculation,
    why: booking.why,
  });
  return { ...rest, totals, calculation: lines, why };
}

/** The whole booking as this user may see it, redacted; undefined when missing or not theirs. */
async function loadVisibleBooking(
  ex: Executor,
  user: TSessionUser,
  id: number,
): Promise<TBooking | undefined> {
  const booking = await loadBooking(ex, id, bookingVisibility(user));
  return booking && redactBooking(user, booking);
}

/** The queries of the shared booking read model: the whole booking, its lines, and the booking as a user may see it. */
export function createBookingsRepository() {
  return { loadLines, loadBooking, bookingOf, loadBookingWith, loadVisibleBooking };
}

export type TBookingsRepository = ReturnType<typeof createBookingsRepository>;
