import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import { createContext } from './context.ts';
import type { TPricingInput } from './engine-types.ts';
import { chooseTerms, paymentSchedule } from './terms.ts';
import { byKey, DOUBLE, entry, input, price, room, supplement, terms } from './test-fixtures.ts';

// Terms of payment (docs/domain/payments.md).

const standard = terms({ id: 1, depositPercent: '30', depositDueDays: 7, restDueDaysBeforeArrival: 60 });
const schedule = (confirmDate: string, over: Partial<Parameters<typeof paymentSchedule>[0]> = {}) =>
  paymentSchedule({ due: '4200.00', terms: standard, confirmDate, from: '2026-06-01', persons: 2, ...over });

describe('paymentSchedule: the worked example (total 4,200.00, 30 % / 7 days / 60 days)', () => {
  it('confirmed 2026-01-10: deposit 1,260.00 due 2026-01-17, rest 2,940.00 due 2026-04-02', () => {
    expect(schedule('2026-01-10')).toEqual([
      { type: 'deposit', amount: '1260.00', dueDate: '2026-01-17' },
      { type: 'rest', amount: '2940.00', dueDate: '2026-04-02' },
    ]);
  });

  it('confirmed 2026-04-15 (47 days before): one rest line of 4,200.00 due 2026-04-22', () => {
    expect(schedule('2026-04-15')).toEqual([{ type: 'rest', amount: '4200.00', dueDate: '2026-04-22' }]);
  });

  it('the day the rest falls due counts as late', () => {
    expect(schedule('2026-04-02')).toEqual([{ type: 'rest', amount: '4200.00', dueDate: '2026-04-09' }]);
    expect(schedule('2026-04-01')).toHaveLength(2);
  });
});

describe('paymentSchedule: other terms', () => {
  it('an absolute deposit per person, at most the amount due', () => {
    const perPerson = { ...standard, depositAbsolute: '500' };
    expect(schedule('2026-01-10', { terms: perPerson })[0]).toMatchObject({
      type: 'deposit',
      amount: '1000.00',
    });
    expect(schedule('2026-01-10', { terms: perPerson, due: '800.00' })).toEqual([
      { type: 'deposit', amount: '800.00', dueDate: '2026-01-17' },
    ]);
  });

  it('no deposit percent: only the rest; nothing due: no lines', () => {
    expect(schedule('2026-01-10', { terms: { ...standard, depositPercent: '0' } })).toEqual([
      { type: 'rest', amount: '4200.00', dueDate: '2026-04-02' },
    ]);
    expect(schedule('2026-01-10', { due: '0.00' })).toEqual([]);
  });

  it('deposits round half-up', () => {
    expect(schedule('2026-01-10', { due: '100.05' })[0]?.amount).toBe('30.02'); // 30.015
  });
});

describe('terms in a calculation', () => {
  const season = price({
    id: 1,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    termsOfPaymentId: 2,
    defaultTermsOfPayment: false,
    entries: [entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '1050' })],
  });
  const own = terms({ id: 2, depositPercent: '50' });
  const fallback = terms({ id: 3, isDefault: true });
  const base = (over: Partial<TPricingInput> = {}) =>
    input({
      evaluationDate: '2026-01-10',
      prices: [season],
      termsList: [own, fallback],
      rooms: [room({ from: '2026-06-01', to: '2026-06-05' })],
      ...over,
    });

  it('chooses the booking’s terms, else the price’s, else the default', () => {
    expect(chooseTerms(createContext(base({ terms: standard })), season)?.id).toBe(1);
    expect(chooseTerms(createContext(base()), season)?.id).toBe(2);
    expect(chooseTerms(createContext(base()), { ...season, defaultTermsOfPayment: true })?.id).toBe(3);
    expect(chooseTerms(createContext(base({ termsList: [] })), season)).toBeUndefined();
  });

  it('direct booking: deposit and rest on dueBeforeTravel, counting from the confirmation date', () => {
    const result = calculate(base({ terms: standard, confirmDate: '2026-01-20' }));
    expect(byKey(result.lines, 'terms:deposit')).toMatchObject({
      type: 'deposit',
      total: '1260.00',
      customerType: 'None',
      text: 'Deposit due 2026-01-27',
    });
    expect(byKey(result.lines, 'terms:deposit').customData.dueDate).toBe('2026-01-27');
    expect(byKey(result.lines, 'terms:rest')).toMatchObject({ total: '2940.00' });
    expect(result.totals.total).toBe('4200.00');
  });

  it('agency booking: terms on agencyDue, and the guest’s Direct lines get their own deposit and rest', () => {
    const result = calculate(
      base({
        terms: standard,
        language: 'de',
        agency: { id: 5, commission: '10', commissionMode: 'included' },
        supplements: [supplement({ id: 1, priceId: 1, value: '100', customerType: 'Direct' })],
      }),
    );
    expect(result.totals).toMatchObject({ agencyDue: '3780.00', customerDue: '100.00' });
    expect(byKey(result.lines, 'terms:deposit')).toMatchObject({ total: '1134.00', customerType: 'None' });
    expect(byKey(result.lines, 'terms:rest')).toMatchObject({ total: '2646.00' });
    expect(byKey(result.lines, 'terms:deposit:direct')).toMatchObject({
      total: '30.00',
      customerType: 'Direct',
      text: 'Anzahlung (zahlt der Gast direkt) fällig am 17.01.2026',
    });
    expect(byKey(result.lines, 'terms:rest:direct')).toMatchObject({
      total: '70.00',
      customerType: 'Direct',
    });
  });
});
