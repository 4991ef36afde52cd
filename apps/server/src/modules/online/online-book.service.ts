import { createHash } from 'node:crypto';
import type { TBooking, TCreateBooking } from '@atoll/domain/bookings';
import { ONLINE_HOLD_MINUTES } from '@atoll/domain/constants';
import type {
  TOnlineCreated,
  TOnlineCreateRequest,
  TOnlinePrice,
  TOnlinePriceRequest,
} from '@atoll/domain/online/api';
import { today } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound, pgError } from '../../http/errors.ts';
import { createBookingsRepository } from '../bookings/bookings.repository.ts';
import type { TCreateBookingFlow } from '../bookings/write/create-booking.flow.ts';
import { bookingNumber, letterheadOf } from '../documents/booking-data.ts';
import { epcQrPng, payeeOf } from '../documents/invoice-context.ts';
import { guestToken } from '../payments/payment-links.ts';
import { createPaymentsRepository } from '../payments/payments.repository.ts';
import type { TOnlineRepository } from './online.repository.ts';
import type { TOnlineOffer } from './online-offer.ts';

const bookingRepo = createBookingsRepository();

// The guest's online booking (spec booking §7 "Online booking (/api/book)"): a price through the one pricing
// engine with channel CustomerDirectBooking (docs/domain/prices.md, specials.md), and the create through the
// one booking create flow: planned with a short online hold (ONLINE_HOLD_MINUTES), idempotent by
// `Idempotency-Key` (table online_requests).

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

const isScheduleLine = (type: string): type is 'deposit' | 'rest' => type === 'deposit' || type === 'rest';

const priceOf = (booking: TBooking): TOnlinePrice => {
  const counted = booking.calculation.filter((l) => l.customerType !== 'Info');
  return {
    currency: booking.currency,
    total: booking.total,
    lines: counted
      .filter((l) => l.type !== 'payment' && !isScheduleLine(l.type))
      .map((l) => ({ type: l.type, name: l.text, quantity: l.amount, total: l.total })),
    specials: counted.filter((l) => l.type === 'special').map((l) => ({ name: l.text, total: l.total })),
    schedule: booking.calculation.flatMap((l) =>
      isScheduleLine(l.type) ? [{ type: l.type, name: l.text, total: l.total }] : [],
    ),
  };
};

export function createOnlineBookService(deps: {
  db: Db;
  create: TCreateBookingFlow;
  repository: TOnlineRepository;
  offer: TOnlineOffer;
}) {
  const { db, repository, offer } = deps;
  const payments = createPaymentsRepository();
  const flow = deps.create;

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
      const [schedule] = await offer.scheduleRows({ id: req.scheduleId });
      if (!schedule || schedule.from < today()) throw notAvailable();
      return { resortId: null, vesselId: schedule.vesselId };
    }
    const found = await repository.resortsOfRooms(
      db,
      req.rooms.map((r) => r.roomId),
    );
    for (const { resortId } of found) {
      if (resortId === null) continue;
      await offer.visibleResort(resortId);
      if (req.from && req.to) await offer.assertStayDays(resortId, req.from, req.to);
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
    const rows = await repository.productsByIds(db, [...new Set(wanted.map((a) => a.productId))]);
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

  /** The price with the booking's terms (cancellation fees, deposit kept or not). */
  function pricedWithTerms(booking: TBooking): TOnlinePrice {
    const terms = booking.termsOfPayment;
    return {
      ...priceOf(booking),
      terms: terms
        ? {
            name: terms.name,
            cancellation: [...terms.cancellationTiers]
              .map((t) => ({ daysBefore: Number(t.daysBefore), percent: Number(t.percent) }))
              .sort((x, y) => y.daysBefore - x.daysBefore),
            depositNonRefundable: terms.depositNonRefundable,
          }
        : null,
    };
  }

  /**
   * Without a card provider the guest pays by transfer: the operator's account (the bank transfer provider's
   * or the company's), the booking's number as reference, the deposit (or the total) and its EPC QR code.
   */
  async function bankTransferOf(booking: TBooking, price: TOnlinePrice, reference: string) {
    const payee = await payeeOf(db, await letterheadOf(db));
    if (!payee) return null;
    const deposit = price.schedule?.find((l) => l.type === 'deposit');
    const amount = deposit && Number(deposit.total) > 0 ? deposit.total : booking.total;
    let qrCode: string | null = null;
    try {
      const png = await epcQrPng(payee, amount, booking.currency, reference);
      qrCode = `data:image/png;base64,${png.toString('base64')}`;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return {
      accountHolder: payee.name,
      iban: payee.iban,
      bic: payee.bic ?? null,
      reference,
      amount,
      currency: booking.currency,
      qrCode,
    };
  }

  async function createdAnswer(booking: TBooking, replayed: boolean): Promise<TOnlineCreated> {
    const providers = await payments.activeProviders(db);
    const token = providers.map((p) => guestToken(p, booking.id)).find((t) => t !== null) ?? null;
    const price = pricedWithTerms(booking);
    const bookingNo = bookingNumber(booking);
    const card = providers.some((p) => p.type !== 'bank_transfer');
    return {
      ...price,
      bookingNo,
      bankTransfer: card ? null : await bankTransferOf(booking, price, bookingNo ?? String(booking.id)),
      mailed: await repository.hasMail(db, booking.id),
      bookingId: booking.id,
      state: booking.state,
      holdUntil: booking.optionExpiry,
      token,
      providers: providers.map((p) => ({ id: p.id, type: p.type, name: p.name })),
      replayed,
    };
  }

  async function replay(key: string, hash: string): Promise<TOnlineCreated | null> {
    const known = await repository.onlineRequest(db, key);
    if (!known) return null;
    if (known.bodyHash !== hash) throw keyReused();
    if (known.bookingId === null) throw new AppError(409, 'CONFLICT', 'This request is still running');
    const booking = await bookingRepo.loadBooking(db, known.bookingId);
    if (!booking) throw notFound('Booking');
    return createdAnswer(booking, true);
  }

  async function writeOnline(tx: Tx, req: TOnlineCreateRequest, language: 'de' | 'en', addons: unknown[]) {
    const lead = req.lead;
    const customer = await repository.insertCustomer(tx, {
      fullName: `${lead.firstName} ${lead.lastName}`,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email.toLowerCase(),
      phone: lead.phone ?? null,
      country: lead.country ?? null,
      language,
    });
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
    /**
     * The price the guest would pay, its lines in the language of `Accept-Language`: the whole create, rolled
     * back (nothing stays, no number used).
     */
    async price(
      req: TOnlinePriceRequest,
      opts: { language?: string | undefined } = {},
    ): Promise<TOnlinePrice> {
      const addons = await addonsOf(req, await assertOnlineAsset(req));
      // The lines in the guest's language, as the booking will have them.
      const input = await bookingInput(req, { language: languageOf(opts.language) ?? 'en' });
      try {
        await db.transaction(async (tx) => {
          throw new PreviewDone(await flow.createOnlineBooking(tx, input, addons));
        });
      } catch (error) {
        if (error instanceof PreviewDone) return pricedWithTerms(error.booking);
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
          if (key) await repository.insertOnlineRequest(tx, key, hash);
          const created = await writeOnline(tx, req, language, addons);
          if (key) await repository.setOnlineRequestBooking(tx, key, created.id);
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
  };
}
