import type { TBooking, TBookingGuestInput } from '@atoll/domain/bookings';
import { customerAge } from '@atoll/domain/customers';
import type { TGender } from '@atoll/domain/inventory/availability';
import { badRequest, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { visibleCustomers } from '../../customers/customers.service.ts';
import type { TBookingRow } from '../bookings.repository.ts';
import {
  createBookingWritesRepository,
  type TBookingPatch,
  type TGuestInsert,
} from '../write/bookings-writes.repository.ts';
import { createBookingChoiceWritesRepository } from './booking-choices.repository.ts';
import {
  entryOf,
  guestsOf,
  type TBookingRoomsFlow,
  type TContext,
  type TLock,
} from './booking-rooms.flow.ts';
import { createBookingRoomWritesRepository } from './booking-rooms.repository.ts';

// Choices by hand on a stored booking (spec booking §7 Booking POSTs): the price (changePrice,
// docs/domain/prices.md "Which price"), the commission-table row (docs/domain/tax-and-commission.md), the shape of one room entry
// and its guests. They run through the rooms flow's sequence (lock → step → rehold → reprice → version),
// so a taken room or a broken gender rule is NOT_AVAILABLE and a stale version VERSION_CONFLICT.
//
// `{roomId}` of `rooms/{roomId}` and `rooms/{roomId}/customers` is the room (rooms.id) of the entry named
// by `roomBookingId`, as in `rooms/{roomId}/date`.

const bookingChoiceWrites = createBookingChoiceWritesRepository();
const bookingWrites = createBookingWritesRepository();

export type TEntryChange = {
  roomBookingId: number;
  /** The whole room or cabin; false: berths for the guests (a shared cabin). */
  whole?: boolean | undefined;
  /** The number of guests: placeholders are added, or removed from the end (never guests with a customer). */
  noOfPax?: number | undefined;
  /** The price variant of every guest of the entry; null clears it. */
  variantId?: number | null | undefined;
};

/** Does a price or commission row belong to the booking's resort or vessel (a general row: any)? */
const fitsAsset = (
  row: { resortId: number | null; vesselId: number | null },
  booking: TBookingRow,
  generalFits: boolean,
) =>
  (generalFits && row.resortId === null && row.vesselId === null) ||
  (row.resortId !== null && row.resortId === booking.resortId) ||
  (row.vesselId !== null && row.vesselId === booking.vesselId);

async function assertVariant(ctx: TContext, variantId: number | null | undefined, path: string) {
  if (variantId == null) return;
  const found = await bookingWrites.existing(ctx.tx, 'priceVariants', [variantId]);
  if (!found.has(variantId)) throw badRequest('The price variant does not exist', path);
}

/** The guests' rows from the request: customers checked (agents: theirs), age on the entry's first night. */
async function guestRows(ctx: TContext, guests: readonly TBookingGuestInput[], firstNight: string) {
  const ids = guests.flatMap((g) => (g.customerId == null ? [] : [g.customerId]));
  const visible = ctx.writer.isAgent ? visibleCustomers(ctx.writer.user) : undefined;
  const customers = new Map((await bookingWrites.customers(ctx.tx, ids, visible)).map((c) => [c.id, c]));
  const rows: TGuestInsert[] = [];
  for (const [i, g] of guests.entries()) {
    const customer = g.customerId == null ? undefined : customers.get(g.customerId);
    if (g.customerId != null && !customer)
      throw badRequest('The customer does not exist', `guests.${i}.customerId`);
    await assertVariant(ctx, g.variantId, `guests.${i}.variantId`);
    const known = customer?.gender === 'm' || customer?.gender === 'f' ? customer.gender : 'u';
    rows.push({
      customerId: g.customerId ?? null,
      name: g.name ?? null,
      gender: (g.gender ?? known) as TGender,
      age: g.age ?? (customer ? customerAge(customer, firstNight) : null),
      variantId: g.variantId ?? null,
      bed: g.bed ?? null,
    });
  }
  return rows;
}

/** The entry of `roomBookingId`, which must be of room `roomId`. */
function entryOfRoom(ctx: TContext, roomId: number, entryId: number) {
  const entry = entryOf(ctx, entryId);
  if (entry.roomId !== roomId) throw badRequest('The room entry is not of this room', 'roomId');
  return entry;
}

/** Adds placeholders or removes placeholders from the end until the entry has `n` guests. */
async function resize(ctx: TContext, entryId: number, n: number) {
  const guests = guestsOf(ctx, entryId);
  if (n > guests.length) {
    const placeholders = Array.from({ length: n - guests.length }, () => ({ gender: 'u' as const }));
    await bookingChoiceWrites.insertGuests(ctx.tx, ctx.row.id, entryId, placeholders, guests.length);
    return;
  }
  const surplus = guests.slice(n);
  if (surplus.some((g) => g.customerId !== null))
    throw badRequest('Only guests without a customer are removed this way (removeCustomer)', 'noOfPax');
  await bookingChoiceWrites.deleteGuests(
    ctx.tx,
    ctx.row.id,
    surplus.map((g) => g.id),
  );
}

export function createBookingChoicesFlow(deps: { rooms: Pick<TBookingRoomsFlow, 'run'> }) {
  const bookingRoomWrites = createBookingRoomWritesRepository();
  const { run } = deps.rooms;

  return {
    /** Pins a confirmed price of the booking's asset; null lets the engine choose again. */
    changePrice(user: TSessionUser, id: number, priceId: number | null, lock: TLock): Promise<TBooking> {
      return run(user, id, lock, { action: 'changePrice' }, async (ctx) => {
        if (priceId !== null) {
          const price = await bookingChoiceWrites.price(ctx.tx, priceId);
          if (!price) throw notFound('Price');
          if (price.status !== 'confirmed' || !fitsAsset(price, ctx.row, false))
            throw badRequest('The price is not a confirmed price of the booking’s resort or vessel', 'price');
        }
        return { patch: { priceId }, reprice: true };
      });
    },

    /** Pins one of the agency's commission rows (general or of the booking's asset); null clears it. */
    commission(user: TSessionUser, id: number, commissionId: number | null, lock: TLock): Promise<TBooking> {
      return run(user, id, lock, { action: 'commission' }, async (ctx) => {
        if (commissionId !== null) {
          if (ctx.row.agencyId === null) throw badRequest('The booking has no agency', 'commission');
          const row = await bookingChoiceWrites.commission(ctx.tx, commissionId);
          if (!row) throw notFound('Commission');
          if (row.agencyId !== ctx.row.agencyId || !fitsAsset(row, ctx.row, true))
            throw badRequest('The commission is not one of the agency’s for this booking', 'commission');
        }
        return { patch: { commissionId }, reprice: true };
      });
    },

    /** Changes one room entry: whole or berths, the number of guests, the guests' price variant. */
    updateEntry(user: TSessionUser, id: number, roomId: number, change: TEntryChange, lock: TLock) {
      return run(user, id, lock, { action: 'updateRoom' }, async (ctx) => {
        const entry = entryOfRoom(ctx, roomId, change.roomBookingId);
        const { whole, noOfPax, variantId } = change;
        if (whole === undefined && noOfPax === undefined && variantId === undefined)
          throw badRequest('Send whole, noOfPax or variantId', 'whole');
        await assertVariant(ctx, variantId, 'variantId');
        if (whole !== undefined) await bookingRoomWrites.updateEntry(ctx.tx, id, entry.id, { whole });
        if (noOfPax !== undefined) await resize(ctx, entry.id, noOfPax);
        if (variantId !== undefined) {
          const guests = (await bookingWrites.guests(ctx.tx, id)).filter((g) => g.bookingRoomId === entry.id);
          for (const guest of guests)
            await bookingRoomWrites.updateGuest(ctx.tx, id, guest.id, { variantId });
        }
        return { rehold: whole !== undefined || noOfPax !== undefined, reprice: true };
      });
    },

    /**
     * Sets the guests of one entry: guest i takes the i-th entry of the list (kept guest ids keep their
     * lines), extra ones are added, surplus ones removed. The lead customer moves when it left the booking.
     */
    setGuests(
      user: TSessionUser,
      id: number,
      roomId: number,
      input: { roomBookingId: number; guests: readonly TBookingGuestInput[] },
      lock: TLock,
    ) {
      return run(user, id, lock, { action: 'setGuests', agents: true }, async (ctx) => {
        const entry = entryOfRoom(ctx, roomId, input.roomBookingId);
        const rows = await guestRows(ctx, input.guests, entry.from);
        const current = guestsOf(ctx, entry.id);
        for (const [i, guest] of current.slice(0, rows.length).entries())
          await bookingRoomWrites.updateGuest(ctx.tx, id, guest.id, rows[i] as TGuestInsert);
        await bookingChoiceWrites.insertGuests(
          ctx.tx,
          id,
          entry.id,
          rows.slice(current.length),
          current.length,
        );
        await bookingChoiceWrites.deleteGuests(
          ctx.tx,
          id,
          current.slice(rows.length).map((g) => g.id),
        );
        const customers = [
          ...rows.map((r) => r.customerId),
          ...ctx.guests.filter((g) => g.bookingRoomId !== entry.id).map((g) => g.customerId),
        ].filter((c): c is number => c != null);
        const lead = ctx.row.customerId;
        const patch: TBookingPatch =
          lead !== null && customers.includes(lead) ? {} : { customerId: customers[0] ?? null };
        return { rehold: true, reprice: true, patch };
      });
    },
  };
}
