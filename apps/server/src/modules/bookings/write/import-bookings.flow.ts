import type { TBookingGuestInput, TCreateBooking } from '@atoll/domain/bookings';
import {
  readBookingImport,
  type TBookingImportAnswer,
  type TImportBooking,
  type TImportProblem,
} from '@atoll/domain/bookings/import';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { agencies, bookings, customers, resorts, rooms, schedules, vessels } from '../../../db/schema.ts';
import { readCsvFile } from '../../../http/csv.ts';
import { AppError, toAppError } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import type { TCreateBookingFlow } from './create-booking.flow.ts';

// POST /api/bookings/import/csv (docs/domain/lifecycle.md "Importing bookings"): every booking of the file is
// made through the create call, each in a savepoint so that every refused row is named; one refused row
// imports nothing, and a dry run checks and prices everything and writes nothing. A reference a booking
// already has (its external reference) is skipped, so the same file imported twice adds nothing.

/** Thrown to roll the import's transaction back after a dry run or refused rows. */
const ROLLBACK = Symbol('rollback');

type TRoomRow = { id: number; name: string; vesselId: number | null; asset: string | null };

/** What the file names: rooms with their resort or vessel, departures, customers, agencies, references. */
async function lookups(tx: Tx, list: readonly TImportBooking[]) {
  const roomRows: TRoomRow[] = await tx
    .select({
      id: rooms.id,
      name: rooms.name,
      vesselId: rooms.vesselId,
      asset: sql<string | null>`coalesce(${resorts.name}, ${vessels.name})`,
    })
    .from(rooms)
    .leftJoin(resorts, eq(resorts.id, rooms.resortId))
    .leftJoin(vessels, eq(vessels.id, rooms.vesselId))
    .where(eq(rooms.isActive, true));
  const emails = [...new Set(list.flatMap((b) => (b.email ? [b.email.toLowerCase()] : [])))];
  const people = emails.length
    ? await tx
        .select({ id: customers.id, email: sql<string>`lower(${customers.email})` })
        .from(customers)
        .where(inArray(sql`lower(${customers.email})`, emails))
    : [];
  const names = [...new Set(list.flatMap((b) => (b.agency ? [b.agency.toLowerCase()] : [])))];
  const houses = names.length
    ? await tx
        .select({ id: agencies.id, name: sql<string>`lower(${agencies.name})` })
        .from(agencies)
        .where(inArray(sql`lower(${agencies.name})`, names))
    : [];
  const references = [...new Set(list.flatMap((b) => (b.reference ? [b.reference] : [])))];
  const taken = references.length
    ? await tx
        .select({ reference: bookings.systemReference })
        .from(bookings)
        .where(inArray(bookings.systemReference, references))
    : [];
  return {
    rooms: roomRows,
    customers: new Map(people.map((p) => [p.email, p.id])),
    agencies: new Map(houses.map((a) => [a.name, a.id])),
    taken: new Set(taken.map((r) => r.reference)),
  };
}

/** The departure of the vessel that starts on the day. */
async function departureOn(tx: Tx, vesselId: number, day: string) {
  const [row] = await tx
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.vesselId, vesselId), eq(schedules.from, day)));
  return row?.id;
}

/** One booking of the file as a create request, or the problems that keep it from being one. */
async function requestOf(
  tx: Tx,
  b: TImportBooking,
  known: Awaited<ReturnType<typeof lookups>>,
): Promise<{ request?: TCreateBooking; problems: TImportProblem[] }> {
  const problems: TImportProblem[] = [];
  const customerId = b.email ? known.customers.get(b.email.toLowerCase()) : undefined;
  const agencyId = b.agency ? known.agencies.get(b.agency.toLowerCase()) : undefined;
  if (b.agency && agencyId === undefined)
    problems.push({ row: b.rows[0] ?? 0, column: 'agency', message: `No agency "${b.agency}"` });
  const entries = [];
  for (const [i, e] of b.entries.entries()) {
    const candidates = known.rooms.filter(
      (r) =>
        r.name.toLowerCase() === e.room.toLowerCase() &&
        (!e.asset || r.asset?.toLowerCase() === e.asset.toLowerCase()),
    );
    const room = candidates[0];
    if (!room || candidates.length > 1) {
      const message = room
        ? `"${e.room}" is a room of ${candidates.map((c) => c.asset).join(', ')}: name the resort or vessel (asset)`
        : `No room or cabin "${e.room}"${e.asset ? ` in ${e.asset}` : ''}`;
      problems.push({ row: e.row, column: 'room', message });
      continue;
    }
    const scheduleId = room.vesselId === null ? null : await departureOn(tx, room.vesselId, e.from);
    if (room.vesselId !== null && scheduleId === undefined)
      problems.push({ row: e.row, column: 'from', message: `No departure of ${room.asset} on ${e.from}` });
    if (room.vesselId === null && !e.to)
      problems.push({ row: e.row, column: 'to', message: 'A resort stay needs its departure day' });
    const guests: TBookingGuestInput[] = Array.from({ length: e.pax }, (_, j) =>
      i === 0 && j === 0 && customerId !== undefined
        ? { customerId }
        : e.guests[j]
          ? { name: e.guests[j] }
          : {},
    );
    entries.push({
      roomId: room.id,
      from: room.vesselId === null ? e.from : null,
      to: room.vesselId === null ? e.to : null,
      scheduleId: scheduleId ?? null,
      whole: true,
      guests,
    });
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    request: {
      state: b.state,
      rooms: entries,
      fullCharter: null,
      customerId: customerId ?? null,
      agencyId: agencyId ?? null,
      language: b.language,
      currency: b.currency,
      note: b.note,
      systemReference: b.reference,
      force: false,
    },
  };
}

export function createImportBookingsFlow(deps: { db: Db; create: TCreateBookingFlow }) {
  return {
    /** Imports the file's bookings, all or none; `dryRun` writes nothing. */
    async importCsv(user: TSessionUser, text: string, dryRun: boolean): Promise<TBookingImportAnswer> {
      const read = readBookingImport(readCsvFile(text).records);
      const problems = [...read.problems];
      const answer: TBookingImportAnswer = { dryRun, created: [], skipped: [] };
      try {
        await deps.db.transaction(async (tx) => {
          const known = await lookups(tx, read.bookings);
          for (const b of read.bookings) {
            if (b.reference && known.taken.has(b.reference)) {
              answer.skipped.push({ rows: b.rows, reference: b.reference });
              continue;
            }
            const { request, problems: own } = await requestOf(tx, b, known);
            problems.push(...own);
            if (!request) continue;
            try {
              const made = await tx.transaction((sp) => deps.create.createInTransaction(sp, user, request));
              answer.created.push({
                rows: b.rows,
                reference: b.reference,
                id: dryRun ? null : made.id,
                number: dryRun ? null : (made.bookingNo ?? made.reservationNo ?? made.offerNo),
                state: b.state,
                from: made.from,
                to: made.to,
                noOfPax: made.noOfPax,
                total: made.total,
                currency: made.currency,
              });
            } catch (error) {
              const refused = toAppError(error as Parameters<typeof toAppError>[0]);
              if (refused.statusCode >= 500) throw error;
              problems.push({
                row: b.rows[0] ?? 0,
                column: '',
                message: `${refused.code}: ${refused.description}`,
              });
            }
          }
          if (dryRun || problems.length > 0) throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      if (problems.length > 0)
        throw new AppError(
          400,
          'ValidationError',
          'Rows of the file cannot be imported; nothing was imported',
          problems.slice(0, 100).map((p) => ({
            path: `row ${p.row}${p.column ? `.${p.column}` : ''}`,
            code: 'invalid',
            message: p.message,
          })),
        );
      return answer;
    },
  };
}
