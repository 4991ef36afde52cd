import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../components/format.ts';
import { formatNumber } from '../../../components/pricing/format.ts';
import { discountLabel, windowLabel } from './format.ts';

// Echoes the key with its options, so the test sees which text was chosen with which values.
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key) as unknown as TFunction;

describe('special labels', () => {
  it('writes values without trailing zeros, in the language', () => {
    expect(formatNumber('10.00', 'en')).toBe('10');
    expect(formatNumber('12.50', 'de')).toBe('12,5');
  });

  it('names kind and value, marks surcharges and shows commission specials as their percent', () => {
    const special = { type: 'special' as const, discount: 'FOC' as const, discountValue: '1', reduce: true };
    expect(discountLabel(special, t, 'en')).toBe('specials.discountKinds.FOC.short{"value":"1"}');
    expect(discountLabel({ ...special, reduce: false }, t, 'en')).toBe(
      '+ specials.discountKinds.FOC.short{"value":"1"}',
    );
    expect(discountLabel({ ...special, type: 'AgencyCommission', discountValue: '12.50' }, t, 'de')).toBe(
      'specials.list.commissionValue{"value":"12,5"}',
    );
  });

  it('writes the booking window with both ends, one end or none', () => {
    expect(windowLabel('2030-01-01', '2030-02-01', t, 'de')).toBe('01.01.2030 – 01.02.2030');
    expect(windowLabel('2030-01-01', null, t, 'en')).toBe('specials.list.windowFrom{"date":"2030-01-01"}');
    expect(windowLabel(null, null, t, 'en')).toBe('specials.list.windowOpen');
    expect(formatDay(null, 'de')).toBe('');
  });
});
