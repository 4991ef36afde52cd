import { ZCancelBooking } from '@atoll/domain/bookings';
import { describe, expect, it } from 'vitest';
import { cancelFormErrors, newCancelForm, toCancelBody } from './cancelForm.ts';

const form = newCancelForm('2030-05-01');

describe('the cancellation form', () => {
  it('starts with the spec defaults and asks the terms for the fee', () => {
    expect(toCancelBody(form, 4)).toEqual({
      reason: 'customer',
      useTerms: true,
      percent: '0',
      value: '0',
      date: '2030-05-01',
      includeCommission: true,
      version: 4,
    });
  });

  it('sends the chosen percent or value and 0 for the other, with the message', () => {
    const percent = toCancelBody(
      { ...form, mode: 'percent', percent: '12,5', value: '80', message: ' sorry ' },
      2,
    );
    expect(percent).toMatchObject({ useTerms: false, percent: '12.5', value: '0', message: 'sorry' });
    const value = toCancelBody({ ...form, mode: 'value', percent: '30', value: '250.50' }, 2);
    expect(value).toMatchObject({ useTerms: false, percent: '0', value: '250.50' });
  });

  it('builds requests the server accepts', () => {
    expect(
      ZCancelBooking.safeParse(toCancelBody({ ...form, mode: 'percent', percent: '50' }, 1)).success,
    ).toBe(true);
  });

  it('refuses a percent above 100, a malformed value and a missing date', () => {
    expect(cancelFormErrors({ ...form, mode: 'percent', percent: '120' })).toHaveProperty('percent');
    expect(cancelFormErrors({ ...form, mode: 'value', value: '12.345' })).toHaveProperty('value');
    expect(cancelFormErrors({ ...form, date: '' })).toHaveProperty('date');
    // What is not chosen is not checked.
    expect(cancelFormErrors({ ...form, percent: 'x' })).toEqual({});
  });
});
