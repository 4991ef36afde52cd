import type { TCommissionResult } from './commission.ts';
import { fix2, type TDec, ZERO } from './dec.ts';
import type { TCalcLine, TTotals } from './engine-types.ts';
import { BILLABLE_LINE_TYPES, type TLineCustomerType, type TLineType } from './entities.ts';
import { isTaxed, lineTax, type TTaxRate } from './tax.ts';

// The totals of docs/domain/calculation-lines.md with the taxes of docs/domain/tax-and-commission.md. Exclusive taxes are added on top of the
// lines they belong to, so each line's tax lands where the line is paid (agency, guest, on site).

/** Customer types counted in the booking total; ForFree and Info are shown but count as 0. */
export const COUNTED: ReadonlySet<TLineCustomerType> = new Set<TLineCustomerType>([
  'None',
  'Direct',
  'OnSite',
]);
const BILLABLE: ReadonlySet<TLineType> = new Set(BILLABLE_LINE_TYPES);

export const isBillable = (line: TCalcLine): boolean => BILLABLE.has(line.type);
/** An external line the operator collects for the third party: a pass-through item in the amount due. */
export const isCollected = (line: TCalcLine): boolean =>
  line.type === 'external' && line.customData.collect === true;

export type TTotalsOptions = {
  /** The tax that applies to a line (null: none). */
  taxOf: (line: TCalcLine) => TTaxRate;
  commission: TCommissionResult;
  isAgency: boolean;
};

export function computeTotals(lines: readonly TCalcLine[], opts: TTotalsOptions): TTotals {
  const by: Record<'None' | 'Direct' | 'OnSite', TDec> = { None: ZERO, Direct: ZERO, OnSite: ZERO };
  let tax = ZERO;
  const taxOf = memoTax();
  for (const line of lines) {
    const type = line.customerType;
    if (type !== 'None' && type !== 'Direct' && type !== 'OnSite') continue;
    const billable = isBillable(line);
    if (!billable && !isCollected(line)) continue;
    let amount = by[type].plus(line.total);
    const rate = billable && isTaxed(line) ? opts.taxOf(line) : null;
    if (rate) {
      const lt = taxOf(line.total, rate);
      tax = tax.plus(lt);
      if (!rate.inclusive) amount = amount.plus(lt);
    }
    by[type] = amount;
  }
  const total = by.None.plus(by.Direct).plus(by.OnSite);
  const dueBeforeTravel = total.minus(by.OnSite);
  const { commission } = opts;
  const deducted = commission.mode === 'included' ? commission.commission : '0';
  return {
    total: fix2(total),
    dueBeforeTravel: fix2(dueBeforeTravel),
    agencyDue: opts.isAgency ? fix2(by.None.minus(deducted)) : '0.00',
    customerDue: fix2(opts.isAgency ? by.Direct : dueBeforeTravel),
    onSite: fix2(by.OnSite),
    tax: fix2(tax),
    net: fix2(total.minus(tax)),
    commissionBase: commission.commissionBase,
    commission: commission.commission,
    commissionPercent: commission.commissionPercent,
    commissionSource: commission.commissionSource,
  };
}

/** lineTax with equal lines (the persons of a room) computed once. */
function memoTax() {
  const memo = new Map<NonNullable<TTaxRate>, Map<string, TDec>>();
  return (total: string, rate: NonNullable<TTaxRate>): TDec => {
    let byTotal = memo.get(rate);
    if (!byTotal) {
      byTotal = new Map();
      memo.set(rate, byTotal);
    }
    let tax = byTotal.get(total);
    if (tax === undefined) {
      tax = lineTax(total, rate);
      byTotal.set(total, tax);
    }
    return tax;
  };
}

/**
 * How a document prints a line (docs/domain/what-documents-show.md): `charged` lines are the ones the total
 * sums, so the charged lines printed above a total add up to it; `terms` (deposit, rest) are the payment
 * schedule beside the totals; `option` lines are listed apart; every other line is `info`: printed muted with
 * a note saying why it is not in the total (free of charge, for information, paid to a third party), or a
 * heading without an amount (text, tour).
 */
export type TPrintedKind = 'charged' | 'terms' | 'option' | 'info';
export function printedKind(line: {
  type: TLineType;
  customerType: TLineCustomerType;
  customData: { collect?: boolean };
}): TPrintedKind {
  if (line.type === 'deposit' || line.type === 'rest') return 'terms';
  if (line.type === 'option') return 'option';
  const counted = COUNTED.has(line.customerType);
  if (counted && (BILLABLE.has(line.type) || (line.type === 'external' && line.customData.collect === true)))
    return 'charged';
  return 'info';
}
