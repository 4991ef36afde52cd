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
import type { Tx } from '../../db/client.ts';
import type { schedules } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createAvailabilityRepository, type TOccupancyInsert } from './availability.repository.ts';

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

type TRow = TOccupancyInsert;
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
 * Writes what a booking holds (docs/domain/availability.md). The rooms are locked first (in id order, so two writers
 * never deadlock), then checked and written in the caller's transaction: concurrent attempts on one
 * room queue on the lock and the second sees the first's rows. The exclusion constraint backs it up.
 * A booking that changes releases its rows and holds again in the same transaction.
 */
export function createHoldFlow() {
  const repository = createAvailabilityRepository();
  const settingsRepository = createSettingsRepository();

  async function lockRooms(
    tx: Tx,
    ids: number[],
    known: readonly THoldRoom[] = [],
  ): Promise<Map<number, TRoom>> {
    const held = new Map(known.map((r) => [r.id, r]));
    const locked = ids.every((id) => held.has(id))
      ? ids.map((id) => held.get(id) as THoldRoom)
      : await repository.lockHoldRooms(tx, ids);
    if (locked.length !== ids.length) throw notFound('Room');
    return new Map(locked.map((r) => [r.id, r as TRoom]));
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
    // An expired option holds nothing: let it go before the exclusion constraint sees the new rows.
    if (onDates.held.some((h) => h.expired)) await repository.letExpiredGo(tx, room.id);
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
    return (await settingsRepository.value(tx, 'booking', 'offersHoldInventory')) === true;
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
    const held = holds ? await repository.onDates<TOnDates>(tx, req.items) : [];
    // A charter's cabins share their departure: read once.
    const read = new Map<number, Promise<TSchedule | undefined>>();
    const run: TPlacing = {
      holds,
      pending: [],
      warnings: [],
      scheduleOf(id) {
        const known = read.get(id);
        if (known) return known;
        const schedule = repository.schedule(tx, id);
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
      const rows = pending.length > 0 ? await repository.insertOccupancy(tx, pending) : [];
      return { rows, holds, warnings };
    },

    /** Lets go of everything a booking holds or shows (cancel, rebook, or before holding again on a change). */
    async release(tx: Tx, bookingId: number) {
      await repository.deleteOccupancy(tx, bookingId);
    },
  };
}
