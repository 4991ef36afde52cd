import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import { commissionBase, commissionPercent, commissionRow } from './commission.ts';
import { createContext } from './context.ts';
import type { TPricingInput } from './engine-types.ts';
import { byKey, commission, DOUBLE, entry, input, line, price, room, supplement } from './test-fixtures.ts';

// Commission (docs/domain/tax-and-commission.md): priority, the commission table, the base, the Info line.

const season = (commissionPct = '0') =>
  price({
    id: 1,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    commission: commissionPct,
    entries: [entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '100' })],
  });
const agencyInput = (over: Partial<TPricingInput> = {}) =>
  input({
    agency: { id: 5, commission: '10', commissionMode: 'included' },
    prices: [season()],
    rooms: [room({ from: '2026-03-01', to: '2026-03-05' })],
    ...over,
  });

describe('commissionRow: the agency × asset × date table', () => {
  const asset = { resortId: 1, vesselId: null };
  const general = commission({ id: 1, percent: '10' });
  const resort = commission({ id: 2, percent: '12', resortId: 1 });
  const resortMarch = commission({
    id: 3,
    percent: '14',
    resortId: 1,
    validFrom: '2026-03-01',
    validTo: '2026-03-31',
  });
  const otherResort = commission({ id: 4, percent: '20', resortId: 2 });
  const otherAgency = commission({ id: 5, percent: '30', agencyId: 6, resortId: 1 });
  const rows = [general, resort, resortMarch, otherResort, otherAgency];

  it('asset-specific beats general, a narrower range beats an open one', () => {
    expect(commissionRow(rows, 5, asset, '2026-03-10')?.id).toBe(3);
    expect(commissionRow(rows, 5, asset, '2026-04-10')?.id).toBe(2);
    expect(commissionRow([general, otherResort], 5, asset, '2026-04-10')?.id).toBe(1);
  });

  it('the range must contain the first night; other agencies and assets never match', () => {
    expect(commissionRow([resortMarch, otherAgency, otherResort], 5, asset, '2026-04-01')).toBeUndefined();
  });
});

describe('commissionPercent: special → table → price → agency default', () => {
  it('follows the priority', () => {
    const withTable = createContext(agencyInput({ commissions: [commission({ id: 1, percent: '12' })] }));
    const plain = createContext(agencyInput());
    expect(commissionPercent(withTable, { percent: '20' }, season('15'))).toEqual({
      percent: '20',
      source: 'special',
    });
    expect(commissionPercent(withTable, undefined, season('15'))).toEqual({
      percent: '12',
      source: 'agency',
    });
    expect(commissionPercent(plain, undefined, season('15'))).toEqual({ percent: '15', source: 'price' });
    expect(commissionPercent(plain, undefined, season('0'))).toEqual({ percent: '10', source: 'agency' });
  });

  it('no agency: no commission', () => {
    expect(commissionPercent(createContext(input()), undefined, season('15'))).toEqual({
      percent: '0',
      source: null,
    });
  });
});

describe('commissionBase', () => {
  it('room lines, room-price and commissionable specials unless excluded, commissionable costs', () => {
    const base = commissionBase([
      line({ key: 'r', type: 'room_cost', total: '1000.00' }),
      line({
        key: 's1',
        type: 'special',
        total: '-100.00',
        customData: { generator: 'special', target: 'RoomPrice' },
      }),
      line({
        key: 's2',
        type: 'special',
        total: '-50.00',
        customData: { generator: 'special', target: 'Commissionable' },
      }),
      line({
        key: 's3',
        type: 'special',
        total: '-30.00',
        customData: { generator: 'special', target: 'RoomPrice', excludeFromCommission: true },
      }),
      line({
        key: 's4',
        type: 'special',
        total: '-20.00',
        customData: { generator: 'special', target: 'FullBooking' },
      }),
      line({
        key: 'c1',
        type: 'cost',
        total: '70.00',
        customData: { generator: 'supplement', commissionable: true },
      }),
      line({ key: 'c2', type: 'cost', total: '80.00', customData: { generator: 'supplement' } }),
      line({ key: 'p', type: 'product', total: '90.00' }),
      line({ key: 'free', type: 'room_cost', total: '500.00', customerType: 'ForFree' }),
    ]);
    expect(base.toFixed(2)).toBe('920.00');
  });
});

describe('commission in a calculation', () => {
  it('agency default 10 % of 400.00, shown as an Info line; agencyDue deducts it', () => {
    const result = calculate(agencyInput());
    expect(result.totals).toMatchObject({
      commissionBase: '400.00',
      commission: '40.00',
      commissionPercent: '10',
      commissionSource: 'agency',
      agencyDue: '360.00',
      total: '400.00',
    });
    expect(byKey(result.lines, 'commission')).toMatchObject({
      customerType: 'Info',
      total: '40.00',
      text: 'Agency commission 10 %',
    });
  });

  it('a commissionable mandatory supplement counts in the base, a plain one does not', () => {
    const result = calculate(
      agencyInput({
        supplements: [
          supplement({ id: 1, priceId: 1, value: '50', commissionable: true }),
          supplement({ id: 2, priceId: 1, value: '30' }),
        ],
      }),
    );
    expect(result.totals).toMatchObject({ commissionBase: '450.00', commission: '45.00', total: '480.00' });
  });

  it('mode subtract: the agency owes the lines without deduction', () => {
    const result = calculate(
      agencyInput({ agency: { id: 5, commission: '10', commissionMode: 'subtract' } }),
    );
    expect(result.totals).toMatchObject({ commission: '40.00', agencyDue: '400.00' });
  });

  it('direct bookings have no commission and no commission line', () => {
    const result = calculate(agencyInput({ agency: null }));
    expect(result.totals).toMatchObject({
      commission: '0.00',
      commissionSource: null,
      customerDue: '400.00',
    });
    expect(result.lines.some((l) => l.key === 'commission')).toBe(false);
  });
});

describe('a commission row chosen by hand (input.commissionId)', () => {
  const rows = [
    commission({ id: 1, percent: '12' }),
    commission({ id: 2, percent: '25', validTo: '2020-12-31' }),
  ];
  const foreign = commission({ id: 3, percent: '40', agencyId: 6 });

  it('beats the special and the table, whatever its dates', () => {
    const pinned = createContext(agencyInput({ commissions: rows, commissionId: 2 }));
    expect(commissionPercent(pinned, { percent: '20' }, season('15'))).toEqual({
      percent: '25',
      source: 'agency',
    });
    expect(calculate(agencyInput({ commissions: rows, commissionId: 2 })).totals.commission).toBe('100.00');
  });

  it('is ignored when it is another agency’s', () => {
    const other = createContext(agencyInput({ commissions: [...rows, foreign], commissionId: 3 }));
    expect(commissionPercent(other, undefined, season('15'))).toEqual({ percent: '12', source: 'agency' });
  });
});
