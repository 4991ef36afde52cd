import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import type { TCommissionResult } from './commission.ts';
import type { TCalcLine } from './engine-types.ts';
import type { TPriceTax } from './entities.ts';
import { lineTax, taxRateOf } from './tax.ts';
import { DOUBLE, entry, input, line, price, room } from './test-fixtures.ts';
import { computeTotals } from './totals.ts';

// Totals by customer type (docs/domain/calculation-lines.md) and taxes (tax-and-commission.md).

const none: TCommissionResult = {
  commission: '0.00',
  commissionBase: '0.00',
  commissionPercent: '0',
  commissionSource: null,
  mode: null,
};
const agency = (mode: 'included' | 'subtract'): TCommissionResult => ({
  ...none,
  commission: '150.00',
  commissionBase: '1000.00',
  commissionPercent: '15',
  commissionSource: 'agency',
  mode,
});

const lines: TCalcLine[] = [
  line({ key: 'room', type: 'room_cost', total: '1000.00' }),
  line({ key: 'direct', type: 'cost', total: '100.00', customerType: 'Direct' }),
  line({ key: 'onsite', type: 'product', total: '50.00', customerType: 'OnSite' }),
  line({ key: 'free', type: 'cost', total: '30.00', customerType: 'ForFree' }),
  line({ key: 'info', type: 'cost', total: '20.00', customerType: 'Info' }),
  line({ key: 'text', type: 'text', total: '999.00' }),
  line({ key: 'option', type: 'option', total: '77.00' }),
  line({
    key: 'flight',
    type: 'external',
    total: '200.00',
    customData: { generator: 'product', collect: true },
  }),
  line({
    key: 'ferry',
    type: 'external',
    total: '300.00',
    customData: { generator: 'product', collect: false },
  }),
];
const noTax = () => null;

describe('totals by customer type', () => {
  it('direct booking: None, Direct, OnSite and collected externals count; ForFree, Info and the rest do not', () => {
    expect(computeTotals(lines, { taxOf: noTax, commission: none, isAgency: false })).toMatchObject({
      total: '1350.00',
      onSite: '50.00',
      dueBeforeTravel: '1300.00',
      customerDue: '1300.00',
      agencyDue: '0.00',
      tax: '0.00',
      net: '1350.00',
    });
  });

  it('agency booking, mode included: the agency owes its None lines less commission; the guest the Direct lines', () => {
    expect(
      computeTotals(lines, { taxOf: noTax, commission: agency('included'), isAgency: true }),
    ).toMatchObject({
      total: '1350.00',
      dueBeforeTravel: '1300.00',
      agencyDue: '1050.00',
      customerDue: '100.00',
      commission: '150.00',
      commissionSource: 'agency',
    });
  });

  it('agency booking, mode subtract: net prices, the commission is not deducted again', () => {
    expect(
      computeTotals(lines, { taxOf: noTax, commission: agency('subtract'), isAgency: true }).agencyDue,
    ).toBe('1200.00');
  });
});

describe('taxes', () => {
  const confirmed = (value: string, inclusive: boolean): TPriceTax => ({
    status: 'confirmed',
    value,
    inclusive,
  });

  it('inclusive: net = round2(gross / 1.07), tax = gross − net (P1)', () => {
    expect(lineTax('462.00', taxRateOf(confirmed('7', true))).toFixed(2)).toBe('30.22');
    expect(lineTax('-420.00', taxRateOf(confirmed('7', true))).toFixed(2)).toBe('-27.48');
  });

  it('exclusive: tax = round2(net × r/100), added to the total and to the payer of the line', () => {
    const rate = taxRateOf(confirmed('10', false));
    expect(lineTax('0.05', rate).toFixed(2)).toBe('0.01');
    const totals = computeTotals(lines, { taxOf: () => rate, commission: none, isAgency: false });
    // tax on 1000 + 100 + 50 (billable, counted); not on externals
    expect(totals).toMatchObject({ tax: '115.00', total: '1465.00', net: '1350.00', onSite: '55.00' });
    expect(totals.dueBeforeTravel).toBe('1410.00');
  });

  it('aborted (the default) or 0 %: no tax', () => {
    expect(taxRateOf({ status: 'aborted', value: '7', inclusive: true })).toBeNull();
    expect(taxRateOf(confirmed('0', true))).toBeNull();
    expect(taxRateOf(undefined)).toBeNull();
  });

  it('lines of specials with excludeFromTax are left out of the tax base', () => {
    const voucher = line({
      key: 'voucher',
      type: 'special',
      total: '-100.00',
      customData: { generator: 'special', excludeFromTax: true },
    });
    const rate = taxRateOf(confirmed('10', false));
    const totals = computeTotals([lines[0] as TCalcLine, voucher], {
      taxOf: () => rate,
      commission: none,
      isAgency: false,
    });
    expect(totals).toMatchObject({ tax: '100.00', total: '1000.00' });
  });

  it('in a calculation, a room line takes its own season’s tax, other lines the first room line’s', () => {
    const taxed = (id: number, validFrom: string, validTo: string, tax: TPriceTax) =>
      price({
        id,
        validFrom,
        validTo,
        tax,
        entries: [entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '100' })],
      });
    const result = calculate(
      input({
        prices: [
          taxed(1, '2026-01-01', '2026-06-30', confirmed('10', false)),
          taxed(2, '2026-07-01', '2026-12-31', confirmed('20', false)),
        ],
        rooms: [
          room({ from: '2026-03-01', to: '2026-03-03' }),
          room({ key: 'r2', from: '2026-07-01', to: '2026-07-02' }),
        ],
        manualLines: [line({ key: 'm', total: '50.00' })],
      }),
    );
    // r1 200.00 × 10 % + r2 100.00 × 20 % + the manual 50.00 × 10 % (first room line's season)
    expect(result.totals).toMatchObject({ tax: '45.00', total: '395.00', net: '350.00' });
    const aborted = calculate(
      input({
        prices: [taxed(1, '2026-01-01', '2026-06-30', { status: 'aborted', value: '10', inclusive: false })],
        rooms: [room({ from: '2026-03-01', to: '2026-03-03' })],
      }),
    );
    expect(aborted.totals).toMatchObject({ tax: '0.00', total: '200.00' });
  });
});
