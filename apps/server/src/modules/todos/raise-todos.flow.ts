import { dueDate, type TCalcType, type TDueBooking } from '@atoll/domain/todos';
import { DIRECT_READS, type TReads } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import type { TRaisedTodo } from '../bookings/write/booking-hooks.ts';
import { createTodosRepository, type TBookingTodoInsert, type TTodoRow } from './todos.repository.ts';

// Todos raised inside a booking's own transaction (create, change, room changes, cancel): the booking
// write and its todos commit together, and `has_open_todos` follows in the same transaction.

const repo = createTodosRepository();

const isoDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** The dates a due rule counts from, as days. */
export const dueDatesOf = (booking: {
  createdAt: Date;
  reservationDate: Date | null;
  bookingDate: Date | null;
  from: string;
  to: string;
}): TDueBooking => ({
  createdAt: isoDay(booking.createdAt) ?? booking.from,
  reservationDate: isoDay(booking.reservationDate),
  bookingDate: isoDay(booking.bookingDate),
  from: booking.from,
  to: booking.to,
});

/** A booking todo from its definition, due by the definition's rule. */
async function fromDefinitions(
  tx: Tx,
  bookingId: number,
  raised: { def: TTodoRow; roomId?: number | null }[],
) {
  const booking = await repo.bookingDates(tx, bookingId);
  if (!booking) return [];
  const dates = dueDatesOf(booking);
  const rows: TBookingTodoInsert[] = raised.map(({ def, roomId }) => ({
    bookingId,
    todoId: def.id,
    code: def.code,
    group: def.group,
    text: def.text || def.name,
    roomId: roomId ?? null,
    due: dueDate({ calcType: def.calcType as TCalcType, value: def.value }, dates),
    predefined: def.predefined,
  }));
  const inserted = await repo.insert(tx, rows);
  await repo.syncOpenFlag(tx, bookingId);
  return inserted;
}

/**
 * Raises system todos on a booking, at most one open todo per code and room: raising again what is
 * still open adds nothing. A code whose definition the operator switched off raises nothing.
 */
export async function raiseBookingTodos(tx: Tx, bookingId: number, raised: readonly TRaisedTodo[]) {
  if (raised.length === 0) return [];
  const key = (code: string | null, roomId: number | null | undefined) => `${code}:${roomId ?? ''}`;
  const seen = new Set((await repo.openTodos(tx, bookingId)).map((t) => key(t.code, t.roomId)));
  const wanted = raised.filter((r) => {
    const k = key(r.code, r.roomId);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const definitions = await repo.definitionsByCode(tx, [...new Set(wanted.map((r) => r.code))]);
  const byCode = new Map(definitions.map((d) => [d.code, d]));
  const items = wanted.flatMap((r) => {
    const def = byCode.get(r.code);
    return def ? [{ def, roomId: r.roomId ?? null }] : [];
  });
  return items.length === 0 ? [] : fromDefinitions(tx, bookingId, items);
}

/** The definitions that join every new booking of its type (`autoAdd`), due by their rules. */
export async function addAutoTodos(tx: Tx, bookingId: number, type: string, reads: TReads = DIRECT_READS) {
  const definitions = await reads.get(`autoTodos ${type}`, () => repo.autoAddDefinitions(tx, type));
  return definitions.length === 0
    ? []
    : fromDefinitions(
        tx,
        bookingId,
        definitions.map((def) => ({ def })),
      );
}

/**
 * An option that was confirmed, cancelled or given a new expiry needs no more warning: its open
 * `optionExpiring` and `optionExpiredPaid` todos close (docs/domain/options.md).
 */
export async function closeOptionTodos(tx: Tx, bookingId: number, userId: number | null) {
  const closed = await repo.closeCodes(tx, bookingId, ['optionExpiring', 'optionExpiredPaid'], userId);
  if (closed.length > 0) await repo.syncOpenFlag(tx, bookingId);
  return closed;
}

/** A cancel closes the open todos whose definition has `closeOnAbort` (docs/domain/lifecycle.md). */
export async function closeTodosOnAbort(tx: Tx, bookingId: number, userId: number | null) {
  const closed = await repo.closeOnAbort(tx, bookingId, userId);
  if (closed.length > 0) await repo.syncOpenFlag(tx, bookingId);
  return closed;
}
