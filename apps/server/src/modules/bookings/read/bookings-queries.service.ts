import {
  BOOKING_STATES,
  canCancel,
  canChangeState,
  canRelease,
  isEditable,
  type TBooking,
  type TBookingState,
  type TBookingVersion,
  WRITABLE_STATES,
  ZBooking,
} from '@atoll/domain/bookings';
import { diffSnapshots, type THistoryDiff } from '@atoll/domain/bookings/history';
import {
  BOOKING_FIND_LIMIT,
  type TActionState,
  type TBookingCabin,
  type TBookingCustomer,
  type TBookingListQuery,
} from '@atoll/domain/bookings/queries';
import { holdsInventory } from '@atoll/domain/inventory/availability';
import { LIST_COUNT_CAP } from '@atoll/domain/list';
import { bookingVisibility, canReadAllBookings } from '../../../db/booking-conditions.ts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { MAX_LIST_ROWS } from '../../../http/resource.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import type { TSettingsService } from '../../settings/settings.service.ts';
import { createBookingsRepository, redactBooking, toSummary } from '../bookings.repository.ts';
import {
  createBookingQueriesRepository,
  listCondition,
  listOrder,
  type TVersionRow,
} from './bookings-queries.repository.ts';

const queriesRepo = createBookingQueriesRepository();

const bookingRepo = createBookingsRepository();

// The read side of the bookings (spec booking §7 "Bookings … GET"). Every call takes the acting user
// first and sees only what bookingVisibility lets through; a booking the user may not see is 404, never
// 403, so that its existence stays hidden. Redacted by redactBooking: no internal note; commission only for staff
// and the agent of the booking's agency.

const CSV_BATCH = 500;
const SUMMARY_COLUMNS = [
  'id',
  'state',
  'resolved',
  'offerNo',
  'reservationNo',
  'bookingNo',
  'type',
  'channel',
  'resortId',
  'vesselId',
  'scheduleId',
  'tourId',
  'from',
  'to',
  'noOfPax',
  'customerId',
  'customerName',
  'agencyId',
  'agencyName',
  'userId',
  'language',
  'currency',
  'total',
  'optionExpiry',
  'hasOpenTodos',
  'hasExceededDueDate',
  'paid',
  'openAmount',
  'paymentStatus',
  'nextDueDate',
  'version',
  'createdAt',
  'updatedAt',
] as const;
const COMMISSION_COLUMNS = ['commission', 'commissionPercent'] as const;

const bookingNotFound = () => notFound('Booking');

/** What agents and customers may not see of a stored snapshot (the same rule as the detail). */
function redactSnapshot(user: TSessionUser, snapshot: unknown): unknown {
  if (canReadAllBookings(user)) return snapshot;
  const parsed = ZBooking.safeParse(snapshot);
  if (parsed.success) return redactBooking(user, parsed.data);
  // A snapshot of an older shape: only what cannot carry commission or the internal note.
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const {
    commission: _c,
    commissionPercent: _p,
    commissionId: _i,
    internalNote: _n,
    totals: _t,
    calculation: _l,
    ...rest
  } = snapshot as Record<string, unknown>;
  return rest;
}

/** The calls that lead out of a state (docs/domain/lifecycle.md), from the lifecycle helpers. */
function actionsOf(state: TBookingState): TActionState['actions'] {
  const actions: TActionState['actions'] = WRITABLE_STATES.filter(
    (to) => to !== state && canChangeState(state, to),
  ).map((to) => ({ call: 'change', to }));
  if (canCancel(state)) actions.push({ call: 'cancell', to: 'aborted' });
  if (canRelease(state)) actions.push({ call: 'release', to: 'freed' });
  if (state === 'planned' || state === 'confirmed') actions.push({ call: 'rebook', to: 'rebooked' });
  if (state !== 'deleted') actions.push({ call: 'delete', to: 'deleted' });
  return actions;
}

export function createBookingQueries(deps: { db: Db; settings: TSettingsService }) {
  const { db, settings } = deps;

  /** The booking's id and version if the user may see it; else 404. */
  async function visible(user: TSessionUser, id: number) {
    const row = await queriesRepo.findVisible(db, id, bookingVisibility(user));
    if (!row) throw bookingNotFound();
    return row;
  }

  /** Version rows as the API answers them; for agents and customers the changes come from redacted snapshots. */
  async function toVersions(user: TSessionUser, bookingId: number, rows: TVersionRow[]) {
    const redacted = !canReadAllBookings(user);
    let older: unknown = null;
    if (redacted && rows.length) {
      const last = rows[rows.length - 1] as TVersionRow;
      older = (await queriesRepo.versionSnapshot(db, bookingId, last.version, true))?.snapshot ?? null;
    }
    // Newest first: the snapshot before row i is row i + 1's, the last row's the one just loaded.
    return rows.map((row, i): TBookingVersion => {
      const previous = i + 1 < rows.length ? (rows[i + 1] as TVersionRow).snapshot : older;
      const changes = redacted
        ? previous == null
          ? []
          : diffSnapshots(redactSnapshot(user, previous), redactSnapshot(user, row.snapshot))
        : (row.changes as TBookingVersion['changes']);
      return {
        version: row.version,
        action: row.action,
        userId: row.userId,
        userName: row.userName,
        createdAt: row.createdAt.toISOString(),
        changes: Array.isArray(changes) ? changes : [],
      };
    });
  }

  return {
    async list(user: TSessionUser, query: TBookingListQuery) {
      const where = listCondition(bookingVisibility(user), query);
      const order = listOrder(query);
      const size = query.size === 0 ? MAX_LIST_ROWS : Math.min(query.size, MAX_LIST_ROWS);
      const offset = (query.page - 1) * size;
      // Counted up to the cap or just past the page asked for: the exact count of 100,000 rows costs more than the page.
      const limit = Math.max(LIST_COUNT_CAP, offset + size) + 1;
      const [counted, rows] = await Promise.all([
        queriesRepo.countBookingsUpTo(db, where, limit),
        queriesRepo.pageOfBookings(db, where, order, size, offset),
      ]);
      const totalCapped = counted === limit;
      const total = totalCapped ? limit - 1 : counted;
      return {
        data: rows.map(toSummary),
        total,
        page: query.page,
        size,
        ...(totalCapped && { totalCapped }),
      };
    },

    /** The list as CSV rows (the column names first), in batches; staff also get the commission. */
    async *csv(user: TSessionUser, query: TBookingListQuery): AsyncGenerator<readonly unknown[]> {
      const staff = canReadAllBookings(user);
      const columns = staff ? [...SUMMARY_COLUMNS, ...COMMISSION_COLUMNS] : SUMMARY_COLUMNS;
      // Built before the first line: a bad filter or sort is a 400, not a broken download.
      const where = listCondition(bookingVisibility(user), query);
      const order = listOrder(query);
      yield columns;
      for (let offset = 0; offset < MAX_LIST_ROWS; offset += CSV_BATCH) {
        const rows = await queriesRepo.pageOfBookings(db, where, order, CSV_BATCH, offset, staff);
        for (const row of rows) {
          const out: Record<string, unknown> = { ...toSummary(row), ...row };
          out.optionExpiry = row.optionExpiry?.toISOString() ?? null;
          out.createdAt = row.createdAt.toISOString();
          out.updatedAt = row.updatedAt.toISOString();
          yield columns.map((c) => out[c]);
        }
        if (rows.length < CSV_BATCH) return;
      }
    },

    async get(user: TSessionUser, id: number): Promise<TBooking> {
      const booking = await bookingRepo.loadBooking(db, id, bookingVisibility(user));
      if (!booking) throw bookingNotFound();
      return redactBooking(user, booking);
    },

    async etag(user: TSessionUser, id: number) {
      return (await visible(user, id)).version;
    },

    async history(user: TSessionUser, id: number) {
      await visible(user, id);
      const rows = await queriesRepo.versionRows(db, id, { withSnapshots: !canReadAllBookings(user) });
      return toVersions(user, id, rows);
    },

    async log(user: TSessionUser, id: number, paging: { page: number; size: number }) {
      await visible(user, id);
      const total = await queriesRepo.countVersions(db, id);
      const rows = await queriesRepo.versionRows(db, id, {
        limit: paging.size,
        offset: (paging.page - 1) * paging.size,
        withSnapshots: !canReadAllBookings(user),
      });
      return { data: await toVersions(user, id, rows), total, page: paging.page, size: paging.size };
    },

    async version(user: TSessionUser, id: number, version: number): Promise<TBooking> {
      await visible(user, id);
      const row = await queriesRepo.versionSnapshot(db, id, version);
      const parsed = ZBooking.safeParse(row?.snapshot);
      if (!parsed.success) throw notFound('Booking version');
      return redactBooking(user, parsed.data);
    },

    async diff(user: TSessionUser, id: number, range: { from: number; to: number }): Promise<THistoryDiff> {
      await visible(user, id);
      const [from, to] = await Promise.all([
        queriesRepo.versionSnapshot(db, id, range.from),
        queriesRepo.versionSnapshot(db, id, range.to),
      ]);
      if (!from || !to) throw notFound('Booking version');
      return {
        from: range.from,
        to: range.to,
        changes: diffSnapshots(redactSnapshot(user, from.snapshot), redactSnapshot(user, to.snapshot)),
      };
    },

    years: (user: TSessionUser) => queriesRepo.bookingYears(db, bookingVisibility(user)),

    async actionStates(): Promise<TActionState[]> {
      const offersHoldInventory = (await settings.get('booking', 'offersHoldInventory', false)) === true;
      return BOOKING_STATES.map((state) => ({
        state,
        holdsInventory: holdsInventory({ state }, { offersHoldInventory }),
        editable: isEditable(state),
        actions: actionsOf(state),
      }));
    },

    async find(user: TSessionUser, query: { query: string; onlyActive: boolean }) {
      const rows = await queriesRepo.findBookings(
        db,
        bookingVisibility(user),
        query.query,
        query.onlyActive,
        BOOKING_FIND_LIMIT,
      );
      return rows.map(toSummary);
    },

    async customers(user: TSessionUser, id: number): Promise<TBookingCustomer[]> {
      const booking = await visible(user, id);
      const rows = await queriesRepo.bookingCustomers(db, id);
      return rows.map((r) => ({
        guestId: r.guestId,
        bookingRoomId: r.bookingRoomId,
        roomName: r.roomName,
        customerId: r.customerId,
        name: r.fullName ?? r.guestName,
        firstName: r.firstName,
        lastName: r.lastName,
        gender: r.gender as TBookingCustomer['gender'],
        age: r.age,
        isLead: r.customerId !== null && r.customerId === booking.customerId,
      }));
    },

    async cabins(user: TSessionUser, id: number): Promise<TBookingCabin[]> {
      await visible(user, id);
      const rows = await queriesRepo.bookingCabins(db, id);
      return rows.map((r) => ({
        ...r,
        checkIn: r.checkIn?.toISOString() ?? null,
        checkOut: r.checkOut?.toISOString() ?? null,
        noOfGuests: Number(r.noOfGuests),
      }));
    },
  };
}
export type TBookingQueries = ReturnType<typeof createBookingQueries>;
