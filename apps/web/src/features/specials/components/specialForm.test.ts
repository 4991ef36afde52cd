import type { TSpecial } from '@atoll/domain/pricing/entities';
import { describe, expect, it } from 'vitest';
import { newRule } from './ruleValues.ts';
import { checkSpecialForm, toSpecialBody, toSpecialForm } from './specialForm.ts';

const stored: TSpecial = {
  id: 4,
  name: 'Early bird',
  description: { en: 'Book early' },
  type: 'special',
  status: 'confirmed',
  dateFrom: '2030-01-01',
  dateTo: null,
  rules: [{ field: 'DaysBeforeTravelDate', operator: 'GreaterThanEquals', value: 60 }],
  discount: 'PerCent',
  discountValue: '10.00',
  reduce: true,
  target: 'RoomPrice',
  targetIds: [],
  scopeUnit: 'Booking',
  autoAdd: true,
  unique: true,
  replaceMatchingRoomPrice: false,
  includeSpecialsWithSameRule: false,
  excludeFromCommission: false,
  excludeFromTax: false,
  includeIn: ['Booking'],
  editable: true,
  deletable: true,
  groupId: 3,
  sort: 0,
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
};

describe('special form', () => {
  it('round-trips a stored special into the same body, the value without trailing zeros', () => {
    const body = toSpecialBody(toSpecialForm(stored), false);
    expect(body).toMatchObject({
      name: 'Early bird',
      status: 'confirmed',
      dateFrom: '2030-01-01',
      dateTo: null,
      discountValue: '10',
      groupId: 3,
      rules: stored.rules,
      targetIds: [],
    });
  });

  it('sends no status for a new special (it starts as a draft) and reads a German decimal comma', () => {
    const form = { ...toSpecialForm(), name: ' Late deal ', discountValue: '12,5' };
    const body = toSpecialBody(form, true);
    expect(body).not.toHaveProperty('status');
    expect(body.name).toBe('Late deal');
    expect(body.discountValue).toBe('12.5');
    expect(body.groupId).toBeNull();
  });

  it('keeps product ids only for product targets and replacement only where it is allowed', () => {
    const base = { ...toSpecialForm(stored), targetIds: ['5', 'x', '7'], replaceMatchingRoomPrice: true };
    expect(toSpecialBody({ ...base, target: 'Product' }, false).targetIds).toEqual([5, 7]);
    expect(toSpecialBody(base, false).targetIds).toEqual([]);
    expect(toSpecialBody(base, false).replaceMatchingRoomPrice).toBe(true);
    expect(toSpecialBody({ ...base, discount: 'FOC' }, false).replaceMatchingRoomPrice).toBe(false);
  });

  it('asks for a name, an ordered window, a decimal value and complete rules', () => {
    expect(checkSpecialForm(toSpecialForm(stored))).toEqual([]);
    const bad = {
      ...toSpecialForm(stored),
      name: ' ',
      dateFrom: '2030-02-01',
      dateTo: '2030-01-01',
      discountValue: '1.234',
      rules: [newRule('Resort')],
    };
    expect(checkSpecialForm(bad).map((p) => p.field)).toEqual(['name', 'dateTo', 'discountValue', 'rules']);
    const tooMuch = { ...toSpecialForm(stored), discountValue: '120' };
    expect(checkSpecialForm(tooMuch)).toEqual([{ field: 'discountValue', code: 'percent' }]);
    expect(checkSpecialForm({ ...tooMuch, discount: 'Fix' })).toEqual([]);
  });
});
