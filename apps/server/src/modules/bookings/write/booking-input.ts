import type {
  TBookingGuestInput,
  TBookingRoomInput,
  TBookingType,
  TCreateBooking,
  TFullCharterInput,
} from '@atoll/domain/bookings';
import { customerAge } from '@atoll/domain/customers';
import type { TChannel, TGender } from '@atoll/domain/inventory/availability';
import { daysBetween } from '@atoll/domain/inventory/resorts';
import type { TBookingChannel } from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import type { Tx } from '../../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import type { THoldItem } from '../../availability/hold.flow.ts';
import { visibleCustomers } from '../../customers/customers.service.ts';
import { ownSchedules } from '../../tours/tours.repository.ts';
import {
  createBookingWritesRepository,
  type TEntryInsert,
  type TGuestInsert,
} from './bookings-writes.repository.ts';

// A create or change request checked against the stored data and turned into room entries: rooms that
// exist and the user may book, a departure's dates for cabins, guests completed from their customer
// records. Every refusal is a 400 with the field's path (or 403/409 where that is the answer).

const bookingWrites = createBookingWritesRepository();

/** The longest resort stay one entry takes (as the pricing loader). */
const MAX_NIGHTS = 731;

/** Who writes: the office (the scope given) or an agent acting through agencies.self for its agency. */
export type TWriter = { user: TSessionUser; isAgent: boolean; online?: boolean };

/** The guest of the online channel (/api/book, widget): no session, no user row (userId null). */
export const ONLINE_GUEST: TSessionUser = {
  id: 0,
  email: '',
  name: 'online',
  phone: null,
  userType: 'Default',
  agencyId: null,
  customerId: null,
  permissions: { scope: [] },
  roleIds: [],
  settings: {} as TSessionUser['settings'],
  notifications: {},
  activeAsset: null,
  resorts: [],
  vessels: [],
  isCRMUser: false,
  verified: false,
  lastLoginAt: null,
  createdAt: '',
  updatedAt: '',
  scopes: [],
};

/** The online channel's writer: only sellable rooms of open, visible departures (docs/domain/availability.md). */
export const onlineWriter = (): TWriter => ({ user: ONLINE_GUEST, isAgent: false, online: true });

export function writerOf(user: TSessionUser, officeScopes: readonly string[]): TWriter {
  if (hasScope(user.scopes, officeScopes)) return { user, isAgent: false };
  if (hasScope(user.scopes, ['agencies.self']) && user.agencyId) return { user, isAgent: true };
  throw forbidden();
}

export const channelsOf = (writer: TWriter): { channel: TBookingChannel; holdChannel: TChannel } =>
  writer.online
    ? { channel: 'CustomerDirectBooking', holdChannel: 'online' }
    : writer.isAgent
      ? { channel: 'AgentDirectBooking', holdChannel: 'agency' }
      : { channel: 'Booking', holdChannel: 'staff' };

export type TResolvedEntry = TEntryInsert & {
  roomName: string;
  resortId: number | null;
  vesselId: number | null;
  tourId: number | null;
  guests: (TGuestInsert & { gender: TGender; age: number | null })[];
};

export type TResolvedRooms = {
  entries: TResolvedEntry[];
  type: TBookingType;
  resortId: number | null;
  vesselId: number | null;
  scheduleId: number | null;
  tourId: number | null;
  from: string;
  to: string;
  noOfPax: number;
  /** The first guest with a customer record: the default payer. */
  firstCustomerId: number | null;
  /** The rooms as locked (lockRooms), for the hold flow. */
  locked: TRoomRow[];
};

const isAdmin = (user: TSessionUser) => hasScope(user.scopes, ['admin']);
const listAllows = (list: readonly number[], id: number | null) =>
  id !== null && (list.length === 0 || list.includes(id));

type TRoomRow = Awaited<ReturnType<typeof bookingWrites.lockRooms>>[number];

/** A room the writer may book: of the user's assets; an agent only the rooms sold to agencies. */
function bookable(writer: TWriter, room: TRoomRow | undefined): room is TRoomRow {
  if (!room) return false;
  const { user } = writer;
  const ownAsset =
    writer.online === true ||
    isAdmin(user) ||
    (room.resortId !== null
      ? listAllows(user.resorts, room.resortId)
      : listAllows(user.vessels, room.vesselId));
  if (!ownAsset) return false;
  return !(writer.isAgent || writer.online) || (room.isActive && room.isVisible && !room.hide);
}

async function schedulesOf(tx: Tx, writer: TWriter, rooms: readonly TBookingRoomInput[]) {
  const ids = rooms.flatMap((r) => (r.scheduleId == null ? [] : [r.scheduleId]));
  const rows = await bookingWrites.schedules(tx, ids, ownSchedules(writer.user));
  return new Map(rows.map((s) => [s.id, s]));
}

async function customersOf(tx: Tx, writer: TWriter, ids: readonly number[]) {
  const rows = await bookingWrites.customers(
    tx,
    ids,
    writer.isAgent ? visibleCustomers(writer.user) : undefined,
  );
  return new Map(rows.map((c) => [c.id, c]));
}

type TSchedules = Awaited<ReturnType<typeof schedulesOf>>;

/** The entry's dates: a resort room's own `[from, to)`, a cabin its departure's. */
function datesOf(
  writer: TWriter,
  input: TBookingRoomInput,
  room: TRoomRow,
  schedules: TSchedules,
  i: number,
) {
  if (room.resortId !== null) {
    if (input.scheduleId != null)
      throw badRequest('A resort room takes no departure', `rooms.${i}.scheduleId`);
    if (!input.from) throw badRequest('A resort stay needs its first night', `rooms.${i}.from`);
    if (!input.to || input.to <= input.from) throw badRequest('to must come after from', `rooms.${i}.to`);
    if (daysBetween(input.from, input.to) > MAX_NIGHTS)
      throw badRequest(`At most ${MAX_NIGHTS} nights`, `rooms.${i}.to`);
    return { from: input.from, to: input.to, scheduleId: null, tourId: null };
  }
  const schedule = input.scheduleId == null ? undefined : schedules.get(input.scheduleId);
  if (!schedule || schedule.vesselId !== room.vesselId)
    throw badRequest('A cabin needs a departure of its vessel', `rooms.${i}.scheduleId`);
  // Agents sell open, visible departures only; a cancelled one sells nothing (the hold flow says so too).
  if ((writer.isAgent || writer.online) && (schedule.status !== 'open' || !schedule.isVisible))
    throw new AppError(409, 'NOT_AVAILABLE', 'The departure is not open for sale');
  return { from: schedule.from, to: schedule.to, scheduleId: schedule.id, tourId: schedule.tourId };
}

/** One booking takes rooms of one resort and cabins of one departure (docs/domain/departures-and-charters.md). */
function assertOneAsset(entries: readonly TResolvedEntry[]) {
  const first = {
    resort: entries.find((e) => e.resortId !== null),
    trip: entries.find((e) => e.vesselId !== null),
  };
  entries.forEach((e, i) => {
    if (e.resortId !== null && e.resortId !== first.resort?.resortId)
      throw badRequest('A booking takes the rooms of one resort', `rooms.${i}.roomId`);
    if (e.vesselId !== null && e.scheduleId !== first.trip?.scheduleId)
      throw badRequest('A booking takes the cabins of one departure', `rooms.${i}.scheduleId`);
  });
}

/** Checks the rooms of a request and builds its entries; locks the rooms first (see lockRooms). */
export async function resolveRooms(
  tx: Tx,
  writer: TWriter,
  rooms: readonly TBookingRoomInput[],
): Promise<TResolvedRooms> {
  const locked = new Map(
    (
      await bookingWrites.lockRooms(
        tx,
        rooms.map((r) => r.roomId),
      )
    ).map((r) => [r.id, r]),
  );
  const customerIds = rooms.flatMap((r) =>
    r.guests.flatMap((g) => (g.customerId == null ? [] : [g.customerId])),
  );
  const variantIds = rooms.flatMap((r) =>
    r.guests.flatMap((g) => (g.variantId == null ? [] : [g.variantId])),
  );
  // One after the other: the queries share the transaction's one connection.
  const schedules = await schedulesOf(tx, writer, rooms);
  const customers = await customersOf(tx, writer, customerIds);
  const variants = await bookingWrites.existing(tx, 'priceVariants', variantIds);
  const entries = rooms.map((input, i): TResolvedEntry => {
    const room = locked.get(input.roomId);
    if (!bookable(writer, room)) throw badRequest('The room does not exist', `rooms.${i}.roomId`);
    if (room.roomTypeId === null)
      throw badRequest('The room has no room type to price it', `rooms.${i}.roomId`);
    const dates = datesOf(writer, input, room, schedules, i);
    const guests = input.guests.map((g, j) => {
      const path = `rooms.${i}.guests.${j}`;
      const customer = g.customerId == null ? undefined : customers.get(g.customerId);
      if (g.customerId != null && !customer)
        throw badRequest('The customer does not exist', `${path}.customerId`);
      if (g.variantId != null && !variants.has(g.variantId))
        throw badRequest('The price variant does not exist', `${path}.variantId`);
      const known = customer?.gender === 'm' || customer?.gender === 'f' ? customer.gender : 'u';
      return {
        customerId: g.customerId ?? null,
        name: g.name ?? null,
        gender: (g.gender ?? known) as TGender,
        age: g.age ?? (customer ? customerAge(customer, dates.from) : null),
        variantId: g.variantId ?? null,
        bed: g.bed ?? null,
      };
    });
    return {
      roomId: room.id,
      roomName: room.name,
      roomTypeId: room.roomTypeId,
      resortId: room.resortId,
      vesselId: room.vesselId,
      scheduleId: dates.scheduleId,
      tourId: dates.tourId,
      from: dates.from,
      to: dates.to,
      whole: input.whole,
      guests,
    };
  });
  assertOneAsset(entries);
  return { ...summarize(entries), locked: [...locked.values()] };
}

/** The guests seated in cabin order, each cabin up to its maxNoOfPax (as the hold flow counts it). */
function seatGuests(cabins: readonly { configuration: unknown }[], guests: readonly TBookingGuestInput[]) {
  let next = 0;
  const seats = cabins.map((cabin) => {
    const max = (cabin.configuration as { maxNoOfPax?: number }).maxNoOfPax ?? 2;
    const seated = guests.slice(next, next + max);
    next += seated.length;
    return seated;
  });
  if (next < guests.length) {
    const max = cabins.reduce(
      (n, c) => n + ((c.configuration as { maxNoOfPax?: number }).maxNoOfPax ?? 2),
      0,
    );
    throw new AppError(400, 'PAX_LIMIT', `The vessel takes at most ${max} guests`, [
      { path: 'fullCharter.guests', code: 'too_big', message: `At most ${max} guests` },
    ]);
  }
  return seats;
}

/**
 * A full charter (docs/domain/departures-and-charters.md): one whole-cabin entry per active cabin of the departure's vessel,
 * the guests seated in cabin order. A cabin the writer may not sell (an agent and a cabin not sold to
 * agencies) makes the vessel unavailable; blocks and other holds are the hold flow's NOT_AVAILABLE.
 */
export async function resolveCharter(
  tx: Tx,
  writer: TWriter,
  charter: TFullCharterInput,
): Promise<TResolvedRooms> {
  const [schedule] = await bookingWrites.schedules(tx, [charter.scheduleId], ownSchedules(writer.user));
  if (!schedule || !listAllowsVessel(writer, schedule.vesselId))
    throw badRequest('The departure does not exist', 'fullCharter.scheduleId');
  const cabins = (await bookingWrites.lockVesselCabins(tx, schedule.vesselId)).sort(
    (a, b) => a.sort - b.sort || a.id - b.id,
  );
  if (cabins.length === 0) throw new AppError(409, 'NOT_AVAILABLE', 'The vessel has no cabins to charter');
  if ((writer.isAgent || writer.online) && cabins.some((c) => !c.isVisible || c.hide))
    throw new AppError(409, 'NOT_AVAILABLE', 'The vessel is not sold to agencies as a whole');
  const seats = seatGuests(cabins, charter.guests);
  const rooms = cabins.map((c, i) => ({
    roomId: c.id,
    scheduleId: schedule.id,
    whole: true,
    guests: seats[i] ?? [],
  }));
  return { ...(await resolveRooms(tx, writer, rooms)), type: 'charter' };
}

/** A full charter's cabins are the whole vessel: no call adds, removes or swaps one (cancel and book anew). */
export function assertRoomsChangeable(row: { type: string }) {
  if (row.type === 'charter')
    throw new AppError(409, 'INVALID_STATE', 'The cabins of a full charter cannot be changed one by one');
}

const listAllowsVessel = (writer: TWriter, vesselId: number) =>
  isAdmin(writer.user) || listAllows(writer.user.vessels, vesselId);

function summarize(entries: TResolvedEntry[]): Omit<TResolvedRooms, 'locked'> {
  const stay = entries.find((e) => e.resortId !== null);
  const trip = entries.find((e) => e.vesselId !== null);
  const type: TBookingType = stay && trip ? 'mixed' : trip ? 'vessel' : 'resort';
  const guests = entries.flatMap((e) => e.guests);
  return {
    entries,
    type,
    resortId: stay?.resortId ?? null,
    vesselId: trip?.vesselId ?? null,
    scheduleId: trip?.scheduleId ?? null,
    tourId: trip?.tourId ?? null,
    from: entries.map((e) => e.from).sort()[0] ?? '',
    to:
      entries
        .map((e) => e.to)
        .sort()
        .at(-1) ?? '',
    noOfPax: guests.length,
    firstCustomerId: guests.find((g) => g.customerId != null)?.customerId ?? null,
  };
}

/** What the hold flow takes for the written entries (ids in the same order). */
export const holdItems = (entries: readonly TResolvedEntry[], ids: readonly number[]): THoldItem[] =>
  entries.map((e, i) => ({
    roomId: e.roomId,
    from: e.from,
    to: e.to,
    scheduleId: e.scheduleId ?? null,
    entryId: ids[i] ?? null,
    whole: e.whole ?? true,
    persons: e.guests.map((g) => ({ customerId: g.customerId, gender: g.gender, age: g.age, bed: g.bed })),
  }));

/** The entry rows to write (without the asset fields the checks used). */
export const entryRows = (entries: readonly TResolvedEntry[]) =>
  entries.map(({ roomName: _n, resortId: _r, vesselId: _v, tourId: _t, ...entry }) => entry);

type TReferences = Pick<TCreateBooking, 'agencyId' | 'customerId' | 'sourceId' | 'categoryId' | 'termsId'>;

/**
 * The agency, payer, source, category and terms named by a request exist (and the payer is one the
 * writer may name). An agent books for its own agency only. Answers the agency to store.
 */
export async function checkReferences(tx: Tx, writer: TWriter, input: Partial<TReferences>) {
  let agencyId = input.agencyId;
  if (writer.isAgent) {
    if (agencyId != null && agencyId !== writer.user.agencyId) throw forbidden();
    agencyId = writer.user.agencyId;
  }
  // One after the other: the queries share the transaction's one connection.
  const checks: [number | null | undefined, () => Promise<Set<number>>, string][] = [
    [agencyId, () => bookingWrites.existing(tx, 'agencies', agencyId ? [agencyId] : []), 'agencyId'],
    [input.sourceId, () => bookingWrites.existing(tx, 'bookingSources', ids(input.sourceId)), 'sourceId'],
    [
      input.categoryId,
      () => bookingWrites.existing(tx, 'bookingCategories', ids(input.categoryId)),
      'categoryId',
    ],
    [input.termsId, () => bookingWrites.existing(tx, 'paymentTerms', ids(input.termsId)), 'termsId'],
  ];
  for (const [id, found, path] of checks) {
    if (id != null && !(await found()).has(id))
      throw badRequest(`The ${path.slice(0, -2)} does not exist`, path);
  }
  if (input.customerId != null && !(await customersOf(tx, writer, [input.customerId])).has(input.customerId))
    throw badRequest('The customer does not exist', 'customerId');
  return { agencyId: agencyId ?? null };
}

const ids = (id: number | null | undefined) => (id == null ? [] : [id]);

/** The hold items of the entries as stored (a change that keeps the rooms but moves the state). */
export async function storedHoldItems(tx: Tx, bookingId: number): Promise<THoldItem[]> {
  const entries = await bookingWrites.entries(tx, bookingId);
  const guests = await bookingWrites.guests(tx, bookingId);
  return entries.map((e) => ({
    roomId: e.roomId,
    from: e.from,
    to: e.to,
    scheduleId: e.scheduleId,
    entryId: e.id,
    whole: e.whole,
    persons: guests
      .filter((g) => g.bookingRoomId === e.id)
      .map((g) => ({ customerId: g.customerId, gender: g.gender as TGender, age: g.age, bed: g.bed })),
  }));
}
