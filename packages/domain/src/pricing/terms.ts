import { UNKNOWN_SORT } from '../constants.ts';
import type { TDecimal } from '../money/money.ts';
import type { TCalcContext } from './context.ts';
import { addDays } from './dates.ts';
import { D, fix2, HUNDRED } from './dec.ts';
import type { TCalcLine, TTotals } from './engine-types.ts';
import type { TLineCustomerType, TPriceWithEntries, TTerms } from './entities.ts';

// Terms of payment (docs/domain/payments.md): deposit and rest with their due dates.

export type TPaymentDue = { type: 'deposit' | 'rest'; amount: TDecimal; dueDate: string };

export type TScheduleInput = {
  /** The amount the schedule splits: dueBeforeTravel, or agencyDue / customerDue on agency bookings. */
  due: TDecimal;
  terms: Pick<TTerms, 'depositPercent' | 'depositAbsolute' | 'depositDueDays' | 'restDueDaysBeforeArrival'>;
  /** Confirmation (or reservation, for terms `onReservation`) date: the deposit counts from it. */
  confirmDate: string;
  /** Arrival or embarkation. */
  from: string;
  /** Persons, for a deposit per person. */
  persons: number;
};

/**
 * Deposit = round2(due × percent / 100) (or the absolute deposit per person, at most `due`), due
 * confirmDate + depositDueDays; rest = due − deposit, due from − restDueDaysBeforeArrival. A late
 * booking (rest due on or before the confirmation) pays everything as one rest, due with the deposit.
 */
export function paymentSchedule(input: TScheduleInput): TPaymentDue[] {
  const due = new D(input.due);
  if (due.lte(0)) return [];
  const { terms } = input;
  const depositDate = addDays(input.confirmDate, terms.depositDueDays);
  const restDate = addDays(input.from, -terms.restDueDaysBeforeArrival);
  if (restDate <= input.confirmDate) return [{ type: 'rest', amount: fix2(due), dueDate: depositDate }];
  // An absolute deposit of 0 is an unset column, as a null is.
  const perPerson =
    terms.depositAbsolute && !new D(terms.depositAbsolute).isZero() ? terms.depositAbsolute : null;
  const wanted = perPerson
    ? new D(perPerson).times(input.persons)
    : due.times(terms.depositPercent).div(HUNDRED);
  const deposit = new D(fix2(D.min(wanted, due)));
  const rest = due.minus(deposit);
  const out: TPaymentDue[] = [];
  if (deposit.gt(0)) out.push({ type: 'deposit', amount: fix2(deposit), dueDate: depositDate });
  if (rest.gt(0)) out.push({ type: 'rest', amount: fix2(rest), dueDate: restDate });
  return out;
}

/** The booking's terms, else the price's (unless it uses the default), else the default terms. */
export function chooseTerms(ctx: TCalcContext, price: TPriceWithEntries | undefined): TTerms | undefined {
  const { terms, termsList } = ctx.input;
  if (terms) return terms;
  if (price && !price.defaultTermsOfPayment && price.termsOfPaymentId !== null) {
    const own = termsList.find((t) => t.id === price.termsOfPaymentId);
    if (own) return own;
  }
  return termsList.find((t) => t.isDefault);
}

/** Deposit and rest lines; agency bookings split agencyDue, and the guest's Direct lines get their own. */
export function termsLines(ctx: TCalcContext, totals: TTotals, terms: TTerms | undefined): TCalcLine[] {
  if (!terms) return [];
  const confirmDate = ctx.input.confirmDate ?? ctx.input.evaluationDate;
  const persons = ctx.input.rooms.reduce((n, r) => n + r.persons.length, 0);
  const base = { terms, confirmDate, from: ctx.from, persons };
  const parts: [TDecimal, TLineCustomerType][] = ctx.input.agency
    ? [
        [totals.agencyDue, 'None'],
        [totals.customerDue, 'Direct'],
      ]
    : [[totals.dueBeforeTravel, 'None']];
  return parts.flatMap(([due, customerType]) =>
    paymentSchedule({ ...base, due }).map((p) => termsLine(ctx, p, customerType)),
  );
}

function termsLine(ctx: TCalcContext, due: TPaymentDue, customerType: TLineCustomerType): TCalcLine {
  const { t } = ctx;
  const date = t.date(due.dueDate);
  const direct = customerType === 'Direct';
  const text =
    due.type === 'deposit'
      ? (direct ? t.directDeposit : t.deposit)(date)
      : (direct ? t.directRest : t.rest)(date);
  return {
    key: `terms:${due.type}${direct ? ':direct' : ''}`,
    type: due.type,
    text,
    sort: UNKNOWN_SORT,
    amount: '1',
    price: due.amount,
    total: due.amount,
    customerType,
    customer: null,
    editable: true,
    deletable: false,
    unique: true,
    customData: { generator: 'terms', dueDate: due.dueDate },
  };
}
