import type { TFieldChange } from '@atoll/domain/bookings/history';
import type { TTodoCode } from '@atoll/domain/todos';
import type { TReads } from '../../../db/change-feed.ts';
import type { Executor, Tx } from '../../../db/client.ts';
import type { bookings, calculationLines } from '../../../db/schema.ts';
import type { THoldWarning } from '../../availability/hold.flow.ts';

// What a booking write asks of the modules around bookings: products (stock), payments (settlement and the
// payments a lifecycle step looks at or moves), mail (the state mail, the option notices), todos and documents
// (a cancel's cancellation invoices). Bookings import none of them: each of those modules imports bookings, so
// bookings name here what they need and the composition root joins the implementations once
// (apps/server/src/booking-hooks.ts, called by container.ts and by the tests' setup). A write before that fails
// loudly rather than skipping a step.

type TBookingRow = typeof bookings.$inferSelect;
type TLineRow = typeof calculationLines.$inferSelect;
type TLineLike = Pick<TLineRow, 'type' | 'customerType' | 'total' | 'customData'>;

/** A todo a write raises on its booking; `roomId` for one room's todo. */
export type TRaisedTodo = { code: TTodoCode; roomId?: number | null };

/** What staff must still resolve after a hold (docs/domain/availability.md). */
const TODO_OF_WARNING: Record<THoldWarning['code'], TTodoCode> = {
  BLOCKED: 'overbooking',
  NOT_SELLABLE: 'overbooking',
  GENDER_MISMATCH: 'genderMismatch',
  GENDER_UNKNOWN: 'genderUnknown',
};

export const todosOfWarnings = (warnings: readonly THoldWarning[] | undefined): TRaisedTodo[] =>
  (warnings ?? []).map((w) => ({ code: TODO_OF_WARNING[w.code], roomId: w.roomId }));

/** A booking's state change, for the automatic state mail. */
export type TStateChange = {
  bookingId: number;
  version: number;
  before: string | undefined;
  after: string;
  /** The booking's channel: a booking the guest made itself (CustomerDirectBooking) is mailed whatever the switch says. */
  channel: string;
  userId: number | null;
  reads?: TReads | undefined;
};

export type TOptionNotice = 'expiring' | 'expired';

export type TBookingHooks = {
  /**
   * The after-write pipeline: every booking write ends in recordVersion, which runs `stock`, then
   * `settlement`, then writes the version row, then `stateMail`, all in the write's transaction.
   */
  afterWrite: {
    /** Takes from stock, or gives back, what the booking's product lines need in its state. */
    stock(tx: Tx, bookingId: number, userId: number | null): Promise<void>;
    /**
     * Brings paid, open, status, due dates and the payment lines in line with the (new) calculation.
     * `created`: a booking created in this transaction, as written (it has no payments yet).
     */
    settlement(
      tx: Tx,
      bookingId: number,
      created?: { booking: TBookingRow; lines: readonly TLineRow[] },
    ): Promise<{ linesChanged: boolean; rowChanged: boolean }>;
    /** Queues the operator's mail of the new state, when switched on. */
    stateMail(tx: Tx, change: TStateChange): Promise<void>;
  };
  todos: {
    /** Raises system todos, at most one open per code and room; answers those added. */
    raise(tx: Tx, bookingId: number, raised: readonly TRaisedTodo[]): Promise<readonly unknown[]>;
    /** The definitions every new booking of its type gets. */
    addAuto(tx: Tx, bookingId: number, type: string, reads?: TReads): Promise<readonly unknown[]>;
    /** A cancel closes the open todos whose definition says so. */
    closeOnAbort(tx: Tx, bookingId: number, userId: number | null): Promise<unknown>;
    /** An option confirmed, cancelled or moved: its warning todos close. */
    closeOption(tx: Tx, bookingId: number, userId: number | null): Promise<unknown>;
  };
  payments: {
    has(ex: Executor, bookingId: number): Promise<boolean>;
    /** Payments made at or after `since` (a booking's own, not moved to it by a rebook). */
    hasSince(ex: Executor, bookingId: number, since: Date): Promise<boolean>;
    /** Moves a booking's payments to another (rebook; its revert moves them back). */
    move(tx: Tx, fromId: number, toId: number, createdBefore?: Date): Promise<void>;
    /** The payment fields of a new booking (no payments yet) to write with its price. */
    ofNewBooking(
      booking: Pick<TBookingRow, 'agencyId' | 'totals' | 'from'>,
      lines: readonly TLineLike[],
    ): Pick<TBookingRow, 'paid' | 'openAmount' | 'paymentStatus' | 'nextDueDate'>;
  };
  invoices: {
    /** A cancelled booking's open invoices reversed by cancellation invoices; answers those. */
    reverseOpen(tx: Tx, bookingId: number): Promise<readonly unknown[]>;
  };
  checkIn: {
    /**
     * Guests not ready to dive (when the dive log is on): 409 NOT_READY naming them, unless a reason is
     * given; then the notes the check-in's version row keeps.
     */
    readiness(
      ex: Executor,
      customerIds: number[],
      day: string,
      reason: string | undefined,
    ): Promise<TFieldChange[]>;
  };
  options: {
    /** Hours before an option lapses that the office is warned. */
    warningHours(ex: Executor): Promise<number>;
    /** The todo and mails of an option lapsing soon or lapsed, once per option. */
    notice(tx: Tx, bookingId: number, kind: TOptionNotice, expiry: Date): Promise<void>;
  };
};

let joined: TBookingHooks | undefined;

/** The composition root's one call: what the modules around bookings do for a booking write. */
export function joinBookingHooks(hooks: TBookingHooks) {
  joined = hooks;
}

export function bookingHooks(): TBookingHooks {
  if (!joined)
    throw new Error('booking hooks not joined: the composition root joins them (booking-hooks.ts)');
  return joined;
}
