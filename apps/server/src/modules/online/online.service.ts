import { createHash } from 'node:crypto';
import type { TBooking, TCreateBooking } from '@atoll/domain/bookings';
import { ONLINE_HOLD_MINUTES } from '@atoll/domain/constants';
import { isSellable, type TRoomAvailability } from '@atoll/domain/inventory/availability';
import { allowedDays } from '@atoll/domain/inventory/resorts';
import type {
  TOnlineAddon,
  TOnlineCreated,
  TOnlineCreateRequest,
  TOnlineLookup,
  TOnlinePrice,
  TOnlinePriceRequest,
  TOnlineRoom,
  TOnlineRoomType,
  TOnlineSchedule,
  TOnlineTrip,
  TOnlineVessel,
} from '@atoll/domain/online/api';
import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { today } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import {
  arrivalDepartureRules,
  bookings,
  customers,
  onlineRequests,
  paymentProviders,
  products,
  resorts,
  rooms,
  roomTypes,
  schedules,
  tours,
  vesselDecks,
  vessels,
} from '../../db/schema.ts';
import { AppError, badRequest, notFound, pgError } from '../../http/errors.ts';
import { loadBooking } from '../bookings/bookings.repository.ts';
import { createCreateBookingFlow, type TBookingFlowDeps } from '../bookings/write/create-booking.flow.ts';
import { guestToken, isGuestToken, tokenProviderId } from '../payments/payment-links.ts';
import { abandonOnlineBooking, ONLINE_CHANNEL } from './online-confirm.flow.ts';

// The guest's online booking (spec booking §7 "Online booking (/api/book)"): departures, rooms, room types,
// add-ons and the vessel as the online channel may sell them (docs/domain/availability.md: active, visible, not
// hidden; open, visible departures), a price through the one pricing engine with channel
// CustomerDirectBooking (docs/domain/prices.md, specials.md), and the create through the one booking create flow: planned with a
// short online hold (ONLINE_HOLD_MINUTES), idempotent by `Idempotency-Key` (table online_requests).

const CHANNEL = 'online' as const;
/** Longest range of allowed arrival/departure days one roomTypes call answers (a month view and a bit). */
const MAX_DAY_RANGE = 62;

const notAvailable = () => new AppError(409, 'NOT_AVAILABLE', 'Not available any more');
const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used for another request: send a new key for a new booking',
  );

/** Rolls back the price preview's transaction and carries its answer out. */
class PreviewDone extends Error {
  constructor(readonly booking: TBooking) {
    super('preview');
  }
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The body's stable hash (keys sorted), so a replay with the same content matches. */
export function bodyHash(body: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, stable(x)]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(stable(body)))
    .digest('hex');
}

/** The first of `de`/`en` an Accept-Language header names; else undefined. */
export function languageOf(header: string | undefined): 'de' | 'en' | undefined {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'de' || code === 'en') return code;
  }
  return undefined;
}

const sellableRoom = (r: TRoomAvailability, maxPax: number): TOnlineRoom => {
  const beds = r.beds.map((b) => ({ id: b.internalId, free: b.free }));
  return {
    id: r.id,
    name: r.name,
    roomTypeId: r.roomTypeId,
    deckId: r.deckId,
    shared: r.allowSharedRoom,
    maxPax: r.allowSharedRoom && beds.length > 0 ? beds.length : maxPax,
    free: r.free,
    freeBeds: r.freeBeds,
    beds,
  };
};

export function createOnlineService(deps: TBookingFlowDeps) {
  const { db, availability } = deps;
  const flow = createCreateBookingFlow(deps);

  const visibleSchedule = () =>
    and(
      eq(schedules.status, 'open'),
      eq(schedules.isVisible, true),
      eq(tours.isVisible, true),
      eq(tours.isActive, true),
      eq(vessels.isVisible, true),
      eq(vessels.isActive, true),
    );

  function scheduleRows(where: SQL | undefined) {
    return db
      .select({
        id: schedules.id,
        vesselId: schedules.vesselId,
        vesselName: vessels.name,
        tourId: schedules.tourId,
        tourName: tours.name,
        from: schedules.from,
        to: schedules.to,
        currency: vessels.currency,
      })
      .from(schedules)
      .innerJoin(tours, eq(tours.id, schedules.tourId))
      .innerJoin(vessels, eq(vessels.id, schedules.vesselId))
      .where(and(visibleSchedule(), where))
      .orderBy(asc(schedules.from), asc(schedules.id))
      .limit(200);
  }

  async function visibleResort(id: number) {
    const [row] = await db
      .select({ id: resorts.id, currency: resorts.currency })
      .from(resorts)
      .where(and(eq(resorts.id, id), eq(resorts.isActive, true), eq(resorts.isVisible, true)));
    if (!row) throw notFound('Resort');
    return row;
  }

  async function maxPaxOf(typeIds: (number | null)[]) {
    const ids = [...new Set(typeIds.filter((i): i is number => i !== null))];
    const rows = ids.length
      ? await db
          .select({ id: roomTypes.id, max: roomTypes.maxNoOfPax })
          .from(roomTypes)
          .where(inArray(roomTypes.id, ids))
      : [];
    return new Map(rows.map((r) => [r.id, r.max]));
  }

  async function onlineRooms(list: TRoomAvailability[]) {
    const sellable = list.filter((r) =>
      isSellable({ isActive: r.sellable, isVisible: true, hide: false }, CHANNEL),
    );
    const max = await maxPaxOf(sellable.map((r) => r.roomTypeId));
    return sellable.map((r) => sellableRoom(r, (r.roomTypeId !== null && max.get(r.roomTypeId)) || 2));
  }

  async function tripRooms(scheduleId: number) {
    const [schedule] = await scheduleRows(eq(schedules.id, scheduleId));
    if (!schedule) throw notFound('Schedule');
    const answer = await availability.schedule(scheduleId, CHANNEL);
    return { schedule, answer, rooms: await onlineRooms(answer.rooms) };
  }

  /** docs/domain/availability.md: online stays arrive and leave on allowed days only. */
  async function assertStayDays(resortId: number, from: string, to: string) {
    const rules = await db
      .select()
      .from(arrivalDepartureRules)
      .where(eq(arrivalDepartureRules.resortId, resortId));
    const [first] = allowedDays(rules, from, from);
    const [last] = allowedDays(rules, to, to);
    if (!first?.arrival)
      throw new AppError(400, 'ARRIVAL_NOT_ALLOWED', 'No arrival on this day', [
        { path: 'from', code: 'ARRIVAL_NOT_ALLOWED', message: from },
      ]);
    if (!last?.departure)
      throw new AppError(400, 'DEPARTURE_NOT_ALLOWED', 'No departure on this day', [
        { path: 'to', code: 'DEPARTURE_NOT_ALLOWED', message: to },
      ]);
  }

  /** The request as the create flow takes it: every room on the departure, or over the stay. */
  async function bookingInput(
    req: TOnlinePriceRequest,
    extra: Partial<TCreateBooking>,
  ): Promise<TCreateBooking> {
    if (req.scheduleId === undefined) {
      if (!req.from || !req.to || req.to <= req.from) throw badRequest('to must come after from', 'to');
      if (req.from < today()) throw badRequest('The stay cannot start in the past', 'from');
    }
    return {
      state: 'draft',
      rooms: req.rooms.map((r) => ({
        roomId: r.roomId,
        whole: r.whole,
        ...(req.scheduleId !== undefined ? { scheduleId: req.scheduleId } : { from: req.from, to: req.to }),
        guests: r.guests.map((g) => ({
          ...(g.name ? { name: g.name } : {}),
          ...(g.gender ? { gender: g.gender } : {}),
          ...(g.age !== undefined ? { age: g.age } : {}),
          ...(g.bed ? { bed: g.bed } : {}),
        })),
      })),
      language: 'de',
      currency: req.currency ?? 'EUR',
      force: false,
      ...extra,
    };
  }

  /**
   * The departure is open and visible and not past; a stay's resort is visible and the stay arrives and
   * leaves on allowed days (the create flow itself checks every room: sellable, of one asset).
   */
  async function assertOnlineAsset(
    req: TOnlinePriceRequest,
  ): Promise<{ resortId: number | null; vesselId: number | null }> {
    if (req.scheduleId !== undefined) {
      const [schedule] = await scheduleRows(eq(schedules.id, req.scheduleId));
      if (!schedule || schedule.from < today()) throw notAvailable();
      return { resortId: null, vesselId: schedule.vesselId };
    }
    const ids = req.rooms.map((r) => r.roomId);
    const found = await db
      .selectDistinct({ resortId: rooms.resortId })
      .from(rooms)
      .where(inArray(rooms.id, ids));
    for (const { resortId } of found) {
      if (resortId === null) continue;
      await visibleResort(resortId);
      if (req.from && req.to) await assertStayDays(resortId, req.from, req.to);
    }
    return { resortId: found.find((r) => r.resortId !== null)?.resortId ?? null, vesselId: null };
  }

  /** The chosen add-ons as the booking keeps them: online-bookable add-ons of the asset or of none. */
  async function addonsOf(
    req: TOnlinePriceRequest,
    asset: { resortId: number | null; vesselId: number | null },
  ) {
    const wanted = req.addons ?? [];
    if (wanted.length === 0) return [];
    const rows = await db
      .select()
      .from(products)
      .where(inArray(products.id, [...new Set(wanted.map((a) => a.productId))]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return wanted.map((a, i) => {
      const p = byId.get(a.productId);
      const general = p && p.resortId === null && p.vesselId === null;
      const here =
        p &&
        ((p.resortId !== null && p.resortId === asset.resortId) ||
          (p.vesselId !== null && p.vesselId === asset.vesselId));
      if (!p?.isAddon || !p.isOnlineBookable || !p.isActive || !(general || here))
        throw badRequest('The add-on is not on sale for this booking', `addons.${i}.productId`);
      return {
        key: `c${i + 1}`,
        productId: p.id,
        type: 'addon' as const,
        ...(a.quantity !== undefined ? { qtyPerUnit: String(a.quantity) } : {}),
      };
    });
  }

  const priceOf = (booking: TBooking): TOnlinePrice => {
    const counted = booking.calculation.filter((l) => l.customerType !== 'Info');
    return {
      currency: booking.currency,
      total: booking.total,
      lines: counted
        .filter((l) => l.type !== 'payment' && l.type !== 'deposit' && l.type !== 'rest')
        .map((l) => ({ type: l.type, name: l.text, quantity: l.amount, total: l.total })),
      specials: counted.filter((l) => l.type === 'special').map((l) => ({ name: l.text, total: l.total })),
    };
  };

  async function activeProviders() {
    return db
      .select()
      .from(paymentProviders)
      .where(eq(paymentProviders.isActive, true))
      .orderBy(asc(paymentProviders.sort), asc(paymentProviders.id));
  }

  async function createdAnswer(booking: TBooking, replayed: boolean): Promise<TOnlineCreated> {
    const providers = await activeProviders();
    const token = providers.map((p) => guestToken(p, booking.id)).find((t) => t !== null) ?? null;
    return {
      ...priceOf(booking),
      bookingId: booking.id,
      state: booking.state,
      holdUntil: booking.optionExpiry,
      token,
      providers: providers.map((p) => ({ id: p.id, type: p.type, name: p.name })),
      replayed,
    };
  }

  /** Whether `token` is a guest token of the booking (signed by the provider it names). */
  async function validToken(bookingId: number, token: string | undefined) {
    const providerId = token ? tokenProviderId(token) : null;
    if (!token || providerId === null) return false;
    const [row] = await db.select().from(paymentProviders).where(eq(paymentProviders.id, providerId));
    return row !== undefined && isGuestToken(row, bookingId, token);
  }

  async function replay(key: string, hash: string): Promise<TOnlineCreated | null> {
    const [known] = await db.select().from(onlineRequests).where(eq(onlineRequests.key, key));
    if (!known) return null;
    if (known.bodyHash !== hash) throw keyReused();
    if (known.bookingId === null) throw new AppError(409, 'CONFLICT', 'This request is still running');
    const booking = await loadBooking(db, known.bookingId);
    if (!booking) throw notFound('Booking');
    return createdAnswer(booking, true);
  }

  async function writeOnline(tx: Tx, req: TOnlineCreateRequest, language: 'de' | 'en', addons: unknown[]) {
    const lead = req.lead;
    const [customer] = await tx
      .insert(customers)
      .values({
        fullName: `${lead.firstName} ${lead.lastName}`,
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email.toLowerCase(),
        phone: lead.phone ?? null,
        country: lead.country ?? null,
        language,
      })
      .returning({ id: customers.id });
    const input = await bookingInput(req, {
      state: 'planned',
      customerId: customer?.id ?? null,
      language,
      optionExpiry: new Date(Date.now() + ONLINE_HOLD_MINUTES * 60_000).toISOString(),
      note: req.note ?? null,
    });
    const first = input.rooms[0]?.guests[0];
    if (first && customer) {
      first.customerId = customer.id;
      delete first.name;
    }
    return flow.createOnlineBooking(tx, input, addons);
  }

  return {
    async schedules(query: { vesselId?: number | undefined; month?: string | undefined }) {
      const start = query.month ? `${query.month}-01` : today();
      const from = start < today() ? today() : start;
      const end = query.month ? `${addDays(`${query.month}-01`, 31).slice(0, 8)}01` : undefined;
      const rows = await scheduleRows(
        and(
          gte(schedules.from, from),
          end ? lt(schedules.from, end) : undefined,
          query.vesselId ? eq(schedules.vesselId, query.vesselId) : undefined,
        ),
      );
      const caps = new Map(
        (
          await availability.capacities(
            rows.map((r) => r.id),
            CHANNEL,
          )
        ).map((c) => [c.scheduleId, c]),
      );
      return rows.map(
        (r): TOnlineSchedule => ({
          id: r.id,
          vesselId: r.vesselId,
          vesselName: r.vesselName,
          tourId: r.tourId,
          tourName: r.tourName,
          from: r.from,
          to: r.to,
          freeCabins: caps.get(r.id)?.freeCabins ?? 0,
          freeBerths: caps.get(r.id)?.freeBerths ?? 0,
          priceFrom: null,
          currency: r.currency,
        }),
      );
    },

    async trip(id: number): Promise<TOnlineTrip> {
      const { schedule, answer, rooms } = await tripRooms(id);
      return {
        id: schedule.id,
        vesselId: schedule.vesselId,
        vesselName: schedule.vesselName,
        tourId: schedule.tourId,
        tourName: schedule.tourName,
        from: schedule.from,
        to: schedule.to,
        freeCabins: rooms.filter((r) => r.free).length,
        freeBerths: rooms.reduce((n, r) => n + r.freeBeds, 0),
        priceFrom: null,
        currency: schedule.currency,
        bookable: answer.bookable,
        rooms,
      };
    },

    async rooms(query: {
      scheduleId?: number | undefined;
      resortId?: number | undefined;
      from?: string | undefined;
      to?: string | undefined;
    }) {
      if (query.scheduleId !== undefined) {
        const { schedule, answer, rooms } = await tripRooms(query.scheduleId);
        return { from: schedule.from, to: schedule.to, bookable: answer.bookable, rooms };
      }
      if (query.resortId === undefined || !query.from || !query.to)
        throw badRequest(
          'Ask for a departure (scheduleId) or a resort stay (resortId, from, to)',
          'scheduleId',
        );
      await visibleResort(query.resortId);
      const answer = await availability.resort(query.resortId, {
        from: query.from,
        to: query.to,
        channel: CHANNEL,
      });
      return { from: query.from, to: query.to, bookable: true, rooms: await onlineRooms(answer.rooms) };
    },

    async roomTypes(query: {
      resortId?: number | undefined;
      vesselId?: number | undefined;
      from?: string | undefined;
      to?: string | undefined;
    }) {
      if (query.resortId !== undefined && query.vesselId !== undefined)
        throw badRequest('Ask for one resort (resortId) or one vessel (vesselId)', 'resortId');
      if (query.resortId !== undefined) await visibleResort(query.resortId);
      else if (query.vesselId !== undefined) {
        const [vessel] = await db
          .select({ id: vessels.id })
          .from(vessels)
          .where(
            and(eq(vessels.id, query.vesselId), eq(vessels.isActive, true), eq(vessels.isVisible, true)),
          );
        if (!vessel) throw notFound('Vessel');
      }
      // Neither: the room types of every visible resort (a booking page without a resort picks from them).
      const types = await db
        .select({ type: roomTypes, resortName: resorts.name, vesselName: vessels.name })
        .from(roomTypes)
        .leftJoin(resorts, eq(resorts.id, roomTypes.resortId))
        .leftJoin(vessels, eq(vessels.id, roomTypes.vesselId))
        .where(
          and(
            query.resortId !== undefined
              ? eq(roomTypes.resortId, query.resortId)
              : query.vesselId !== undefined
                ? eq(roomTypes.vesselId, query.vesselId)
                : and(eq(resorts.isActive, true), eq(resorts.isVisible, true)),
            eq(roomTypes.isVisible, true),
            eq(roomTypes.hide, false),
          ),
        )
        .orderBy(asc(roomTypes.sort), asc(roomTypes.id))
        .limit(500);
      let freeByType = new Map<number | null, number>();
      let days: { date: string; arrival: boolean; departure: boolean }[] = [];
      if (query.resortId !== undefined && query.from && query.to) {
        if (query.to <= query.from) throw badRequest('to must come after from', 'to');
        const answer = await availability.resort(query.resortId, {
          from: query.from,
          to: query.to,
          channel: CHANNEL,
        });
        freeByType = new Map(answer.roomTypes.map((t) => [t.roomTypeId, t.freeForStay]));
        const last = addDays(query.from, MAX_DAY_RANGE);
        const rules = await db
          .select()
          .from(arrivalDepartureRules)
          .where(eq(arrivalDepartureRules.resortId, query.resortId));
        days = allowedDays(rules, query.from, query.to < last ? query.to : last);
      }
      const description = (d: unknown) => {
        const text = d && typeof d === 'object' ? Object.values(d as Record<string, unknown>)[0] : undefined;
        return typeof text === 'string' ? text : null;
      };
      return {
        days,
        roomTypes: types.map(
          ({ type: t, resortName, vesselName }): TOnlineRoomType => ({
            id: t.id,
            assetName: resortName ?? vesselName ?? '',
            name: t.name,
            description: description(t.description),
            resortId: t.resortId,
            vesselId: t.vesselId,
            maxPax: t.maxNoOfPax,
            mediaIds: t.images,
            free: query.from && query.to && query.resortId !== undefined ? (freeByType.get(t.id) ?? 0) : null,
          }),
        ),
      };
    },

    async addons(query: { resortId?: number | undefined; vesselId?: number | undefined }) {
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.isAddon, true),
            eq(products.isOnlineBookable, true),
            eq(products.isActive, true),
            query.resortId !== undefined
              ? or(
                  eq(products.resortId, query.resortId),
                  and(isNull(products.resortId), isNull(products.vesselId)),
                )
              : query.vesselId !== undefined
                ? or(
                    eq(products.vesselId, query.vesselId),
                    and(isNull(products.resortId), isNull(products.vesselId)),
                  )
                : undefined,
          ),
        )
        .orderBy(asc(products.sort), asc(products.id))
        .limit(200);
      return rows.map(toAddon);
    },

    async addonAvailability(id: number) {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.isOnlineBookable, true), eq(products.isActive, true)));
      if (!row) throw notFound('Product');
      return { id: row.id, available: row.trackStock ? Number(row.stock) : null };
    },

    async products(asset: { kind: 'resort' | 'vessel'; id: number }) {
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.isOnlineBookable, true),
            eq(products.isActive, true),
            asset.kind === 'resort' ? eq(products.resortId, asset.id) : eq(products.vesselId, asset.id),
          ),
        )
        .orderBy(asc(products.sort), asc(products.id))
        .limit(500);
      return rows.map(toAddon);
    },

    async vessel(query: { vesselId?: number | undefined }): Promise<TOnlineVessel[]> {
      const list = await db
        .select({ id: vessels.id, name: vessels.name })
        .from(vessels)
        .where(
          and(
            eq(vessels.isActive, true),
            eq(vessels.isVisible, true),
            query.vesselId ? eq(vessels.id, query.vesselId) : undefined,
          ),
        )
        .orderBy(asc(vessels.sort), asc(vessels.id));
      if (query.vesselId && list.length === 0) throw notFound('Vessel');
      const decks = list.length
        ? await db
            .select({
              id: vesselDecks.id,
              vesselId: vesselDecks.vesselId,
              name: vesselDecks.name,
              sort: vesselDecks.sort,
              planImage: vesselDecks.planImage,
            })
            .from(vesselDecks)
            .where(
              inArray(
                vesselDecks.vesselId,
                list.map((v) => v.id),
              ),
            )
            .orderBy(asc(vesselDecks.sort), asc(vesselDecks.id))
        : [];
      return list.map((v) => ({
        id: v.id,
        name: v.name,
        decks: decks.filter((d) => d.vesselId === v.id).map(({ vesselId: _v, ...d }) => d),
      }));
    },

    /** The price the guest would pay: the whole create, rolled back (nothing stays, no number used). */
    async price(req: TOnlinePriceRequest): Promise<TOnlinePrice> {
      const addons = await addonsOf(req, await assertOnlineAsset(req));
      const input = await bookingInput(req, {});
      try {
        await db.transaction(async (tx) => {
          throw new PreviewDone(await flow.createOnlineBooking(tx, input, addons));
        });
      } catch (error) {
        if (error instanceof PreviewDone) return priceOf(error.booking);
        throw error;
      }
      throw new Error('unreachable');
    },

    /**
     * Creates the planned online booking with its hold; with `key` a replay of the same body answers the
     * same booking (also when two replays race: the key is the primary key), another body is refused.
     */
    async create(
      req: TOnlineCreateRequest,
      opts: { key?: string | undefined; language?: string | undefined },
    ): Promise<TOnlineCreated> {
      const hash = bodyHash(req);
      const language = req.language ?? languageOf(opts.language) ?? 'en';
      if (opts.key) {
        const known = await replay(opts.key, hash);
        if (known) return known;
      }
      const addons = await addonsOf(req, await assertOnlineAsset(req));
      const { key } = opts;
      try {
        const booking = await db.transaction(async (tx) => {
          if (key) await tx.insert(onlineRequests).values({ key, bodyHash: hash, bookingId: null });
          const created = await writeOnline(tx, req, language, addons);
          if (key)
            await tx.update(onlineRequests).set({ bookingId: created.id }).where(eq(onlineRequests.key, key));
          return created;
        });
        return createdAnswer(booking, false);
      } catch (error) {
        // The same key at the same time: the other request wrote it; answer its booking.
        if (key && pgError(error).code === '23505') {
          const known = await replay(key, hash);
          if (known) return known;
        }
        throw error;
      }
    },

    /** The guest's lookup: the number and a second proof (lead e-mail or guest token); 404 otherwise. */
    async lookup(number: string, proof: { email?: string | undefined; token?: string | undefined }) {
      if (!proof.email && !proof.token) throw notFound('Booking');
      const rows = await db
        .select({ id: bookings.id, email: customers.email })
        .from(bookings)
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .where(
          or(
            eq(bookings.bookingNo, number),
            eq(bookings.reservationNo, number),
            eq(bookings.offerNo, number),
          ),
        )
        .limit(5);
      for (const row of rows) {
        const byMail =
          proof.email !== undefined &&
          row.email !== null &&
          row.email.toLowerCase() === proof.email.trim().toLowerCase();
        if (byMail || (await validToken(row.id, proof.token))) return guestView(row.id);
      }
      throw notFound('Booking');
    },

    /** The guest's view of one booking by id and its guest token (POST /api/book/{id}). */
    async view(id: number, token: string | undefined): Promise<TOnlineLookup> {
      if (!(await validToken(id, token))) throw notFound('Booking');
      return guestView(id);
    },

    /** The guest abandons an unpaid online hold (DELETE /api/book/{id}); 404 without the token. */
    async abandon(id: number, token: string | undefined) {
      if (!(await validToken(id, token))) throw notFound('Booking');
      const done = await db.transaction((tx) => abandonOnlineBooking(db, tx, id));
      if (!done) throw new AppError(409, 'INVALID_STATE', 'Only an unpaid online hold can be given up');
      return { id, state: 'freed' as const };
    },
  };

  async function guestView(id: number): Promise<TOnlineLookup> {
    const booking = await loadBooking(db, id);
    if (!booking) throw notFound('Booking');
    return {
      bookingNo: booking.bookingNo ?? booking.reservationNo ?? booking.offerNo ?? String(booking.id),
      state: booking.state,
      from: booking.from,
      to: booking.to,
      noOfPax: booking.noOfPax,
      currency: booking.currency,
      total: booking.total,
      paid: booking.paid,
      open: booking.openAmount,
    };
  }
}

function toAddon(row: typeof products.$inferSelect): TOnlineAddon {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    chargingBase: row.chargingBase,
    available: row.trackStock ? Number(row.stock) : null,
  };
}

export { ONLINE_CHANNEL };
export type TOnlineService = ReturnType<typeof createOnlineService>;
