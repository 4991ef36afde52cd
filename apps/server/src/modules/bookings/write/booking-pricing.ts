import type { TBookingState } from '@atoll/domain/bookings';
import { D } from '@atoll/domain/money';
import { calculate } from '@atoll/domain/pricing/calculate';
import { createContext } from '@atoll/domain/pricing/context';
import type {
  TCalcLine,
  TChosenSpecial,
  TPricingInput,
  TPricingProduct,
  TPricingResult,
  TTotals,
} from '@atoll/domain/pricing/engine-types';
import { type TBookingChannel, type TTerms, ZTerms } from '@atoll/domain/pricing/entities';
import { chooseTerms } from '@atoll/domain/pricing/terms';
import type { TChosenProduct } from '@atoll/domain/products';
import { today } from '../../../clock.ts';
import type { TReads } from '../../../db/change-feed.ts';
import type { Executor, Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { loadPricingInput, type TDraftRoom, type TPricingDraft } from '../../prices/pricing-input.ts';
import { createProductsRepository } from '../../products/products.repository.ts';
import type { TBookingRow } from '../bookings.repository.ts';
import {
  createBookingWritesRepository,
  type TBookingPatch,
  type TEntryRow,
  type TGeneratedLine,
  type TGuestRow,
  type TLineRow,
} from './bookings-writes.repository.ts';

// A stored booking priced by the one engine (docs/domain/calculation-lines.md, ADR 0011): its room entries become the
// engine's rooms (`r<entryId>`), its guests the persons (`g<guestId>`), with the booking's agency,
// channel, terms, evaluation date `t` and hand-chosen specials. The generated lines are replaced, the
// manual ones kept; totals, commission and the explanation land on the booking.

const bookingWrites = createBookingWritesRepository();
const productsRepository = createProductsRepository();

/** States whose booking must have a price: no reservation or booking without one unless staff force. */
const MUST_HAVE_PRICE: readonly TBookingState[] = ['planned', 'confirmed'];

export const roomKey = (entryId: number) => `r${entryId}`;
export const guestKey = (guestId: number) => `g${guestId}`;
const guestOf = (key: string | null) => (key && /^g\d+$/.test(key) ? Number(key.slice(1)) : null);

/** The date part of a timestamp in the installation's time zone. */
const dayOf = (value: Date | null) => (value ? today(value) : null);

/**
 * The evaluation date `t` of specials (docs/domain/specials.md): the earlier of the first reservation and the
 * first confirmation, else today (drafts). Recalculations keep it, as both dates are kept.
 */
export function evaluationDateOf(booking: Pick<TBookingRow, 'reservationDate' | 'bookingDate'>) {
  const dates = [dayOf(booking.reservationDate), dayOf(booking.bookingDate)].filter(
    (d): d is string => d !== null,
  );
  return dates.sort()[0] ?? today();
}

/** The date deposit due dates count from: the confirmation (or reservation, for such terms), else today. */
export function confirmDateOf(booking: TBookingRow, terms: TTerms | null) {
  const reservation = terms?.onReservation ? dayOf(booking.reservationDate) : null;
  return reservation ?? dayOf(booking.bookingDate) ?? today();
}

export const storedTerms = (booking: TBookingRow): TTerms | null =>
  booking.termsOfPayment == null ? null : (ZTerms.safeParse(booking.termsOfPayment).data ?? null);

/** A stored manual line as the engine takes it back (kept as it is, specials see it). */
const toManualLine = (row: TLineRow): TCalcLine => ({
  key: row.key,
  type: row.type as TCalcLine['type'],
  text: row.text,
  sort: row.sort,
  amount: row.amount,
  price: row.price,
  total: row.total,
  customerType: row.customerType as TCalcLine['customerType'],
  customer: row.guestId === null ? null : guestKey(row.guestId),
  editable: row.editable,
  deletable: row.deletable,
  unique: row.unique,
  customData: { generator: 'manual', ...(row.customData as object), manual: true },
});

function draftRooms(entries: readonly TEntryRow[], guests: readonly TGuestRow[], withDates: boolean) {
  return entries.map(
    (entry): TDraftRoom => ({
      key: roomKey(entry.id),
      roomTypeId: entry.roomTypeId ?? 0,
      roomId: entry.roomId,
      ...(withDates ? { from: entry.from, to: entry.to } : {}),
      ...(entry.whole ? {} : { berths: true }),
      persons: guests
        .filter((g) => g.bookingRoomId === entry.id)
        .map((g) => ({
          key: guestKey(g.id),
          customerId: g.customerId,
          age: g.age,
          gender: g.gender,
          variantId: g.variantId,
        })),
    }),
  );
}

/** One draft per asset: the resort stay and the departure of a mixed booking are priced apart. */
function draftsOf(
  booking: TBookingRow,
  entries: readonly TEntryRow[],
  guests: readonly TGuestRow[],
  common: Omit<TPricingDraft, 'rooms'>,
): TPricingDraft[] {
  const stay = entries.filter((e) => e.resortId !== null);
  const trip = entries.filter((e) => e.vesselId !== null);
  const drafts: TPricingDraft[] = [];
  if (stay.length > 0) {
    drafts.push({
      ...common,
      resortId: stay[0]?.resortId ?? null,
      from: stay.map((e) => e.from).sort()[0] ?? booking.from,
      to:
        stay
          .map((e) => e.to)
          .sort()
          .at(-1) ?? booking.to,
      rooms: draftRooms(stay, guests, true),
    });
  }
  if (trip.length > 0) {
    drafts.push({
      ...common,
      vesselId: trip[0]?.vesselId ?? null,
      scheduleId: trip[0]?.scheduleId ?? null,
      rooms: draftRooms(trip, guests, false),
      ...(booking.type === 'charter' ? { fullCharter: true } : {}),
      // Manual lines and hand-chosen specials belong to the booking once: they ride with the first part.
      ...(stay.length > 0 ? { manualLines: [], chosenSpecials: [] } : {}),
    });
  }
  return drafts.length < 2 ? drafts : splitProducts(drafts);
}

/** A mixed booking: a product of a room entry goes with that entry's part, the others with the first. */
function splitProducts(drafts: TPricingDraft[]) {
  return drafts.map((draft, i) => {
    const keys = new Set(draft.rooms.map((r) => r.key));
    const products = (draft.products ?? []).filter((p) => (p.roomKey ? keys.has(p.roomKey) : i === 0));
    return { ...draft, products };
  });
}

/** The products and add-ons chosen on the booking as the engine takes them (docs/domain/products.md). */
async function chosenProducts(tx: Executor, booking: TBookingRow): Promise<TPricingProduct[]> {
  const chosen = (booking.chosenProducts ?? []) as TChosenProduct[];
  if (chosen.length === 0) return [];
  const rows = await productsRepository.productsByIds(tx, [...new Set(chosen.map((c) => c.productId))]);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const taxIds = rows.flatMap((p) => (p.taxId == null ? [] : [p.taxId]));
  const taxes = await productsRepository.taxesByIds(tx, [...new Set(taxIds)]);
  // A product deleted from the catalogue since: its line goes with the next recalculation.
  return chosen.flatMap((c): TPricingProduct[] => {
    const product = byId.get(c.productId);
    if (!product) return [];
    return [
      {
        key: c.key,
        productId: product.id,
        categoryId: product.categoryId,
        name: product.name,
        type: c.type,
        price: c.price ?? product.price,
        currency: product.currency,
        chargingBase: product.chargingBase as TPricingProduct['chargingBase'],
        perUnit: product.perUnit,
        ...(c.qtyPerUnit ? { qtyPerUnit: c.qtyPerUnit } : {}),
        roomKey: c.roomBookingId ? roomKey(c.roomBookingId) : null,
        ...(c.guestIds?.length ? { personKeys: c.guestIds.map(guestKey) } : {}),
        ...(product.taxId != null && taxes.has(product.taxId) ? { tax: taxes.get(product.taxId) } : {}),
      },
    ];
  });
}

const TOTAL_SUMS = [
  'total',
  'dueBeforeTravel',
  'agencyDue',
  'customerDue',
  'onSite',
  'tax',
  'net',
  'commissionBase',
  'commission',
] as const;

/**
 * A mixed booking's two calculations as one: lines side by side (the second part's keys that would
 * repeat the first's get a suffix), totals summed, the commission percent recomputed from the sums.
 */
export function mergeResults(parts: readonly TPricingResult[]): TPricingResult {
  const [first, ...rest] = parts;
  if (!first) throw new Error('mergeResults: nothing to merge');
  if (rest.length === 0) return first;
  const keys = new Set(first.lines.map((l) => l.key));
  const lines = [...first.lines];
  rest.forEach((part, i) => {
    for (const line of part.lines) {
      const key = keys.has(line.key) ? `${line.key}:${i + 2}` : line.key;
      keys.add(key);
      lines.push({ ...line, key });
    }
  });
  const totals = { ...first.totals };
  for (const field of TOTAL_SUMS)
    totals[field] = parts.reduce((sum, p) => sum.plus(p.totals[field]), new D(0)).toFixed(2);
  const base = new D(totals.commissionBase);
  if (base.gt(0))
    totals.commissionPercent = new D(totals.commission).div(base).times(100).toDecimalPlaces(2).toFixed();
  totals.commissionSource = parts.find((p) => p.totals.commissionSource)?.totals.commissionSource ?? null;
  return {
    currency: first.currency,
    lines,
    totals: totals as TTotals,
    why: parts.flatMap((p) => p.why),
    problems: parts.flatMap((p) => p.problems),
  };
}

/** The terms the engine used when the booking had none of its own: the first room line's price's, else the default. */
function termsUsed(input: TPricingInput, result: TPricingResult): TTerms | null {
  const priceId = result.lines.find((l) => l.type === 'room_cost' && l.customData.priceId != null)?.customData
    .priceId;
  const price = priceId == null ? undefined : input.prices.find((p) => p.id === priceId);
  return chooseTerms(createContext(input), price) ?? null;
}

/** The engine's lines as rows: generated ones new, manual ones only with their new position. */
function toRows(lines: readonly TCalcLine[], manual: readonly TLineRow[], guestIds: ReadonlySet<number>) {
  const manualByKey = new Map<string, number[]>();
  for (const row of manual) manualByKey.set(row.key, [...(manualByKey.get(row.key) ?? []), row.id]);
  const generated: TGeneratedLine[] = [];
  const positions = new Map<number, number>();
  lines.forEach((line, position) => {
    const manualId = manualByKey.get(line.key)?.shift();
    if (manualId !== undefined) {
      positions.set(manualId, position);
      return;
    }
    const guestId = guestOf(line.customer);
    generated.push({
      key: line.key,
      type: line.type,
      text: line.text,
      sort: line.sort,
      amount: line.amount,
      price: line.price,
      total: line.total,
      customerType: line.customerType,
      guestId: guestId !== null && guestIds.has(guestId) ? guestId : null,
      editable: line.editable,
      deletable: line.deletable,
      unique: line.unique,
      manual: false,
      customData: line.customData,
      position,
    });
  });
  return { generated, positions };
}

export type TPricedBooking = {
  booking: TBookingRow;
  result: TPricingResult;
  /** The terms the booking is priced with (its own, or the ones chosen now and copied onto it). */
  terms: TTerms | null;
  /** The engine inputs (one per asset), for lookups that explain the price. */
  inputs: TPricingInput[];
};

/**
 * The booking's entries, guests and lines as stored (read, or just written by the caller); `roomsLocked`
 * when the caller read and locked the entries' rooms in this transaction (TTrusted in pricing-input.ts).
 */
export type TStoredParts = {
  entries: TEntryRow[];
  guests: TGuestRow[];
  lines: TLineRow[];
  roomsLocked?: boolean;
};

/**
 * The engine's inputs for the stored booking, read in `tx`; `stored` when the caller has just written
 * the entries, guests and lines in `tx` and holds them as stored (create); `reads` serves the reference
 * data (the flows pass their reference cache's reads).
 */
export async function bookingPricingInputs(
  tx: Executor,
  user: TSessionUser,
  booking: TBookingRow,
  stored?: TStoredParts,
  reads?: TReads,
) {
  // One after the other: the queries share the transaction's one connection.
  const entries = stored?.entries ?? (await bookingWrites.entries(tx, booking.id));
  const guests = stored?.guests ?? (await bookingWrites.guests(tx, booking.id));
  const lines = stored?.lines ?? (await bookingWrites.lines(tx, booking.id));
  const products = await chosenProducts(tx, booking);
  const manual = lines.filter((l) => l.manual);
  const terms = storedTerms(booking);
  const evaluationDate = evaluationDateOf(booking);
  const common: Omit<TPricingDraft, 'rooms'> = {
    bookingId: booking.id,
    agencyId: booking.agencyId,
    channel: booking.channel as TBookingChannel,
    bookingDate: evaluationDate,
    currency: booking.currency,
    sourceId: booking.sourceId,
    language: booking.language === 'en' ? 'en' : 'de',
    chosenSpecials: (booking.chosenSpecials ?? []) as TChosenSpecial[],
    confirmDate: confirmDateOf(booking, terms),
    manualLines: manual.map(toManualLine),
    products,
    ...(terms ? { terms } : {}),
    // Chosen by hand (changePrice, commission): the engine ignores a pin that does not fit a part.
    priceId: booking.priceId,
    commissionId: booking.commissionId,
  };
  const inputs: TPricingInput[] = [];
  for (const draft of draftsOf(booking, entries, guests, common))
    inputs.push(await loadPricingInput(tx, user, draft, { roomsLocked: stored?.roomsLocked }, reads));
  return { inputs, entries, guests, manual, terms, evaluationDate };
}

/**
 * A reservation or booking must have a price: 409 NO_PRICE unless staff force (a draft keeps the
 * problem in its explanation). Callers check after the hold, so that a taken room answers NOT_AVAILABLE.
 */
export function assertPriced(priced: TPricedBooking, force: boolean | undefined) {
  const noPrice = priced.result.problems.find((p) => p.code === 'NO_PRICE');
  if (!noPrice || force || !MUST_HAVE_PRICE.includes(priced.booking.state as TBookingState)) return;
  throw new AppError(
    409,
    'NO_PRICE',
    `No price for room entry ${noPrice.roomKey ?? ''} on ${noPrice.date ?? priced.booking.from}`,
  );
}

/** The calculation of the stored booking and what it writes onto the booking row. */
async function calculateBooking(
  tx: Tx,
  user: TSessionUser,
  booking: TBookingRow,
  stored: TStoredParts | undefined,
  reads: TReads | undefined,
) {
  const { inputs, guests, manual, terms, evaluationDate } = await bookingPricingInputs(
    tx,
    user,
    booking,
    stored,
    reads,
  );
  const parts = inputs.map((input) => calculate(input));
  const result = mergeResults(parts);
  const chosen = terms ?? (inputs[0] && parts[0] ? termsUsed(inputs[0], parts[0]) : null) ?? null;
  const { generated, positions } = toRows(result.lines, manual, new Set(guests.map((g) => g.id)));
  const { totals } = result;
  const patch: TBookingPatch = {
    totals,
    total: totals.total,
    commission: totals.commission,
    commissionPercent: new D(totals.commissionPercent).toDecimalPlaces(2).toFixed(2),
    explanation: { why: result.why, problems: result.problems },
    evaluationDate,
    ...(terms ? {} : { termsOfPayment: chosen }),
  };
  return { result, terms: chosen, inputs, generated, positions, patch };
}

/** Prices the stored booking inside `tx` and stores lines, totals, commission and explanation. */
export async function priceBooking(
  tx: Tx,
  user: TSessionUser,
  booking: TBookingRow,
  reads?: TReads,
): Promise<TPricedBooking> {
  const { result, terms, inputs, generated, positions, patch } = await calculateBooking(
    tx,
    user,
    booking,
    undefined,
    reads,
  );
  await bookingWrites.replaceGeneratedLines(tx, booking.id, generated, positions);
  const stored = await bookingWrites.updateBooking(tx, booking.id, patch);
  return { booking: stored, result, terms, inputs };
}

/**
 * Prices a booking the create flow is about to write, from its row, entries and guests as they will be stored
 * (it has no lines yet; the caller locked their rooms in `tx`): answers the lines to write (`generated`) and the
 * booking fields to store with the row (`patch`). `booking` is the row before the patch.
 */
export async function priceNewBooking(
  tx: Tx,
  user: TSessionUser,
  booking: TBookingRow,
  parts: Omit<TStoredParts, 'lines'>,
  reads?: TReads,
): Promise<TPricedBooking & { patch: TBookingPatch; generated: TGeneratedLine[] }> {
  const { result, terms, inputs, generated, patch } = await calculateBooking(
    tx,
    user,
    booking,
    { ...parts, lines: [], roomsLocked: true },
    reads,
  );
  return { booking, result, terms, inputs, patch, generated };
}
