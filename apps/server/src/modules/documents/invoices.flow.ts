import { randomBytes } from 'node:crypto';
import type { TLanguage } from '@atoll/domain/constants';
import {
  reverseLines,
  splitLines,
  type TInvoiceKind,
  type TInvoiceLine,
  taxBreakdown,
} from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import { today } from '../../clock.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { loadBookingDocData, type TBookingDocData, type TParty } from './booking-data.ts';
import { createDocumentsRepository, type TInvoiceRow } from './documents.repository.ts';

// Invoices: numbers per year without gaps, frozen lines, tax per rate (§14 UStG),
// cancellation invoices and split invoices. An invoice row is never updated after it is written.

export type { TInvoiceRow };

const repository = createDocumentsRepository();

/** Booking states an invoice may be issued in: a booking, and an aborted one for its cancellation fee. */
const INVOICEABLE = new Set(['confirmed', 'resolved', 'aborted']);

export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;

/**
 * The next number of the year: the counter row is created if missing, then incremented by one UPDATE,
 * which holds its row lock until the transaction ends. A rolled back issue gives its number back, so the
 * numbers of a year have no gaps, however many issue at once.
 */
export async function nextInvoiceSeq(tx: Tx, year: number): Promise<number> {
  const last = await repository.nextInvoiceSeq(tx, year);
  if (last === undefined) throw new Error('invoice counter missing');
  return last;
}

export const newPublicToken = () => randomBytes(24).toString('base64url');

/** The booking (id and state) if the actor may see it; null actor: the system. */
export async function visibleBooking(ex: Executor, actor: TSessionUser | null, bookingId: number) {
  const row = await repository.bookingOwners(ex, actor, bookingId);
  if (!row || row.state === 'deleted') throw notFound('Booking');
  return row;
}

/** The invoices not yet reversed by a cancellation invoice. */
export async function activeInvoices(ex: Executor, bookingId: number): Promise<TInvoiceRow[]> {
  const rows = await repository.invoicesOf(ex, bookingId);
  const cancelled = new Set(rows.map((r) => r.cancelsId).filter((id): id is number => id != null));
  return rows.filter((r) => r.kind !== 'cancellation' && !cancelled.has(r.id));
}

async function lockBookingRow(tx: Tx, bookingId: number) {
  // One issue per booking at a time: two clicks on "issue" must not bill twice.
  await repository.lockBooking(tx, bookingId);
}

/**
 * Who is billed, frozen on the invoice. `servicePeriod` (the booking's dates at issue) rides along here
 * because the invoices table has no column of its own for it: the printed period must not follow later
 * changes of the booking.
 */
type TRecipient = TParty & { servicePeriod?: { from: string; to: string } };

function recipientFrom(data: TBookingDocData): TRecipient {
  const party = data.booking.agencyId ? data.agency : data.customer;
  if (party) return party;
  // Nobody on record (data.customer is the booking's or the lead guest's customer): the lead guest by name.
  return { name: data.guests[0]?.name ?? '', address: {} };
}

async function writeInvoice(
  tx: Tx,
  values: {
    bookingId: number;
    kind: TInvoiceKind;
    lines: TInvoiceLine[];
    recipient: TRecipient;
    currency: string;
    language: TLanguage;
    cancelsId?: number;
    userId: number | null;
    date: string;
  },
): Promise<TInvoiceRow> {
  const year = Number(values.date.slice(0, 4));
  const seq = await nextInvoiceSeq(tx, year);
  const totals = taxBreakdown(values.lines);
  const row = await repository.insertInvoice(tx, {
    bookingId: values.bookingId,
    number: invoiceNumber(year, seq),
    year,
    seq,
    kind: values.kind,
    date: values.date,
    cancelsId: values.cancelsId ?? null,
    currency: values.currency,
    language: values.language,
    recipient: values.recipient,
    lines: values.lines,
    net: totals.net,
    tax: totals.tax,
    gross: totals.gross,
    taxBreakdown: totals.breakdown,
    publicToken: newPublicToken(),
    userId: values.userId,
  });
  if (!row) throw new Error('insert returned no row');
  return row;
}

async function invoiceableData(tx: Tx, actor: TSessionUser | null, bookingId: number) {
  await visibleBooking(tx, actor, bookingId);
  await lockBookingRow(tx, bookingId);
  const data = await loadBookingDocData(tx, bookingId);
  if (!INVOICEABLE.has(data.booking.state)) {
    throw new AppError(
      409,
      'INVALID_STATE',
      `A ${data.booking.state} booking cannot be invoiced; confirm it first`,
    );
  }
  if ((await activeInvoices(tx, bookingId)).length > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      'The booking already has an invoice; issue a cancellation invoice first',
    );
  }
  const lines = data.invoiceLines.filter((l) => !new D(l.total).isZero());
  if (lines.length === 0) throw new AppError(400, 'NOTHING_TO_INVOICE', 'The booking has nothing to invoice');
  return { data, lines };
}

/** Issues the invoice of a booking: its billable lines frozen, billed to the payer (agency or customer). */
export async function issueInvoice(
  tx: Tx,
  actor: TSessionUser | null,
  bookingId: number,
  opts: { date?: string } = {},
): Promise<TInvoiceRow> {
  const { data, lines } = await invoiceableData(tx, actor, bookingId);
  return writeInvoice(tx, {
    bookingId,
    kind: 'invoice',
    lines,
    recipient: {
      ...recipientFrom(data),
      servicePeriod: { from: data.booking.from, to: data.booking.to },
    },
    currency: data.booking.currency,
    language: data.lang,
    userId: actor?.id ?? null,
    date: opts.date ?? today(),
  });
}

/**
 * A cancellation invoice: the cancelled invoice's lines negated, with its own number; the original stays
 * as it was. `invoiceId` left out: the booking's latest active invoice.
 */
export async function cancelInvoice(
  tx: Tx,
  actor: TSessionUser | null,
  ref: { invoiceId: number } | { bookingId: number },
): Promise<TInvoiceRow> {
  let target: TInvoiceRow | undefined;
  if ('invoiceId' in ref) {
    target = await repository.invoice(tx, ref.invoiceId);
    if (!target) throw notFound('Invoice');
    await visibleBooking(tx, actor, target.bookingId).catch(() => {
      throw notFound('Invoice');
    });
  } else {
    await visibleBooking(tx, actor, ref.bookingId);
  }
  const bookingId = target?.bookingId ?? (ref as { bookingId: number }).bookingId;
  await lockBookingRow(tx, bookingId);
  const active = await activeInvoices(tx, bookingId);
  if (target) {
    const id = target.id;
    if (target.kind === 'cancellation')
      throw new AppError(409, 'INVALID_STATE', 'A cancellation invoice cannot be cancelled');
    if (!active.some((a) => a.id === id))
      throw new AppError(409, 'INVALID_STATE', 'The invoice is already cancelled');
  } else {
    target = active.at(-1);
    if (!target) throw new AppError(409, 'INVALID_STATE', 'The booking has no invoice to cancel');
  }
  return writeInvoice(tx, {
    bookingId,
    kind: 'cancellation',
    lines: reverseLines(target.lines as TInvoiceLine[]),
    recipient: target.recipient as TRecipient,
    currency: target.currency,
    language: target.language === 'en' ? 'en' : 'de',
    cancelsId: target.id,
    userId: actor?.id ?? null,
    date: today(),
  });
}

export type TSplitPart = {
  share: string;
  agencyId?: number | undefined;
  customerId?: number | undefined;
  name?: string | undefined;
};

/**
 * Split invoices: the billable amount over several recipients by share (e.g. agency 70 %, guest 30 %), or
 * `byGuests`: one equal share per guest of the booking. One invoice each, numbers in a row.
 */
export async function splitInvoice(
  tx: Tx,
  actor: TSessionUser | null,
  bookingId: number,
  input: { parts?: TSplitPart[] | undefined; byGuests?: boolean | undefined },
): Promise<TInvoiceRow[]> {
  if (!input.byGuests) checkShares(input.parts ?? []);
  const { data, lines } = await invoiceableData(tx, actor, bookingId);
  let parts: TSplitPart[];
  if (input.byGuests) {
    const guests = guestRecipients(data);
    if (guests.length < 2) throw badRequest('Splitting by guests needs at least two guests', 'body/byGuests');
    parts = equalShares(guests.length).map((share, i) => ({ share, ...guests[i] }));
  } else {
    parts = input.parts ?? [];
  }
  checkShares(parts);
  // One after another: the transaction's one connection takes one query at a time.
  const recipients: TRecipient[] = [];
  for (const part of parts) recipients.push(await recipientOf(tx, part, data));
  const split = splitLines(
    lines,
    parts.map((p) => p.share),
  );
  const written: TInvoiceRow[] = [];
  for (const [i, part] of split.entries()) {
    written.push(
      await writeInvoice(tx, {
        bookingId,
        kind: 'split',
        lines: part,
        recipient: {
          ...(recipients[i] as TRecipient),
          servicePeriod: { from: data.booking.from, to: data.booking.to },
        },
        currency: data.booking.currency,
        language: data.lang,
        userId: actor?.id ?? null,
        date: today(),
      }),
    );
  }
  return written;
}

function checkShares(parts: readonly TSplitPart[]) {
  if (parts.length < 2) throw badRequest('A split needs at least two parts', 'body/data/parts');
  const sum = parts.reduce((s, p) => s.plus(p.share), new D(0));
  if (!sum.equals(100)) throw badRequest('The shares must sum to 100', 'body/data/parts');
  if (parts.some((p) => !new D(p.share).greaterThan(0)))
    throw badRequest('Every share must be above 0', 'body/data/parts');
}

/** n shares in percent with two decimals summing to exactly 100 (the first ones take the rest). */
export function equalShares(n: number): string[] {
  const base = new D(100).div(n).toDecimalPlaces(2, D.ROUND_DOWN);
  const rest = new D(100).minus(base.times(n));
  const cents = rest.times(100).toNumber();
  return Array.from({ length: n }, (_, i) => (i < cents ? base.plus('0.01') : base).toFixed(2));
}

/** The guests as split recipients: their customer record where they have one, else their name. */
function guestRecipients(data: TBookingDocData): { customerId?: number; name: string }[] {
  return data.guests.map((g) =>
    g.customerId ? { customerId: g.customerId, name: g.name } : { name: g.name },
  );
}

async function recipientOf(ex: Executor, part: TSplitPart, data: TBookingDocData): Promise<TRecipient> {
  if (part.agencyId) {
    if (part.agencyId !== data.booking.agencyId)
      throw badRequest('The agency is not the booking’s agency', 'body/parts');
    return data.agency as TRecipient;
  }
  if (part.customerId) {
    const c = await repository.customerParty(ex, part.customerId);
    const ids = new Set([data.booking.customerId, ...data.guests.map((g) => g.customerId)]);
    if (!c || !ids.has(c.id)) throw badRequest('The customer is not on the booking', 'body/parts');
    return { name: c.name, address: (c.address ?? {}) as TRecipient['address'], customerId: c.id };
  }
  if (part.name?.trim()) return { name: part.name.trim(), address: {} };
  throw badRequest('Each part needs an agencyId, a customerId or a name', 'body/parts');
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

export async function invoiceForActor(
  ex: Executor,
  actor: TSessionUser,
  invoiceId: number,
): Promise<TInvoiceRow> {
  const row = await repository.visibleInvoice(ex, actor, invoiceId);
  if (!row) throw notFound('Invoice');
  return row;
}

export async function invoiceByToken(ex: Executor, token: string): Promise<TInvoiceRow> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) throw notFound('Invoice');
  const row = await repository.invoiceByToken(ex, token);
  if (!row) throw notFound('Invoice');
  return row;
}

export async function latestInvoice(ex: Executor, bookingId: number): Promise<TInvoiceRow | undefined> {
  return repository.latestIssuedInvoice(ex, bookingId);
}

/**
 * A cancelled booking's open invoices are reversed by cancellation invoices in the cancel's transaction
 * (the fee is billed by issuing a new invoice afterwards). Answers the cancellation invoices.
 */
export async function reverseOpenInvoices(tx: Tx, bookingId: number): Promise<TInvoiceRow[]> {
  const reversed: TInvoiceRow[] = [];
  for (const invoice of await activeInvoices(tx, bookingId))
    if (invoice.kind !== 'cancellation')
      reversed.push(await cancelInvoice(tx, null, { invoiceId: invoice.id }));
  return reversed;
}
