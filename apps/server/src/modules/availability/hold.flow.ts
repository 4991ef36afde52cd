import {
  bedTakes,
  genderFits,
  holdsInventory,
  isSellable,
  overlaps,
  type TBookingState,
  type TChannel,
  type TGender,
} from '@atoll/domain/inventory/availability';
import { activeBeds, type TBed, type TRoomConfiguration } from '@atoll/domain/inventory/rooms';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { occupancy, roomBlocks, rooms, schedules, settings } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';

export type THoldPerson = {
  customerId?: number | null;
  gender: TGender;
  /** Age on the first night; null when unknown (docs/domain/availability.md). */
  age: number | null;
  /** A chosen bed (internalId); without it the engine picks one. */
  bed?: string | null;
};

/** One room entry of a booking: the whole room, or one bed per person in a shared room. */
export type THoldItem = {
  roomId: number;
  from: string;
  to: string;
  scheduleId?: number | null;
  entryId?: number | null;
  whole: boolean;
  persons: THoldPerson[];
};

export type THoldRequest = {
  bookingId: number | null;
  state: TBookingState;
  resolved?: boolean;
  /** Option expiry of a planned booking. */
  holdUntil?: Date | null;
  channel: TChannel;
  /** Staff override of blocks, visibility and the gender rule; never of another hold (docs/domain/availability.md, ADR 0010). */
  force?: boolean;
  items: THoldItem[];
  /** The items' rooms as the caller already locked them FOR UPDATE in this transaction: not read again. */
  locked?: readonly THoldRoom[];
};

/** What a forced hold overrode, or what staff should still resolve (a todo in the booking issue). */
export type THoldWarning = {
  roomId: number;
  code: 'BLOCKED' | 'NOT_SELLABLE' | 'GENDER_MISMATCH' | 'GENDER_UNKNOWN';
};

type TRow = typeof occupancy.$inferInsert;
/** A hold on a room's dates as `onDates` reads it. */
type THeld = { unit: string; from: string; to: string; gender: TGender; expired: boolean };
type TOnDates = { held: THeld[]; blocked: boolean };
type TSchedule = typeof schedules.$inferSelect;
/** What the items of one hold share while they are placed one after the other. */
type TPlacing = {
  holds: boolean;
  /** The rows placed so far: a later item on the same room sees them. */
  pending: TRow[];
  warnings: THoldWarning[];
  scheduleOf(id: number): Promise<TSchedule | undefined>;
};
/** A room as the hold checks it (locked FOR UPDATE). */
export type THoldRoom = {
  id: number;
  vesselId: number | null;
  isActive: boolean;
  isVisible: boolean;
  hide: boolean;
  allowSharedRoom: boolean;
  allowMixedGender: boolean;
  configuration: unknown;
};
type TRoom = THoldRoom & { configuration: Partial<TRoomConfiguration> };

const notAvailable = (what: string) => new AppError(409, 'NOT_AVAILABLE', what);

/**
 * What holds each item's room on its dates (expired options flagged) and whether a block covers them, for all
 * items in one statement, in their order (the exclusion constraint's index finds the nights).
 */
async function onDates(tx: Tx, items: readonly THoldItem[]): Promise<TOnDates[]> {
  const roomIds = items.map((i) => i.roomId);
  const froms = items.map((i) => i.from);
  const tos = items.map((i) => i.to);
  const { rows } = (await tx.execute(sql`
    select coalesce((
             select json_agg(json_build_object('unit', o.unit, 'from', o.from_date, 'to', o.to_date,
                                               'gender', o.gender, 'expired', coalesce(o.hold_until <= now(), false)))
             from ${occupancy} o
             where o.room_id = i.room_id and o.holds
               and daterange(o.from_date, o.to_date) && daterange(i.from_date, i.to_date)
           ), '[]'::json) as "held",
           exists (select 1 from ${roomBlocks} b
                   where b.room_id = i.room_id and b.from_date < i.to_date and b.to_date > i.from_date
           ) as "blocked"
    from unnest(${sql.param(roomIds)}::int[], ${sql.param(froms)}::date[], ${sql.param(tos)}::date[])
         with ordinality as i(room_id, from_date, to_date, n)
    order by i.n`)) as unknown as { rows: TOnDates[] };
  return rows;
}

/**
 * Writes what a booking holds (docs/domain/availability.md). The rooms are locked first (in id order, so two writers
 * never deadlock), then checked and written in the caller's transaction: concurrent attempts on one
 * room queue on the lock and the second sees the first's rows. The exclusion constraint backs it up.
 * A booking that changes releases its rows and holds again in the same transaction.
 */
export function createHoldFlow() {
  async function lockRooms(
    tx: Tx,
    ids: number[],
    known: readonly THoldRoom[] = [],
  ): Promise<Map<number, TRoom>> {
    const held = new Map(known.map((r) => [r.id, r]));
    const locked = ids.every((id) => held.has(id))
      ? ids.map((id) => held.get(id) as THoldRoom)
      : await lockedRooms(tx, ids);
    if (locked.length !== ids.length) throw notFound('Room');
    return new Map(locked.map((r) => [r.id, r as TRoom]));
  }

  function lockedRooms(tx: Tx, ids: number[]): Promise<THoldRoom[]> {
    return tx
      .select({
        id: rooms.id,
        vesselId: rooms.vesselId,
        isActive: rooms.isActive,
        isVisible: rooms.isVisible,
        hide: rooms.hide,
        allowSharedRoom: rooms.allowSharedRoom,
        allowMixedGender: rooms.allowMixedGender,
        configuration: rooms.configuration,
      })
      .from(rooms)
      .where(inArray(rooms.id, ids))
      .orderBy(asc(rooms.id))
      .for('update');
  }

  /** An expired option holds nothing: let it go before the exclusion constraint sees the new rows. */
  async function letExpiredGo(tx: Tx, roomId: number) {
    await tx
      .update(occupancy)
      .set({ holds: false, updatedAt: new Date() })
      .where(
        and(eq(occupancy.roomId, roomId), eq(occupancy.holds, true), lte(occupancy.holdUntil, sql`now()`)),
      );
  }

  async function checkSchedule(room: TRoom, item: THoldItem, run: TPlacing) {
    if (!item.scheduleId) return;
    const schedule = await run.scheduleOf(item.scheduleId);
    if (!schedule) throw notFound('Schedule');
    if (schedule.vesselId !== room.vesselId)
      throw badRequest("The cabin is not on the departure's vessel", 'roomId');
    if (schedule.status === 'cancelled') throw notAvailable('The departure is cancelled');
  }

  /** Beds for persons without a chosen one: children take age-limited beds first, adults the others. */
  function pickBed(free: TBed[], age: number | null): TBed | undefined {
    const fitting = free.filter((b) => bedTakes(b, age));
    return fitting.find((b) => Boolean(b.maxAge)) ?? fitting[0];
  }

  function bedRows(
    room: TRoom,
    item: THoldItem,
    taken: Set<string>,
    present: TGender[],
    force: boolean,
    warnings: THoldWarning[],
  ) {
    const beds = activeBeds({ beds: room.configuration.beds ?? [] });
    return item.persons.map((person) => {
      let bed: TBed | undefined;
      if (person.bed) {
        bed = beds.find((b) => b.internalId === person.bed);
        if (!bed) throw badRequest(`Room ${room.id} has no active bed "${person.bed}"`, 'bed');
        if (taken.has(bed.internalId)) throw notAvailable(`Bed ${bed.internalId} is already taken`);
        if (!bedTakes(bed, person.age))
          throw new AppError(
            409,
            'BED_AGE_LIMIT',
            `Bed ${bed.internalId} takes guests up to ${bed.maxAge} years`,
          );
      } else {
        const free = beds.filter((b) => !taken.has(b.internalId));
        bed = pickBed(free, person.age);
        if (!bed && free.length > 0)
          throw new AppError(409, 'BED_AGE_LIMIT', 'The free beds are limited to younger guests');
        if (!bed) throw notAvailable(`No free bed in room ${room.id}`);
      }
      if (!genderFits(person.gender, present, room.allowMixedGender)) {
        if (!force)
          throw new AppError(409, 'GENDER_MISMATCH', `Room ${room.id} holds guests of the other gender`);
        warnings.push({ roomId: room.id, code: 'GENDER_MISMATCH' });
      }
      if (person.gender === 'u' && !room.allowMixedGender)
        warnings.push({ roomId: room.id, code: 'GENDER_UNKNOWN' });
      taken.add(bed.internalId);
      present.push(person.gender);
      return {
        unit: bed.internalId,
        customerId: person.customerId ?? null,
        gender: person.gender,
        bedAssigned: Boolean(person.bed),
        wholeRoom: false,
      };
    });
  }

  /** The units a whole-room hold takes: '' for a room sold whole, every active bed of a shared room. */
  function wholeRows(room: TRoom, item: THoldItem) {
    const beds = activeBeds({ beds: room.configuration.beds ?? [] });
    const units = room.allowSharedRoom && beds.length > 0 ? beds.map((b) => b.internalId) : [''];
    return units.map((unit, i) => {
      const person = item.persons[i];
      return {
        unit,
        customerId: person?.customerId ?? null,
        gender: person?.gender ?? 'u',
        bedAssigned: unit !== '',
        wholeRoom: true,
      };
    });
  }

  /** One item's rows; `onDates`: what holds its room on its dates (nothing when the booking holds nothing). */
  async function place(
    tx: Tx,
    room: TRoom,
    item: THoldItem,
    onDates: TOnDates,
    req: THoldRequest,
    run: TPlacing,
  ) {
    const { holds, pending, warnings } = run;
    const maxPax = room.configuration.maxNoOfPax ?? 2;
    if (item.whole && item.persons.length > maxPax)
      throw new AppError(400, 'PAX_LIMIT', `Room ${room.id} takes at most ${maxPax} guests`);
    if (!item.whole && !room.allowSharedRoom)
      throw badRequest(`Room ${room.id} is not shared: book it whole`, 'whole');
    await checkSchedule(room, item, run);
    const force = req.force === true;
    const overlapsItem = (r: { from: string; to: string }) => overlaps(r, item);
    if (onDates.held.some((h) => h.expired)) await letExpiredGo(tx, room.id);
    const held = [
      ...onDates.held.filter((h) => !h.expired),
      ...(holds
        ? pending.filter(
            (p) => p.roomId === room.id && p.holds && overlapsItem(p as { from: string; to: string }),
          )
        : []),
    ];
    if (holds) {
      if (!isSellable(room, req.channel)) {
        if (!force) throw notAvailable(`Room ${room.id} is not for sale on this channel`);
        warnings.push({ roomId: room.id, code: 'NOT_SELLABLE' });
      }
      if (onDates.blocked) {
        if (!force) throw notAvailable(`Room ${room.id} is blocked on these dates`);
        warnings.push({ roomId: room.id, code: 'BLOCKED' });
      }
      if (item.whole && held.length > 0)
        throw notAvailable(`Room ${room.id} is already taken on these dates`);
      if (held.some((h) => h.unit === ''))
        throw notAvailable(`Room ${room.id} is already taken on these dates`);
    }
    const units = item.whole
      ? wholeRows(room, item)
      : bedRows(
          room,
          item,
          new Set(held.map((h) => h.unit as string)),
          held.map((h) => h.gender as TGender),
          force,
          warnings,
        );
    return units.map(
      (u): TRow => ({
        ...u,
        roomId: room.id,
        from: item.from,
        to: item.to,
        scheduleId: item.scheduleId ?? null,
        bookingId: req.bookingId,
        entryId: item.entryId ?? null,
        state: req.state,
        holds,
        holdUntil: holds ? (req.holdUntil ?? null) : null,
      }),
    );
  }

  // Read in the transaction: on PGlite a query beside it would wait for it to end.
  async function offersHoldInventoryIn(tx: Tx) {
    const [setting] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.group, 'booking'), eq(settings.key, 'offersHoldInventory')));
    return setting?.value === true;
  }

  /**
   * Checks the holds of one booking inside `tx` and answers the rows to write; NOT_AVAILABLE (409) when they
   * would overbook. Expired options on the rooms' dates are let go on the way.
   */
  async function planHold(tx: Tx, req: THoldRequest) {
    if (req.items.length === 0) return { rows: [] as TRow[], holds: false, warnings: [] as THoldWarning[] };
    // The setting decides drafts only (holdsInventory), so only a draft reads it.
    const offersHoldInventory = req.state === 'draft' && (await offersHoldInventoryIn(tx));
    const holds = holdsInventory(req, { offersHoldInventory });
    const locked = await lockRooms(
      tx,
      [...new Set(req.items.map((i) => i.roomId))].sort((a, b) => a - b),
      req.locked,
    );
    for (const item of req.items)
      if (item.to <= item.from) throw badRequest('"to" must be after "from"', 'to');
    const held = holds ? await onDates(tx, req.items) : [];
    // A charter's cabins share their departure: read once.
    const read = new Map<number, Promise<TSchedule | undefined>>();
    const run: TPlacing = {
      holds,
      pending: [],
      warnings: [],
      scheduleOf(id) {
        const known = read.get(id);
        if (known) return known;
        const schedule = tx
          .select()
          .from(schedules)
          .where(eq(schedules.id, id))
          .then(([row]) => row);
        read.set(id, schedule);
        return schedule;
      },
    };
    const free: TOnDates = { held: [], blocked: false };
    for (const [i, item] of req.items.entries()) {
      const room = locked.get(item.roomId);
      if (room) run.pending.push(...(await place(tx, room, item, held[i] ?? free, req, run)));
    }
    return { rows: run.pending, holds, warnings: run.warnings };
  }

  return {
    planHold,

    /**
     * Checks and writes the holds of one booking inside `tx`; NOT_AVAILABLE (409) when it would overbook. A
     * writer that writes the rows itself, together with its own (create), plans them with planHold.
     */
    async hold(tx: Tx, req: THoldRequest) {
      const { rows: pending, holds, warnings } = await planHold(tx, req);
      const rows = pending.length > 0 ? await tx.insert(occupancy).values(pending).returning() : [];
      return { rows, holds, warnings };
    },

    /** Lets go of everything a booking holds or shows (cancel, rebook, or before holding again on a change). */
    async release(tx: Tx, bookingId: number) {
      await tx.delete(occupancy).where(eq(occupancy.bookingId, bookingId));
    },
  };
}
