import { describe, expect, it } from 'vitest';
import {
  findBookingNumbers,
  findInvoiceNumbers,
  matchEntry,
  nameMatches,
  nextDueAmount,
  referenceNames,
  type TMatchCandidate,
  uniqueStrong,
} from './matching.ts';

const booking = (over: Partial<TMatchCandidate> = {}): TMatchCandidate => ({
  bookingId: 1,
  offerNo: 'O26-00003',
  reservationNo: 'R26-00007',
  bookingNo: 'B26-00012',
  currency: 'EUR',
  openAmount: '4200.00',
  nextDueAmount: '1260.00',
  names: ['Maria Sommer'],
  ...over,
});
const entry = (amount: string, reference: string | null, counterparty: string | null = null) => ({
  amount,
  currency: 'EUR',
  reference,
  counterparty,
});

describe('booking numbers in the reference', () => {
  it('finds numbers case-insensitively, ignoring spaces and dashes', () => {
    expect(findBookingNumbers('Anzahlung b26-00012 Sommer')).toEqual(['B26-00012']);
    expect(findBookingNumbers('BUCHUNG B 26 000 12')).toEqual(['B26-00012']);
    expect(findBookingNumbers('r2600007/o26-00003')).toEqual(['R26-00007', 'O26-00003']);
    expect(findBookingNumbers('B26-00012 and again b2600012')).toEqual(['B26-00012']);
  });

  it('finds no number inside longer numbers or words', () => {
    expect(findBookingNumbers('IBAN DE89B26000123')).toEqual([]);
    expect(findBookingNumbers('Rechnung 2600012')).toEqual([]);
    expect(findBookingNumbers(null)).toEqual([]);
  });

  it('tells whether a reference names a number in any form', () => {
    expect(referenceNames('Zahlung b 26-000 12', 'B26-00012')).toBe(true);
    expect(referenceNames('Zahlung B26-000123', 'B26-00012')).toBe(false);
    expect(referenceNames('XB26-00012', 'B26-00012')).toBe(false);
  });
});

describe('matchEntry (docs/domain/payments.md)', () => {
  it('is strong when the amount is the next due amount (the deposit)', () => {
    const [s] = matchEntry(entry('1260.00', 'Anzahlung B26-00012'), [booking()]);
    expect(s).toMatchObject({ bookingId: 1, number: 'B26-00012', strength: 'strong', reason: 'number' });
  });

  it('is strong when the amount is the open amount', () => {
    expect(matchEntry(entry('4200', 'R26-00007'), [booking()])[0]?.strength).toBe('strong');
  });

  it('is weak when the number matches but the amount does not', () => {
    expect(matchEntry(entry('100.00', 'B26-00012'), [booking()])[0]?.strength).toBe('weak');
  });

  it('is weak in another currency', () => {
    expect(matchEntry({ ...entry('1260.00', 'B26-00012'), currency: 'USD' }, [booking()])[0]?.strength).toBe(
      'weak',
    );
  });

  it('without a number: the counterparty name and the exact open amount give a weak match', () => {
    const candidates = [booking(), booking({ bookingId: 2, bookingNo: 'B26-00013', names: ['Jan Berg'] })];
    const found = matchEntry(entry('4200.00', 'Reise Juni', 'SOMMER, MARIA'), candidates);
    expect(found).toEqual([expect.objectContaining({ bookingId: 1, strength: 'weak', reason: 'name' })]);
    expect(matchEntry(entry('4199.99', 'Reise Juni', 'Maria Sommer'), candidates)).toEqual([]);
  });

  it('gives outgoing entries no suggestion', () => {
    expect(matchEntry(entry('-1260.00', 'B26-00012'), [booking()])).toEqual([]);
  });

  it('auto-assigns only a unique strong match', () => {
    const two = [booking(), booking({ bookingId: 2, bookingNo: 'B26-00013' })];
    const both = matchEntry(entry('1260.00', 'B26-00012 B26-00013'), two);
    expect(both.filter((s) => s.strength === 'strong')).toHaveLength(2);
    expect(uniqueStrong(both)).toBeUndefined();
    expect(uniqueStrong(matchEntry(entry('1260.00', 'B26-00012'), two))?.bookingId).toBe(1);
  });
});

describe('names and dues', () => {
  it('matches names without accents, case and order', () => {
    expect(nameMatches('MUELLER / Jose', 'José Mueller')).toBe(true);
    expect(nameMatches('Blue Reef Travel GmbH', 'Blue Reef Travel')).toBe(true);
    expect(nameMatches('Blue Travel', 'Blue Reef Travel')).toBe(false);
  });

  it('takes the earliest due date not yet covered (docs/domain/payments.md example)', () => {
    const dues = [
      { amount: '2940.00', dueDate: '2026-04-02' },
      { amount: '1260.00', dueDate: '2026-01-17' },
    ];
    expect(nextDueAmount(dues, '0')).toBe('1260.00');
    expect(nextDueAmount(dues, '1000')).toBe('260.00');
    expect(nextDueAmount(dues, '1260')).toBe('2940.00');
    expect(nextDueAmount(dues, '4200')).toBeNull();
  });
});

describe('numbers followed by amounts', () => {
  it('finds a number followed by other figures', () => {
    expect(findBookingNumbers('Anzahlung B26-00012 1260 EUR')).toEqual(['B26-00012']);
    expect(referenceNames('Anzahlung B26-00012 1260 EUR', 'B26-00012')).toBe(true);
  });
});

describe('temporary payments', () => {
  it('is strong when the amount is an expected (temporary) payment of the booking', () => {
    const expected = booking({
      openAmount: '0.00',
      nextDueAmount: null,
      temporaryAmounts: [{ amount: '500', currency: 'EUR' }],
    });
    expect(matchEntry(entry('500.00', 'B26-00012'), [expected])[0]?.strength).toBe('strong');
    expect(matchEntry(entry('501.00', 'B26-00012'), [expected])[0]?.strength).toBe('weak');
  });
});

describe("invoice numbers (what the invoice's payment QR code carries)", () => {
  it('finds invoice numbers in any form, never inside longer numbers or dates', () => {
    expect(findInvoiceNumbers('Rechnung 2041-000012 Sommer')).toEqual(['2041-000012']);
    expect(findInvoiceNumbers('RE 2041 000012 / RE2041000013')).toEqual(['2041-000012', '2041-000013']);
    expect(findInvoiceNumbers('Kunde 12041000012, am 2041-01-08, DE89370400440532013000')).toEqual([]);
    expect(findInvoiceNumbers(null)).toEqual([]);
  });

  it("matches the invoice's booking: strong for the open amount, weak for another amount", () => {
    const withInvoice = booking({ invoiceNumbers: ['2041-000012'] });
    const [s] = matchEntry(entry('4200.00', 'Rechnung 2041-000012'), [withInvoice]);
    expect(s).toMatchObject({ bookingId: 1, number: 'B26-00012', strength: 'strong', reason: 'invoice' });
    expect(matchEntry(entry('99.00', 'RE2041000012'), [withInvoice])[0]).toMatchObject({
      strength: 'weak',
      reason: 'invoice',
    });
    expect(matchEntry(entry('4200.00', 'Rechnung 2041-000013'), [withInvoice])).toEqual([]);
  });

  it('takes the booking number first when the reference names both', () => {
    const withInvoice = booking({ invoiceNumbers: ['2041-000012'] });
    const [s] = matchEntry(entry('4200.00', 'B26-00012 RE 2041-000012'), [withInvoice]);
    expect(s).toMatchObject({ reason: 'number', number: 'B26-00012' });
  });
});
