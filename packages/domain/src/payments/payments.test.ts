import { describe, expect, it } from 'vitest';
import { paymentValue, settle, storedRate } from './payments.ts';

// docs/domain/payments.md: status, rate, FIFO allocation, exceeded due date, and the terms example:
// total 4,200.00, deposit 1,260.00 due 2026-01-17, rest 2,940.00 due 2026-04-02.

const dues = [
  { amount: '2940.00', dueDate: '2026-04-02' },
  { amount: '1260.00', dueDate: '2026-01-17' },
];
const pay = (amount: string, rate = '1') => ({ amount, rate });

describe('settle', () => {
  it('nothing paid before the deposit is due: not_paid, the deposit next', () => {
    expect(settle({ due: '4200', dues, payments: [], today: '2026-01-10' })).toEqual({
      paid: '0.00',
      open: '4200.00',
      status: 'not_paid',
      nextDueDate: '2026-01-17',
      nextDueAmount: '1260.00',
      hasExceededDueDate: false,
    });
  });

  it('the deposit paid: partial, the rest next, nothing exceeded after the deposit date', () => {
    const s = settle({ due: '4200', dues, payments: [pay('1260')], today: '2026-02-01' });
    expect(s).toMatchObject({ paid: '1260.00', open: '2940.00', status: 'partial' });
    expect(s).toMatchObject({
      nextDueDate: '2026-04-02',
      nextDueAmount: '2940.00',
      hasExceededDueDate: false,
    });
  });

  it('part of the deposit after its date: exceeded, the rest of the deposit next', () => {
    const s = settle({ due: '4200', dues, payments: [pay('1000')], today: '2026-01-18' });
    expect(s).toMatchObject({ nextDueDate: '2026-01-17', nextDueAmount: '260.00', hasExceededDueDate: true });
  });

  it('on the due date itself nothing is exceeded yet', () => {
    expect(settle({ due: '4200', dues, payments: [], today: '2026-01-17' }).hasExceededDueDate).toBe(false);
  });

  it('paid in full: paid, open 0, no next due date', () => {
    const s = settle({ due: '4200', dues, payments: [pay('1260'), pay('2940')], today: '2026-05-01' });
    expect(s).toEqual({
      paid: '4200.00',
      open: '0.00',
      status: 'paid',
      nextDueDate: null,
      nextDueAmount: null,
      hasExceededDueDate: false,
    });
  });

  it('overpaid: overpayment with a negative open amount; a refund brings it back to paid', () => {
    expect(settle({ due: '4200', dues, payments: [pay('4300')], today: '2026-05-01' })).toMatchObject({
      status: 'overpayment',
      open: '-100.00',
    });
    const refunded = settle({ due: '4200', dues, payments: [pay('4300'), pay('-100')], today: '2026-05-01' });
    expect(refunded).toMatchObject({ status: 'paid', open: '0.00' });
  });

  it('nothing due and nothing paid: nothing_to_pay; a payment on nothing due is an overpayment', () => {
    expect(settle({ due: '0', dues: [], payments: [], today: '2026-05-01' }).status).toBe('nothing_to_pay');
    expect(settle({ due: '0', dues: [], payments: [pay('10')], today: '2026-05-01' }).status).toBe(
      'overpayment',
    );
  });

  it('a payment in another currency counts at its own rate, rounded per payment', () => {
    // 100.00 USD at 0.923456 → 92.35 EUR; 0.01 USD at 0.5 → 0.01 (0.005 rounds half-up).
    expect(paymentValue(pay('100.00', '0.923456'))).toBe('92.35');
    expect(paymentValue(pay('0.01', '0.5'))).toBe('0.01');
    const s = settle({ due: '92.36', dues: [], payments: [pay('100.00', '0.923456')], today: '2026-05-01' });
    expect(s).toMatchObject({ paid: '92.35', open: '0.01', status: 'partial' });
  });
});

describe('storedRate', () => {
  it('keeps a direct rate and inverts an inverse one to 8 decimals', () => {
    expect(storedRate('1.08', 'direct')).toBe('1.08');
    expect(storedRate('1.08', 'inverse')).toBe('0.92592593');
  });
});
