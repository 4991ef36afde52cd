import { operatorsFor } from '@atoll/domain/pricing/entities';
import { describe, expect, it } from 'vitest';
import { changeField, changeOperator, isIncomplete, newRule, takesList, toRules } from './ruleValues.ts';

describe('rule rows', () => {
  it('starts a field with its first allowed operator and an empty value of the right shape', () => {
    const days = newRule('DaysBeforeTravelDate');
    expect(days.operator).toBe(operatorsFor('DaysBeforeTravelDate')[0]);
    expect(days.value).toBeNull();
    const resort = newRule('Resort');
    expect(resort.operator).toBe('IsIn');
    expect(resort.value).toEqual([]);
  });

  it('takes one value for ordered operators and Equals on numbers, a list for IsIn and Equals on sets', () => {
    expect(takesList('Age', 'GreaterThanEquals')).toBe(false);
    expect(takesList('Age', 'Equals')).toBe(false);
    expect(takesList('Age', 'IsIn')).toBe(true);
    expect(takesList('Agencies', 'Equals')).toBe(true);
    expect(takesList('BookingDate', 'IsNotIn')).toBe(true);
  });

  it('turns a single value into a list and back when the operator changes', () => {
    const row = { ...newRule('Nights', 'GreaterThanEquals'), value: 7 };
    const listed = changeOperator(row, 'IsIn');
    expect(listed.value).toEqual([7]);
    expect(changeOperator({ ...listed, value: [7, 14] }, 'LessThan').value).toBe(7);
    expect(changeOperator({ ...listed, value: [] }, 'LessThan').value).toBeNull();
  });

  it('keeps the value for a field of the same kind and drops it for another kind', () => {
    const row = { ...newRule('Nights', 'GreaterThanEquals'), value: 7 };
    const age = changeField(row, 'Age');
    expect(age).toMatchObject({ key: row.key, field: 'Age', operator: 'GreaterThanEquals', value: 7 });
    const resort = changeField(row, 'Resort');
    expect(resort).toMatchObject({ key: row.key, field: 'Resort', operator: 'IsIn', value: [] });
  });

  it('sends complete rows only and reports the incomplete ones', () => {
    const done = { ...newRule('DaysBeforeTravelDate', 'GreaterThanEquals'), value: 60 };
    const empty = newRule('Resort');
    const blank = { ...newRule('BookingDate', 'GreaterThan'), value: ' ' };
    expect([done, empty, blank].map(isIncomplete)).toEqual([false, true, true]);
    expect(toRules([done, empty, blank])).toEqual([
      { field: 'DaysBeforeTravelDate', operator: 'GreaterThanEquals', value: 60 },
    ]);
  });
});
