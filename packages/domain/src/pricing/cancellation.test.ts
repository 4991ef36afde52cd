import { describe, expect, it } from 'vitest';
import { cancellationFee, cancellationFeeBase, cancellationTier } from './cancellation.ts';
import { line } from './test-fixtures.ts';

// The cancellation fee (docs/domain/cancellation.md) and its worked example: terms "Liveaboard
// standard", tiers ≥ 90 days 30 %, 60–89 days 50 %, < 60 days 100 %; total 4,200.00, paid 1,260.00.

const tiers = [
  { daysBefore: 90, percent: '30' },
  { daysBefore: 60, percent: '50' },
  { daysBefore: 0, percent: '100' },
];
const from = '2026-06-01';
const paid = 1260;
const cancel = (cancelDate: string, over: Partial<Parameters<typeof cancellationFee>[0]> = {}) =>
  cancellationFee({ from, cancelDate, feeBase: '4200.00', tiers, ...over });

describe('worked cancellation example (docs/domain/cancellation.md)', () => {
  it('C1: 120 days before → tier 90 → 30 % → 1,260.00, refund 0', () => {
    const fee = cancel('2026-02-01');
    expect(fee).toMatchObject({ daysBefore: 120, percent: '30', fee: '1260.00', tier: { daysBefore: 90 } });
    expect(paid - Number(fee.fee)).toBe(0);
  });

  it('C2: 75 days before → 50 % → 2,100.00; paid 1,260 → 840.00 open, due now', () => {
    const fee = cancel('2026-03-18');
    expect(fee).toMatchObject({ daysBefore: 75, percent: '50', fee: '2100.00' });
    expect(Number(fee.fee) - paid).toBe(840);
  });

  it('C3: 10 days after departure (no-show): no tier matches → 100 % → 4,200.00', () => {
    const fee = cancel('2026-06-11');
    expect(fee).toMatchObject({ daysBefore: -10, tier: null, percent: '100', fee: '4200.00' });
  });

  it('C4: agency, commission 15 %, includeCommission false, 75 days before → base 3,570 → 1,785.00', () => {
    const fee = cancel('2026-03-18', { isAgency: true, commission: '630.00', includeCommission: false });
    expect(fee).toMatchObject({ feeBase: '3570.00', fee: '1785.00' });
  });
});

describe('cancellation fee rules', () => {
  it('tiers are read by daysBefore descending, whatever their stored order', () => {
    expect(cancellationTier([...tiers].reverse(), 95)?.percent).toBe('30');
    expect(cancellationTier(tiers, 89)?.percent).toBe('50');
    expect(cancellationTier(tiers, 0)?.percent).toBe('100');
    expect(cancellationTier(tiers, -1)).toBeNull();
  });

  it('includeCommission (the default) or a direct booking keeps the full base', () => {
    expect(cancel('2026-03-18', { isAgency: true, commission: '630.00' }).fee).toBe('2100.00');
    expect(cancel('2026-03-18', { commission: '630.00', includeCommission: false }).fee).toBe('2100.00');
  });

  it('without terms: the request’s percent, or its absolute value, capped at the base', () => {
    expect(cancel('2026-03-18', { useTerms: false, percent: '10' })).toMatchObject({
      fee: '420.00',
      percent: '10',
    });
    expect(cancel('2026-03-18', { useTerms: false, value: '250' })).toMatchObject({
      fee: '250.00',
      percent: null,
    });
    expect(cancel('2026-03-18', { useTerms: false, value: '5000' }).fee).toBe('4200.00');
    expect(cancel('2026-03-18', { useTerms: false }).fee).toBe('0.00');
  });

  it('depositNonRefundable: at least the deposit paid', () => {
    const early = cancel('2026-02-01', {
      tiers: [{ daysBefore: 90, percent: '10' }],
      depositNonRefundable: true,
      depositPaid: '1260.00',
    });
    expect(early).toMatchObject({ fee: '1260.00', byDeposit: true });
    expect(cancel('2026-03-18', { depositNonRefundable: true, depositPaid: '1260.00' })).toMatchObject({
      fee: '2100.00',
      byDeposit: false,
    });
  });

  it('the fee base leaves out OnSite, ForFree, Info and external lines', () => {
    const base = cancellationFeeBase([
      line({ key: 'room', type: 'room_cost', total: '4000.00' }),
      line({ key: 'direct', type: 'cost', total: '200.00', customerType: 'Direct' }),
      line({ key: 'onsite', type: 'product', total: '50.00', customerType: 'OnSite' }),
      line({ key: 'free', type: 'cost', total: '30.00', customerType: 'ForFree' }),
      line({ key: 'info', type: 'cost', total: '20.00', customerType: 'Info' }),
      line({
        key: 'flight',
        type: 'external',
        total: '300.00',
        customData: { generator: 'product', collect: true },
      }),
    ]);
    expect(base).toBe('4200.00');
  });
});
