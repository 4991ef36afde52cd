import type { TBooking } from '@atoll/domain/bookings';
import { diffSnapshots, type TBookingAction, type TFieldChange } from '@atoll/domain/bookings/history';
import type { TReads } from '../../../db/change-feed.ts';
import type { Tx } from '../../../db/client.ts';
import type { bookingRooms } from '../../../db/schema.ts';
import {
  createBookingsRepository,
  type TBookingDetailRow,
  toLines,
  toRooms,
} from '../bookings.repository.ts';
import { bookingHooks } from './booking-hooks.ts';
import {
  createBookingWritesRepository,
  type TGuestRow,
  type TLineRow,
} from './bookings-writes.repository.ts';

const bookingRepo = createBookingsRepository();

const bookingWrites = createBookingWritesRepository();

/**
 * A booking written in this transaction by the create flow, as stored and held in memory: its row with its
 * names as the flow's write answered it, its entries, guests and lines (with the rooms' names).
 * `rowChanged`: something wrote the row after that write (a todo sets its flag); then the version reads
 * the row again, and only the row.
 */
export type TCreatedBooking = {
  booking: TBookingDetailRow;
  rowChanged: boolean;
  entries: (typeof bookingRooms.$inferSelect)[];
  guests: TGuestRow[];
  lines: TLineRow[];
  roomNames: ReadonlyMap<number, string>;
};

/** A product or add-on line the stock sync counts (products.repository bookingProducts). */
const takesStock = (line: TLineRow) =>
  (line.type === 'product' || line.type === 'addon') &&
  (line.customData as { productId?: unknown } | null)?.productId != null;

/**
 * The booking as stored after a write. A booking created in this transaction is built from what the create
 * flow holds; what changed after the flow's last update of it is read again (the row, or everything when the
 * payment lines were rewritten).
 */
async function snapshotAfter(
  tx: Tx,
  bookingId: number,
  created: TCreatedBooking | undefined,
  settled: { linesChanged: boolean; rowChanged: boolean },
) {
  if (!created || settled.linesChanged) return bookingRepo.loadBooking(tx, bookingId);
  const parts = {
    rooms: toRooms(created.entries, created.guests, created.roomNames),
    calculation: toLines(created.lines),
  };
  return created.rowChanged || settled.rowChanged
    ? bookingRepo.loadBookingWith(tx, bookingId, parts)
    : bookingRepo.bookingOf(tx, created.booking, parts);
}

// Every successful write adds a version row (the booking's history): who, when, the action, what changed (the
// history's own diff of the snapshots) and the booking as it is afterwards, unredacted.

/**
 * Writes the version row of a write that brought the booking to `version` and answers the booking as
 * stored. `before` (the booking as it was) gives the changed paths; a create has none.
 */
export async function recordVersion(
  tx: Tx,
  args: {
    bookingId: number;
    version: number;
    userId: number | null;
    action: TBookingAction;
    before?: TBooking;
    created?: TCreatedBooking;
    /** The reference data of the write (the state-mail switch), when the caller keeps it in memory. */
    reads?: TReads;
    /** Entries beside the diff (e.g. why guests not ready to dive were checked in). */
    notes?: TFieldChange[];
  },
): Promise<TBooking> {
  const { created } = args;
  const { stock, settlement, stateMail } = bookingHooks().afterWrite;
  // Every write may change what the booking takes from stock (state, products): settled here, once.
  // A booking created in this transaction has taken nothing yet: without product lines there is nothing to take.
  if (!created || created.lines.some(takesStock)) await stock(tx, args.bookingId, args.userId);
  // And what the payments settle of the (new) calculation: paid, open, status, due dates, payment lines.
  // A booking created in this transaction has no payments yet (nothing of the create flow adds one).
  const settled = await settlement(tx, args.bookingId, created);
  const snapshot = await snapshotAfter(tx, args.bookingId, created, settled);
  if (!snapshot) throw new Error(`booking ${args.bookingId} vanished inside its transaction`);
  await bookingWrites.insertVersion(tx, {
    bookingId: args.bookingId,
    version: args.version,
    userId: args.userId,
    action: args.action,
    changes: [...(args.before ? diffSnapshots(args.before, snapshot) : []), ...(args.notes ?? [])],
    snapshot,
  });
  // An option confirmed, cancelled or given a new expiry: its warnings are done (docs/domain/options.md).
  const { before } = args;
  if (
    before?.state === 'planned' &&
    (snapshot.state !== 'planned' || snapshot.optionExpiry !== before.optionExpiry)
  )
    await bookingHooks().todos.closeOption(tx, args.bookingId, args.userId);
  // The automatic mail of a new state (planned, confirmed, aborted): always for a booking the guest made itself, else when
  // the operator switched it on.
  await stateMail(tx, {
    bookingId: args.bookingId,
    version: args.version,
    before: args.before?.state,
    after: snapshot.state,
    channel: snapshot.channel,
    userId: args.userId,
    reads: args.reads,
  });
  return snapshot;
}
