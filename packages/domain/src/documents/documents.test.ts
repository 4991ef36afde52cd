import { describe, expect, it } from 'vitest';
import {
  documentKindForState,
  epcPayload,
  leitwegIdProblem,
  lineTaxParts,
  normalizeIban,
  reverseLines,
  splitLines,
  type TInvoiceLine,
  taxBreakdown,
  ZLeitwegId,
} from './documents.ts';

const line = (total: string, taxRate: string, inclusive = true): TInvoiceLine => ({
  text: 'x',
  amount: '1',
  price: total,
  total,
  taxRate,
  inclusive,
});

describe('tax breakdown (§14 UStG)', () => {
  it('takes an inclusive tax out of the gross, per line', () => {
    expect(lineTaxParts(line('462.00', '7'))).toEqual({ net: '431.78', tax: '30.22', gross: '462.00' });
    expect(lineTaxParts(line('119.00', '19'))).toEqual({ net: '100.00', tax: '19.00', gross: '119.00' });
  });

  it('adds an exclusive tax on top', () => {
    expect(lineTaxParts(line('100.00', '19', false))).toEqual({
      net: '100.00',
      tax: '19.00',
      gross: '119.00',
    });
  });

  it('sums per rate, highest rate first, and in total', () => {
    const totals = taxBreakdown([
      line('119.00', '19'),
      line('107.00', '7'),
      line('50.00', '0'),
      line('-10.70', '7'),
    ]);
    expect(totals.breakdown).toEqual([
      { rate: '19', net: '100.00', tax: '19.00', gross: '119.00' },
      { rate: '7', net: '90.00', tax: '6.30', gross: '96.30' },
      { rate: '0', net: '50.00', tax: '0.00', gross: '50.00' },
    ]);
    expect(totals).toMatchObject({ net: '240.00', tax: '25.30', gross: '265.30' });
  });

  it('computes tax per line and sums (no float drift over many lines)', () => {
    const lines = Array.from({ length: 1000 }, () => line('0.10', '19'));
    const totals = taxBreakdown(lines);
    expect(totals.gross).toBe('100.00');
    expect(totals.net).toBe('80.00');
    expect(totals.tax).toBe('20.00');
  });

  it('reverses lines for a cancellation invoice', () => {
    const reversed = reverseLines([line('462.00', '7')]);
    expect(reversed[0]).toMatchObject({ total: '-462.00', price: '-462.00' });
    expect(taxBreakdown(reversed)).toMatchObject({ net: '-431.78', tax: '-30.22', gross: '-462.00' });
  });

  it('splits lines by share, the last part taking the rounding rest', () => {
    const [a, b, c] = splitLines([line('100.00', '19')], ['33.33', '33.33', '33.34']);
    expect([a?.[0]?.total, b?.[0]?.total, c?.[0]?.total]).toEqual(['33.33', '33.33', '33.34']);
    expect(() => splitLines([line('1.00', '7')], ['50', '40'])).toThrow();
  });
});

describe('EPC QR payload', () => {
  it('checks IBANs by mod 97', () => {
    expect(normalizeIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normalizeIban('DE89 3704 0044 0532 0130 01')).toBeNull();
    expect(normalizeIban('nonsense')).toBeNull();
  });

  it('writes the EPC069-12 lines', () => {
    const result = epcPayload({
      name: 'Atoll Tauchreisen GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      amount: '462',
      text: 'B26-00001',
    });
    expect(result).toEqual({
      payload: [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Atoll Tauchreisen GmbH',
        'DE89370400440532013000',
        'EUR462.00',
        '',
        '',
        'B26-00001',
      ].join('\n'),
    });
  });

  it('names the problem instead of a payload', () => {
    const base = { name: 'A', iban: 'DE89370400440532013000', amount: '1.00' };
    expect(epcPayload({ ...base, iban: 'DE00' })).toEqual({ problem: 'iban' });
    expect(epcPayload({ ...base, amount: '0' })).toEqual({ problem: 'amount' });
    expect(epcPayload({ ...base, amount: '1000000000' })).toEqual({ problem: 'amount' });
    expect(epcPayload({ ...base, name: '  ' })).toEqual({ problem: 'name' });
  });
});

describe('document for a state', () => {
  it('answers offer, reservation or confirmation', () => {
    expect(documentKindForState('draft')).toBe('offer');
    expect(documentKindForState('planned')).toBe('reservation');
    expect(documentKindForState('confirmed')).toBe('confirmation');
  });
});

describe('Leitweg-ID', () => {
  it('takes coarse address, optional fine address and MOD 97-10 check digits', () => {
    // KoSIT's example and a coarse address alone.
    expect(leitwegIdProblem('04011000-1234512345-06')).toBeNull();
    expect(leitwegIdProblem('99101234-38')).toBeNull();
    // Letters in the fine address count as A = 10 … Z = 35.
    expect(leitwegIdProblem('991-ABC12-49')).toBeNull();
    expect(leitwegIdProblem('04011000-1234512345-07')).toBe('checkDigits');
    expect(leitwegIdProblem('991-12345-67')).toBe('checkDigits');
    for (const bad of [
      '1-12',
      '04011000-1234512345',
      'DE-123-06',
      '0401-12 34-06',
      `99-${'A'.repeat(31)}-00`,
      '',
    ])
      expect(leitwegIdProblem(bad), bad).toBe('format');
  });

  it('reads input trimmed and upper-case, empty as none', () => {
    expect(ZLeitwegId.parse(' 991-abc12-49 ')).toBe('991-ABC12-49');
    expect(ZLeitwegId.parse('')).toBeNull();
    expect(ZLeitwegId.parse(null)).toBeNull();
    expect(ZLeitwegId.safeParse('991-12345-67').success).toBe(false);
  });
});
