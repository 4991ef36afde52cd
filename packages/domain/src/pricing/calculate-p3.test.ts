import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calculate } from './calculate.ts';
import type { TCalcLine } from './engine-types.ts';
import type { TSpecialsContext, TSpecialsResult } from './specials.ts';
import { byKey, DOUBLE_PP, entry, input, person, price, room } from './test-fixtures.ts';

// P3 (docs/domain/tax-and-commission.md) through the whole calculation. The specials engine is replaced by a stand-in
// that adds the early bird's line as it would, so the commission part is tested on its own.

const early = vi.hoisted(() => ({
  excludeFromCommission: false,
  commission: undefined as string | undefined,
}));

vi.mock('./specials.ts', () => ({
  applySpecials: (_ctx: TSpecialsContext, lines: TCalcLine[]): TSpecialsResult => {
    const special: TCalcLine = {
      key: 'special:1',
      type: 'special',
      text: 'Early bird 10 %',
      sort: 9999,
      amount: '1',
      price: '-420.00',
      total: '-420.00',
      customerType: 'None',
      customer: null,
      editable: true,
      deletable: true,
      unique: true,
      customData: {
        generator: 'special',
        specialId: 1,
        target: 'RoomPrice',
        excludeFromCommission: early.excludeFromCommission,
      },
    };
    return {
      lines: [...lines, special],
      why: [{ specialId: 1, name: 'Early bird', applied: true, reason: 'applied', amount: '-420.00' }],
      ...(early.commission ? { commission: { percent: early.commission, specialId: 9 } } : {}),
    };
  },
}));

function p3() {
  return input({
    resortId: null,
    vesselId: 3,
    agency: { id: 5, commission: '15', commissionMode: 'included' },
    prices: [
      price({
        id: 7,
        resortId: null,
        vesselId: 3,
        calculationType: 'complete',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        variants: [DOUBLE_PP.id],
        entries: [entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '2100.00' })],
      }),
    ],
    rooms: [
      room({ from: '2026-05-02', to: '2026-05-09', scheduleId: 70, persons: [person('p1'), person('p2')] }),
    ],
  });
}

describe('P3: agency commission with an excluded special', () => {
  beforeEach(() => {
    early.excludeFromCommission = false;
    early.commission = undefined;
  });

  it('special counted in the base: base 3,780.00, commission 567.00, the agency owes 3,213.00', () => {
    const result = calculate(p3());
    expect(result.totals).toMatchObject({
      total: '3780.00',
      commissionBase: '3780.00',
      commission: '567.00',
      commissionPercent: '15',
      agencyDue: '3213.00',
      customerDue: '0.00',
    });
    expect(byKey(result.lines, 'commission')).toMatchObject({ customerType: 'Info', total: '567.00' });
    expect(result.why).toHaveLength(1);
  });

  it('excludeFromCommission: base 4,200.00, commission 630.00, the agency owes 3,150.00', () => {
    early.excludeFromCommission = true;
    const result = calculate(p3());
    expect(result.totals).toMatchObject({
      total: '3780.00',
      commissionBase: '4200.00',
      commission: '630.00',
      agencyDue: '3150.00',
    });
  });

  it('an AgencyCommission special sets the percent first (priority 1)', () => {
    early.commission = '20';
    const result = calculate(p3());
    expect(result.totals).toMatchObject({
      commissionPercent: '20',
      commissionSource: 'special',
      commission: '756.00',
    });
  });
});
