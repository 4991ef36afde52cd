import { NUMBER_KINDS } from '../bookings/bookings.ts';
import { D, type TDecimal } from '../money/money.ts';

// Matching bank entries to bookings (docs/domain/payments.md): booking numbers in the reference text first,
// the counterparty's name with the exact open amount second. Pure: the server loads the candidates.

export const MATCH_STRENGTHS = ['strong', 'weak'] as const;
export type TMatchStrength = (typeof MATCH_STRENGTHS)[number];
/**
 * number: a booking number in the reference; invoice: the number of one of the booking's invoices (what
 * the invoice's payment QR code puts in the transfer); name: the counterparty and the open amount.
 */
export const MATCH_REASONS = ['number', 'invoice', 'name'] as const;
export type TMatchReason = (typeof MATCH_REASONS)[number];

/** A booking the entry may pay, with what is owed on it (in the booking currency). */
export type TMatchCandidate = {
  bookingId: number;
  offerNo: string | null;
  reservationNo: string | null;
  bookingNo: string | null;
  currency: string;
  openAmount: TDecimal;
  /** The deposit or rest still owed of the earliest uncovered due date; null when none. */
  nextDueAmount: TDecimal | null;
  /** Payer names: the customer's full name and the agency's name. */
  names: readonly string[];
  /** Amounts of its temporary payments not yet seen in a bank entry (in their currency). */
  temporaryAmounts?: readonly { amount: TDecimal; currency: string }[];
  /** Numbers of the booking's invoices (`2041-000012`) that the reference may quote. */
  invoiceNumbers?: readonly string[];
};

/** A suggestion kept on the bank entry (bank_entries.suggestions). */
export type TSuggestion = {
  bookingId: number;
  number: string;
  strength: TMatchStrength;
  reason: TMatchReason;
  currency: string;
  openAmount: TDecimal;
  nextDueAmount: TDecimal | null;
};

export type TMatchEntry = {
  amount: TDecimal;
  currency: string;
  reference: string | null;
  counterparty: string | null;
};

/** Lower case without spaces, dashes and other separators: "b 26-000 12" → "b2600012". */
export const compactNumber = (text: string) => text.toLowerCase().replace(/[\s\-_./]/g, '');

const PREFIXES = Object.values(NUMBER_KINDS).join('');
// A prefix, two year digits and five sequence digits, with spaces or dashes anywhere between them.
const NUMBER_RE = new RegExp(`(?<![a-z0-9])[${PREFIXES}](?:[\\s-]*\\d){7}(?!\\d)`, 'gi');

/**
 * The booking numbers (offer, reservation or booking numbers in the form `B26-00012`) written in a
 * reference text, case-insensitive, ignoring spaces and dashes; each in its canonical form, once.
 */
export function findBookingNumbers(reference: string | null | undefined): string[] {
  if (!reference) return [];
  const found = new Set<string>();
  for (const match of reference.matchAll(NUMBER_RE)) {
    const compact = compactNumber(match[0]).toUpperCase();
    found.add(`${compact.slice(0, 3)}-${compact.slice(3)}`);
  }
  return [...found];
}

// An invoice number: the year and six sequence digits (`2041-000012`), separators anywhere between them.
const INVOICE_RE = /(?<!\d)((?:19|20)\d{2})[\s\-_./]*(\d{6})(?!\d)/gi;

/** The invoice numbers written in a reference text, each in its canonical form `2041-000012`, once. */
export function findInvoiceNumbers(reference: string | null | undefined): string[] {
  if (!reference) return [];
  return [...new Set([...reference.matchAll(INVOICE_RE)].map((m) => `${m[1]}-${m[2]}`))];
}

/**
 * Whether the reference names this number, whatever its form: compared without case, spaces and
 * dashes, and not as a part of a longer number.
 */
export function referenceNames(reference: string | null | undefined, number: string): boolean {
  if (!reference) return false;
  const chars = [...compactNumber(number)].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (chars.length === 0) return false;
  // A number that starts with a digit may follow a word ("RE2041000012"), never another digit.
  const before = /^\d/.test(chars[0] ?? '') ? '(?<!\\d)' : '(?<![a-z0-9])';
  const pattern = new RegExp(`${before}${chars.join('[\\s\\-_./]*')}(?!\\d)`, 'i');
  return pattern.test(reference);
}

/** Words of a name: lower case, accents dropped, at least two letters ("Müller-Lüdenscheidt" → müller…). */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);

/** Every word of the name appears in the counterparty ("Sommer, Maria" names "Maria Sommer"). */
export function nameMatches(
  counterparty: string | null | undefined,
  name: string | null | undefined,
): boolean {
  if (!counterparty || !name) return false;
  const wanted = words(name);
  if (wanted.length === 0) return false;
  const have = new Set(words(counterparty));
  return wanted.every((w) => have.has(w));
}

const numbersOf = (c: TMatchCandidate) =>
  [c.bookingNo, c.reservationNo, c.offerNo].filter((n): n is string => Boolean(n));

const equal = (a: TDecimal | null, b: TDecimal) => a !== null && new D(a).eq(b);

function suggestion(c: TMatchCandidate, number: string, strength: TMatchStrength, reason: TMatchReason) {
  return {
    bookingId: c.bookingId,
    number,
    strength,
    reason,
    currency: c.currency,
    openAmount: new D(c.openAmount).toFixed(2),
    nextDueAmount: c.nextDueAmount === null ? null : new D(c.nextDueAmount).toFixed(2),
  } satisfies TSuggestion;
}

/**
 * The suggestions for one incoming entry (docs/domain/payments.md):
 * 1. bookings whose number, or the number of one of whose invoices, the reference names: strong when the amount is the next due amount
 *    (deposit or rest) or the open amount, in the same currency, or a temporary payment's amount (the
 *    expected payment arrived); weak otherwise;
 * 2. only when no number is named: bookings whose payer's name the counterparty carries and whose
 *    open amount is exactly the entry amount: weak.
 * Outgoing entries (amount ≤ 0) get none. Strong ones come first.
 */
export function matchEntry(entry: TMatchEntry, candidates: readonly TMatchCandidate[]): TSuggestion[] {
  const amount = new D(entry.amount);
  if (amount.lte(0)) return [];
  const byNumber: TSuggestion[] = [];
  for (const c of candidates) {
    const named = numbersOf(c).find((n) => referenceNames(entry.reference, n));
    const invoice = named ? undefined : c.invoiceNumbers?.find((n) => referenceNames(entry.reference, n));
    if (!named && !invoice) continue;
    const isExpected = (c.temporaryAmounts ?? []).some(
      (t) => t.currency === entry.currency && new D(t.amount).eq(amount),
    );
    const isStrong =
      isExpected ||
      (c.currency === entry.currency &&
        (equal(c.nextDueAmount, entry.amount) ||
          (new D(c.openAmount).gt(0) && equal(c.openAmount, entry.amount))));
    const strength = isStrong ? 'strong' : 'weak';
    byNumber.push(
      named
        ? suggestion(c, named, strength, 'number')
        : suggestion(c, numbersOf(c)[0] ?? `#${c.bookingId}`, strength, 'invoice'),
    );
  }
  if (byNumber.length)
    return byNumber.sort((a, b) => (a.strength === b.strength ? 0 : a.strength === 'strong' ? -1 : 1));
  return candidates
    .filter(
      (c) =>
        c.currency === entry.currency &&
        new D(c.openAmount).eq(amount) &&
        c.names.some((name) => nameMatches(entry.counterparty, name)),
    )
    .map((c) => suggestion(c, numbersOf(c)[0] ?? `#${c.bookingId}`, 'weak', 'name'));
}

/** The one strong suggestion, when there is exactly one: it may be assigned without asking. */
export function uniqueStrong(suggestions: readonly TSuggestion[]): TSuggestion | undefined {
  const strong = suggestions.filter((s) => s.strength === 'strong');
  return strong.length === 1 ? strong[0] : undefined;
}

/**
 * What is still owed of the earliest due date not covered by `paid` (payments fill the dues by date,
 * docs/domain/payments.md); null when every due is covered.
 */
export function nextDueAmount(
  dues: readonly { amount: TDecimal; dueDate: string }[],
  paid: TDecimal,
): TDecimal | null {
  let cumulative = new D(0);
  for (const due of [...dues].sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
    cumulative = cumulative.plus(due.amount);
    if (cumulative.gt(paid)) return D.min(cumulative.minus(paid), due.amount).toFixed(2);
  }
  return null;
}
