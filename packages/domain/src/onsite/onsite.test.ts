import { describe, expect, it } from 'vitest';
import type { TCommissionResult } from '../pricing/commission.ts';
import type { TCalcLine } from '../pricing/engine-types.ts';
import { taxRateOf } from '../pricing/tax.ts';
import { line } from '../pricing/test-fixtures.ts';
import { computeTotals } from '../pricing/totals.ts';
import { totalsWithOnsiteLine } from './onsite.ts';

// The counter's lean room-tab sale (docs/domain/onsite.md "A sale on a room tab") moves the stored totals by
// one OnSite line: it must land on what the engine sums with the line among the others.

const commission: TCommissionResult = {
  commission: '0.00',
  commissionBase: '0.00',
  commissionPercent: '0',
  commissionSource: null,
  mode: null,
};
const stay: TCalcLine[] = [
  line({ key: 'room', type: 'room_cost', total: '1234.56' }),
  line({ key: 'direct', type: 'cost', total: '100.10', customerType: 'Direct' }),
  line({ key: 'onsite:1', type: 'product', total: '48.00', customerType: 'OnSite' }),
];

describe('totalsWithOnsiteLine', () => {
  for (const tax of [
    { status: 'confirmed', value: '7', inclusive: true },
    { status: 'confirmed', value: '19', inclusive: false },
    { status: 'confirmed', value: '16.5', inclusive: false },
    { status: 'aborted', value: '7', inclusive: true },
    null,
  ] as const) {
    it(`adds a line as the engine sums it (tax ${JSON.stringify(tax)})`, () => {
      const rate = taxRateOf(tax);
      const opts = { taxOf: () => rate, commission, isAgency: false };
      const before = computeTotals(stay, opts);
      for (const total of ['0.01', '2.50', '33.33', '12345.67']) {
        const added = line({ key: 'onsite:2', type: 'product', total, customerType: 'OnSite' });
        const engine = computeTotals([...stay, added], opts);
        expect(totalsWithOnsiteLine(before, total, tax)).toEqual(engine);
      }
    });
  }
});
